#!/bin/sh
[ -f cmds47.txt ] || python3 -c "
import sys
kws=['set','add','add','print','add','dump','# comment','add','print']
out=[]
for i in range(3000):
    k=kws[i%len(kws)]
    out.append(k if k.startswith('#') else '%s %d' % (k, i%97))
open('cmds47.txt','w').write('\n'.join(out)+'\n')"
rm -f out47.txt
