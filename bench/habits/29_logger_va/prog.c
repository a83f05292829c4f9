/* logger with levels and va_list (vfprintf), level from argv, log to a file; LOG macros in loops */
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>

enum { L_ERROR, L_WARN, L_INFO, L_DEBUG };
static int g_level = L_WARN;
static FILE *g_log;
static const char *names[] = { "ERROR", "WARN", "INFO", "DEBUG" };

static void vlog(int lvl, const char *fmt, ...)
{
    if (lvl > g_level) return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(g_log, "[%s] ", names[lvl]);
    vfprintf(g_log, fmt, ap);
    fputc('\n', g_log);
    va_end(ap);
}

#define LOG_INFO(...) vlog(L_INFO, __VA_ARGS__)
#define LOG_DEBUG(...) vlog(L_DEBUG, __VA_ARGS__)
#define LOG_WARN(...) vlog(L_WARN, __VA_ARGS__)

static int parse_level(const char *s)
{
    for (int i = 0; i < 4; i++)
        if (!strcmp(s, names[i])) return i;
    return L_WARN;
}

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    g_level = parse_level(argv[1]);
    int n = atoi(argv[2]);
    g_log = fopen(argv[3], "w");
    if (!g_log) return 1;
    LOG_INFO("starting with n=%d", n);
    double acc = 0;
    for (int i = 0; i < n; i++) {
        acc += 1.0 / (i + 1);
        LOG_DEBUG("step %d acc %.6f", i, acc);
        if (i % 50 == 49) LOG_INFO("progress %d/%d", i + 1, n);
    }
    if (acc > 100) LOG_WARN("acc large");
    LOG_INFO("done acc=%.6f", acc);
    fclose(g_log);
    return 0;
}
