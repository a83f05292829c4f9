/* reads a binary particle file made elsewhere: header (magic, count, record size), then count records */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

struct header { uint32_t magic, count, recsize, version; };
struct particle { double pos[3], vel[3], mass; int32_t id, flags; };

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s in.bin out.txt\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    struct header h;
    if (fread(&h, sizeof h, 1, f) != 1) {
        fprintf(stderr, "short header\n");
        return 1;
    }
    if (h.magic != 0x50415254u || h.recsize != sizeof(struct particle)) {
        fprintf(stderr, "bad file\n");
        return 1;
    }
    FILE *o = fopen(argv[2], "w");
    if (!o) {
        perror(argv[2]);
        return 1;
    }
    struct particle p;
    double mtot = 0;
    for (uint32_t i = 0; i < h.count; i++) {
        if (fread(&p, h.recsize, 1, f) != 1) {
            fprintf(stderr, "truncated at %u\n", i);
            break;
        }
        mtot += p.mass;
        if (p.flags & 1)
            fprintf(o, "%d %.3f %.3f %.3f\n", p.id, p.pos[0], p.pos[1], p.pos[2]);
    }
    fprintf(o, "total mass %.6f\n", mtot);
    fclose(o);
    fclose(f);
    return 0;
}
