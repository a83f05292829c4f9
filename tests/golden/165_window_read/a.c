/*
 * a.c - a read of unknown length into an array of known size reads what
 * fits in it (gzip's fill_window reads `window_size - lookahead -
 * strstart` bytes to `window + strstart + lookahead`).  window[] is
 * defined in b.c with 65536 bytes; this file sees only `extern unsigned
 * char window[];`, so its size comes from the definition.  SETUP makes
 * in.dat of 983040 = 30 x 32768 bytes and in2.dat of 655360 = 10 x 65536.
 *
 * slide(): `while (fill(fd) > 0)` has an unknown trip count (100, its
 * condition's read 101 times).  The condition's first test runs with
 * `used` as the loop found it, 0: an unknown count to the window's start
 * reads the whole window, 65536 bytes.  Then `used` changes per iteration,
 * so it is unknown: fill() reads an unknown count to an unknown place in
 * the 65536-byte window, on average half the window, 32768 bytes.  100 x
 * 32768 is more than the 983040 - 65536 = 917504 bytes left, so the reads
 * count those that find data, 917504 / 32768 = 28, plus the one that finds
 * the end: 1 + 28 + 1 = 30 calls, 983040 bytes.  slide: open + 30 + close
 * = 32 calls.  (Before: 4096 bytes assumed per read, 241 reads.)
 *
 * whole(): get() reads an unknown count (argc is unknown without --args)
 * to the window's start: the whole window, 65536 bytes; 655360 / 65536 =
 * 10 calls with data plus 1: 11 calls, 655360 bytes; open + 11 + close =
 * 13 calls.
 *
 * main: 32 + 13 = 45 calls, 983040 + 655360 = 1638400 bytes, both resting
 * on the assumed trip counts and byte counts (flagged).
 */
// SETUP: head -c 983040 /dev/zero > in.dat
// SETUP: head -c 655360 /dev/zero > in2.dat
#include <fcntl.h>
#include <unistd.h>
#include "win.h"

static int fill(int fd)
{
	unsigned more = WSIZE - used;
	int n = (int)read(fd, window + used, more);
	if (n > 0)
		used = (used + (unsigned)n) % WSIZE;
	return n;
}

static int get(int fd, unsigned len)
{
	return (int)read(fd, window, len);
}

// EXPECT: slide p2=32 p3=983040
// EXPECT: slide/loop#1 p2=30 p3=983040
static void slide(void)
{
	int fd = open("in.dat", O_RDONLY);
	if (fd < 0)
		return;
	while (fill(fd) > 0)
		;
	close(fd);
}

// EXPECT: whole p2=13 p3=655360
static void whole(unsigned len)
{
	int fd = open("in2.dat", O_RDONLY);
	if (fd < 0)
		return;
	while (get(fd, len) > 0)
		;
	close(fd);
}

// EXPECT: main p2=45 p3=1638400
// EXPECT-UNKNOWN: main p2 p3
int main(int argc, char **argv)
{
	(void)argv;
	slide();
	whole((unsigned)argc * 512u);
	return 0;
}
