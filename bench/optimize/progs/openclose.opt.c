/*
 * openclose.c - open/close per iteration: a log that is opened (append),
 * written one record and closed in every iteration of the loop.
 *
 *   openclose OUTPUT NITER
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: openclose OUTPUT NITER\n");
		return 2;
	}
	long niter = atol(argv[2]);
	int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || close(fd) != 0) {
		perror(argv[1]);
		return 1;
	}
	char rec[128];
	fd = open(argv[1], O_WRONLY | O_APPEND);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	for (long i = 0; i < niter; i++) {
		int n = snprintf(rec, sizeof rec, "step %ld value %ld\n", i, i * 7919 % 1000);
		if (write(fd, rec, (size_t)n) != n) {
			perror("write");
			return 1;
		}
	}
	close(fd);
	return 0;
}
