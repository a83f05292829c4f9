/* binary input: header {magic, version, count, reclen} then count fixed records; filter and write a text report */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

struct header { char magic[4]; uint32_t version; uint32_t count; uint32_t reclen; };
struct sample { uint32_t id; float t; float v[6]; };

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    struct header h;
    if (fread(&h, sizeof h, 1, f) != 1) { fclose(f); return 1; }
    if (memcmp(h.magic, "SMP1", 4) != 0 || h.reclen != sizeof(struct sample)) {
        fprintf(stderr, "bad header\n");
        fclose(f);
        return 1;
    }
    FILE *o = fopen(argv[2], "w");
    if (!o) { fclose(f); return 1; }
    fprintf(o, "# %u samples, version %u\n", h.count, h.version);
    struct sample s;
    double sum = 0;
    for (uint32_t i = 0; i < h.count; i++) {
        if (fread(&s, sizeof s, 1, f) != 1) break;
        sum += s.v[0];
        fprintf(o, "%u %.2f\n", s.id, s.t);
    }
    fclose(f);
    fclose(o);
    printf("mean %.3f\n", h.count ? sum / h.count : 0.0);
    return 0;
}
