/*
 * threads_io.c - known I/O from 4 threads at once.
 *
 *     threads_io M B
 *
 * main opens shared.dat, starts 4 threads and joins them, closes shared.dat.
 * Thread t (0..3), after a barrier that has all 4 alive at once:
 *   opens thread<t>.dat, M x pwrite(B) at i*B (i = 0..M-1), closes it;
 *   M x pwrite(B) to shared.dat at (t*M + i)*B.
 * Totals: thread<t>.dat: M pwrites, M*B bytes, all from one thread;
 * shared.dat: 4*M pwrites, 4*M*B bytes, M from each of the 4 threads;
 * 4 distinct threads issue pwrites.
 * stdout: one line with the totals.
 */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NTHREADS 4

static long m;
static size_t b;
static int shared_fd;
static pthread_barrier_t start;

struct job {
	int t;
	long written;
};

static void *__attribute__((noinline)) worker(void *arg)
{
	struct job *job = arg;
	unsigned char *buf = malloc(b);
	char name[32];
	if (!buf)
		exit(2);
	memset(buf, 'a' + job->t, b);
	pthread_barrier_wait(&start);
	snprintf(name, sizeof name, "thread%d.dat", job->t);
	int fd = open(name, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	if (fd < 0)
		exit(3);
	for (long i = 0; i < m; i++)
		/* MARK:own_pwrite (the call on the next line) */
		if (pwrite(fd, buf, b, (off_t)(i * (long)b)) == (ssize_t)b)
			job->written += (long)b;
	close(fd);
	for (long i = 0; i < m; i++)
		if (pwrite(shared_fd, buf, b, (off_t)(((long)job->t * m + i) * (long)b)) ==
		    (ssize_t)b)
			job->written += (long)b;
	free(buf);
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: threads_io M B\n");
		return 2;
	}
	m = atol(argv[1]);
	b = (size_t)atol(argv[2]);
	if (m < 1 || b < 1)
		return 2;
	shared_fd = open("shared.dat", O_CREAT | O_TRUNC | O_WRONLY, 0644);
	if (shared_fd < 0)
		return 3;
	pthread_barrier_init(&start, NULL, NTHREADS);
	pthread_t th[NTHREADS];
	struct job jobs[NTHREADS];
	for (int t = 0; t < NTHREADS; t++) {
		jobs[t].t = t;
		jobs[t].written = 0;
		if (pthread_create(&th[t], NULL, worker, &jobs[t]) != 0)
			return 4;
	}
	long total = 0;
	for (int t = 0; t < NTHREADS; t++) {
		pthread_join(th[t], NULL);
		total += jobs[t].written;
	}
	close(shared_fd);
	pthread_barrier_destroy(&start);
	printf("threads_io: %d threads, %ld bytes written\n", NTHREADS, total);
	return total == 2L * NTHREADS * m * (long)b ? 0 : 1;
}
