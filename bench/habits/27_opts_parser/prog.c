/* struct of options filled by a hand-written parser (-n N, -b SIZE[k], -o FILE, --sync, --mode=a|w), passed by pointer */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

struct options {
    long nblocks;
    size_t bsize;
    const char *out;
    int sync;
    int append;
};

static size_t parse_size(const char *s)
{
    char *end;
    size_t v = strtoul(s, &end, 10);
    if (*end == 'k' || *end == 'K') v *= 1024;
    else if (*end == 'm' || *end == 'M') v *= 1024 * 1024;
    return v;
}

static int parse_args(int argc, char **argv, struct options *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-n") && i + 1 < argc) o->nblocks = atol(argv[++i]);
        else if (!strcmp(a, "-b") && i + 1 < argc) o->bsize = parse_size(argv[++i]);
        else if (!strcmp(a, "-o") && i + 1 < argc) o->out = argv[++i];
        else if (!strcmp(a, "--sync")) o->sync = 1;
        else if (!strncmp(a, "--mode=", 7)) o->append = a[7] == 'a';
        else { fprintf(stderr, "bad option %s\n", a); return -1; }
    }
    return 0;
}

static int run(const struct options *o)
{
    int flags = O_WRONLY | O_CREAT | (o->append ? O_APPEND : O_TRUNC);
    int fd = open(o->out, flags, 0644);
    if (fd < 0) return -1;
    char *buf = malloc(o->bsize);
    memset(buf, 'x', o->bsize);
    for (long i = 0; i < o->nblocks; i++) {
        write(fd, buf, o->bsize);
        if (o->sync && (i + 1) % 16 == 0) fsync(fd);
    }
    free(buf);
    close(fd);
    return 0;
}

int main(int argc, char **argv)
{
    struct options o = { 10, 4096, "out.bin", 0, 0 };
    if (parse_args(argc, argv, &o) != 0) return 2;
    if (run(&o) != 0) { perror(o.out); return 1; }
    printf("wrote %ld x %zu\n", o.nblocks, o.bsize);
    return 0;
}
