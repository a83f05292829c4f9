/*
 * clock.c - the recorder's timestamps against the program's own
 * CLOCK_MONOTONIC.  Writes 10 B to clk.dat 8 times, 30 ms apart (past the
 * recorder's 1 ms warm-up and its 100 ms anchor span), reading the clock
 * just before and just after each write; then 2000 writes of 1 B with the
 * clock read before the first and after the last.  stdout: one line per
 * timed write, "before after" in ns, then "burst before after".
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static long long now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(void)
{
	static long long b[8], a[8];
	int fd = open("clk.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 1;
	for (int i = 0; i < 8; i++) {
		struct timespec pause = { 0, 30000000 };
		nanosleep(&pause, NULL);
		b[i] = now();
		if (write(fd, "0123456789", 10) != 10)
			return 1;
		a[i] = now();
	}
	int fd2 = open("burst.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd2 < 0)
		return 1;
	long long bb = now();
	for (int i = 0; i < 2000; i++)
		if (write(fd2, "x", 1) != 1)
			return 1;
	long long ba = now();
	close(fd2);
	close(fd);
	for (int i = 0; i < 8; i++)
		printf("%lld %lld\n", b[i], a[i]);
	printf("burst %lld %lld\n", bb, ba);
	return 0;
}
