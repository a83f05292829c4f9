/* loop over files named %s/%04d.dat (first..last), read each in chunks with fread, append totals to a summary */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 5) return 2;
    const char *dir = argv[1];
    int first = atoi(argv[2]), last = atoi(argv[3]);
    FILE *sum = fopen(argv[4], "w");
    if (!sum) return 1;
    static char buf[8192];
    long grand = 0;
    int missing = 0;
    for (int i = first; i <= last; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%04d.dat", dir, i);
        FILE *f = fopen(path, "rb");
        if (!f) { missing++; continue; }
        long bytes = 0;
        size_t r;
        while ((r = fread(buf, 1, sizeof buf, f)) > 0) bytes += r;
        fclose(f);
        fprintf(sum, "%s %ld\n", path, bytes);
        grand += bytes;
    }
    fprintf(sum, "total %ld missing %d\n", grand, missing);
    fclose(sum);
    return 0;
}
