/* checksum tool: fread fixed chunks in a while loop until a short read, report per-chunk sums */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 4096

static unsigned long adler(const unsigned char *p, size_t n, unsigned long s)
{
    unsigned long a = s & 0xffff, b = s >> 16;
    for (size_t i = 0; i < n; i++) {
        a = (a + p[i]) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s input report\n", argv[0]);
        return 2;
    }
    FILE *in = fopen(argv[1], "rb");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    FILE *rep = fopen(argv[2], "w");
    if (!rep) {
        perror(argv[2]);
        fclose(in);
        return 1;
    }
    unsigned char buf[CHUNK];
    unsigned long total = 1;
    size_t got, nchunks = 0, nbytes = 0;
    while ((got = fread(buf, 1, CHUNK, in)) == CHUNK) {
        total = adler(buf, got, total);
        fprintf(rep, "chunk %zu %08lx\n", nchunks, total);
        nchunks++;
        nbytes += got;
    }
    if (got > 0) {
        total = adler(buf, got, total);
        nbytes += got;
        nchunks++;
    }
    if (ferror(in)) {
        perror("fread");
        return 1;
    }
    fprintf(rep, "total %zu chunks %zu bytes %08lx\n", nchunks, nbytes, total);
    fclose(rep);
    fclose(in);
    return 0;
}
