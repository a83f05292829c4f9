#!/bin/sh
if [ ! -d d39 ]; then
  mkdir -p d39/sub.log
  for i in $(seq 1 9); do seq 1 $((i * 700)) > d39/run$i.log; done
  seq 1 100 > d39/notes.txt; seq 1 50 > d39/.hidden.log
fi
