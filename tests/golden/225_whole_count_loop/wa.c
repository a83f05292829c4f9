/* A loop that writes a whole count with a write that may come back short
 * (xz's io_write_buf): the call asks for what is left and the body steps
 * the count by what moved.  Calls are assumed to succeed in full: the loop
 * runs once per call of its helper, also when the count is unknown (put's
 * n is not known without --args: 4096 B assumed) - not the 100 iterations
 * of a loop of unknown count (before: 1000 writes).  The same loop with
 * `pos < size` and `size - pos` (put_at), with a count known, runs once.
 *
 * put/loop#1/io#1: 10 writes of 4096 (assumed) = 40960 B, flagged.
 * put_at/loop#1/io#1: 10 writes of 8192 = 81920 B.
 * main: 2 opens + 20 writes + 2 closes = 24 calls, 122880 B.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static int put(int fd, const char *buf, size_t size)
{
	while (size > 0) {
		const ssize_t amount = write(fd, buf, size);
		if (amount == -1)
			return -1;
		buf += (size_t)amount;
		size -= (size_t)amount;
	}
	return 0;
}

static int put_at(int fd, const char *buf, size_t size)
{
	size_t pos = 0;
	while (pos < size) {
		ssize_t amount;
		amount = write(fd, buf + pos, size - pos);
		if (amount == -1)
			return -1;
		pos += (size_t)amount;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static char b[8192];
	size_t n = argc > 1 ? (size_t)atol(argv[1]) : 100;
	int out = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int log = open("log.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 10; i++) {
		put(out, b, n);
		put_at(log, b, sizeof b);
	}
	close(log);
	close(out);
	return 0;
}

// EXPECT: put/loop#1 executions=10
// EXPECT: put/loop#1/io#1 p2=10 p3=40960
// EXPECT-UNKNOWN: put/loop#1/io#1 p3
// EXPECT: put_at/loop#1/io#1 p2=10 p3=81920
// EXPECT: main p2=24 p3=122880
// EXPECT-KNOWN: main p2
