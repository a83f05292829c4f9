/* binary format: read header (magic, count, recsize) then count records with fread of one struct each; write selected */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

struct hdr { uint32_t magic; uint32_t count; uint32_t recsize; uint32_t pad; };
struct particle { double x, y, z, m; };

static void make_input(const char *path, uint32_t n)
{
    FILE *f = fopen(path, "wb");
    struct hdr h = { 0xABCD1234u, n, sizeof(struct particle), 0 };
    fwrite(&h, sizeof h, 1, f);
    for (uint32_t i = 0; i < n; i++) {
        struct particle p = { i, 2.0 * i, 3.0 * i, 1.0 };
        fwrite(&p, sizeof p, 1, f);
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    const char *in = "parts.bin";
    uint32_t n = argc > 1 ? (uint32_t)atoi(argv[1]) : 100;
    make_input(in, n);
    FILE *f = fopen(in, "rb");
    if (!f) return 1;
    struct hdr h;
    if (fread(&h, sizeof h, 1, f) != 1 || h.magic != 0xABCD1234u) { fclose(f); return 1; }
    FILE *o = fopen(argc > 2 ? argv[2] : "heavy.bin", "wb");
    struct particle p;
    uint32_t kept = 0;
    for (uint32_t i = 0; i < h.count; i++) {
        if (fread(&p, h.recsize, 1, f) != 1) break;
        fwrite(&p, sizeof p, 1, o);
        kept++;
    }
    fclose(f); fclose(o);
    printf("kept %u\n", kept);
    return 0;
}
