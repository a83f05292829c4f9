/* CSV with a header line: the column named on the command line is found by strcmp over the header's tokens; each data line's field in that column is converted and written as a binary double */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    FILE *in = fopen(argv[1], "r");
    if (!in) return 1;
    char line[512];
    if (!fgets(line, sizeof line, in)) return 1;
    int col = -1, k = 0;
    for (char *t = strtok(line, ",\n"); t; t = strtok(NULL, ",\n"), k++)
        if (strcmp(t, argv[2]) == 0) col = k;
    if (col < 0) { fprintf(stderr, "no column %s\n", argv[2]); return 1; }
    FILE *out = fopen(argv[3], "wb");
    if (!out) return 1;
    long rows = 0;
    while (fgets(line, sizeof line, in)) {
        char *t = strtok(line, ",\n");
        for (int j = 0; t && j < col; j++) t = strtok(NULL, ",\n");
        if (!t) continue;
        double v = atof(t);
        fwrite(&v, sizeof v, 1, out);
        rows++;
    }
    fclose(in);
    fclose(out);
    return 0;
}
