#!/bin/sh
rm -f o18.bin
python3 -c '
import random
r = random.Random(18)
open("in.bin", "wb").write(bytes(r.randrange(256) for _ in range(50000)))
'
