/*
 * reads.c - sequential reads cannot take more from a file than it holds.
 * in.dat (made by SETUP) is 10000 bytes.  The reads are made by helpers
 * (as gzip's fill_window reads through read_buf), so the loops around
 * them are not read-to-the-end loops: `while (helper(...) > 0)` has an
 * unknown trip count, assumed 100, and its condition - the helper's read -
 * runs once more than its body: 101 calls.
 *
 * seq(): open in.dat for reading, a 16-byte header read, then
 * `while (fill(fd, buf) > 0)` reading 500 bytes a call.  The header takes
 * 16 bytes; 101 reads x 500 = 50500 bytes would be more than the 9984
 * left, so the loop's reads count those that find data,
 * 9984 / 500 = 19.968, plus the one that finds the end: 20.968 calls,
 * 9984 bytes.  seq: open + 1 + 20.968 + close = 23.968 calls,
 * 16 + 9984 = 10000 bytes.  (Before: 101 loop reads, 50516 bytes.)
 *
 * posread(): preads at explicit offsets are not sequential (they may read
 * the same bytes again) and keep their count: 101 calls x 500 = 50500
 * bytes.  posread: open + 101 + close = 103 calls, 50500 bytes.
 *
 * The program: 23.968 + 103 = 126.968 calls, 60500 bytes.
 */
// SETUP: head -c 10000 /dev/zero > in.dat
#include <fcntl.h>
#include <unistd.h>

static int fill(int fd, char *buf)
{
	return (int)read(fd, buf, 500);
}

static int fill_at(int fd, char *buf, int i)
{
	return (int)pread(fd, buf, 500, (off_t)i * 500);
}

// EXPECT: seq p2=23.968 p3=10000
// EXPECT: seq/loop#1 p2=20.968 p3=9984
static void seq(void)
{
	char hdr[16], buf[500];
	int fd = open("in.dat", O_RDONLY);
	if (fd < 0)
		return;
	if (read(fd, hdr, sizeof hdr) != (ssize_t)sizeof hdr) {
		close(fd);
		return;
	}
	while (fill(fd, buf) > 0)
		;
	close(fd);
}

// EXPECT: posread p2=103 p3=50500
static void posread(void)
{
	char buf[500];
	int fd = open("in.dat", O_RDONLY);
	if (fd < 0)
		return;
	int i = 0;
	while (fill_at(fd, buf, i) > 0)
		i++;
	close(fd);
}

// EXPECT: program p2=126.968 p3=60500
int main(void)
{
	seq();
	posread();
	return 0;
}
