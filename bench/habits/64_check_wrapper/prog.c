/* every system call wrapped in a CHECK macro (do/while(0), saves the result in a local, prints errno text and exits) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#define CHECK(call) do { long rc_ = (long)(call); \
    if (rc_ < 0) { fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, strerror(errno)); exit(EXIT_FAILURE); } } while (0)

static void write_block(int fd, const char *b, size_t n, off_t at)
{
    CHECK(lseek(fd, at, SEEK_SET));
    CHECK(write(fd, b, n));
}

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    int nblk = atoi(argv[2]);
    size_t bs = (size_t)atol(argv[3]);
    int fd;
    CHECK(fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0644));
    char *b = malloc(bs);
    memset(b, 'x', bs);
    for (int i = 0; i < nblk; i++)
        write_block(fd, b, bs, (off_t)(nblk - 1 - i) * (off_t)bs);
    CHECK(fsync(fd));
    CHECK(lseek(fd, 0, SEEK_SET));
    for (int i = 0; i < nblk; i += 2)
        CHECK(read(fd, b, bs));
    CHECK(close(fd));
    free(b);
    return 0;
}
