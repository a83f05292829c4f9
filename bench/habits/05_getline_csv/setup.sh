#!/bin/sh
rm -f out.csv
python3 -c '
import random
r = random.Random(5)
with open("data.csv", "w") as f:
    f.write("name,value\n")
    for i in range(500):
        f.write("item%d,%.4f\n" % (i, 10 * r.random()))
'
