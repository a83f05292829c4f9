/* A write-all helper retries a short write (gzip's write_buf).  I/O calls
 * are assumed to succeed: write returns the count asked for, so the retry
 * loop's first test is false and its body runs 0 times; the write in the
 * condition runs once per call of the helper.
 *
 * write_buf: 6 calls, 6 writes of 8192 B = 49152 B.
 * write_buf/loop#1: 0 iterations, its condition's write counted: p2 = 6.
 * main: open + 6 writes + close = 8 calls.
 */
#include <fcntl.h>
#include <unistd.h>

static void write_buf(int fd, char *buf, unsigned cnt)
{
	unsigned n;
	while ((n = (unsigned)write(fd, buf, cnt)) != cnt) {
		if (n == (unsigned)-1)
			_exit(1);
		cnt -= n;
		buf += n;
	}
}

int main(void)
{
	static char b[8192];
	int fd = open("o.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 6; i++)
		write_buf(fd, b, 8192);
	close(fd);
	return 0;
}

// EXPECT: write_buf p2=6 p3=49152 executions=6
// EXPECT: write_buf/loop#1 executions=0 p2=6 p3=49152
// EXPECT: write_buf/loop#1/io#1 p2=6 p3=49152
// EXPECT-KNOWN: write_buf p2 p3
// EXPECT: main p2=8 p3=49152
