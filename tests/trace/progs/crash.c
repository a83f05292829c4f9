/*
 * crash.c - dies half way through its I/O.
 *
 *     crash N K kill|abort
 *
 * Opens crash.dat and writes records of 4096 bytes with write(2), one per
 * step, for N steps, but right after the K-th write (K < N) it raises
 * SIGKILL ("kill": exit status 137 in the shell) or calls abort()
 * ("abort": SIGABRT, 134).  So exactly 1 open and K writes of 4096 bytes
 * (at offsets 0, 4096, ..., (K-1)*4096) happen; no close.
 * Nothing is printed.
 */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define REC 4096

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	long n = atol(argv[1]), k = atol(argv[2]);
	int use_abort = strcmp(argv[3], "abort") == 0;
	if (k < 1 || k >= n)
		return 2;
	static unsigned char buf[REC];
	int fd = open("crash.dat", O_CREAT | O_TRUNC | O_WRONLY, 0644);
	if (fd < 0)
		return 3;
	for (long i = 0; i < n; i++) {
		memset(buf, (int)(i & 0xff), REC);
		if (write(fd, buf, REC) != REC)
			return 4;
		if (i + 1 == k) {
			if (use_abort)
				abort();
			raise(SIGKILL);
		}
	}
	close(fd);
	return 0;
}
