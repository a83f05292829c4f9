/* time stepping with a checkpoint every k steps (step % k == 0) into snprintf'ed files, plus a final one; history file */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 2048

static double field[N];

static int checkpoint(const char *dir, int step)
{
    char path[256];
    snprintf(path, sizeof path, "%s/ckpt_%06d.bin", dir, step);
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    int hdr[2] = { step, N };
    fwrite(hdr, sizeof hdr, 1, f);
    fwrite(field, sizeof(double), N, f);
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) { fprintf(stderr, "usage: %s STEPS EVERY DIR\n", argv[0]); return 2; }
    int steps = atoi(argv[1]), every = atoi(argv[2]);
    const char *dir = argv[3];
    FILE *hist = fopen("hist30.txt", "w");
    if (!hist) return 1;
    for (int i = 0; i < N; i++) field[i] = i;
    for (int s = 1; s <= steps; s++) {
        double e = 0;
        for (int i = 0; i < N; i++) { field[i] = 0.99 * field[i] + 0.01; e += field[i]; }
        if (s % 10 == 0) fprintf(hist, "%d %.3e\n", s, e);
        if (s % every == 0 && checkpoint(dir, s) != 0) { fclose(hist); return 1; }
    }
    if (steps % every != 0) checkpoint(dir, steps);
    fclose(hist);
    return 0;
}
