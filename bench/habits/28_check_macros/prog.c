/* error-checking macros: CHECK(call) with do{}while(0), TRY_IO with errno message, goto cleanup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#define ERR(...) do { fprintf(stderr, "error: " __VA_ARGS__); fputc('\n', stderr); } while (0)
#define CHECK(x) do { if ((x) < 0) { ERR("%s failed: %s", #x, strerror(errno)); goto cleanup; } } while (0)
#define CHECK_PTR(p) do { if (!(p)) { ERR("out of memory at %d", __LINE__); goto cleanup; } } while (0)
#define WRITE_ALL(fd, b, n) do { ssize_t w_ = write(fd, b, n); if (w_ != (ssize_t)(n)) { ERR("short write"); goto cleanup; } } while (0)

int main(int argc, char **argv)
{
    int rc = 1, in = -1, out = -1;
    char *buf = NULL;
    if (argc < 4) { ERR("usage: prog IN OUT BLOCK"); return 2; }
    size_t bs = (size_t)atol(argv[3]);
    CHECK(in = open(argv[1], O_RDONLY));
    CHECK(out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644));
    buf = malloc(bs);
    CHECK_PTR(buf);
    long nblk = 0;
    for (;;) {
        ssize_t r = read(in, buf, bs);
        CHECK(r);
        if (r == 0) break;
        for (ssize_t i = 0; i < r; i++) buf[i] ^= 0x5a;
        WRITE_ALL(out, buf, r);
        nblk++;
    }
    CHECK(fsync(out));
    printf("%ld blocks\n", nblk);
    rc = 0;
cleanup:
    free(buf);
    if (in >= 0) close(in);
    if (out >= 0) close(out);
    return rc;
}
