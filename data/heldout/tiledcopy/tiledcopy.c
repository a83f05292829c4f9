/*
 * tiledcopy.c - held-out program: an out-of-core transpose of an N x N
 * matrix of doubles stored row-major in DIR/in.bin, tile by tile: each
 * tile row is one small pread, the tile is transposed in memory (with
 * optional smoothing work), and written back with one pwrite per row.
 *
 *   tiledcopy gen DIR N              setup: DIR/in.bin
 *   tiledcopy run DIR N TILE WORK
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((noinline)) void gen_matrix(const char *path, long n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	double *row = malloc((size_t)n * sizeof *row);
	if (fd < 0 || !row)
		exit(1);
	for (long i = 0; i < n; i++) {
		for (long j = 0; j < n; j++)
			row[j] = (double)(i * n + j);
		if (write(fd, row, (size_t)n * sizeof *row) < 0)
			exit(1);
	}
	free(row);
	close(fd);
}

__attribute__((noinline)) void load_tile(int fd, double *t, long n, long ti, long tj, long b)
{
	for (long r = 0; r < b; r++)
		if (pread(fd, t + r * b, (size_t)b * sizeof *t, (off_t)(((ti + r) * n + tj) * (long)sizeof *t)) < 0)
			exit(1);
}

__attribute__((noinline)) void flip_tile(const double *t, double *o, long b, int work)
{
	for (long r = 0; r < b; r++)
		for (long c = 0; c < b; c++)
			o[c * b + r] = t[r * b + c];
	for (int w = 0; w < work; w++)
		for (long k = 1; k < b * b - 1; k++)
			o[k] = 0.25 * o[k - 1] + 0.5 * o[k] + 0.25 * o[k + 1];
}

__attribute__((noinline)) void store_tile(int fd, const double *o, long n, long ti, long tj, long b)
{
	for (long r = 0; r < b; r++)
		if (pwrite(fd, o + r * b, (size_t)b * sizeof *o, (off_t)(((tj + r) * n + ti) * (long)sizeof *o)) < 0)
			exit(1);
}

int main(int argc, char **argv)
{
	char in[512], out[512];
	if (argc < 4)
		return 2;
	snprintf(in, sizeof in, "%s/in.bin", argv[2]);
	long n = atol(argv[3]);
	if (argv[1][0] == 'g') {
		gen_matrix(in, n);
		return 0;
	}
	long b = atol(argv[4]);
	int work = atoi(argv[5]);
	snprintf(out, sizeof out, "%s/out.bin", argv[2]);
	int fi = open(in, O_RDONLY), fo = open(out, O_RDWR | O_CREAT | O_TRUNC, 0644);
	double *t = malloc((size_t)(b * b) * sizeof *t), *o = malloc((size_t)(b * b) * sizeof *o);
	if (fi < 0 || fo < 0 || !t || !o)
		return 1;
	for (long ti = 0; ti < n; ti += b)
		for (long tj = 0; tj < n; tj += b) {
			load_tile(fi, t, n, ti, tj, b);
			flip_tile(t, o, b, work);
			store_tile(fo, o, n, ti, tj, b);
		}
	close(fi);
	close(fo);
	free(t);
	free(o);
	printf("done\n");
	return 0;
}
