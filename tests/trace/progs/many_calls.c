/*
 * many_calls.c - many small calls, so the recorder's per-thread log grows
 * past several 4 MiB chunks (records never cross a chunk; the reader must
 * step over the padding at each chunk's end).
 *
 * usage: many_calls N [r]
 *   many.dat: 1 open, N pwrite of 16 bytes at i * 16, 1 fsync, 1 close;
 *   with r the pwrites go from the last offset down to 0, so that no call
 *   is the one its predecessor predicts (each takes a record of its own,
 *   not a few bytes of a batch: the log's size grows with N by about 24
 *   bytes a call instead of 4).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	int rev = argc > 2 && argv[2][0] == 'r';
	char rec[16] = "0123456789abcdef";
	int fd = open("many.dat", O_CREAT | O_TRUNC | O_WRONLY, 0644);
	if (fd < 0)
		return 1;
	for (long i = 0; i < n; i++)
		if (pwrite(fd, rec, sizeof rec, (off_t)((rev ? n - 1 - i : i) * 16)) !=
		    (ssize_t)sizeof rec)
			return 1;
	if (fsync(fd) != 0 || close(fd) != 0)
		return 1;
	printf("many_calls: %ld records\n", n);
	return 0;
}
