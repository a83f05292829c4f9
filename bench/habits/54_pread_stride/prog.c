/* reads every k-th block of a file with pread and writes the blocks packed with pwrite */
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    const char *in = argc > 1 ? argv[1] : "in54.bin";
    size_t bs = argc > 2 ? (size_t)atol(argv[2]) : 4096;
    int stride = argc > 3 ? atoi(argv[3]) : 4;
    int fd = open(in, O_RDONLY);
    if (fd < 0) {
        perror(in);
        exit(1);
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        perror("fstat");
        exit(1);
    }
    long nblocks = st.st_size / (off_t)bs;
    int out = open("out54.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0) {
        perror("out54.bin");
        exit(1);
    }
    char *buf = malloc(bs);
    long k = 0;
    for (long b = 0; b < nblocks; b += stride) {
        ssize_t r = pread(fd, buf, bs, (off_t)(b * bs));
        if (r != (ssize_t)bs) {
            perror("pread");
            exit(1);
        }
        if (pwrite(out, buf, bs, (off_t)(k * bs)) != (ssize_t)bs) {
            perror("pwrite");
            exit(1);
        }
        k++;
    }
    free(buf);
    close(out);
    close(fd);
    printf("%ld blocks copied\n", k);
    return 0;
}
