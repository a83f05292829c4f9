/* record writer with its own buffer: write(2) when the buffer passes a threshold */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#define BUFSZ 65536
#define THRESH (BUFSZ - 256)

struct writer { int fd; size_t used; char buf[BUFSZ]; };

static int wflush(struct writer *w)
{
    if (w->used == 0)
        return 0;
    ssize_t n = write(w->fd, w->buf, w->used);
    if (n != (ssize_t)w->used)
        return -1;
    w->used = 0;
    return 0;
}

static int wput(struct writer *w, const void *p, size_t n)
{
    memcpy(w->buf + w->used, p, n);
    w->used += n;
    if (w->used >= THRESH)
        return wflush(w);
    return 0;
}

int main(int argc, char **argv)
{
    int nrec = argc > 1 ? atoi(argv[1]) : 1000;
    static struct writer w;
    w.fd = open(argc > 2 ? argv[2] : "out51.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (w.fd < 0) {
        perror("open");
        return 1;
    }
    struct { int id; float val[23]; } rec;
    for (int i = 0; i < nrec; i++) {
        rec.id = i;
        for (int k = 0; k < 23; k++)
            rec.val[k] = i * 0.25f + k;
        if (wput(&w, &rec, sizeof rec) != 0) {
            perror("write");
            return 1;
        }
    }
    if (wflush(&w) != 0)
        return 1;
    close(w.fd);
    return 0;
}
