/*
 * iorbench.c - IOR-like POSIX write/read benchmark on one shared file.
 *
 *   iorbench run DIR SEGMENTS BLOCK XFER SYNC CACHE WORK
 *     SEGMENTS  blocks written one after another (IOR's -s)
 *     BLOCK     bytes per block (IOR's -b)
 *     XFER      bytes per write()/read() call (IOR's -t): 4 KiB .. 1 MiB
 *     SYNC      buf   = plain buffered write()
 *               fsync = fsync() after every block (IOR's -e)
 *               osync = file opened with O_SYNC, every transfer is durable
 *     CACHE     warm | cold (cold: posix_fadvise DONTNEED before the read phase)
 *     WORK      rounds of arithmetic per 8-byte word when filling and checking
 *               the buffers (compute per byte; 0 = pure I/O)
 * No setup is needed: the write phase creates DIR/ior.dat, the read phase
 * reads it back, and the file is removed at the end.
 *
 * Phases: fill_buffer (compute), write_phase (I/O, optionally durable),
 * read_phase (I/O), check_buffer (compute), report (fprintf).
 * Configs vary transfer size, durability, cache state and compute per byte.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

__attribute__((noinline)) void fill_buffer(uint64_t *buf, long words, long seg, int work)
{
	for (long i = 0; i < words; i++) {
		uint64_t x = (uint64_t)(seg * words + i) * 0x9E3779B97F4A7C15ULL;
		for (int r = 0; r < work; r++)
			x = (x ^ (x >> 31)) * 0xBF58476D1CE4E5B9ULL;
		buf[i] = x;
	}
}

__attribute__((noinline)) uint64_t check_buffer(const uint64_t *buf, long words, int work)
{
	uint64_t acc = 0;
	for (long i = 0; i < words; i++) {
		uint64_t x = buf[i];
		for (int r = 0; r < work; r++)
			x = (x ^ (x >> 29)) * 0x94D049BB133111EBULL;
		acc += x ^ (uint64_t)i;
	}
	return acc;
}

__attribute__((noinline)) double write_phase(const char *path, int segments, long block, long xfer, int mode,
					     int work, uint64_t *buf)
{
	int flags = O_WRONLY | O_CREAT | O_TRUNC | (mode == 2 ? O_SYNC : 0);
	int fd = open(path, flags, 0644);
	double t0 = now();
	if (fd < 0)
		die(path);
	for (int s = 0; s < segments; s++) {
		fill_buffer(buf, block / 8, s, work);
		for (long off = 0; off < block; off += xfer)
			if (pwrite(fd, (char *)buf + off, (size_t)xfer, (off_t)s * block + off) != (ssize_t)xfer)
				die("pwrite");
		if (mode == 1)
			fsync(fd);
	}
	close(fd);
	return now() - t0;
}

__attribute__((noinline)) double read_phase(const char *path, int segments, long block, long xfer, int cold,
					    int work, uint64_t *buf, uint64_t *sum)
{
	int fd = open(path, O_RDONLY);
	double t0 = now();
	if (fd < 0)
		die(path);
	if (cold) {
		fdatasync(fd); /* dirty pages cannot be dropped */
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	}
	for (int s = 0; s < segments; s++) {
		for (long off = 0; off < block; off += xfer)
			if (pread(fd, (char *)buf + off, (size_t)xfer, (off_t)s * block + off) != (ssize_t)xfer)
				die("pread");
		*sum += check_buffer(buf, block / 8, work);
	}
	close(fd);
	return now() - t0;
}

__attribute__((noinline)) void report(const char *dir, int segments, long block, long xfer, double tw, double tr)
{
	char path[512];
	double mib = (double)segments * (double)block / 1048576.0;
	snprintf(path, sizeof path, "%s/ior.txt", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		die(path);
	fprintf(f, "segments %d block %ld xfer %ld\n", segments, block, xfer);
	fprintf(f, "write %.2f MiB/s\nread %.2f MiB/s\n", mib / tw, mib / tr);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc < 9) {
		fprintf(stderr, "usage: iorbench run DIR SEGMENTS BLOCK XFER buf|fsync|osync warm|cold WORK\n");
		return 2;
	}
	int segments = atoi(argv[3]), work = atoi(argv[8]);
	long block = atol(argv[4]), xfer = atol(argv[5]);
	int mode = argv[6][0] == 'f' ? 1 : argv[6][0] == 'o' ? 2 : 0, cold = argv[7][0] == 'c';
	uint64_t sum = 0, *buf = malloc((size_t)block);
	if (!buf || block % xfer || block % 8)
		die("BLOCK must be a multiple of XFER and 8");
	snprintf(path, sizeof path, "%s/ior.dat", argv[2]);
	double tw = write_phase(path, segments, block, xfer, mode, work, buf);
	double tr = read_phase(path, segments, block, xfer, cold, work, buf, &sum);
	report(argv[2], segments, block, xfer, tw, tr);
	unlink(path);
	printf("checksum sum=%016llx\n", (unsigned long long)sum);
	free(buf);
	return 0;
}
