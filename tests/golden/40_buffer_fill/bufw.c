/*
 * bufw.c - a writer that buffers records and writes the buffer when the
 * next record would not fit, as compressors and loggers do.
 *
 * First loop: 1000 records of 100 bytes into a 4096-byte buffer.  The
 * buffer's fill level `used` is a global that flush_out (a callee) resets,
 * so the loop carries state from one iteration to the next: it has 1000 <=
 * 1024 iterations and runs one by one, exactly.  `used + 100 > 4096` is
 * first true with used = 4000, after 40 records; it is true again every 40
 * records: at i = 40, 80, ..., 960: 24 flushes of 4000 bytes = 96000 bytes,
 * known.  After the loop used = 1000 x 100 - 24 x 4000 = 4000, so the flush
 * after it writes 4000 bytes, known.
 *
 * Second loop: 40000 records, too many to run one by one: walked once, the
 * fill test is estimated.  The flush runs once every
 * floor((4096 - 100) / 100) + 1 = 40 passes: 40000 / 40 = 1000 times (999 in
 * the run), each with the buffer full (used = 4000): 1000 x 4000 = 4000000
 * bytes, flagged as an estimate.  After that loop `used` is not known, so
 * the last flush writes --assume-bytes (4096).
 *
 * main: open, 24 + 1 writes, 1000 + 1 writes, close: 1028 calls.
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
	for (int i = 0; i < 40000; i++) {
		if (used + sizeof rec > sizeof buf)
			flush_out(fd);
		memcpy(buf + used, rec, sizeof rec);
		used += sizeof rec;
	}
	flush_out(fd);
	close(fd);
	return 0;
}

// EXPECT: main/loop#1/branch#1 p2=24 p3=96000
// EXPECT-KNOWN: main/loop#1/branch#1 p2 p3
// EXPECT: main/loop#2/branch#1 p2=1000 p3=4000000
// EXPECT-UNKNOWN: main/loop#2/branch#1 p2 p3
// EXPECT: main p2=1028
