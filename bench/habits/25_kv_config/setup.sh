#!/bin/sh
rm -rf o25; mkdir -p o25
cat > run.cfg <<C
# simulation setup
nsteps = 60
  nx = 24
ny=16

every = 15
outdir = o25
prefix=field
unused = 3
C
