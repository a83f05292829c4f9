/*
 * trace_bench.c - an I/O-heavy program for bench/trace_overhead.sh: writes
 * a file in fixed-size blocks (POSIX write, or stdio fwrite with -s), syncs
 * it, drops it from the page cache and reads it back, with a checksum so the
 * reads are not optimized away.
 *
 * usage: trace_bench FILE MIB BLOCK_BYTES [-s] [-c]
 *   -s  stdio (fwrite/fread) instead of POSIX write/read
 *   -c  cached: no fsync and no page-cache drop, so the I/O runs at memory
 *       speed (the worst case for the recorder's relative cost)
 *   -d  direct: POSIX with O_DIRECT (block sizes must be multiples of 4096),
 *       so every call goes to the device and none to the page cache
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int cached, direct;

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void write_posix(const char *path, long total, size_t bs, char *buf)
{
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY | (direct ? O_DIRECT : 0), 0644);
	if (fd < 0)
		die(path);
	for (long done = 0; done < total; done += (long)bs)
		if (write(fd, buf, bs) != (ssize_t)bs)
			die("write");
	if (!cached) {
		if (fsync(fd) != 0)
			die("fsync");
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	}
	close(fd);
}

static unsigned long read_posix(const char *path, size_t bs, char *buf)
{
	int fd = open(path, O_RDONLY | (direct ? O_DIRECT : 0));
	if (fd < 0)
		die(path);
	unsigned long sum = 0;
	ssize_t n;
	while ((n = read(fd, buf, bs)) > 0)
		sum += (unsigned char)buf[n - 1];
	close(fd);
	return sum;
}

static void write_stdio(const char *path, long total, size_t bs, char *buf)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		die(path);
	for (long done = 0; done < total; done += (long)bs)
		if (fwrite(buf, 1, bs, f) != bs)
			die("fwrite");
	if (fflush(f) != 0)
		die("fflush");
	if (!cached) {
		if (fsync(fileno(f)) != 0)
			die("fsync");
		posix_fadvise(fileno(f), 0, 0, POSIX_FADV_DONTNEED);
	}
	fclose(f);
}

static unsigned long read_stdio(const char *path, size_t bs, char *buf)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		die(path);
	unsigned long sum = 0;
	size_t n;
	while ((n = fread(buf, 1, bs, f)) > 0)
		sum += (unsigned char)buf[n - 1];
	fclose(f);
	return sum;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: %s FILE MIB BLOCK_BYTES [-s] [-c] [-d]\n", argv[0]);
		return 2;
	}
	long total = atol(argv[2]) << 20;
	size_t bs = (size_t)atol(argv[3]);
	int use_stdio = 0;
	for (int i = 4; i < argc; i++) {
		use_stdio |= !strcmp(argv[i], "-s");
		cached |= !strcmp(argv[i], "-c");
		direct |= !strcmp(argv[i], "-d");
	}
	char *buf = NULL;
	if (bs == 0 || posix_memalign((void **)&buf, 4096, bs) != 0)
		die("malloc");
	for (size_t i = 0; i < bs; i++)
		buf[i] = (char)(i * 31);
	unsigned long sum;
	if (use_stdio) {
		write_stdio(argv[1], total, bs, buf);
		sum = read_stdio(argv[1], bs, buf);
	} else {
		write_posix(argv[1], total, bs, buf);
		sum = read_posix(argv[1], bs, buf);
	}
	printf("checksum %lu\n", sum);
	unlink(argv[1]);
	free(buf);
	return 0;
}
