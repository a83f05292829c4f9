/* config file read with fgets, comments skipped with continue, key = value via sscanf, then output per key */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct settings { int nx, ny; double dt; char out[128]; int nkeys; };

static int parse_config(const char *path, struct settings *s)
{
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return -1; }
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char key[64], val[128];
        if (line[0] == '#' || line[0] == '\n') continue;
        if (sscanf(line, " %63[^= ] = %127s", key, val) != 2) continue;
        s->nkeys++;
        if (!strcmp(key, "nx")) s->nx = atoi(val);
        else if (!strcmp(key, "ny")) s->ny = atoi(val);
        else if (!strcmp(key, "dt")) s->dt = atof(val);
        else if (!strcmp(key, "out")) strncpy(s->out, val, sizeof s->out - 1);
    }
    fclose(f);
    return 0;
}

static void dump(const struct settings *s, FILE *o)
{
    fprintf(o, "nx=%d\n", s->nx);
    fprintf(o, "ny=%d\n", s->ny);
    fprintf(o, "dt=%g\n", s->dt);
    for (int j = 0; j < s->ny; j++) {
        for (int i = 0; i < s->nx; i++)
            fprintf(o, "%d ", i + j);
        fputc('\n', o);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: %s config\n", argv[0]); return 2; }
    struct settings s = { 4, 4, 0.1, "grid.txt", 0 };
    if (parse_config(argv[1], &s) != 0) return 1;
    FILE *o = fopen(s.out, "w");
    if (!o) return 1;
    dump(&s, o);
    fclose(o);
    printf("%d keys\n", s.nkeys);
    return 0;
}
