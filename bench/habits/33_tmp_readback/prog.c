/* write a small temp file of parameters, close, reopen and read it back (as a restart would), then use them */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void save_params(const char *path, int n, int m)
{
    FILE *f = fopen(path, "w");
    if (!f) return;
    fprintf(f, "n %d\n", n);
    fprintf(f, "m %d\n", m);
    fclose(f);
}

static int load_params(const char *path, int *n, int *m)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char key[16];
    int v, got = 0;
    while (fscanf(f, "%15s %d", key, &v) == 2) {
        if (!strcmp(key, "n")) { *n = v; got++; }
        else if (!strcmp(key, "m")) { *m = v; got++; }
    }
    fclose(f);
    return got == 2 ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    save_params("params33.tmp", atoi(argv[1]), atoi(argv[2]));
    int n = 0, m = 0;
    if (load_params("params33.tmp", &n, &m) != 0) return 1;
    FILE *o = fopen(argv[3], "w");
    if (!o) return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            fputs("0123456789abcdef\n", o);
    fclose(o);
    remove("params33.tmp");
    return 0;
}
