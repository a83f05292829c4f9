/* fread chunks to EOF with chunk size option, checksum, write summary + optional copy via mode switch */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <assert.h>

enum mode { M_SUM, M_COPY, M_BOTH };

static unsigned long process(FILE *in, FILE *out, size_t chunk, enum mode m)
{
    char *buf = malloc(chunk);
    assert(buf);
    unsigned long sum = 0;
    size_t n;
    while ((n = fread(buf, 1, chunk, in)) > 0) {
        switch (m) {
        case M_BOTH:
        case M_SUM:
            for (size_t i = 0; i < n; i++) sum += (unsigned char)buf[i];
            if (m == M_SUM) break;
            /* fallthrough */
        case M_COPY:
            fwrite(buf, 1, n, out);
            break;
        }
    }
    free(buf);
    return sum;
}

int main(int argc, char **argv)
{
    size_t chunk = 8192;
    enum mode m = M_SUM;
    int c;
    while ((c = getopt(argc, argv, "c:m:")) != -1) {
        if (c == 'c') chunk = strtoul(optarg, NULL, 0);
        else if (c == 'm') m = !strcmp(optarg, "copy") ? M_COPY : !strcmp(optarg, "both") ? M_BOTH : M_SUM;
        else return 2;
    }
    assert(optind + 2 <= argc);
    FILE *in = fopen(argv[optind], "rb");
    FILE *out = fopen(argv[optind + 1], "wb");
    if (!in || !out) return 1;
    unsigned long s = process(in, out, chunk, m);
    fprintf(out, "%lu\n", s);
    fclose(in); fclose(out);
    return 0;
}
