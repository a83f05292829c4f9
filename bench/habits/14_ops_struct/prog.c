/* IOR-like: backend ops struct chosen by name from argv, stored in a context struct, called through ctx->ops->xfer */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <fcntl.h>

struct ctx;
typedef struct { const char *name; int (*open)(struct ctx *); long (*xfer)(struct ctx *, long); void (*close)(struct ctx *); } ops_t;
struct ctx { const ops_t *ops; const char *path; size_t xfer_size; int segments; int fd; FILE *fp; char *buf; };

static int p_open(struct ctx *c) { c->fd = open(c->path, O_CREAT | O_WRONLY | O_TRUNC, 0644); return c->fd < 0 ? -1 : 0; }
static long p_xfer(struct ctx *c, long off) { return pwrite(c->fd, c->buf, c->xfer_size, off); }
static void p_close(struct ctx *c) { close(c->fd); }
static int s_open(struct ctx *c) { c->fp = fopen(c->path, "w"); return c->fp ? 0 : -1; }
static long s_xfer(struct ctx *c, long off) { (void)off; return (long)fwrite(c->buf, 1, c->xfer_size, c->fp); }
static void s_close(struct ctx *c) { fclose(c->fp); }

static const ops_t posix_ops = { "POSIX", p_open, p_xfer, p_close };
static const ops_t stdio_ops = { "STDIO", s_open, s_xfer, s_close };
static const ops_t *all_ops[] = { &posix_ops, &stdio_ops, NULL };

static const ops_t *find_ops(const char *name)
{
    for (const ops_t **o = all_ops; *o; o++)
        if (!strcasecmp((*o)->name, name)) return *o;
    return NULL;
}

static int run(struct ctx *c)
{
    if (c->ops->open(c) != 0) return -1;
    for (int s = 0; s < c->segments; s++) {
        long off = (long)s * c->xfer_size;
        if (c->ops->xfer(c, off) != (long)c->xfer_size) { c->ops->close(c); return -1; }
    }
    c->ops->close(c);
    return 0;
}

int main(int argc, char **argv)
{
    struct ctx c = { 0 };
    const char *api = "posix";
    c.path = "ior.dat"; c.xfer_size = 1 << 16; c.segments = 4;
    for (int i = 1; i < argc - 1; i++) {
        if (!strcmp(argv[i], "-a")) api = argv[++i];
        else if (!strcmp(argv[i], "-t")) c.xfer_size = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-s")) c.segments = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-o")) c.path = argv[++i];
    }
    c.ops = find_ops(api);
    if (!c.ops) { fprintf(stderr, "no api %s\n", api); return 1; }
    c.buf = calloc(1, c.xfer_size);
    if (run(&c) != 0) { fprintf(stderr, "failed\n"); return 1; }
    printf("%s: %d x %zu\n", c.ops->name, c.segments, c.xfer_size);
    free(c.buf);
    return 0;
}
