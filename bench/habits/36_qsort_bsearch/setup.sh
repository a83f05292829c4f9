#!/bin/sh
[ -f keys36.txt ] || python3 - <<P
import random
r=random.Random(36)
keys=[r.randrange(100000) for _ in range(900)]
open("keys36.txt","w").write("\n".join(map(str,keys))+"\n")
qs=[keys[r.randrange(900)] if i%3 else r.randrange(100000)+100000 for i in range(450)]
open("q36.txt","w").write(" ".join(map(str,qs))+"\n")
P
