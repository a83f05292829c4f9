/*
 * skip.c - `continue` in loops walked once for all their iterations.
 *
 * --args "1000": n = 1000.
 * - Loop 1: every 4th iteration (i % 4 == 0: i = 0, 4, ..., 996, 250 of
 *   them) continues; the write after it runs for the other 750, 8 bytes
 *   each: 6000 bytes.  The condition is on the counter, so this is exact.
 * - Loop 2: the same skip, then a callee's write: 750 calls of 4 bytes
 *   (3000), also exact.
 * - Loop 3: the skip is in a do { } while (0) macro body: its continue
 *   leaves the macro's one-time loop, not the for loop, so all 1000
 *   iterations write (2 bytes each, 2000).
 * - Loop 4: an unconditional continue before the write: it never runs.
 * Program: open, 750 + 750 + 1000 writes, close = 2502 calls,
 * 6000 + 3000 + 2000 = 11000 bytes, nothing assumed.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#define SKIP_IF(x) do { if (x) continue; } while (0)

static int fd;

static void emit(void)
{
	write(fd, "emit", 4);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10;
	fd = open("skip.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 1;
	for (int i = 0; i < n; i++) {
		if (i % 4 == 0)
			continue;
		write(fd, "record\n\n", 8);
	}
	for (int i = 0; i < n; i++) {
		if (i % 4 == 0)
			continue;
		emit();
	}
	for (int i = 0; i < n; i++) {
		SKIP_IF(i % 4 == 0);
		write(fd, "m\n", 2);
	}
	for (int i = 0; i < n; i++) {
		continue;
		write(fd, "never", 5);
	}
	close(fd);
	return 0;
}

// VIDYA: --args "1000"
// EXPECT: main/loop#1 p1=1000 p2=750 p3=6000
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main/loop#2 p2=750 p3=3000
// EXPECT-KNOWN: main/loop#2 p2 p3
// EXPECT: main/loop#3 p2=1000 p3=2000
// EXPECT: main/loop#4 p2=0
// EXPECT: main p2=2502 p3=11000
// EXPECT-KNOWN: main p2 p3
