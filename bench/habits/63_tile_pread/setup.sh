#!/bin/sh
[ -f in63.bin ] || head -c $((96*96*8)) /dev/zero > in63.bin
