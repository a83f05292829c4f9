/* A counted loop that may leave early (`if (put_all(...) != 0) return
 * 1;`) and hands a helper a size that varies with the counter (`(k % 4 +
 * 1) * 1024`): run iteration by iteration (40 iterations, state passed by
 * pointer), each call of the write-all helper sees its own size, and its
 * `while (n > 0)` loop runs once (the write returns the count asked for).
 *
 * 40 writes; sizes 1024, 2048, 3072, 4096 ten times each: 10 * 10240 =
 * 102400 B.  Program: open + 40 writes + close = 42 calls, known.
 * (Before: the loop was walked once, the helper's size unknown and its
 * loop's count assumed 100: 4000 writes of an assumed 4096 B.)
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static int put_all(int fd, const char *b, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, b, n);
		if (w < 0)
			return -1;
		b += w;
		n -= (size_t)w;
	}
	return 0;
}

int main(void)
{
	char *buf = calloc(1, 4096);
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (!buf || fd < 0)
		return 1;
	for (int k = 0; k < 40; k++) {
		size_t sz = (size_t)(k % 4 + 1) * 1024;
		if (put_all(fd, buf, sz) != 0)
			return 1;
	}
	close(fd);
	free(buf);
	return 0;
}

// EXPECT: program p2=42 p3=102400
// EXPECT: put_all p2=40 p3=102400
// EXPECT-KNOWN: program p2 p3
