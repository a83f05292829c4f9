/* hand-written argv loop with strcmp/strncmp/strtol, log macro with levels, memcpy into buffer then one write */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

static int log_level = 1;
#define LOG(lvl, ...) do { if ((lvl) <= log_level) fprintf(stderr, __VA_ARGS__); } while (0)
#define LOG_INFO(...) LOG(2, __VA_ARGS__)
#define LOG_ERR(...) LOG(0, __VA_ARGS__)

struct rec { int id; double v[3]; };

int main(int argc, char **argv)
{
    long nrec = 100;
    int batch = 10;
    const char *path = "recs.bin";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) nrec = strtol(argv[++i], NULL, 10);
        else if (strncmp(argv[i], "--batch=", 8) == 0) batch = atoi(argv[i] + 8);
        else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) path = argv[++i];
        else if (strcmp(argv[i], "-q") == 0) log_level = 0;
        else if (strcmp(argv[i], "-d") == 0) log_level = 3;
        else { LOG_ERR("bad arg %s\n", argv[i]); return 2; }
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) { LOG_ERR("open %s\n", path); return 1; }
    char *buf = malloc(sizeof(struct rec) * batch);
    size_t used = 0;
    for (long r = 0; r < nrec; r++) {
        struct rec x = { (int)r, { r * 1.0, r * 2.0, r * 3.0 } };
        memcpy(buf + used, &x, sizeof x);
        used += sizeof x;
        if (used == sizeof(struct rec) * batch) {
            if (write(fd, buf, used) != (ssize_t)used) goto fail;
            LOG_INFO("flushed %zu bytes at rec %ld\n", used, r);
            used = 0;
        }
    }
    if (used > 0 && write(fd, buf, used) != (ssize_t)used) goto fail;
    close(fd);
    LOG(1, "wrote %ld records\n", nrec);
    free(buf);
    return 0;
fail:
    LOG_ERR("write failed\n");
    close(fd);
    return 1;
}
