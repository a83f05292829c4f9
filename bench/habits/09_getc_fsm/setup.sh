#!/bin/sh
rm -f tok9.txt
python3 -c '
import random
r = random.Random(9)
w = ["alpha", "beta", "gamma", "delta9", "x1", "7", "42"]
with open("text.txt", "w") as f:
    f.write(" ".join(r.choice(w) for _ in range(1800)) + "\n")
'
