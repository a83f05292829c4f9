/* getopt_long with flag pointer, --key=value hand split, fnptr table by name, buffered writer */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <unistd.h>
#include <fcntl.h>

typedef int (*write_fn)(const char *path, const char *buf, size_t n, int reps);

static int posix_write(const char *path, const char *buf, size_t n, int reps)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return -1;
    for (int r = 0; r < reps; r++)
        if (write(fd, buf, n) != (ssize_t)n) { close(fd); return -1; }
    return close(fd);
}

static int stdio_write(const char *path, const char *buf, size_t n, int reps)
{
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    for (int r = 0; r < reps; r++)
        if (fwrite(buf, 1, n, f) != n) { fclose(f); return -1; }
    return fclose(f);
}

static const struct { const char *name; write_fn fn; } backends[] = {
    {"posix", posix_write},
    {"stdio", stdio_write},
    {NULL, NULL}
};

static int verbose_flag;

int main(int argc, char **argv)
{
    static struct option opts[] = {
        {"verbose", no_argument, &verbose_flag, 1},
        {"api", required_argument, 0, 'a'},
        {"size", required_argument, 0, 's'},
        {"reps", required_argument, 0, 'r'},
        {0, 0, 0, 0}
    };
    const char *api = "posix";
    size_t size = 1024; int reps = 1;
    const char *out = "out.bin";
    for (;;) {
        int idx = 0;
        int c = getopt_long(argc, argv, "a:s:r:", opts, &idx);
        if (c == -1) break;
        switch (c) {
        case 0: break;
        case 'a': api = optarg; break;
        case 's': size = strtoul(optarg, NULL, 0); break;
        case 'r': reps = atoi(optarg); break;
        default: return 2;
        }
    }
    for (int i = optind; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (!eq) continue;
        *eq = '\0';
        if (strcmp(argv[i], "out") == 0) out = eq + 1;
    }
    write_fn fn = NULL;
    for (int i = 0; backends[i].name; i++)
        if (strcmp(backends[i].name, api) == 0) { fn = backends[i].fn; break; }
    if (!fn) { fprintf(stderr, "unknown api %s\n", api); return 1; }
    char *buf = calloc(1, size);
    if (fn(out, buf, size, reps) != 0) { perror(out); return 1; }
    if (verbose_flag) printf("api=%s size=%zu reps=%d out=%s\n", api, size, reps, out);
    free(buf);
    return 0;
}
