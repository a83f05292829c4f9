/* A file's size taken by seeking to its end: ftell after fseek(f, 0,
 * SEEK_END), and lseek(fd, 0, SEEK_END) itself, return the size of in.dat
 * (5000 bytes at analysis time), so the read of the whole file that
 * follows moves 5000 bytes each (not --assume-bytes).
 *
 * main: fopen, fseek, ftell, rewind, fread, fclose, open, lseek, lseek,
 * read, close = 11 calls; fread 5000 + read 5000 = 10000 bytes, known.
 */
// SETUP: head -c 5000 /dev/zero > in.dat
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void)
{
	FILE *f = fopen("in.dat", "rb");
	if (!f)
		return 1;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *buf = malloc((size_t)n);
	if (!buf)
		return 1;
	fread(buf, 1, (size_t)n, f);
	fclose(f);
	int fd = open("in.dat", O_RDONLY);
	if (fd < 0)
		return 1;
	off_t sz = lseek(fd, 0, SEEK_END);
	lseek(fd, 0, SEEK_SET);
	char *b2 = malloc((size_t)sz);
	if (!b2)
		return 1;
	read(fd, b2, (size_t)sz);
	close(fd);
	free(buf);
	free(b2);
	return 0;
}

// EXPECT: main p2=11 p3=10000
// EXPECT-KNOWN: main p2 p3
