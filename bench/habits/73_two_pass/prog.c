/* two passes over a text file: count lines, rewind, read them into an array of doubles, write them as binary */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    FILE *f = fopen(argv[1], "r");
    if (!f) return 1;
    char line[128];
    size_t n = 0;
    while (fgets(line, sizeof line, f)) n++;
    rewind(f);
    double *v = malloc(n * sizeof *v);
    size_t k = 0;
    while (k < n && fgets(line, sizeof line, f)) v[k++] = atof(line);
    fclose(f);
    FILE *o = fopen(argv[2], "wb");
    if (!o) return 1;
    fwrite(&k, sizeof k, 1, o);
    fwrite(v, sizeof *v, k, o);
    fclose(o);
    free(v);
    return 0;
}
