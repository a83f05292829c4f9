#!/bin/sh
[ -f in57.bin ] || python3 -c "
import struct
n=3000
b=struct.pack('<IIII', 0x50415254, n, 64, 1)
for i in range(n):
    b+=struct.pack('<7dii', i*0.1, i*0.2, i*0.3, 0, 0, 0, 1.0+i%3, i, i%2)
open('in57.bin','wb').write(b)"
rm -f out57.txt
