/*
 * cb.c - project functions handed to library functions run when the
 * library calls them, and their I/O counts where they are handed over.
 *
 * - pthread_create(&t, NULL, worker, &job): worker runs once, with &job:
 *   job.n = 5 writes of 4 bytes, so main/call... counts 5 writes + open +
 *   close = 7 calls, 20 bytes.
 * - qsort(v, 8, sizeof v[0], by_value): 8 log2 8 = 24 comparisons, each
 *   writing 1 byte (a comparison counter written out): 24 calls, 24 bytes.
 * - signal(SIGINT, on_int): a signal handler does not run in a normal run:
 *   it is not reached from main (analyzed on its own, outside main's
 *   totals).
 * - iterate(..., visit, ...): a library function with an unknown body
 *   calls visit an unknown number of times, --assume-trip (100 by
 *   default), flagged: 100 writes of 2 bytes.
 * main: 7 + 24 + 0 + 100 = 131 calls, 20 + 24 + 200 = 244 bytes, unknown
 * (the iterator's count is assumed).
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

extern int iterate(int group, int (*cb)(int, void *), void *data);

static int log_fd = 1;

struct job {
	const char *path;
	int n;
};

// EXPECT: worker p2=7 p3=20
static void *worker(void *arg)
{
	struct job *j = arg;
	int fd = open(j->path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < j->n; i++)
		write(fd, "data", 4);
	close(fd);
	return NULL;
}

// EXPECT: by_value p2=24 p3=24
static int by_value(const void *a, const void *b)
{
	write(log_fd, "c", 1);
	return *(const int *)a - *(const int *)b;
}

// EXPECT: on_int reachable=0
static void on_int(int sig)
{
	(void)sig;
	write(log_fd, "!", 1);
}

// EXPECT: visit p2=100 p3=200
// EXPECT-UNKNOWN: visit p2
static int visit(int item, void *data)
{
	(void)item;
	(void)data;
	write(log_fd, "v\n", 2);
	return 0;
}

// EXPECT: main p2=131 p3=244
// EXPECT-UNKNOWN: main p2
int main(void)
{
	pthread_t t;
	struct job job = { "cb.out", 5 };
	int v[8] = { 5, 3, 7, 1, 8, 2, 6, 4 };
	signal(SIGINT, on_int);
	pthread_create(&t, NULL, worker, &job);
	pthread_join(t, NULL);
	qsort(v, 8, sizeof v[0], by_value);
	iterate(0, visit, NULL);
	return 0;
}
