#!/bin/sh
[ -f in37.bin ] || head -c 1048576 /dev/urandom > in37.bin
