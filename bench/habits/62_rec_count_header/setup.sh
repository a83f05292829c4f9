#!/bin/sh
[ -f in62.bin ] || python3 -c "
import struct
n=777
d=struct.pack('<IIII',0x52454331,n,16,0)+b''.join(struct.pack('<ifff',i,i*.5,1.,2.) for i in range(n))
open('in62.bin','wb').write(d)"
