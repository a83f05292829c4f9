/*
 * closefds.c - a program that closes every descriptor above 2 (as daemons
 * and careful tools do), then opens its input on 3 and its output on 4 and
 * copies one into the other through those numbers, computing between
 * blocks so that samples are taken meanwhile.  First it prints which
 * descriptors from 3 to 63 are open at start.  The recorder must not use
 * the low descriptors a program counts on: the same output traced and
 * untraced, "copied 65536 bytes" and an output file equal to the input
 * (checked by the test), exit 0.
 */
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile double sink;

static void work(void)
{
	double s = 0;
	for (int i = 0; i < 2000000; i++)
		s += i * 0.5;
	sink = s;
}

int main(void)
{
	char buf[4096];
	printf("open at start:");
	for (int i = 3; i < 64; i++)
		if (fcntl(i, F_GETFD) >= 0)
			printf(" %d", i);
	printf("\n");
	int fd = open("in.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 2;
	for (int i = 0; i < 16; i++) {
		memset(buf, 'a' + i, sizeof buf);
		if (write(fd, buf, sizeof buf) != (ssize_t)sizeof buf)
			return 2;
	}
	close(fd);
	long max = sysconf(_SC_OPEN_MAX);
	for (long i = 3; i < (max > 0 && max < 65536 ? max : 65536); i++)
		close((int)i);
	/* a while in system calls, as a program waiting for its input does:
	 * samples are taken there */
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		sched_yield();
		clock_gettime(CLOCK_MONOTONIC, &t1);
	} while ((t1.tv_sec - t0.tv_sec) * 1000000000L + (t1.tv_nsec - t0.tv_nsec) < 300000000L);
	int in = open("in.dat", O_RDONLY);
	int out = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (in != 3 || out != 4) {
		fprintf(stderr, "descriptors %d and %d, expected 3 and 4\n", in, out);
		return 1;
	}
	long total = 0;
	for (;;) {
		work();
		ssize_t n = read(3, buf, sizeof buf);
		if (n < 0) {
			perror("read");
			return 1;
		}
		if (n == 0)
			break;
		work();
		if (write(4, buf, (size_t)n) != n) {
			perror("write");
			return 1;
		}
		total += n;
	}
	if (close(3) != 0 || close(4) != 0) {
		perror("close");
		return 1;
	}
	printf("copied %ld bytes\n", total);
	return 0;
}
