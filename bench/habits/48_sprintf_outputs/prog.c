/* splits a field into numbered output files: name built by snprintf in a loop */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>

int main(int argc, char **argv)
{
    int nfiles = 4, n = 1000, c;
    const char *prefix = "part";
    while ((c = getopt(argc, argv, "f:n:p:")) != -1) {
        switch (c) {
        case 'f': nfiles = atoi(optarg); break;
        case 'n': n = atoi(optarg); break;
        case 'p': prefix = optarg; break;
        default: return 2;
        }
    }
    double *field = malloc(sizeof(double) * n);
    if (!field)
        return 1;
    for (int i = 0; i < n; i++)
        field[i] = i * 0.5;
    int per = n / nfiles;
    char name[256];
    for (int k = 0; k < nfiles; k++) {
        snprintf(name, sizeof name, "%s_%03d.dat", prefix, k);
        FILE *o = fopen(name, "wb");
        if (!o) {
            perror(name);
            free(field);
            return 1;
        }
        int hdr[2] = { k, per };
        fwrite(hdr, sizeof(int), 2, o);
        fwrite(field + (size_t)k * per, sizeof(double), per, o);
        fclose(o);
    }
    printf("wrote %d files of %d values\n", nfiles, per);
    free(field);
    return 0;
}
