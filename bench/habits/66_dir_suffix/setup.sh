#!/bin/sh
[ -d d66 ] || { mkdir d66; for i in 0 1 2 3 4 5 6; do head -c $((3000 + i * 1000)) /dev/zero > d66/part$i.dat; done; echo x > d66/readme.txt; echo y > d66/skip.log; }
