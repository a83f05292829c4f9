/* Loops that move a whole count with a call that may come back short
 * (xz's io_write_buf and io_read): the call asks for what is left and the
 * body steps the count by what moved.  Calls are assumed to succeed in
 * full: the loop runs once per call of its helper, also when the count is
 * unknown (put's n is not known without --args: 4096 B assumed) - not the
 * 100 iterations of a loop of unknown count (before: 1000 writes).  The same loop with
 * `pos < size` and `size - pos` (put_at), with a count known, runs once.
 *
 * put/loop#1/io#1: 10 writes of 4096 (assumed) = 40960 B, flagged.
 * put_at/loop#1/io#1: 10 writes of 8192 = 81920 B.
 * get/loop#1/io#1: 10 reads of 8192 = 81920 B of in.dat (made by
 * SETUP, 81920 B): the loop asks for a bounded count, so it is not one
 * that reads the file to its end (main's binary: 11 reads, the file read
 * to its end in get's first call).
 * main: 3 opens + 20 writes + 10 reads + 3 closes = 36 calls, 204800 B.
 */
// SETUP: head -c 81920 /dev/zero > in.dat
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

static size_t get(int fd, char *buf, size_t size)
{
	size_t pos = 0;
	while (pos < size) {
		const ssize_t amount = read(fd, buf + pos, size - pos);
		if (amount == 0)
			break;
		if (amount == -1)
			return (size_t)-1;
		pos += (size_t)amount;
	}
	return pos;
}

int main(int argc, char **argv)
{
	static char b[8192];
	size_t n = argc > 1 ? (size_t)atol(argv[1]) : 100;
	int out = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int log = open("log.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int in = open("in.dat", O_RDONLY);
	for (int i = 0; i < 10; i++) {
		get(in, b, sizeof b);
		put(out, b, n);
		put_at(log, b, sizeof b);
	}
	close(in);
	close(log);
	close(out);
	return 0;
}

// EXPECT: put/loop#1 executions=10
// EXPECT: put/loop#1/io#1 p2=10 p3=40960
// EXPECT-UNKNOWN: put/loop#1/io#1 p3
// EXPECT: put_at/loop#1/io#1 p2=10 p3=81920
// EXPECT: get/loop#1/io#1 p2=10 p3=81920
// EXPECT: main p2=36 p3=204800
// EXPECT-KNOWN: main p2
