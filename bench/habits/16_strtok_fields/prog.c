/* --fields=a,b,c split with strtok, one output file per field via snprintf, rows from --rows=N, goto cleanup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXF 16

int main(int argc, char **argv)
{
    char spec[256] = "x,y";
    int rows = 10;
    const char *dir = ".";
    for (int i = 1; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (strncmp(argv[i], "--", 2) != 0 || !eq) continue;
        *eq++ = '\0';
        if (!strcmp(argv[i] + 2, "fields")) snprintf(spec, sizeof spec, "%s", eq);
        else if (!strcmp(argv[i] + 2, "rows")) rows = atoi(eq);
        else if (!strcmp(argv[i] + 2, "dir")) dir = eq;
    }
    FILE *fp[MAXF];
    char *names[MAXF];
    int nf = 0, rc = 1;
    for (char *t = strtok(spec, ","); t && nf < MAXF; t = strtok(NULL, ","))
        names[nf++] = t;
    for (int k = 0; k < nf; k++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s.col", dir, names[k]);
        fp[k] = fopen(path, "w");
        if (!fp[k]) { nf = k; goto out; }
        fprintf(fp[k], "# %s\n", names[k]);
    }
    for (int r = 0; r < rows; r++)
        for (int k = 0; k < nf; k++)
            fprintf(fp[k], "%d\n", r * (k + 1));
    rc = 0;
out:
    for (int k = 0; k < nf; k++) fclose(fp[k]);
    printf("%d columns\n", nf);
    return rc;
}
