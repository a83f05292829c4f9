/*
 * measure_prog.c - the program pair of tests/optimizer/measure_checks.sh
 * (vidya optimize --measure).
 *
 *   measure_prog N   writes N records of 9 bytes ("%08ld\n") to out.dat
 *                    with write(), one per call; appends one line to
 *                    log.txt (created when missing); prints "N records"
 *
 * Built plain, it is the original.  -DOPT: the writes go through the
 * runtime (vd_rt_write, vd_rt_close), as the rewriter changes them: the
 * same bytes.  -DFLIP=K: the first byte of record K differs.
 * -DSTDOUT_DIFF: prints another line.  -DEXIT3: exits with status 3.
 * -DWORKER: the records are written by a second thread (main waits).
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef OPT
#include "vd_rt.h"
#define WRITE vd_rt_write
#define CLOSE vd_rt_close
#else
#define WRITE write
#define CLOSE close
#endif

static long n;

/* the records: 0, or 1 on an error (said) */
static int records(void)
{
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror("out.dat");
		return 1;
	}
	char rec[16];
	for (long i = 0; i < n; i++) {
		snprintf(rec, sizeof rec, "%08ld\n", i);
#ifdef FLIP
		if (i == FLIP)
			rec[0] = 'X';
#endif
		if (WRITE(fd, rec, 9) != 9) {
			perror("write");
			return 1;
		}
	}
	if (CLOSE(fd) != 0) {
		perror("close");
		return 1;
	}
	return 0;
}

#ifdef WORKER
static void *worker(void *arg)
{
	*(int *)arg = records();
	return NULL;
}
#endif

int main(int argc, char **argv)
{
	n = argc > 1 ? atol(argv[1]) : 100;
#ifdef WORKER
	/* the same records, written by a second thread while main waits */
	int failed = 1;
	pthread_t t;
	if (pthread_create(&t, NULL, worker, &failed) != 0 || pthread_join(t, NULL) != 0 || failed)
		return 1;
#else
	if (records())
		return 1;
#endif
	/* created by the first run; each run must start without it */
	int log = open("log.txt", O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (log < 0 || write(log, "ran\n", 4) != 4 || close(log) != 0) {
		perror("log.txt");
		return 1;
	}
#ifdef STDOUT_DIFF
	printf("%ld records!\n", n);
#else
	printf("%ld records\n", n);
#endif
#ifdef EXIT3
	return 3;
#else
	return 0;
#endif
}
