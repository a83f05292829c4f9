#!/bin/sh
[ -f in55.txt ] || seq 1 0.5 5000 > in55.txt
