/* A loop that repeats a write until it moved its whole count, left by
 * `if (partial == nextent) break;` - netCDF's px_pgout - with calls
 * assumed to succeed in full: the write runs once per call of put and
 * the first test leaves.  n is unknown (no --args): 4096 B assumed.
 *
 * put/loop#1/io#1: 10 writes (before: 1010, the loop's count unknown,
 * 100 assumed after the first), 10 x 4096 = 40960 B, flagged (assumed
 * size).  main: open + 10 + close = 12 calls.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static int put(int fd, const char *vp, size_t extent)
{
	ssize_t partial;
	size_t nextent = extent;
	const char *nvp = vp;
	while ((partial = write(fd, nvp, nextent)) != -1) {
		if ((size_t)partial == nextent)
			break;
		nvp += partial;
		nextent -= (size_t)partial;
	}
	return partial == -1 ? -1 : 0;
}

int main(int argc, char **argv)
{
	static char buf[8192];
	size_t n = argc > 1 ? (size_t)atol(argv[1]) : 100;
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int i;
	for (i = 0; i < 10; i++)
		put(fd, buf, n);
	close(fd);
	return 0;
}

// EXPECT: put/loop#1/io#1 p2=10 p3=40960
// EXPECT-UNKNOWN: put/loop#1/io#1 p3
// EXPECT: main p2=12 p3=40960
// EXPECT-KNOWN: main p2
