/* head-like sampler: -n bounds how many records are read and converted */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    long maxn = 10;
    int c;
    const char *outp = "out55.txt";
    while ((c = getopt(argc, argv, "n:o:")) != -1) {
        if (c == 'n')
            maxn = atol(optarg);
        else if (c == 'o')
            outp = optarg;
        else
            return 2;
    }
    if (optind >= argc) {
        fprintf(stderr, "usage: %s [-n N] [-o out] input\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[optind], "r");
    if (!f) {
        perror(argv[optind]);
        return 1;
    }
    FILE *o = fopen(outp, "w");
    if (!o) {
        perror(outp);
        return 1;
    }
    char line[128];
    long n = 0;
    double sum = 0;
    while (n < maxn && fgets(line, sizeof line, f) != NULL) {
        double v = atof(line);
        sum += v;
        fprintf(o, "%ld %g\n", n, v * 2);
        n++;
    }
    fprintf(o, "sum %g\n", sum);
    fclose(o);
    fclose(f);
    return 0;
}
