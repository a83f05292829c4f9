/* simulation with a leveled logger: -v raises verbosity (repeatable), -n steps */
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <unistd.h>

enum { LOG_ERR, LOG_WARN, LOG_INFO, LOG_DEBUG };
static int verbosity = LOG_WARN;
static FILE *logf;

static void logmsg(int level, const char *fmt, ...)
{
    static const char *names[] = { "ERR", "WARN", "INFO", "DEBUG" };
    if (level > verbosity)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(logf, "[%s] ", names[level]);
    vfprintf(logf, fmt, ap);
    fputc('\n', logf);
    va_end(ap);
}

int main(int argc, char **argv)
{
    int c, steps = 100;
    const char *logpath = "run46.log";
    while ((c = getopt(argc, argv, "vn:l:")) != -1) {
        switch (c) {
        case 'v': verbosity++; break;
        case 'n': steps = atoi(optarg); break;
        case 'l': logpath = optarg; break;
        default: return 2;
        }
    }
    logf = fopen(logpath, "w");
    if (!logf) {
        perror(logpath);
        return 1;
    }
    logmsg(LOG_INFO, "starting %d steps", steps);
    double x = 1.0;
    for (int s = 0; s < steps; s++) {
        x = x * 0.999 + 0.5;
        logmsg(LOG_DEBUG, "step %d x=%g", s, x);
        if (x < 0)
            logmsg(LOG_ERR, "negative at %d", s);
    }
    logmsg(LOG_INFO, "done x=%.6f", x);
    fclose(logf);
    return 0;
}
