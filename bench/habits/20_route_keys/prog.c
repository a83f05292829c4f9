/* router: fgets "key value" lines, open-on-first-use FILE* cache (linear search in static table), fprintf to each */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXK 8
static struct { char key[32]; FILE *f; } cache[MAXK];
static int ncache;

static FILE *get_out(const char *dir, const char *key)
{
    for (int i = 0; i < ncache; i++)
        if (strcmp(cache[i].key, key) == 0) return cache[i].f;
    if (ncache == MAXK) return NULL;
    char path[256];
    snprintf(path, sizeof path, "%s/%s.txt", dir, key);
    FILE *f = fopen(path, "w");
    if (!f) return NULL;
    strcpy(cache[ncache].key, key);
    cache[ncache].f = f;
    ncache++;
    return f;
}

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    FILE *in = fopen(argv[1], "r");
    if (!in) return 1;
    char line[128], key[32];
    long val, nlines = 0;
    while (fgets(line, sizeof line, in)) {
        if (sscanf(line, "%31s %ld", key, &val) != 2) continue;
        FILE *o = get_out(argv[2], key);
        if (!o) continue;
        fprintf(o, "%ld\n", val);
        nlines++;
    }
    fclose(in);
    for (int i = 0; i < ncache; i++) fclose(cache[i].f);
    printf("%ld lines, %d keys\n", nlines, ncache);
    return 0;
}
