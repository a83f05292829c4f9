/*
 * checkpoint.c - a checkpoint loop: NREC records, each write() and then
 * fsync() so that every record is durable before the next step.
 *
 *   checkpoint OUTPUT NREC
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: checkpoint OUTPUT NREC\n");
		return 2;
	}
	long nrec = atol(argv[2]);
	int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	char rec[256];
	for (long i = 0; i < nrec; i++) {
		int n = snprintf(rec, sizeof rec, "checkpoint %ld state %ld\n", i, i * i % 10007);
		if (write(fd, rec, (size_t)n) != n || fsync(fd) != 0) {
			perror("write/fsync");
			return 1;
		}
	}
	if (close(fd) != 0) {
		perror("close");
		return 1;
	}
	return 0;
}
