#!/bin/sh
[ -f in44.bin ] || head -c 2000000 /dev/zero > in44.bin
