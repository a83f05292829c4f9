/*
 * matrixio.c - out-of-core blocked matrix-vector multiply y = A^REPS x.
 * A (N x N doubles, row-major) stays in DIR/matrix.bin; it is read tile by
 * tile (T x T) with one pread() per tile row, in a scrambled tile order, so
 * the offsets jump around the file (T*8-byte transfers, random-ish).
 *
 *   matrixio gen DIR N                         setup: DIR/matrix.bin, fsync'ed
 *   matrixio run DIR N T ORDER CACHE REPS FLOPS
 *     N       matrix order (must match gen)
 *     T       tile size: transfer size is T*8 bytes (64 -> 512 B, 512 -> 4 KiB)
 *     ORDER   seq | rand: tiles row by row, or in a permuted order
 *     CACHE   warm | cold (cold: posix_fadvise DONTNEED on matrix.bin before
 *             every sweep, so every sweep reads from the device)
 *     REPS    sweeps over the matrix (y <- A y, normalized)
 *     FLOPS   extra multiply-adds per matrix element, e.g. a kernel
 *             evaluation per entry (compute per byte)
 *
 * Phases: gen_matrix (setup), tile_order (compute permutation), read_tile
 * (pread loop), tile_matvec (compute), normalize, write_vector (fwrite).
 * Configs vary tile size (small vs 4 KiB transfers), order, cache state and
 * compute per element.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

__attribute__((noinline)) void gen_matrix(const char *path, long n)
{
	double *row = malloc((size_t)n * sizeof(double));
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (!row || fd < 0)
		die(path);
	for (long i = 0; i < n; i++) {
		for (long j = 0; j < n; j++)
			row[j] = (double)((i * 31 + j * 17) % 101) / 101.0 + (i == j ? 2.0 : 0.0);
		if (write(fd, row, (size_t)n * sizeof(double)) != (ssize_t)(n * sizeof(double)))
			die("write row");
	}
	fsync(fd);
	close(fd);
	free(row);
}

__attribute__((noinline)) void tile_order(long *order, long ntiles, int scramble)
{
	for (long t = 0; t < ntiles; t++)
		order[t] = t;
	unsigned long s = 4242;
	for (long t = ntiles - 1; scramble && t > 0; t--) {
		s = s * 6364136223846793005UL + 1442695040888963407UL;
		long k = (long)((s >> 33) % (unsigned long)(t + 1)), x = order[t];
		order[t] = order[k];
		order[k] = x;
	}
}

__attribute__((noinline)) void read_tile(int fd, double *tile, long n, long t, long bi, long bj)
{
	for (long r = 0; r < t; r++) {
		off_t off = (off_t)(((bi * t + r) * n + bj * t) * (long)sizeof(double));
		if (pread(fd, tile + r * t, (size_t)t * sizeof(double), off) != (ssize_t)(t * sizeof(double)))
			die("pread tile");
	}
}

__attribute__((noinline)) void tile_matvec(const double *tile, long t, const double *x, double *y, int flops)
{
	for (long r = 0; r < t; r++) {
		double acc = 0;
		for (long c = 0; c < t; c++) {
			double a = tile[r * t + c];
			for (int f = 0; f < flops; f++)
				a = a * 0.999 + 0.0001 * x[c];
			acc += a * x[c];
		}
		y[r] += acc;
	}
}

__attribute__((noinline)) double normalize(double *y, double *x, long n)
{
	double s = 0;
	for (long i = 0; i < n; i++)
		s += y[i] * y[i];
	s = sqrt(s);
	for (long i = 0; i < n; i++) {
		x[i] = y[i] / s;
		y[i] = 0;
	}
	return s;
}

__attribute__((noinline)) void write_vector(const char *dir, const double *x, long n)
{
	char path[512];
	snprintf(path, sizeof path, "%s/vector.bin", dir);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(x, sizeof(double), (size_t)n, f) != (size_t)n)
		die(path);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc >= 4 && argv[1][0] == 'g') {
		snprintf(path, sizeof path, "%s/matrix.bin", argv[2]);
		gen_matrix(path, atol(argv[3]));
		return 0;
	}
	if (argc < 9) {
		fprintf(stderr, "usage: matrixio gen DIR N | matrixio run DIR N T seq|rand warm|cold REPS FLOPS\n");
		return 2;
	}
	long n = atol(argv[3]), t = atol(argv[4]), nb = n / t;
	int scramble = argv[5][0] == 'r', cold = argv[6][0] == 'c', reps = atoi(argv[7]), flops = atoi(argv[8]);
	double *x = malloc((size_t)n * sizeof(double)), *y = calloc((size_t)n, sizeof(double));
	double *tile = malloc((size_t)(t * t) * sizeof(double)), norm = 0;
	long *order = malloc((size_t)(nb * nb) * sizeof(long));
	if (!x || !y || !tile || !order || n % t)
		die("N must be a multiple of T");
	for (long i = 0; i < n; i++)
		x[i] = 1.0 / sqrt((double)n);
	tile_order(order, nb * nb, scramble);
	snprintf(path, sizeof path, "%s/matrix.bin", argv[2]);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		die(path);
	for (int rep = 0; rep < reps; rep++) {
		if (cold)
			posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		for (long k = 0; k < nb * nb; k++) {
			long bi = order[k] / nb, bj = order[k] % nb;
			read_tile(fd, tile, n, t, bi, bj);
			tile_matvec(tile, t, x + bj * t, y + bi * t, flops);
		}
		norm = normalize(y, x, n);
	}
	close(fd);
	write_vector(argv[2], x, n);
	printf("checksum norm=%.9f x0=%.9f\n", norm, x[0]);
	free(x);
	free(y);
	free(tile);
	free(order);
	return 0;
}
