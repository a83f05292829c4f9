/* config file of key=value lines (comments, blanks, trimmed spaces) drives nested output loops */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct cfg {
    int nsteps, nx, ny, every;
    char outdir[128];
    char prefix[32];
};

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = 0;
    return s;
}

static int load_cfg(const char *path, struct cfg *c)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char *s = trim(line);
        if (*s == '#' || *s == 0) continue;
        char *eq = strchr(s, '=');
        if (!eq) continue;
        *eq = 0;
        char *k = trim(s), *v = trim(eq + 1);
        if (!strcmp(k, "nsteps")) c->nsteps = atoi(v);
        else if (!strcmp(k, "nx")) c->nx = atoi(v);
        else if (!strcmp(k, "ny")) c->ny = atoi(v);
        else if (!strcmp(k, "every")) c->every = atoi(v);
        else if (!strcmp(k, "outdir")) snprintf(c->outdir, sizeof c->outdir, "%s", v);
        else if (!strcmp(k, "prefix")) snprintf(c->prefix, sizeof c->prefix, "%s", v);
    }
    fclose(f);
    return 0;
}

static void dump(const struct cfg *c, int step, const double *u)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s_%03d.txt", c->outdir, c->prefix, step);
    FILE *o = fopen(path, "w");
    if (!o) return;
    for (int j = 0; j < c->ny; j++) {
        for (int i = 0; i < c->nx; i++)
            fprintf(o, "%8.4f ", u[j * c->nx + i]);
        fputc('\n', o);
    }
    fclose(o);
}

int main(int argc, char **argv)
{
    struct cfg c = { 10, 8, 8, 5, ".", "u" };
    if (load_cfg(argc > 1 ? argv[1] : "run.cfg", &c) != 0) return 1;
    double *u = calloc((size_t)c.nx * c.ny, sizeof *u);
    for (int s = 1; s <= c.nsteps; s++) {
        for (int k = 0; k < c.nx * c.ny; k++) u[k] = 0.5 * u[k] + (k % 7) * 0.25;
        if (s % c.every == 0) dump(&c, s, u);
    }
    free(u);
    printf("done %d steps\n", c.nsteps);
    return 0;
}
