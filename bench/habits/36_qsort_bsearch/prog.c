/* read keys with fscanf into a realloc'd array, qsort, answer queries from a second file with bsearch, write hits */
#include <stdio.h>
#include <stdlib.h>

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    FILE *k = fopen(argv[1], "r");
    if (!k) return 1;
    size_t n = 0, cap = 16;
    long *keys = malloc(cap * sizeof *keys), v;
    while (fscanf(k, "%ld", &v) == 1) {
        if (n == cap) { cap *= 2; keys = realloc(keys, cap * sizeof *keys); }
        keys[n++] = v;
    }
    fclose(k);
    qsort(keys, n, sizeof *keys, cmp_long);
    FILE *q = fopen(argv[2], "r");
    FILE *o = fopen(argv[3], "w");
    if (!q || !o) return 1;
    long hits = 0, misses = 0;
    while (fscanf(q, "%ld", &v) == 1) {
        long *p = bsearch(&v, keys, n, sizeof *keys, cmp_long);
        if (p) { fprintf(o, "%ld at %td\n", v, p - keys); hits++; }
        else misses++;
    }
    fprintf(o, "hits %ld misses %ld\n", hits, misses);
    fclose(q);
    fclose(o);
    free(keys);
    return 0;
}
