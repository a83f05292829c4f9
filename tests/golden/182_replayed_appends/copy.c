/* A write-all helper called once per record, then the file read back to
 * its end (habit 18_write_all): the helper's second and later calls are
 * replayed from the summary of its first, and a replayed write that
 * appended to a file of known size appends again, so the file's size
 * stays known: 7 x 50000 = 350000 bytes, read back in 8192-byte reads.
 *
 * main/loop#2: 43 reads that find data and the one that finds the end:
 * 44 reads, 350000 B (before: a replay made the size unknown, the
 * `for (;;)` loop ran 1024 iterations, each read returning its full count,
 * and 100 more were assumed: 1124 reads).
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static int write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int main(void)
{
	static char block[50000];
	char *data = block;
	size_t len = sizeof block;
	char buf[8192];
	long total = 0;
	int out = open("out.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (out < 0)
		return 1;
	for (int r = 0; r < 7; r++)
		write_all(out, data, len);
	close(out);
	int in = open("out.bin", O_RDONLY);
	if (in < 0)
		return 1;
	for (;;) {
		ssize_t n = read(in, buf, sizeof buf);
		if (n <= 0)
			break;
		total += n;
	}
	close(in);
	return total == 350000 ? 0 : 1;
}

// EXPECT: main/loop#2 p2=44 p3=350000
// EXPECT-KNOWN: main/loop#2 p2 p3
