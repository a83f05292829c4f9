#!/bin/sh
[ -f in71.pgm ] || python3 -c "
w,h=320,200
open('in71.pgm','wb').write(b'P5\n%d %d\n255\n' % (w,h) + bytes((x*y)%256 for y in range(h) for x in range(w)))"
