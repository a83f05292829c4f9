/*
 * ckptsolver.c - an iterative solver (red-black Gauss-Seidel on a 1-D
 * Poisson problem) that checkpoints its state every K sweeps: the vector is
 * written with write() in CHUNK-byte pieces to a new file, which is fsync'ed
 * (or not), then renamed over the previous checkpoint; a small text status
 * line is appended to a log after each checkpoint.
 *
 *   ckptsolver run DIR N SWEEPS EVERY CHUNK SYNC
 *     N       unknowns (doubles)
 *     SWEEPS  solver sweeps (compute: ~6 flops per unknown and sweep)
 *     EVERY   checkpoint every EVERY sweeps
 *     CHUNK   bytes per write() of the checkpoint
 *     SYNC    none | fsync (fsync the checkpoint before the rename)
 * No setup is needed.
 *
 * Phases: sweep (compute), norm (compute), save_checkpoint (write loop,
 * fsync, rename), log_status (fopen/fprintf/fclose).
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

__attribute__((noinline)) void sweep(double *u, const double *f, long n)
{
	for (int color = 0; color < 2; color++)
		for (long i = 1 + color; i < n - 1; i += 2)
			u[i] = 0.5 * (u[i - 1] + u[i + 1] + f[i]);
}

__attribute__((noinline)) double norm(const double *u, long n)
{
	double s = 0;
	for (long i = 0; i < n; i++)
		s += u[i] * u[i];
	return sqrt(s);
}

__attribute__((noinline)) void save_checkpoint(const char *dir, const double *u, long n, long chunk,
					       int sync)
{
	char tmp[4096], dst[4096];
	snprintf(tmp, sizeof tmp, "%s/state.tmp", dir);
	snprintf(dst, sizeof dst, "%s/state.bin", dir);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die(tmp);
	const char *p = (const char *)u;
	long total = n * (long)sizeof *u;
	for (long off = 0; off < total; off += chunk) {
		long len = total - off < chunk ? total - off : chunk;
		if (write(fd, p + off, (size_t)len) != len)
			die("write");
	}
	if (sync)
		fsync(fd);
	close(fd);
	rename(tmp, dst);
}

__attribute__((noinline)) void log_status(const char *dir, int it, double r)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/solver.log", dir);
	FILE *f = fopen(path, "a");
	if (!f)
		die(path);
	fprintf(f, "sweep %d norm %.6e\n", it, r);
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc < 8) {
		fprintf(stderr, "usage: ckptsolver run DIR N SWEEPS EVERY CHUNK SYNC\n");
		return 2;
	}
	long n = atol(argv[3]);
	int sweeps = atoi(argv[4]), every = atoi(argv[5]);
	long chunk = atol(argv[6]);
	int sync = argv[7][0] == 'f';
	double *u = calloc((size_t)n, sizeof *u), *f = malloc((size_t)n * sizeof *f);
	if (!u || !f)
		die("malloc");
	for (long i = 0; i < n; i++)
		f[i] = sin((double)i * 1e-3) * 1e-4;
	double r = 0;
	for (int it = 1; it <= sweeps; it++) {
		sweep(u, f, n);
		if (it % every == 0) {
			r = norm(u, n);
			save_checkpoint(argv[2], u, n, chunk, sync);
			log_status(argv[2], it, r);
		}
	}
	printf("checksum %.6e\n", r);
	free(u);
	free(f);
	return 0;
}
