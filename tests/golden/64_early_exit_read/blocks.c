/*
 * blocks.c - a counted loop that may leave early (`if (r < 0) return 1;`
 * after each read) writes what each read returned.  The early exit makes
 * the loop's count an upper bound, but not the bytes of one read: each
 * read of 512 bytes returns 512 (a read is assumed to succeed, and
 * data.bin does not exist at analysis time, so nothing says it is short),
 * and the write writes those 512.
 *
 * - 64 reads of 512 bytes: 32768 bytes; 64 writes of 512: 32768 bytes;
 * main: 2 opens + 64 reads + 64 writes + 2 closes = 132 calls, 65536 bytes.
 */
#include <fcntl.h>
#include <unistd.h>

// EXPECT: main p2=132 p3=65536
// EXPECT: main/loop#1/io#2 p2=64 p3=32768
int main(void)
{
	char buf[512];
	int fd = open("data.bin", O_RDONLY);
	int out = open("blocks.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (long i = 0; i < 64; i++) {
		ssize_t r = read(fd, buf, sizeof buf);
		if (r < 0)
			return 1;
		write(out, buf, (size_t)r);
	}
	close(fd);
	close(out);
	return 0;
}
