#!/bin/sh
[ -f in54.bin ] || head -c 2097152 /dev/zero > in54.bin
rm -f out54.bin
