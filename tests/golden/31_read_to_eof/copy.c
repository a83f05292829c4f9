/*
 * copy.c - loops that read a file to its end, as cat, gzip and bzip2 do.
 * in.txt (shipped beside this file) is 12345 bytes; the analysis runs
 * where it lies, so its size now stands for its size at run time.
 *
 * The reads of such a loop move the file's bytes, 12345 in all, whatever
 * they ask for (the last ones get less, the very last nothing):
 * - read(fd, buf, 4096) until it returns 0: ceil(12345 / 4096) = 4
 *   iterations; the condition's read runs 4 + 1 = 5 times: 12345 bytes.
 *   Each of the 4 reads that return data returns 12345 / 4 = 3086.25 on
 *   average, which the 4 writes write: 12345 bytes;
 * - fread(buf, 1, 5000, f) in a for (;;) whose first statement reads:
 *   ceil(12345 / 5000) = 3 iterations, and a fourth fread that returns 0
 *   and leaves: 4 freads, 12345 bytes;
 * - getc until EOF: 12345 iterations, 12346 getc calls: 12345 bytes;
 * - fgets(line, 64, f) until NULL: one call per line, as no line is longer
 *   than 63 bytes: the file has 224 newlines and a last line without one,
 *   225 lines, 225 iterations, 226 calls, 12345 bytes;
 * - getline until -1: the same 225 iterations, 226 calls, 12345 bytes.
 */
// VIDYA: --args "in.txt"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
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
	rewind(f);
	char line[64];
	while (fgets(line, sizeof line, f))
		lines--;
	rewind(f);
	char *l = NULL;
	size_t cap = 0;
	while (getline(&l, &cap, f) != -1)
		lines++;
	free(l);
	fclose(f);
	return (int)(lines & 1);
}

// EXPECT: main/loop#1 p1=4 p2=9 p3=24690
// EXPECT: main/loop#1/io#1 p2=5 p3=12345
// EXPECT: main/loop#1/io#2 p2=4 p3=12345
// EXPECT-KNOWN: main/loop#1 p1 p2
// EXPECT-KNOWN: main/loop#1/io#1 p3
// EXPECT: main/loop#2 p1=3 p2=4 p3=12345
// EXPECT: main/loop#3 p1=12345 p2=12346 p3=12345
// EXPECT: main/loop#4 p1=225 p2=226 p3=12345
// EXPECT-KNOWN: main/loop#4 p1 p2 p3
// EXPECT: main/loop#5 p1=225 p2=226 p3=12345
// EXPECT-KNOWN: main/loop#5 p1 p2 p3
