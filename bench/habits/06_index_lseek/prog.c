/* record file: lseek+read at computed offsets, stride from argv, pread variant, CHECK macro returning */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#define RECSZ 512
#define CHECK(call) do { if ((call) < 0) { perror(#call); return -1; } } while (0)

struct opts { const char *path; int nrec; int stride; int use_pread; };

static int make_file(const struct opts *o)
{
    char rec[RECSZ];
    int fd = open(o->path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd);
    for (int i = 0; i < o->nrec; i++) {
        memset(rec, 'a' + i % 26, sizeof rec);
        if (write(fd, rec, RECSZ) != RECSZ) { close(fd); return -1; }
    }
    CHECK(close(fd));
    return 0;
}

static long scan(const struct opts *o)
{
    char rec[RECSZ];
    long sum = 0;
    int fd = open(o->path, O_RDONLY);
    CHECK(fd);
    for (int i = 0; i < o->nrec; i += o->stride) {
        off_t off = (off_t)i * RECSZ;
        if (o->use_pread) {
            if (pread(fd, rec, RECSZ, off) != RECSZ) break;
        } else {
            CHECK(lseek(fd, off, SEEK_SET));
            if (read(fd, rec, RECSZ) != RECSZ) break;
        }
        sum += rec[0];
    }
    close(fd);
    return sum;
}

int main(int argc, char **argv)
{
    struct opts o = { "recs.dat", 1000, 1, 0 };
    int opt;
    while ((opt = getopt(argc, argv, "f:n:s:p")) != -1) {
        switch (opt) {
        case 'f': o.path = optarg; break;
        case 'n': o.nrec = atoi(optarg); break;
        case 's': o.stride = atoi(optarg); break;
        case 'p': o.use_pread = 1; break;
        case '?': default: return 2;
        }
    }
    if (make_file(&o) != 0) return 1;
    long s1 = scan(&o);
    o.use_pread = !o.use_pread;
    long s2 = scan(&o);
    printf("%ld %ld\n", s1, s2);
    return s1 != s2;
}
