/*
 * relaxckpt.c - held-out program: Gauss-Seidel relaxation of a 2-D grid,
 * checkpointing the grid every K sweeps (write of whole rows, fsync, then
 * rename over the previous checkpoint).
 *
 *   relaxckpt run DIR N SWEEPS K
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((noinline)) void sweep(double *g, long n)
{
	for (long i = 1; i < n - 1; i++)
		for (long j = 1; j < n - 1; j++)
			g[i * n + j] = 0.25 * (g[(i - 1) * n + j] + g[(i + 1) * n + j] + g[i * n + j - 1] +
					       g[i * n + j + 1]);
}

__attribute__((noinline)) void save_grid(const char *dir, const double *g, long n)
{
	char tmp[512], fin[512];
	snprintf(tmp, sizeof tmp, "%s/grid.tmp", dir);
	snprintf(fin, sizeof fin, "%s/grid.ckpt", dir);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		exit(1);
	for (long i = 0; i < n; i++)
		if (write(fd, g + i * n, (size_t)n * sizeof *g) < 0)
			exit(1);
	fsync(fd);
	close(fd);
	rename(tmp, fin);
}

int main(int argc, char **argv)
{
	if (argc < 6)
		return 2;
	long n = atol(argv[3]);
	int sweeps = atoi(argv[4]), k = atoi(argv[5]);
	double *g = calloc((size_t)(n * n), sizeof *g);
	if (!g)
		return 1;
	for (long j = 0; j < n; j++)
		g[j] = 1.0;
	for (int s = 1; s <= sweeps; s++) {
		sweep(g, n);
		if (s % k == 0)
			save_grid(argv[2], g, n);
	}
	printf("%g\n", g[(n / 2) * n + n / 2]);
	free(g);
	return 0;
}
