/* fio/IOR-like size parsing: strtoull + switch on suffix with stacked labels and fallthrough multiply; -jN / -bSIZE glued options */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

static unsigned long long parse_size(const char *s)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    switch (*end) {
    case 'g': case 'G': v *= 1024; /* fallthrough */
    case 'm': case 'M': v *= 1024; /* fallthrough */
    case 'k': case 'K': v *= 1024; break;
    case '\0': break;
    default: fprintf(stderr, "bad size %s\n", s); exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    unsigned long long bs = 4096, total = 1 << 20;
    int jobs = 1;
    const char *name = "job";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-') { name = a; continue; }
        switch (a[1]) {
        case 'j': jobs = atoi(a + 2); break;
        case 'b': bs = parse_size(a + 2); break;
        case 's': total = parse_size(a + 2); break;
        default: fprintf(stderr, "unknown option %s\n", a); return 2;
        }
    }
    char *buf = calloc(1, bs);
    char path[256];
    for (int j = 0; j < jobs; j++) {
        snprintf(path, sizeof path, "%s.%d", name, j);
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) { perror(path); continue; }
        for (unsigned long long off = 0; off < total; off += bs)
            if (write(fd, buf, bs) != (ssize_t)bs) break;
        close(fd);
    }
    printf("%d jobs x %llu bytes in %llu-byte blocks\n", jobs, total, bs);
    free(buf);
    return 0;
}
