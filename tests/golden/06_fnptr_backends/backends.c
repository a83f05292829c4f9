/*
 * backends.c - I/O through function pointers, as plugin layers do it.
 *
 * struct ops has one implementation stored in its .write field, so o.write()
 * resolves to posix_write alone: a plain call.  struct backend's .xfer field
 * holds posix_xfer and mock_xfer, and the table index comes from the
 * environment, so backends[k].xfer() resolves to both: one of them runs,
 * each with half of the call's executions (expected values), as
 * conditional (P5).  mock_xfer does no I/O.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define HDR 64
#define CHUNK 4096
#define NCHUNK 8

static size_t mock_bytes;

static ssize_t posix_xfer(int fd, const void *buf, size_t n)
{
	return write(fd, buf, n);
}

static ssize_t mock_xfer(int fd, const void *buf, size_t n)
{
	(void)fd;
	(void)buf;
	mock_bytes += n;
	return (ssize_t)n;
}

static ssize_t posix_write(int fd, const void *buf, size_t n)
{
	return write(fd, buf, n);
}

struct backend {
	const char *name;
	ssize_t (*xfer)(int, const void *, size_t);
} backends[] = { { "posix", posix_xfer }, { "mock", mock_xfer } };

struct ops {
	ssize_t (*write)(int, const void *, size_t);
};
static struct ops o = { .write = posix_write };

int main(void)
{
	char hdr[HDR], buf[CHUNK];
	int k = getenv("VIDYA_GOLDEN_MOCK") != NULL;
	int fd, i;

	memset(hdr, 'h', sizeof hdr);
	memset(buf, 'b', sizeof buf);
	fd = open("backends.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	o.write(fd, hdr, sizeof hdr);
	for (i = 0; i < NCHUNK; i++)
		backends[k].xfer(fd, buf, CHUNK);
	close(fd);
	return 0;
}

/*
 * main/call#1 (o.write): 1 write of 64 bytes, unconditional.
 * main/loop#1/call#1 (backends[k].xfer): 8 calls, half of them to
 * posix_xfer: 4 writes of 4096 bytes = 16384, all conditional; mock_xfer
 * adds nothing.
 * Program: open + 1 + 4 + close = 7 calls, 64 + 16384 = 16448 bytes,
 * all of it to backends.dat.
 */
// EXPECT: main/call#1 p2=1 p3=64 p5=0 p6=1
// EXPECT: main/loop#1/call#1 p2=4 p3=16384 p5=4 p6=4 p13=4
// EXPECT: main/loop#1 p1=8 p2=4 p3=16384 p5=4
// EXPECT: posix_write p2=1 p3=64 p5=0
// EXPECT: posix_xfer p2=4 p3=16384 p5=4
// EXPECT: posix_xfer/io#1 p2=4 p3=16384
// EXPECT: mock_xfer p2=0 p3=0
// EXPECT: main p2=7 p3=16448 p5=4 p6=5 p13=5
// EXPECT: program p2=7 p3=16448 p4=7 p5=4 p8=16448 p9=1
// EXPECT-ROWS: kind='call' 2
