/* nested loops with bounds from argv: one file per (dir, part), snprintf path, fwrite rows, skip with continue */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct { int ndirs, nparts, rows, rowlen, skip_every; const char *base; } params_t;

static int write_part(const params_t *p, int d, int k, const char *row)
{
    char path[512];
    int len = snprintf(path, sizeof path, "%s/d%02d/part-%03d.bin", p->base, d, k);
    if (len < 0 || (size_t)len >= sizeof path) return -1;
    FILE *f = fopen(path, "wb");
    if (f == NULL) return -1;
    for (int r = 0; r < p->rows; r++)
        fwrite(row, 1, p->rowlen, f);
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    params_t p = { 2, 3, 10, 100, 0, "out" };
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *k = argv[i], *v = argv[i + 1];
        if (!strcmp(k, "--dirs")) p.ndirs = atoi(v);
        else if (!strcmp(k, "--parts")) p.nparts = atoi(v);
        else if (!strcmp(k, "--rows")) p.rows = atoi(v);
        else if (!strcmp(k, "--rowlen")) p.rowlen = atoi(v);
        else if (!strcmp(k, "--skip")) p.skip_every = atoi(v);
        else if (!strcmp(k, "--base")) p.base = v;
    }
    char *row = malloc(p.rowlen);
    memset(row, '.', p.rowlen);
    char dir[512];
    mkdir(p.base, 0755);
    int nfiles = 0;
    for (int d = 0; d < p.ndirs; d++) {
        snprintf(dir, sizeof dir, "%s/d%02d", p.base, d);
        mkdir(dir, 0755);
        for (int k = 0; k < p.nparts; k++) {
            if (p.skip_every && k % p.skip_every == 0) continue;
            if (write_part(&p, d, k, row) == 0) nfiles++;
        }
    }
    printf("%d files\n", nfiles);
    free(row);
    return 0;
}
