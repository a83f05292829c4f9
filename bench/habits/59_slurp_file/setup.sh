#!/bin/sh
[ -f in59.txt ] || python3 -c "
open('in59.txt','w').write(''.join('word%d alpha beta gamma\n' % i for i in range(3000)))"
