/* log writer rotating to a new numbered file when the current one would pass a size limit */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *cur;
static long cur_size;
static int idx;
static const char *base;

static void open_next(void)
{
    char name[256];
    if (cur) fclose(cur);
    snprintf(name, sizeof name, "%s.%d", base, idx++);
    cur = fopen(name, "w");
    if (!cur) { perror(name); exit(1); }
    cur_size = 0;
}

static void log_line(const char *msg, long limit)
{
    size_t len = strlen(msg);
    if (!cur || cur_size + (long)len > limit) open_next();
    fputs(msg, cur);
    cur_size += (long)len;
}

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    base = argv[1];
    long n = atol(argv[2]), limit = atol(argv[3]);
    char line[128];
    for (long i = 0; i < n; i++) {
        snprintf(line, sizeof line, "event %08ld status ok\n", i);
        log_line(line, limit);
    }
    if (cur) fclose(cur);
    return 0;
}
