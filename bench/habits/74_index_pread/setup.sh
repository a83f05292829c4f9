#!/bin/sh
[ -f in74.bin ] || python3 -c "
import struct
n=300
recs=[bytes([i%256])*(32+(i*7)%50) for i in range(n)]
base=8+8*n; offs=[]; o=base
for r in recs: offs.append(o); o+=len(r)
open('in74.bin','wb').write(struct.pack('<Q',n)+b''.join(struct.pack('<Q',x) for x in offs)+b''.join(recs))"
