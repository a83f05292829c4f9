#!/bin/sh
[ -f in28.bin ] || head -c 300000 /dev/urandom > in28.bin
