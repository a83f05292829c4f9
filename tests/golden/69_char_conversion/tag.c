/*
 * tag.c - `n = snprintf(line, .., "%c %c\n", a, b); write(out, line, n)`
 * where a and b come from a read, so their values are unknown: a %c
 * conversion prints one character whatever the value, so the line is
 * estimated at 4 bytes ("x x\n"), not at the 4 digits an unknown %d gets.
 *
 * main: open, read (2 bytes), close, open, write (4 bytes, estimated),
 * close = 6 calls, 6 bytes.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

// EXPECT: main p2=6 p3=6
// EXPECT: main/io#5 p3=4
int main(void)
{
	char b[2], line[32];
	int fd = open("in.bin", O_RDONLY);
	read(fd, b, sizeof b);
	close(fd);
	int n = snprintf(line, sizeof line, "%c %c\n", b[0], b[1]);
	int out = open("tag.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	write(out, line, (size_t)n);
	close(out);
	return 0;
}
