#!/bin/sh
printf '# grid\nnx 300   # columns\nny 40\nsteps 6\nprefix o61\n\n' > c61.cfg
