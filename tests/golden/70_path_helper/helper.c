/*
 * helper.c - a path built by a helper that fills the caller's buffer
 * through its pointer parameter (`make_path(path, sizeof path, i)` calls
 * snprintf(buf, n, "q%d.dat", i)): the caller's array holds the text, so
 * its open names a known file, read to its end.
 *
 * q0.dat is 100 bytes and q1.dat 40 (beside this file); reads of 64:
 * q0: 2 with data + 1 = 3 reads; q1: 1 + 1 = 2 reads; 140 bytes.
 * main: 2 opens + 5 reads + 2 closes = 9 calls, 140 bytes.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static void make_path(char *buf, size_t n, int i)
{
	snprintf(buf, n, "q%d.dat", i);
}

// EXPECT: main p2=9 p3=140
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	char path[256], buf[64];
	for (int i = 0; i < 2; i++) {
		make_path(path, sizeof path, i);
		int fd = open(path, O_RDONLY);
		while (read(fd, buf, sizeof buf) > 0)
			;
		close(fd);
	}
	return 0;
}
