/*
 * retry.c - the EINTR retry loop real I/O code wraps its calls in: a
 * do-while whose condition tests what the body's call returned.
 *
 * The condition is first tested after the body ran once; write is assumed
 * to succeed (it returns the 512 bytes asked for), so `w < 0` is false and
 * the loop runs once per call of full_write: 50 writes of 512 bytes =
 * 25600 bytes, known.  Program: open + 50 + close = 52 calls.
 * A do-while whose test stays unknown after its first pass (`buf[k]` was
 * never written) is still a loop of unknown count: its first pass and the
 * assumed 100 more (101), noted on the loop.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static long full_write(int fd, const char *b, unsigned long n)
{
	long w;
	do {
		w = write(fd, b, n);
	} while (w < 0 && errno == EINTR);
	return w;
}

int main(void)
{
	char buf[512];
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 50; i++)
		full_write(fd, buf, sizeof buf);
	close(fd);
	int k = 0;
	do {
		k++;
	} while (buf[k] != 0 && buf[k] != '\n');
	return k > 1000;
}

// EXPECT: full_write/loop#1 executions=50
// EXPECT: full_write/loop#1/io#1 p2=50 p3=25600
// EXPECT-KNOWN: full_write/loop#1/io#1 p2 p3
// EXPECT: main p2=52 p3=25600
// EXPECT-KNOWN: main p2 p3
// EXPECT: main/loop#2 executions=101
