/* CSV writer object: header written once (static flag), fsync every N records (static counter), records from nested loops */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct { FILE *f; int sync_every; long nrec; } csv_t;

static void csv_row(csv_t *w, int t, int cell, double v)
{
    static int header_done = 0;
    if (!header_done) {
        fputs("t,cell,value\n", w->f);
        header_done = 1;
    }
    fprintf(w->f, "%d,%d,%.4f\n", t, cell, v);
    w->nrec++;
    if (w->sync_every > 0 && w->nrec % w->sync_every == 0) {
        fflush(w->f);
        fsync(fileno(w->f));
    }
}

int main(int argc, char **argv)
{
    int nt = 10, nc = 10;
    csv_t w = { NULL, 0, 0 };
    int c;
    while ((c = getopt(argc, argv, "t:c:s:")) != -1) {
        switch (c) {
        case 't': nt = atoi(optarg); break;
        case 'c': nc = atoi(optarg); break;
        case 's': w.sync_every = atoi(optarg); break;
        default: return 2;
        }
    }
    w.f = fopen(optind < argc ? argv[optind] : "out.csv", "w");
    if (!w.f) return 1;
    for (int t = 0; t < nt; t++)
        for (int k = 0; k < nc; k++)
            csv_row(&w, t, k, t * 0.5 + k);
    fclose(w.f);
    printf("%ld rows\n", w.nrec);
    return 0;
}
