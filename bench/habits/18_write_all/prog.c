/* write_all / read_all helpers with partial-transfer loops, fstat for size, whole-file read, cat-like for(;;) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) { if (errno == EINTR) continue; return -1; }
        p += w; n -= (size_t)w;
    }
    return 0;
}

static char *slurp(const char *path, size_t *len)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0) { close(fd); return NULL; }
    char *b = malloc(st.st_size + 1);
    size_t got = 0;
    while (got < (size_t)st.st_size) {
        ssize_t r = read(fd, b + got, st.st_size - got);
        if (r <= 0) break;
        got += r;
    }
    close(fd);
    *len = got;
    return b;
}

int main(int argc, char **argv)
{
    if (argc != 4) { fprintf(stderr, "usage: in out reps\n"); return 2; }
    size_t len = 0;
    char *data = slurp(argv[1], &len);
    if (!data) { perror(argv[1]); return 1; }
    int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0) return 1;
    int reps = atoi(argv[3]);
    for (int r = 0; r < reps; r++)
        if (write_all(out, data, len) != 0) { perror("write"); break; }
    close(out);
    int in = open(argv[2], O_RDONLY);
    char buf[8192];
    long total = 0;
    for (;;) {
        ssize_t n = read(in, buf, sizeof buf);
        if (n <= 0) break;
        total += n;
    }
    close(in);
    printf("%ld\n", total);
    free(data);
    return 0;
}
