/* 2-D tiles of an N x N double matrix: each tile row read with pread at a computed offset, written transposed-tile position with pwrite */
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 5) return 2;
    long n = atol(argv[3]), t = atol(argv[4]);
    int in = open(argv[1], O_RDONLY);
    int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0) { perror("open"); return 1; }
    double *buf = malloc((size_t)t * sizeof *buf);
    long nt = n / t;
    for (long ti = 0; ti < nt; ti++)
        for (long tj = 0; tj < nt; tj++)
            for (long r = 0; r < t; r++) {
                off_t src = ((ti * t + r) * n + tj * t) * (off_t)sizeof(double);
                off_t dst = ((tj * t + r) * n + ti * t) * (off_t)sizeof(double);
                ssize_t got = pread(in, buf, (size_t)t * sizeof *buf, src);
                if (got != (ssize_t)(t * sizeof *buf)) { fprintf(stderr, "short read\n"); return 1; }
                if (pwrite(out, buf, (size_t)got, dst) != got) { perror("pwrite"); return 1; }
            }
    close(in);
    close(out);
    free(buf);
    return 0;
}
