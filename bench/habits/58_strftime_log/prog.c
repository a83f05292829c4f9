/* a run log with timestamps: strftime into a buffer, fprintf of "%s [%s] %s" per event */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static FILE *logf;

static void log_event(const char *level, const char *msg, int step)
{
    char ts[32];
    time_t now = time(NULL);
    struct tm *tm = localtime(&now);
    strftime(ts, sizeof ts, "%Y-%m-%d %H:%M:%S", tm);
    fprintf(logf, "%s [%s] %s %d\n", ts, level, msg, step);
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 10;
    int every = argc > 2 ? atoi(argv[2]) : 5;
    logf = fopen(argc > 3 ? argv[3] : "run58.log", "w");
    if (!logf) {
        perror("log");
        return 1;
    }
    log_event("INFO", "start", 0);
    double e = 1.0;
    for (int s = 1; s <= steps; s++) {
        e *= 0.97;
        if (s % every == 0)
            log_event("INFO", "energy check", s);
    }
    log_event("INFO", "done", steps);
    fclose(logf);
    return 0;
}
