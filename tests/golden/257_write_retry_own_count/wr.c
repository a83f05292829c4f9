/*
 * wr.c - gzip's write_buf: `while ((n = write_buffer(fd, buf, cnt)) !=
 * cnt) { cnt -= n; buf += n; }` repeats a write until it moved the whole
 * count.  The count is unknown here (it comes from strlen of argv[0], no
 * --args), so the write returns an unknown and the test compares two
 * unknowns; but it compares the call's result with the count the call was
 * itself given (an argument of write_buffer, which hands it to write):
 * calls are assumed to succeed in full, so the first test is false and
 * the loop runs 0 times (before: trip count unknown, 100 iterations, 101
 * writes).
 *
 * The write's bytes are unknown (assumed 4096, flagged): write_buffer 1
 * call; main: open + write + close = 3 calls, known; its bytes unknown.
 */
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

static char window[32768];

// EXPECT: write_buffer p2=1
static int write_buffer(int fd, void *buf, unsigned int cnt)
{
	if (INT_MAX < cnt)
		cnt = INT_MAX;
	return (int)write(fd, buf, cnt);
}

// EXPECT: write_buf/loop#1 p2=1
// EXPECT: write_buf p2=1
static void write_buf(int fd, void *buf, unsigned cnt)
{
	unsigned n;
	while ((n = (unsigned)write_buffer(fd, buf, cnt)) != cnt) {
		cnt -= n;
		buf = (char *)buf + n;
	}
}

// EXPECT: program p2=3
// EXPECT-KNOWN: program p2
// EXPECT-UNKNOWN: program p3
int main(int argc, char **argv)
{
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 1;
	(void)argc;
	write_buf(fd, window, (unsigned)strlen(argv[0]) * 100u);
	close(fd);
	return 0;
}
