/* ring buffer of fixed records, flushed with write() when full, partial flush at the end */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

struct rec { long id; double val; char tag[16]; };

#define CAP 64
static struct rec ring[CAP];
static int head;
static int fd;
static long nflush;

static void flush_ring(void)
{
    if (head == 0) return;
    write(fd, ring, head * sizeof(struct rec));
    nflush++;
    head = 0;
}

static void push(long id, double v)
{
    ring[head].id = id;
    ring[head].val = v;
    snprintf(ring[head].tag, sizeof ring[head].tag, "r%ld", id % 1000);
    if (++head == CAP) flush_ring();
}

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    long n = atol(argv[1]);
    fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return 1;
    for (long i = 0; i < n; i++) push(i, i * 0.5);
    flush_ring();
    close(fd);
    printf("%ld records, %ld flushes\n", n, nflush);
    return 0;
}
