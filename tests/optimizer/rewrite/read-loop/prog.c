/*
 * read-loop - reads a 16 MiB input in 1 MiB chunks with computation over
 * each chunk between the reads: prefetch turns the read in the loop into
 * vd_rt_read (read-ahead in the background).
 */
// OPTIMIZE: --rule prefetch --rules rules.txt
// SETUP: head -c 16777216 /dev/urandom > input.bin
// EXPECT: rewritten
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#define CHUNK (1 << 20)
#define NCHUNK 16

static unsigned char buf[CHUNK];

int main(void)
{
	unsigned long sum = 0;
	int c, i, r;
	int fd = open("input.bin", O_RDONLY);

	if (fd < 0)
		return 1;
	for (c = 0; c < NCHUNK; c++) {
		ssize_t n = read(fd, buf, CHUNK);

		if (n != CHUNK)
			return 2;
		for (r = 0; r < 8; r++)
			for (i = 0; i < CHUNK; i++)
				sum = sum * 31 + buf[i] + (unsigned long)r;
	}
	close(fd);
	printf("checksum %lu\n", sum);
	return 0;
}
