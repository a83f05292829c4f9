/*
 * readloop.c - a read loop with computation between reads (the paper's
 * Fig. 4 loop): INPUT is read in CHUNK-byte read()s, and WORK passes of a
 * hash run over each chunk before the next read; the running hash after
 * each chunk is the output.  With a fourth argument "nora" the kernel's own
 * read-ahead is turned off for the file (POSIX_FADV_RANDOM): a device or
 * file system that does not predict the next read.
 *
 *   readloop INPUT CHUNK WORK [nora] > hashes
 *
 * The benchmark drops INPUT from the page cache before each run
 * (vidya optimize --measure --drop-cache INPUT).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "vd_rt.h" /* vidya optimize: the runtime library */

static uint64_t compute(const unsigned char *b, size_t n, long work)
{
	uint64_t h = 1469598103934665603ull;
	for (long w = 0; w < work; w++)
		for (size_t i = 0; i < n; i += 8)
			h = (h ^ b[i]) * 1099511628211ull + (uint64_t)w;
	return h;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: readloop INPUT CHUNK WORK [nora]\n");
		return 2;
	}
	size_t chunk = (size_t)atol(argv[2]);
	long work = atol(argv[3]);
	int fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	if (argc > 4 && strcmp(argv[4], "nora") == 0)
		posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
	unsigned char *buf = malloc(chunk);
	uint64_t total = 0, h = 0;
	for (;;) {
		ssize_t r = vd_rt_read(fd, buf, chunk);
		if (r < 0) {
			perror("read");
			return 1;
		}
		if (r == 0)
			break;
		total += (uint64_t)r;
		h ^= compute(buf, (size_t)r, work);
		printf("%llu %016llx\n", (unsigned long long)total, (unsigned long long)h);
	}
	vd_rt_close(fd);
	free(buf);
	return 0;
}
