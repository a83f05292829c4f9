/* solver loop: checkpoint every N steps or when too much time has passed */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define NX 2048

static double u[NX], v[NX];

static int checkpoint(int step)
{
    char name[64];
    snprintf(name, sizeof name, "ckpt49_%d.bin", step % 2);
    FILE *f = fopen(name, "wb");
    if (!f)
        return -1;
    fwrite(&step, sizeof step, 1, f);
    size_t w = fwrite(u, sizeof(double), NX, f);
    fclose(f);
    return w == NX ? 0 : -1;
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 100;
    int every = argc > 2 ? atoi(argv[2]) : 10;
    int max_seconds = 3600;
    time_t last = time(NULL);
    for (int i = 0; i < NX; i++)
        u[i] = (i % 7) * 0.1;
    for (int s = 1; s <= steps; s++) {
        for (int i = 1; i < NX - 1; i++)
            v[i] = u[i] + 0.1 * (u[i - 1] - 2 * u[i] + u[i + 1]);
        for (int i = 1; i < NX - 1; i++)
            u[i] = v[i];
        time_t now = time(NULL);
        if (s % every == 0 || now - last > max_seconds) {
            if (checkpoint(s) != 0) {
                fprintf(stderr, "checkpoint failed at %d\n", s);
                return 1;
            }
            last = now;
        }
    }
    printf("done %d steps\n", steps);
    return 0;
}
