#!/bin/sh
rm -f cat8.out
head -c 10000 /dev/zero | tr '\0' 'a' > a.bin
head -c 3000 /dev/zero | tr '\0' 'b' > b.bin
head -c 65536 /dev/zero | tr '\0' 'c' > c.bin
