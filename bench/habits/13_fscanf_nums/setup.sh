#!/bin/sh
rm -f hist.txt
python3 -c '
import random
r = random.Random(13)
with open("nums.txt", "w") as f:
    for _ in range(3000):
        f.write("%.5f\n" % r.gauss(0, 1))
'
