/* per-rank-like file naming without MPI: each "rank" writes its slice to prefix.RRRR.of.NNNN, then rank 0 gathers */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

static void rank_path(char *buf, size_t n, const char *prefix, int rank, int nranks)
{
    snprintf(buf, n, "%s.%04d.of.%04d", prefix, rank, nranks);
}

static int write_slice(const char *prefix, int rank, int nranks, long total)
{
    long per = total / nranks, lo = rank * per, hi = rank == nranks - 1 ? total : lo + per;
    char path[256];
    rank_path(path, sizeof path, prefix, rank, nranks);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return -1;
    double v[128];
    for (long i = lo; i < hi; i += 128) {
        long m = hi - i < 128 ? hi - i : 128;
        for (long k = 0; k < m; k++) v[k] = (double)(i + k);
        write(fd, v, (size_t)m * sizeof(double));
    }
    close(fd);
    return 0;
}

static long gather(const char *prefix, int nranks, const char *out)
{
    int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    char buf[4096], path[256];
    long total = 0;
    for (int r = 0; r < nranks; r++) {
        rank_path(path, sizeof path, prefix, r, nranks);
        int fd = open(path, O_RDONLY);
        if (fd < 0) continue;
        ssize_t n;
        while ((n = read(fd, buf, sizeof buf)) > 0) { write(o, buf, (size_t)n); total += n; }
        close(fd);
        unlink(path);
    }
    close(o);
    return total;
}

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    int nranks = atoi(argv[1]);
    long total = atol(argv[2]);
    for (int r = 0; r < nranks; r++)
        if (write_slice(argv[3], r, nranks, total) != 0) return 1;
    printf("%ld bytes gathered\n", gather(argv[3], nranks, "o42.all"));
    return 0;
}
