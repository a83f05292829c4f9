#!/bin/sh
[ -f in43.txt ] || python3 -c "
open('in43.txt','w').write(''.join('line %d %s\n' % (i, 'y'*(i%37)) for i in range(1500)))"
