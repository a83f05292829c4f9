#!/bin/sh
[ -f in35.csv ] || python3 - <<P
with open("in35.csv","w") as f:
    for i in range(300):
        f.write('%d,"name, %d",%s,"say ""hi"" %d"\r\n' % (i, i, "x"*(i%13), i))
P
