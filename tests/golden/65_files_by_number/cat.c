/*
 * cat.c - a loop over files named by number (snprintf "p%d.dat"), each
 * read to its end: the loop opens a file per iteration, so it runs
 * iteration by iteration and each read loop sees its own file.
 *
 * p0.dat, p1.dat, p2.dat (beside this file) are 10, 25 and 7 bytes; reads
 * of 4 bytes:
 * - p0: ceil(10 / 4) = 3 reads with data and a last one that returns 0:
 *   4 reads, 3 writes; p1: 7 + 1 = 8 reads, 7 writes; p2: 2 + 1 = 3
 *   reads, 2 writes;
 * - 15 reads and 12 writes, 42 bytes each.
 * main: 4 opens + 15 reads + 12 writes + 4 closes = 35 calls, 84 bytes.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

// EXPECT: main p2=35 p3=84
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	char path[64], buf[4];
	ssize_t n;
	int out = open("all.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "p%d.dat", i);
		int fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		while ((n = read(fd, buf, sizeof buf)) > 0)
			write(out, buf, (size_t)n);
		close(fd);
	}
	close(out);
	return 0;
}
