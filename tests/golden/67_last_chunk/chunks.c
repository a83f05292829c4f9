/*
 * chunks.c - a buffer written in chunks of 256 bytes whose last chunk is
 * shorter: `n = total - off < 256 ? total - off : 256`.  The condition
 * depends on the loop counter only, so each iteration's n is known: 256,
 * 256, 256 and 1000 - 768 = 232, 250 on average over the 4 iterations.
 *
 * - 4 writes, 1000 bytes;
 * main: open + 4 writes + close = 6 calls, 1000 bytes.
 */
#include <fcntl.h>
#include <unistd.h>

static char buf[1000];

// EXPECT: main p2=6 p3=1000
// EXPECT: main/loop#1/io#1 p2=4 p3=1000
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	long total = sizeof buf;
	int fd = open("chunks.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (long off = 0; off < total; off += 256) {
		long n = total - off < 256 ? total - off : 256;
		write(fd, buf + off, (size_t)n);
	}
	close(fd);
	return 0;
}
