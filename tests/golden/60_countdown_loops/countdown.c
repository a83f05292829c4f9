/*
 * countdown.c - loops whose test decrements the counter: `for (i = n;
 * i-- > 0;)`, `while (k--)`, `while (--m > 0)`.  Each runs a known number
 * of times, and the body sees the counter after the decrement.
 *
 * - loop#1: i is tested at 7, 6, ..., 1 (true) and 0 (false): 7 iterations,
 *   the body sees i = 6 .. 0, so `i == 0` holds once: 7 writes of 2 B and 1
 *   of 4 B = 8 calls, 18 B.
 * - loop#2: k (unsigned) is tested at 5 .. 1 and 0: 5 writes of 1 B.
 * - loop#3: m is 3, 2, 1 when tested after the decrement, then 0: 3 writes
 *   of 2 B = 6 B.
 * main: open, 8 + 5 + 3 writes, close = 18 calls, 18 + 5 + 6 = 29 B.
 */
#include <fcntl.h>
#include <unistd.h>

// EXPECT: main p2=18 p3=29
// EXPECT: main/loop#1 p2=8 p3=18
// EXPECT: main/loop#2 p2=5 p3=5
// EXPECT: main/loop#3 p2=3 p3=6
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	int fd = open("countdown.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int n = 7;
	for (int i = n; i-- > 0;) {
		write(fd, "ab", 2);
		if (i == 0)
			write(fd, "last", 4);
	}
	unsigned k = 5;
	while (k--)
		write(fd, "c", 1);
	int m = 4;
	while (--m > 0)
		write(fd, "dd", 2);
	close(fd);
	return 0;
}
