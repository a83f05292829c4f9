/* linked list of input files built from argv; each file copied with read-to-EOF loop into one output */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

struct item { const char *path; struct item *next; };

static long copy_into(int out, const char *path, char *buf, size_t bs)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    long total = 0;
    ssize_t n;
    while ((n = read(fd, buf, bs)) > 0) {
        if (write(out, buf, n) != n) { total = -1; break; }
        total += n;
    }
    close(fd);
    return total;
}

int main(int argc, char **argv)
{
    struct item *head = NULL, **tail = &head;
    size_t bs = 4096;
    const char *out = "cat.out";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-b")) { bs = atoi(argv[++i]); continue; }
        if (!strcmp(argv[i], "-o")) { out = argv[++i]; continue; }
        struct item *it = malloc(sizeof *it);
        it->path = argv[i]; it->next = NULL;
        *tail = it; tail = &it->next;
    }
    int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return 1;
    char *buf = malloc(bs);
    long grand = 0;
    for (struct item *p = head; p; p = p->next) {
        long t = copy_into(fd, p->path, buf, bs);
        if (t < 0) fprintf(stderr, "skip %s\n", p->path);
        else grand += t;
    }
    close(fd);
    printf("%ld bytes\n", grand);
    while (head) { struct item *n = head->next; free(head); head = n; }
    free(buf);
    return 0;
}
