#!/bin/sh
[ -f list50.txt ] || { for i in 0 1 2 3 4 5 6 7 8 9 10 11; do head -c $((20000 + i * 3000)) /dev/zero > f50_$i.dat; echo f50_$i.dat; done > list50.txt; }
