/* realloc-grown array of lines (getline, capacity doubling), then write them out in reverse with fputs */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    FILE *in = fopen(argv[1], "r");
    if (!in) return 1;
    char **lines = NULL;
    size_t n = 0, cap = 0;
    char *buf = NULL;
    size_t bcap = 0;
    ssize_t len;
    while ((len = getline(&buf, &bcap, in)) != -1) {
        if (n == cap) {
            cap = cap ? cap * 2 : 8;
            char **t = realloc(lines, cap * sizeof *t);
            if (!t) { fclose(in); return 1; }
            lines = t;
        }
        lines[n++] = strdup(buf);
    }
    free(buf);
    fclose(in);
    FILE *o = fopen(argv[2], "w");
    if (!o) return 1;
    for (size_t i = n; i-- > 0;) {
        fputs(lines[i], o);
        free(lines[i]);
    }
    free(lines);
    fclose(o);
    fprintf(stderr, "%zu lines\n", n);
    return 0;
}
