/*
 * bufw.c - a writer that buffers records and writes the buffer when the
 * next record would not fit, as compressors and loggers do.
 *
 * 1000 records of 100 bytes into a 4096-byte buffer: `used + 100 > 4096`
 * is first true with used = 4000, after 40 records, so the flush inside
 * the loop runs once every 40 passes: 1000 / 40 = 25 times (24 in the run
 * itself - the 25th is the final flush after the loop - as the estimate
 * counts every pass alike).  Then the final flush: 26 writes in all.
 * Inside the arm the buffer is full: used = 4000, so the flushes in the
 * loop write 25 x 4000 = 100000 bytes.  The branch is flagged: an
 * estimate, not an exact count.  After the loop `used` is not known, so
 * the final flush writes --assume-bytes (4096).
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static char buf[4096];
static size_t used;

static void flush_out(int fd)
{
	write(fd, buf, used);
	used = 0;
}

int main(void)
{
	int fd = open("bw.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	char rec[100];
	memset(rec, 1, sizeof rec);
	for (int i = 0; i < 1000; i++) {
		if (used + sizeof rec > sizeof buf)
			flush_out(fd);
		memcpy(buf + used, rec, sizeof rec);
		used += sizeof rec;
	}
	flush_out(fd);
	close(fd);
	return 0;
}

// EXPECT: main/loop#1/branch#1 p2=25 p3=100000
// EXPECT-UNKNOWN: main/loop#1/branch#1 p2 p3
// EXPECT: main p2=28
