/* time-step loop: checkpoint at (s+1) % every == 0 || s == nsteps-1, diagnostics every k via fprintf, getenv log level */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int nsteps, every, diag; size_t n; const char *dir; } run_t;

static int save(const run_t *r, const double *u, int step)
{
    char path[256];
    snprintf(path, sizeof path, "%s/u_%06d.bin", r->dir, step);
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    size_t w = fwrite(u, sizeof *u, r->n, f);
    int rc = (w == r->n) ? 0 : -1;
    if (fclose(f) != 0) rc = -1;
    return rc;
}

int main(int argc, char **argv)
{
    run_t r = { 100, 30, 10, 1000, "." };
    if (argc > 1) r.nsteps = atoi(argv[1]);
    if (argc > 2) r.every = atoi(argv[2]);
    if (argc > 3) r.n = strtoul(argv[3], NULL, 10);
    if (argc > 4) r.dir = argv[4];
    const char *lvl = getenv("SIM_LOG");
    int level = lvl ? atoi(lvl) : 0;
    double *u = calloc(r.n, sizeof *u);
    FILE *diag = fopen("diag.txt", "w");
    for (int s = 0; s < r.nsteps; s++) {
        for (size_t i = 0; i < r.n; i++) u[i] += 0.1;
        if (level > 0 && s % r.diag == 0) fprintf(diag, "step %d u0 %.3f\n", s, u[0]);
        if ((s + 1) % r.every == 0 || s == r.nsteps - 1) {
            if (save(&r, u, s) != 0) { fprintf(stderr, "save failed at %d\n", s); break; }
            if (level > 1) printf("saved %d\n", s);
        }
    }
    fclose(diag);
    free(u);
    return 0;
}
