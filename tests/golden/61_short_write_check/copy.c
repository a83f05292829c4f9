/*
 * copy.c - a copy loop that checks each write against the bytes the read
 * returned (`if (w != n)`), as nearly every careful copy does.  in.txt
 * (shipped beside this file) is 1000 bytes.
 *
 * - read(fd, buf, 400) until it returns 0: ceil(1000 / 400) = 3 iterations
 *   with data and a 4th read that returns 0: 4 reads, 1000 bytes.  The 3
 *   that return data return 1000 / 3 = 333.33 bytes on average;
 * - write(out, buf, n) writes them: 3 writes, 1000 bytes, and succeeds, so
 *   it returns n: `w != n` is the error test, not taken, and the fprintf
 *   and the two closes on that path never run;
 * main: 2 opens + 4 reads + 3 writes + 2 closes = 11 calls, 2000 bytes.
 */
// VIDYA: --args "in.txt"
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

// EXPECT: main p2=11 p3=2000
// EXPECT: main/loop#1 p2=7 p3=2000
// EXPECT: main/loop#1/branch#2 p2=0 p3=0
int main(int argc, char **argv)
{
	char buf[400];
	int fd = open(argv[1], O_RDONLY);
	int out = open("copy.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (;;) {
		ssize_t n = read(fd, buf, sizeof buf);
		if (n == 0)
			break;
		ssize_t w = write(out, buf, n);
		if (w != n) {
			fprintf(stderr, "short write\n");
			close(fd);
			close(out);
			return 1;
		}
	}
	close(fd);
	close(out);
	return 0;
}
