/* getopt_long with a table holding a flag pointer (--verbose sets a global), --size=N, -c N, --output FILE; writes count blocks, verbose per-block log */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>

static int verbose;
static int sync_each;

static const struct option longopts[] = {
    { "size", required_argument, NULL, 's' },
    { "count", required_argument, NULL, 'c' },
    { "output", required_argument, NULL, 'o' },
    { "verbose", no_argument, &verbose, 1 },
    { "sync", no_argument, &sync_each, 1 },
    { NULL, 0, NULL, 0 }
};

int main(int argc, char **argv)
{
    size_t size = 1024;
    long count = 1;
    const char *out = "out.bin";
    int c;
    while ((c = getopt_long(argc, argv, "s:c:o:", longopts, NULL)) != -1) {
        switch (c) {
        case 0: break;
        case 's': size = strtoul(optarg, NULL, 10); break;
        case 'c': count = atol(optarg); break;
        case 'o': out = optarg; break;
        default: fprintf(stderr, "usage\n"); return 2;
        }
    }
    FILE *f = fopen(out, "wb");
    if (!f) return 1;
    char *b = calloc(1, size);
    for (long i = 0; i < count; i++) {
        fwrite(b, 1, size, f);
        if (verbose) fprintf(stderr, "block %ld\n", i);
        if (sync_each) fflush(f);
    }
    fclose(f);
    free(b);
    return 0;
}
