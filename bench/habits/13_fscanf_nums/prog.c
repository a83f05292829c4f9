/* fscanf numbers until EOF into growing array (realloc), stats, write histogram with fprintf bins from argv */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    const char *in = argc > 1 ? argv[1] : "nums.txt";
    int nbins = argc > 2 ? atoi(argv[2]) : 10;
    FILE *f = fopen(in, "r");
    if (!f) return 1;
    size_t n = 0, cap = 16;
    double *v = malloc(cap * sizeof *v), x;
    while (fscanf(f, "%lf", &x) == 1) {
        if (n == cap) { cap *= 2; v = realloc(v, cap * sizeof *v); }
        v[n++] = x;
    }
    fclose(f);
    double lo = v[0], hi = v[0];
    for (size_t i = 1; i < n; i++) { if (v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i]; }
    long *h = calloc(nbins, sizeof *h);
    for (size_t i = 0; i < n; i++) {
        int b = (int)((v[i] - lo) / (hi - lo + 1e-12) * nbins);
        h[b]++;
    }
    FILE *o = fopen("hist.txt", "w");
    if (!o) return 1;
    for (int b = 0; b < nbins; b++)
        fprintf(o, "%d %ld\n", b, h[b]);
    fclose(o);
    printf("%zu values\n", n);
    free(v); free(h);
    return 0;
}
