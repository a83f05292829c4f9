/*
 * chunk.c - a chunk size taken as the smaller of a "no limit" sentinel
 * (SIZE_MAX, an unsigned value) and the buffer's size, as xz does with
 * `my_min(block_remaining, IO_BUFFER_SIZE)`.
 *
 * - left = SIZE_MAX; `left < 2048` compares unsigned values: false, so
 *   n = 2048 (compared as signed, SIZE_MAX would be -1 and n would be it);
 * - 3 writes of n bytes to out.dat: 6144 bytes;
 * - `if (n > 8192)` is false (unsigned): its puts never runs.
 * main: 1 open + 3 writes + 1 close = 5 calls, 6144 bytes.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#define my_min(x, y) ((x) < (y) ? (x) : (y))

// EXPECT: main p2=5 p3=6144
// EXPECT: main/loop#1 p2=3 p3=6144
// EXPECT: main/branch#1/io#1 p2=0
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	static char buf[2048];
	uint64_t left = UINT64_MAX;
	size_t n = my_min(left, sizeof buf);
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 3; i++)
		write(fd, buf, n);
	if (n > 8192)
		puts("too big");
	close(fd);
	return 0;
}
