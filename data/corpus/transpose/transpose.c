/*
 * transpose.c - out-of-core transpose of an N x N matrix of doubles kept in
 * a file: each B x B tile is read with B small strided preads (one per tile
 * row, B * 8 bytes each), transposed in memory (with optional work per
 * element) and written to the output file with B pwrites.
 *
 *   transpose gen DIR N                   setup: DIR/a.bin, N * N doubles, fsync'ed
 *   transpose run DIR N B CACHE WORK SYNC
 *     B      tile edge (elements): the size of every pread/pwrite is B * 8
 *     CACHE  warm | cold (cold: posix_fadvise DONTNEED on the input first)
 *     WORK   arithmetic rounds per element (a costlier kernel than a copy)
 *     SYNC   buf | sync (sync: fdatasync of the output after every tile row)
 *
 * Phases: gen_matrix (setup), read_tile (B preads), transpose_tile
 * (compute), write_tile (B pwrites), sync_out, checksum_out.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

__attribute__((noinline)) void gen_matrix(const char *path, int n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	double *row = malloc((size_t)n * sizeof *row);
	if (fd < 0 || !row)
		die(path);
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			row[j] = i * 0.5 + j;
		if (write(fd, row, (size_t)n * sizeof *row) != (ssize_t)((size_t)n * sizeof *row))
			die("write");
	}
	fsync(fd);
	close(fd);
	free(row);
}

__attribute__((noinline)) void read_tile(int fd, double *t, int n, int b, int ti, int tj)
{
	for (int r = 0; r < b; r++) {
		off_t off = ((off_t)(ti * b + r) * n + (off_t)tj * b) * (off_t)sizeof(double);
		if (pread(fd, t + (long)r * b, (size_t)b * sizeof(double), off) < 0)
			die("pread");
	}
}

__attribute__((noinline)) void transpose_tile(const double *t, double *u, int b, int work)
{
	for (int r = 0; r < b; r++)
		for (int c = 0; c < b; c++) {
			double x = t[(long)r * b + c];
			for (int w = 0; w < work; w++)
				x = x * 1.0000001 + 1e-9;
			u[(long)c * b + r] = x;
		}
}

__attribute__((noinline)) void write_tile(int fd, const double *u, int n, int b, int ti, int tj)
{
	for (int r = 0; r < b; r++) {
		off_t off = ((off_t)(tj * b + r) * n + (off_t)ti * b) * (off_t)sizeof(double);
		if (pwrite(fd, u + (long)r * b, (size_t)b * sizeof(double), off) < 0)
			die("pwrite");
	}
}

__attribute__((noinline)) double checksum_out(int fd, int n)
{
	double *row = malloc((size_t)n * sizeof *row), s = 0;
	if (!row)
		die("malloc");
	for (int i = 0; i < n; i++) {
		if (pread(fd, row, (size_t)n * sizeof *row, (off_t)i * n * (off_t)sizeof *row) < 0)
			die("pread");
		s += row[i];
	}
	free(row);
	return s;
}

int main(int argc, char **argv)
{
	char in[4096], out[4096];
	if (argc < 4) {
		fprintf(stderr, "usage: transpose gen DIR N | run DIR N B CACHE WORK SYNC\n");
		return 2;
	}
	snprintf(in, sizeof in, "%s/a.bin", argv[2]);
	snprintf(out, sizeof out, "%s/at.bin", argv[2]);
	int n = atoi(argv[3]);
	if (argv[1][0] == 'g') {
		gen_matrix(in, n);
		return 0;
	}
	if (argc < 8) {
		fprintf(stderr, "usage: transpose run DIR N B CACHE WORK SYNC\n");
		return 2;
	}
	int b = atoi(argv[4]), cold = argv[5][0] == 'c', work = atoi(argv[6]), sync = argv[7][0] == 's';
	int fi = open(in, O_RDONLY), fo = open(out, O_RDWR | O_CREAT | O_TRUNC, 0644);
	double *t = malloc((size_t)b * b * sizeof *t), *u = malloc((size_t)b * b * sizeof *u);
	if (fi < 0 || fo < 0 || !t || !u)
		die("open");
	if (cold)
		posix_fadvise(fi, 0, 0, POSIX_FADV_DONTNEED);
	int nt = n / b;
	for (int ti = 0; ti < nt; ti++) {
		for (int tj = 0; tj < nt; tj++) {
			read_tile(fi, t, n, b, ti, tj);
			transpose_tile(t, u, b, work);
			write_tile(fo, u, n, b, ti, tj);
		}
		if (sync)
			fdatasync(fo);
	}
	double s = checksum_out(fo, n);
	close(fi);
	close(fo);
	free(t);
	free(u);
	printf("checksum %.1f\n", s);
	return 0;
}
