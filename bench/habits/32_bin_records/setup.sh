#!/bin/sh
[ -f in32.bin ] || python3 - <<P
import struct
n=750
with open("in32.bin","wb") as f:
    f.write(b"SMP1"+struct.pack("<III",2,n,32))
    for i in range(n):
        f.write(struct.pack("<If6f",i,i*0.5,*[float(i+k) for k in range(6)]))
P
