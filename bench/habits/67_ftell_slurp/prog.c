/* size by fseek(SEEK_END)/ftell, rewind, read the whole file in chunks with a short-read guard, then write it back out in 3000-byte pieces */
#include <stdio.h>
#include <stdlib.h>

#define CHUNK 8192

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    if (fseek(f, 0, SEEK_END) != 0) return 1;
    long size = ftell(f);
    if (size < 0) return 1;
    rewind(f);
    char *data = malloc((size_t)size + 1);
    long got = 0;
    while (got < size) {
        size_t want = size - got < CHUNK ? (size_t)(size - got) : CHUNK;
        size_t n = fread(data + got, 1, want, f);
        if (n == 0) break;
        got += (long)n;
    }
    fclose(f);
    FILE *o = fopen(argv[2], "wb");
    if (!o) return 1;
    for (long off = 0; off < got; off += 3000) {
        long k = got - off < 3000 ? got - off : 3000;
        fwrite(data + off, 1, (size_t)k, o);
    }
    fclose(o);
    free(data);
    return 0;
}
