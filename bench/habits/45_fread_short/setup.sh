#!/bin/sh
[ -f in45.bin ] || head -c 1000000 /dev/zero | tr '\0' 'x' > in45.bin
rm -f rep45.txt
