/* CSV filter: getline + strsep over fields, keep rows whose 3rd field passes a threshold */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "in52.csv";
    double thresh = argc > 2 ? atof(argv[2]) : 0.5;
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    FILE *out = fopen("out52.csv", "w");
    if (!out) {
        perror("out52.csv");
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long rows = 0, kept = 0;
    while ((len = getline(&line, &cap, f)) != -1) {
        rows++;
        if (rows == 1) {
            fputs(line, out);
            continue;
        }
        char *p = line, *tok, *fields[8];
        int nf = 0;
        while ((tok = strsep(&p, ",")) != NULL && nf < 8)
            fields[nf++] = tok;
        if (nf < 3)
            continue;
        double v = strtod(fields[2], NULL);
        if (v >= thresh) {
            fprintf(out, "%s,%s,%.4f\n", fields[0], fields[1], v);
            kept++;
        }
    }
    free(line);
    fclose(f);
    fclose(out);
    printf("%ld rows, %ld kept\n", rows, kept);
    return 0;
}
