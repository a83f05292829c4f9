/* buffered writer in a struct: put() copies what fits, flushes when the buffer is full and continues with the rest */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#define WCAP 4096
struct writer { int fd; size_t n; long flushes; char buf[WCAP]; };

static void wflush(struct writer *w)
{
    if (w->n > 0) {
        if (write(w->fd, w->buf, w->n) < 0) perror("write");
        w->flushes++;
        w->n = 0;
    }
}

static void put(struct writer *w, const char *p, size_t len)
{
    while (len > 0) {
        size_t k = WCAP - w->n;
        if (k > len) k = len;
        memcpy(w->buf + w->n, p, k);
        w->n += k; p += k; len -= k;
        if (w->n == WCAP) wflush(w);
    }
}

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    struct writer *w = calloc(1, sizeof *w);
    w->fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (w->fd < 0) return 1;
    long nrec = atol(argv[2]);
    char rec[64];
    for (long i = 0; i < nrec; i++) {
        int len = snprintf(rec, sizeof rec, "%08ld,%08ld,%08ld\n", i, i * 3, i * 7);
        put(w, rec, (size_t)len);
    }
    wflush(w);
    close(w->fd);
    free(w);
    return 0;
}
