/* getopt + config struct by pointer + checkpoint every k steps + CHECK macro */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#define CHECK(x) do { if (!(x)) { fprintf(stderr, "check failed: %s\n", #x); exit(1); } } while (0)

struct config {
    int steps;
    int every;
    size_t block;
    const char *prefix;
    int verbose;
};

static int write_ckpt(const struct config *cfg, int step, const char *buf)
{
    char path[256];
    snprintf(path, sizeof path, "%s_%04d.dat", cfg->prefix, step);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return -1;
    if (write(fd, buf, cfg->block) != (ssize_t)cfg->block) goto fail;
    close(fd);
    if (cfg->verbose) printf("wrote %s\n", path);
    return 0;
fail:
    close(fd);
    return -1;
}

static void compute(double *a, int n) { for (int i = 0; i < n; i++) a[i] = a[i] * 0.5 + 1.0; }

int main(int argc, char **argv)
{
    struct config cfg = { .steps = 10, .every = 5, .block = 4096, .prefix = "ckpt", .verbose = 0 };
    int c;
    while ((c = getopt(argc, argv, "n:k:b:p:v")) != -1) {
        switch (c) {
        case 'n': cfg.steps = atoi(optarg); break;
        case 'k': cfg.every = atoi(optarg); break;
        case 'b': cfg.block = strtoul(optarg, NULL, 10); break;
        case 'p': cfg.prefix = optarg; break;
        case 'v': cfg.verbose++; break;
        default: fprintf(stderr, "usage\n"); return 2;
        }
    }
    char *buf = malloc(cfg.block);
    CHECK(buf != NULL);
    memset(buf, 'x', cfg.block);
    double a[64] = {0};
    for (int s = 1; s <= cfg.steps; s++) {
        compute(a, 64);
        if (s % cfg.every == 0)
            CHECK(write_ckpt(&cfg, s, buf) == 0);
    }
    printf("done %d steps\n", cfg.steps);
    free(buf);
    return 0;
}
