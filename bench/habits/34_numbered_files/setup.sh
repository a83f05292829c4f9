#!/bin/sh
if [ ! -d d34 ]; then
  mkdir -p d34
  for i in $(seq 0 11); do head -c $((5000 + i * 3000)) /dev/zero > d34/$(printf %04d $i).dat; done
fi
