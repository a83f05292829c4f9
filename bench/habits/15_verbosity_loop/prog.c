/* -v counted verbosity, while(1) with break at iteration limit, log every k iterations, progress to stdout */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int verbosity;
#define VLOG(lvl, ...) do { if (verbosity >= (lvl)) { printf(__VA_ARGS__); fflush(stdout); } } while (0)

int main(int argc, char **argv)
{
    int maxit = 100, every = 10, c;
    const char *log = "iter.log";
    while ((c = getopt(argc, argv, "vn:e:l:")) != -1) {
        switch (c) {
        case 'v': verbosity++; break;
        case 'n': maxit = atoi(optarg); break;
        case 'e': every = atoi(optarg); break;
        case 'l': log = optarg; break;
        default: return 2;
        }
    }
    FILE *lf = fopen(log, "w");
    if (!lf) return 1;
    double r = 1.0;
    int it = 0;
    while (1) {
        r *= 0.99;
        it++;
        if (it % every == 0) fprintf(lf, "it %d r %.6f\n", it, r);
        VLOG(2, "iter %d\n", it);
        if (it >= maxit) break;
    }
    VLOG(1, "done after %d iterations\n", it);
    fclose(lf);
    return 0;
}
