#!/bin/sh
rm -f o12.bin
python3 -c '
import random
r = random.Random(12)
open("in.bin", "wb").write(bytes(r.randrange(256) for _ in range(300000)))
'
