/*
 * smallwrite.c - a loop of small write() records: NREC text records of
 * 20-30 bytes, one write() each, into OUTPUT.
 *
 *   smallwrite OUTPUT NREC
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: smallwrite OUTPUT NREC\n");
		return 2;
	}
	long nrec = atol(argv[2]);
	int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	char rec[128];
	for (long i = 0; i < nrec; i++) {
		int n = snprintf(rec, sizeof rec, "%ld,%ld,%.4f\n", i, i * 31 % 977, (double)i / 3.0);
		if (write(fd, rec, (size_t)n) != n) {
			perror("write");
			return 1;
		}
	}
	if (close(fd) != 0) {
		perror("close");
		return 1;
	}
	return 0;
}
