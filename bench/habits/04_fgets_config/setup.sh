#!/bin/sh
cat > sim.cfg <<'C'
# simulation config
nx = 20

ny = 15
dt = 0.25
# output
out = grid4.txt
junk line without equals
C
