#!/bin/sh
[ -f in56.bin ] || head -c 1500000 /dev/zero > in56.bin
rm -f out56.bin
