/* static buffered writer: append() flushes when full, variable-size records, final flush; fsync at end */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#define CAP 65536
static char wbuf[CAP];
static size_t used;
static int out_fd = -1;
static long nflush;

static int flush_buf(void)
{
    if (used == 0) return 0;
    if (write(out_fd, wbuf, used) != (ssize_t)used) return -1;
    used = 0;
    nflush++;
    return 0;
}

static int append(const void *p, size_t n)
{
    if (used + n > CAP && flush_buf() != 0) return -1;
    memcpy(wbuf + used, p, n);
    used += n;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) { fprintf(stderr, "usage: %s out nrec recsize\n", argv[0]); return 2; }
    long nrec = atol(argv[2]);
    size_t rs = (size_t)atol(argv[3]);
    out_fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out_fd < 0) { perror(argv[1]); return 1; }
    char *rec = malloc(rs);
    memset(rec, 7, rs);
    for (long i = 0; i < nrec; i++)
        if (append(rec, rs) != 0) { fprintf(stderr, "write error\n"); return 1; }
    if (flush_buf() != 0) return 1;
    fsync(out_fd);
    close(out_fd);
    printf("%ld flushes\n", nflush);
    free(rec);
    return 0;
}
