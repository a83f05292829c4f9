/* subcommand chosen by strcmp over a table of {name, handler, help}; each handler does its own I/O */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

typedef int (*handler_fn)(int argc, char **argv);

static int cmd_gen(int argc, char **argv)
{
    if (argc < 2) return 2;
    int n = atoi(argv[1]);
    int fd = open(argv[0], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return 1;
    int buf[256];
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 256; k++) buf[k] = i * 256 + k;
        if (write(fd, buf, sizeof buf) != (ssize_t)sizeof buf) { close(fd); return 1; }
    }
    close(fd);
    return 0;
}

static int cmd_sum(int argc, char **argv)
{
    if (argc < 1) return 2;
    int fd = open(argv[0], O_RDONLY);
    if (fd < 0) return 1;
    char buf[4096];
    long total = 0;
    ssize_t r;
    while ((r = read(fd, buf, sizeof buf)) > 0) total += r;
    close(fd);
    printf("%ld bytes\n", total);
    return 0;
}

static int cmd_head(int argc, char **argv)
{
    if (argc < 2) return 2;
    FILE *f = fopen(argv[0], "rb");
    if (!f) return 1;
    int n = atoi(argv[1]), v;
    for (int i = 0; i < n && fread(&v, sizeof v, 1, f) == 1; i++) printf("%d\n", v);
    fclose(f);
    return 0;
}

static const struct { const char *name; handler_fn fn; const char *help; } cmds[] = {
    { "gen", cmd_gen, "gen FILE N: write N blocks" },
    { "sum", cmd_sum, "sum FILE: count bytes" },
    { "head", cmd_head, "head FILE N: print N ints" },
};

int main(int argc, char **argv)
{
    if (argc < 2) {
        for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) fprintf(stderr, "  %s\n", cmds[i].help);
        return 2;
    }
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (strcmp(argv[1], cmds[i].name) == 0) return cmds[i].fn(argc - 2, argv + 2);
    fprintf(stderr, "unknown command %s\n", argv[1]);
    return 2;
}
