#!/bin/sh
[ -f in40.txt ] || python3 -c "
open('in40.txt','w').write(''.join('%s record %d\n' % ('ABCD'[i%4], i) for i in range(5000)))"
