/* file copy with every call checked: perror + exit on failure */
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>

static void die(const char *what)
{
    perror(what);
    exit(EXIT_FAILURE);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s src dst bufsize\n", argv[0]);
        exit(EXIT_FAILURE);
    }
    size_t bs = (size_t)atol(argv[3]);
    char *buf = malloc(bs);
    if (buf == NULL)
        die("malloc");
    int in = open(argv[1], O_RDONLY);
    if (in == -1)
        die(argv[1]);
    int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out == -1)
        die(argv[2]);
    ssize_t r;
    long total = 0;
    while ((r = read(in, buf, bs)) > 0) {
        ssize_t w = write(out, buf, r);
        if (w == -1)
            die("write");
        if (w != r) {
            fprintf(stderr, "short write\n");
            exit(EXIT_FAILURE);
        }
        total += w;
    }
    if (r == -1)
        die("read");
    if (close(in) == -1)
        die("close in");
    if (close(out) == -1)
        die("close out");
    free(buf);
    printf("%ld bytes\n", total);
    return 0;
}
