#!/bin/sh
[ -f in67.bin ] || head -c 100000 /dev/zero > in67.bin
