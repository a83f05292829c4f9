/* Globals the program only counts up by constants (`nflush++`, `units +=
 * 10`) are event counters: where the walk no longer knows them (changed
 * in a loop walked once, under the buffer-fill rule's share) they hold
 * their start plus the expected executions of their increments, and a
 * printf of them is sized from that.
 *
 * 2000 appends of 64 B (a loop too long to run iteration by iteration)
 * into a 4096-byte buffer flushed when `used + n > CAP`: the fill rule
 * takes the flush once per floor((4096 - 64) / 64) + 1 = 64 appends, 2000
 * / 64 = 31.25 flushes, + 1 final flush = 32.25, so nflush prints as "32"
 * (the run: 31 full buffers + the last part = 32): "32 flushes\n" is 11 B.
 * units: 2000 x 10 = 20000, "20000 units\n" 12 B.  The two printfs: 23 B,
 * flagged (estimated).  (Before: 4 digits assumed each, 13 + 11 = 24 B.)
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define CAP 4096
static char wbuf[CAP];
static size_t used;
static int fd = -1;
static long nflush;
static long units;

static void flush_buf(void)
{
	if (used == 0)
		return;
	write(fd, wbuf, used);
	used = 0;
	nflush++;
}

static void append(const char *p, size_t n)
{
	if (used + n > CAP)
		flush_buf();
	memcpy(wbuf + used, p, n);
	used += n;
	units += 10;
}

static void report(void)
{
	printf("%ld flushes\n", nflush);
	printf("%ld units\n", units);
}

int main(void)
{
	static const char rec[64] = "rec";
	fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 2000; i++)
		append(rec, sizeof rec);
	flush_buf();
	close(fd);
	report();
	return 0;
}

// EXPECT: report p2=2 p3=23
// EXPECT-UNKNOWN: report p3
