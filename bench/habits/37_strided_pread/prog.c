/* strided access: pread of BLOCK bytes at offsets i*stride + off, for each of NPASS passes; write gathered blocks */
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    if (argc < 5) return 2;
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) return 1;
    struct stat st;
    if (fstat(fd, &st) != 0) return 1;
    size_t block = (size_t)atol(argv[2]);
    size_t stride = (size_t)atol(argv[3]);
    int npass = atoi(argv[4]);
    long nblk = (long)(st.st_size / stride);
    char *buf = malloc(block);
    int out = open("o37.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0) return 1;
    long got = 0;
    for (int p = 0; p < npass; p++) {
        off_t off = (off_t)p * block;
        for (long i = 0; i < nblk; i++) {
            ssize_t r = pread(fd, buf, block, (off_t)i * stride + off);
            if (r <= 0) break;
            write(out, buf, (size_t)r);
            got += r;
        }
    }
    close(out);
    close(fd);
    free(buf);
    printf("%ld bytes\n", got);
    return 0;
}
