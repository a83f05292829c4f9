#!/bin/sh
[ -f in52.csv ] || python3 -c "
rows=['id,name,score,extra']
for i in range(4000):
    rows.append('%d,item%d,%.3f,x' % (i, i, (i*37 % 100)/100.0))
open('in52.csv','w').write('\n'.join(rows)+'\n')"
