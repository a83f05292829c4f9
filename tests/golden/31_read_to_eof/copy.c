/*
 * copy.c - loops that read a file to its end, as cat, gzip and bzip2 do.
 * in.txt (shipped beside this file) is 12345 bytes; the analysis runs
 * where it lies, so its size now stands for its size at run time.
 *
 * - read(fd, buf, 4096) until it returns 0: ceil(12345 / 4096) = 4
 *   iterations; the condition's read runs 4 + 1 = 5 times (the last one
 *   returns 0), each of 4096 bytes asked: 20480 bytes; 4 writes of 4096
 *   asked (the bytes asked, not those moved) = 16384;
 * - fread(buf, 1, 5000, f) in a for (;;) whose first statement reads:
 *   ceil(12345 / 5000) = 3 iterations, 3 freads of 5000 = 15000 bytes;
 * - getc until EOF: 12345 iterations, 12346 getc calls of 1 byte.
 */
// VIDYA: --args "in.txt"
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[5000];
	ssize_t n;
	int fd = open(argv[1], O_RDONLY);
	int out = open("out.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	while ((n = read(fd, buf, 4096)) > 0)
		write(out, buf, n);
	close(fd);
	close(out);

	FILE *f = fopen(argv[1], "rb");
	for (;;) {
		size_t got = fread(buf, 1, 5000, f);
		if (got == 0)
			break;
	}
	rewind(f);
	long lines = 0;
	int ch;
	while ((ch = getc(f)) != EOF)
		lines += ch == '\n';
	fclose(f);
	return (int)(lines & 1);
}

// EXPECT: main/loop#1 p1=4 p2=9 p3=36864
// EXPECT: main/loop#1/io#1 p2=5 p3=20480
// EXPECT: main/loop#1/io#2 p2=4 p3=16384
// EXPECT-KNOWN: main/loop#1 p1 p2
// EXPECT: main/loop#2 p1=3 p2=3 p3=15000
// EXPECT: main/loop#3 p1=12345 p2=12346 p3=12346
