/* backend table of function pointers selected by name from argv[1]; the chosen backend writes nblk blocks */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

struct backend {
    const char *name;
    void *(*open)(const char *path);
    void (*put)(void *h, const void *b, size_t n);
    void (*close)(void *h);
};

static void *posix_open(const char *p) { int *fd = malloc(sizeof *fd); *fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644); return fd; }
static void posix_put(void *h, const void *b, size_t n) { if (write(*(int *)h, b, n) < 0) perror("write"); }
static void posix_close(void *h) { close(*(int *)h); free(h); }
static void *stdio_open(const char *p) { return fopen(p, "wb"); }
static void stdio_put(void *h, const void *b, size_t n) { fwrite(b, 1, n, h); fputc('\n', h); }
static void stdio_close(void *h) { fclose(h); }
static void *null_open(const char *p) { (void)p; return (void *)1; }
static void null_put(void *h, const void *b, size_t n) { (void)h; (void)b; (void)n; }
static void null_close(void *h) { (void)h; }

static const struct backend backends[] = {
    { "posix", posix_open, posix_put, posix_close },
    { "stdio", stdio_open, stdio_put, stdio_close },
    { "null", null_open, null_put, null_close },
};

int main(int argc, char **argv)
{
    if (argc < 5) return 2;
    const struct backend *be = NULL;
    for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
        if (strcmp(backends[i].name, argv[1]) == 0) be = &backends[i];
    if (!be) { fprintf(stderr, "no backend %s\n", argv[1]); return 1; }
    int nblk = atoi(argv[3]);
    size_t bs = (size_t)atol(argv[4]);
    char *b = calloc(1, bs);
    void *h = be->open(argv[2]);
    for (int i = 0; i < nblk; i++) be->put(h, b, bs);
    be->close(h);
    free(b);
    printf("%s: %d blocks\n", be->name, nblk);
    return 0;
}
