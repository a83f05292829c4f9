# Writes OUT, a C file defining vd_rt_header[] and vd_rt_header_len with the
# bytes of IN (the runtime header the rewriter copies next to a rewritten
# source).  Run as: cmake -DIN=... -DOUT=... -P embed_header.cmake
file(READ ${IN} hex HEX)
string(LENGTH "${hex}" n)
math(EXPR len "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE ${OUT}.tmp "/* generated from optimizer/runtime/vd_rt.h by embed_header.cmake */\n#include <stddef.h>\nextern const char vd_rt_header[];\nextern const size_t vd_rt_header_len;\nconst char vd_rt_header[] = {\n${bytes}0 };\nconst size_t vd_rt_header_len = ${len};\n")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.tmp)
