#!/bin/sh
rm -rf o20; mkdir -p o20
python3 -c '
import random
r = random.Random(20)
with open("events.txt", "w") as f:
    for _ in range(800):
        f.write("%s %d\n" % (r.choice(["cpu", "disk", "mem", "net"]), r.randrange(100000)))
'
