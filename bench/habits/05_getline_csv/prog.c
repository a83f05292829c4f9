/* getline loop over CSV, strtok columns, filter with continue, fprintf matching rows */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *in = argc > 1 ? argv[1] : "data.csv";
    const char *out = argc > 2 ? argv[2] : "out.csv";
    double thresh = argc > 3 ? atof(argv[3]) : 0.0;
    FILE *f = fopen(in, "r");
    if (!f) { perror(in); return 1; }
    FILE *o = fopen(out, "w");
    if (!o) { fclose(f); return 1; }
    char *line = NULL; size_t cap = 0; ssize_t n;
    long rows = 0, kept = 0;
    while ((n = getline(&line, &cap, f)) != -1) {
        rows++;
        if (rows == 1) { fputs(line, o); continue; }   /* header */
        char *name = strtok(line, ",");
        char *val = strtok(NULL, ",\n");
        if (!name || !val) continue;
        double v = strtod(val, NULL);
        if (v < thresh) continue;
        fprintf(o, "%s,%.3f\n", name, v);
        kept++;
    }
    free(line);
    fclose(o);
    fclose(f);
    printf("%ld rows, %ld kept\n", rows, kept);
    return 0;
}
