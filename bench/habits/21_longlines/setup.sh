#!/bin/sh
rm -f lens.txt
python3 -c '
import random
r = random.Random(21)
with open("long.txt", "w") as f:
    for _ in range(300):
        n = r.choice([20, 59, 195, 311, 318, 422, 600, 1000])
        f.write("".join(r.choice("abcdefghij ") for _ in range(n)) + "\n")
'
