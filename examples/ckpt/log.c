/*
 * log.c - the run log: a header line, then one line per step, flushed at
 * once so that a crashed run still has a complete log.  A flush per step is
 * a sync-like call per step (P7) - cheap here, costly on a parallel file
 * system.
 */
#include <stdio.h>

#include "ckpt.h"

FILE *log_open(const char *path, int nx, int ny, int steps, int interval)
{
	FILE *log = fopen(path, "w");

	if (log == NULL) {
		perror(path);
		return stderr;
	}
	fprintf(log, "# heat2d nx=%d ny=%d steps=%d interval=%d\n", nx, ny, steps, interval);
	return log;
}

void log_step(FILE *log, int step, double residual)
{
	fprintf(log, "step %6d residual %.6e\n", step, residual);
	fflush(log);
}

void log_close(FILE *log)
{
	if (log != stderr)
		fclose(log);
}
