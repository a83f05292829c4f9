/*
 * mmapsum.c - held-out program: statistics over a file of doubles, read
 * two ways: mapped with mmap (one call; the data arrive by page faults the
 * I/O calls do not show) and scanned PASSES times, then read again with
 * pread in CHUNK-KiB pieces and scanned once; the result is written with
 * fprintf.
 *
 *   mmapsum gen DIR MIB             writes DIR/data.bin (setup, untraced)
 *   mmapsum run DIR PASSES CHUNK
 */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void gen(const char *dir, long mib)
{
	char path[512];
	snprintf(path, sizeof path, "%s/data.bin", dir);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		exit(1);
	static double buf[8192];
	unsigned s = 99;
	for (long b = 0; b < mib * 16; b++) {
		for (int i = 0; i < 8192; i++) {
			s = s * 1103515245u + 12345u;
			buf[i] = (s >> 8) / 65536.0;
		}
		if (write(fd, buf, sizeof buf) != (ssize_t)sizeof buf)
			exit(1);
	}
	fsync(fd);
	close(fd);
}

__attribute__((noinline)) double scan(const double *v, size_t n, double *m2)
{
	double s = 0, q = 0;
	for (size_t i = 0; i < n; i++) {
		s += v[i];
		q += sqrt(v[i]) * v[i];
	}
	*m2 += q;
	return s;
}

__attribute__((noinline)) double mapped_passes(const char *path, int passes)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0)
		exit(1);
	void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		exit(1);
	madvise(p, (size_t)st.st_size, MADV_SEQUENTIAL);
	double s = 0, m2 = 0;
	for (int k = 0; k < passes; k++)
		s += scan(p, (size_t)st.st_size / sizeof(double), &m2);
	munmap(p, (size_t)st.st_size);
	close(fd);
	return s + m2 * 1e-9;
}

__attribute__((noinline)) double pread_pass(const char *path, size_t chunk)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		exit(1);
	double *buf = malloc(chunk);
	if (!buf)
		exit(1);
	double s = 0, m2 = 0;
	off_t off = 0;
	ssize_t got;
	while ((got = pread(fd, buf, chunk, off)) > 0) {
		s += scan(buf, (size_t)got / sizeof(double), &m2);
		off += got;
	}
	free(buf);
	close(fd);
	return s + m2 * 1e-9;
}

__attribute__((noinline)) void write_result(const char *dir, double a, double b)
{
	char path[512];
	snprintf(path, sizeof path, "%s/result.txt", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		exit(1);
	fprintf(f, "mapped %.6f\nread %.6f\n", a, b);
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	if (strcmp(argv[1], "gen") == 0) {
		gen(argv[2], atol(argv[3]));
		return 0;
	}
	if (argc < 5)
		return 2;
	char path[512];
	snprintf(path, sizeof path, "%s/data.bin", argv[2]);
	double a = mapped_passes(path, atoi(argv[3]));
	double b = pread_pass(path, (size_t)atol(argv[4]) * 1024);
	write_result(argv[2], a, b);
	printf("%.3f %.3f\n", a, b);
	return 0;
}
