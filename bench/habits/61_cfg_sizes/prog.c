/* config file: fgets + sscanf("%31s %ld") sets sizes; unknown keys warned; then a grid of nx*ny doubles written row by row for nsteps steps into numbered files */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cfg { long nx, ny, nsteps; char prefix[64]; };

static void read_cfg(const char *path, struct cfg *c)
{
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); exit(1); }
    char line[256], key[32], sval[64];
    long v;
    int lineno = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        char *h = strchr(line, '#');
        if (h) *h = '\0';
        if (sscanf(line, "%31s %ld", key, &v) == 2) {
            if (strcmp(key, "nx") == 0) c->nx = v;
            else if (strcmp(key, "ny") == 0) c->ny = v;
            else if (strcmp(key, "steps") == 0) c->nsteps = v;
            else fprintf(stderr, "%s:%d: unknown key %s\n", path, lineno, key);
        } else if (sscanf(line, "prefix %63s", sval) == 1) {
            snprintf(c->prefix, sizeof c->prefix, "%s", sval);
        }
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    struct cfg c = { 8, 8, 1, "out" };
    if (argc != 2) { fprintf(stderr, "usage: %s cfg\n", argv[0]); return 2; }
    read_cfg(argv[1], &c);
    double *row = calloc((size_t)c.nx, sizeof *row);
    for (long s = 0; s < c.nsteps; s++) {
        char name[128];
        snprintf(name, sizeof name, "%s_%03ld.bin", c.prefix, s);
        FILE *o = fopen(name, "wb");
        if (!o) { perror(name); return 1; }
        for (long j = 0; j < c.ny; j++) {
            for (long i = 0; i < c.nx; i++) row[i] = s + i * 0.5 + j;
            if (fwrite(row, sizeof *row, (size_t)c.nx, o) != (size_t)c.nx) { perror("fwrite"); return 1; }
        }
        fclose(o);
    }
    free(row);
    printf("wrote %ld steps of %ldx%ld\n", c.nsteps, c.nx, c.ny);
    return 0;
}
