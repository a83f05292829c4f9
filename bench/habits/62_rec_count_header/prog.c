/* binary file: header {magic, count, recsize} then count records; records read one by one with fread, each record written as a fixed-width text line */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

struct hdr { uint32_t magic; uint32_t count; uint32_t recsize; uint32_t pad; };
struct rec { int32_t id; float x, y, z; };

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    FILE *in = fopen(argv[1], "rb");
    if (!in) { perror(argv[1]); return 1; }
    struct hdr h;
    if (fread(&h, sizeof h, 1, in) != 1) { fprintf(stderr, "short header\n"); return 1; }
    if (h.magic != 0x52454331u) { fprintf(stderr, "bad magic\n"); return 1; }
    FILE *out = fopen(argv[2], "w");
    if (!out) return 1;
    struct rec r;
    for (uint32_t k = 0; k < h.count; k++) {
        if (fread(&r, sizeof r, 1, in) != 1) { fprintf(stderr, "truncated at %u\n", k); break; }
        fprintf(out, "%08d\n", r.id);
    }
    fclose(in);
    fclose(out);
    return 0;
}
