/* A buffered writer in a heap struct whose put() copies what fits, and
 * flushes when the buffer is exactly full (`if (w->n == CAP) wflush(w);`),
 * called once per record from a loop too long to run iteration by
 * iteration (2000 records).  The loop is walked once, and that walk leaves
 * w->n at 40; the test is on a member the loop steps, so the buffer-fill
 * rule applies (step 40, CAP 1000: once per 25 passes) instead of the
 * first iteration's decision (never full), and inside the arm w->n holds
 * the fill level, 1000.
 *
 * put/loop#1/branch#2/call#1: 2000 / 25 = 80 flushes of 1000 B = 80000 B
 * (the run: 2000 x 40 B = 80000 B in 80 full buffers).  Flagged: the
 * buffer-fill rule is an estimate.  (Before: 0 flushes, flagged.)
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CAP 1000
struct writer {
	int fd;
	size_t n;
	char buf[CAP];
};

static void wflush(struct writer *w)
{
	if (w->n > 0) {
		write(w->fd, w->buf, w->n);
		w->n = 0;
	}
}

static void put(struct writer *w, const char *p, size_t len)
{
	while (len > 0) {
		size_t k = CAP - w->n;
		if (k > len)
			k = len;
		memcpy(w->buf + w->n, p, k);
		w->n += k;
		p += k;
		len -= k;
		if (w->n == CAP)
			wflush(w);
	}
}

int main(void)
{
	static const char rec[40] = "record";
	struct writer *w = calloc(1, sizeof *w);
	if (!w)
		return 1;
	w->fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 2000; i++)
		put(w, rec, sizeof rec);
	close(w->fd);
	free(w);
	return 0;
}

// EXPECT: main/loop#1 executions=2000
// EXPECT: put/loop#1/branch#2/call#1 p2=80 p3=80000
// EXPECT-UNKNOWN: put/loop#1/branch#2/call#1 p2
