/* write_full() retry loop on short writes (EINTR retried), called for blocks whose size varies with the block number */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static int write_full(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    size_t left = n;
    while (left > 0) {
        ssize_t w = write(fd, p, left);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        left -= (size_t)w;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    int nblk = atoi(argv[2]);
    int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return 1;
    char *b = malloc(8 * 1024);
    memset(b, 1, 8 * 1024);
    for (int k = 0; k < nblk; k++) {
        size_t sz = (size_t)(k % 8 + 1) * 1024;
        if (write_full(fd, b, sz) != 0) { perror("write"); return 1; }
    }
    close(fd);
    free(b);
    return 0;
}
