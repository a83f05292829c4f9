/*
 * stencil.c - 2-D heat equation (5-point Jacobi) with periodic checkpoints.
 *
 *   stencil run DIR NX NY STEPS EVERY SYNC LAYOUT
 *     NX, NY   grid size (doubles)
 *     STEPS    time steps (compute: 5 flops per cell and step)
 *     EVERY    checkpoint every EVERY steps (0 = never)
 *     SYNC     buf | sync (sync: fdatasync after each checkpoint)
 *     LAYOUT   whole = one fwrite of the grid per checkpoint into a stdio
 *                      stream of DIR/ckpt.bin (appended)
 *              rows  = one pwrite() per grid row into DIR/ckpt_rows.bin
 *                      (overwritten in place, small transfers when NX is small)
 * No setup is needed. A text log line per checkpoint goes to DIR/heat.log
 * and the final grid to DIR/final.bin.
 *
 * Phases: init_grid, jacobi_step (compute), residual (compute),
 * checkpoint_whole / checkpoint_rows (I/O), log_step (fprintf), write_final.
 * Configs move EVERY from rare to every step, grid size against step count,
 * buffered vs fdatasync, whole-grid vs per-row transfers.
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

__attribute__((noinline)) void init_grid(double *u, int nx, int ny)
{
	for (int j = 0; j < ny; j++)
		for (int i = 0; i < nx; i++)
			u[(long)j * nx + i] = (i == 0 || j == 0) ? 100.0 : sin(i * 0.01) * cos(j * 0.02);
}

__attribute__((noinline)) void jacobi_step(const double *u, double *v, int nx, int ny)
{
	for (int j = 1; j < ny - 1; j++)
		for (int i = 1; i < nx - 1; i++) {
			long k = (long)j * nx + i;
			v[k] = 0.25 * (u[k - 1] + u[k + 1] + u[k - nx] + u[k + nx]);
		}
}

__attribute__((noinline)) double residual(const double *u, const double *v, int nx, int ny)
{
	double r = 0;
	for (long k = 0; k < (long)nx * ny; k++)
		r += fabs(u[k] - v[k]);
	return r;
}

__attribute__((noinline)) void checkpoint_whole(FILE *f, const double *u, int nx, int ny, int step, int sync)
{
	if (fwrite(&step, sizeof step, 1, f) != 1 ||
	    fwrite(u, sizeof(double), (size_t)nx * ny, f) != (size_t)nx * ny)
		die("fwrite checkpoint");
	if (sync) {
		fflush(f);
		fdatasync(fileno(f));
	}
}

__attribute__((noinline)) void checkpoint_rows(int fd, const double *u, int nx, int ny, int sync)
{
	size_t row = (size_t)nx * sizeof(double);
	for (int j = 0; j < ny; j++)
		if (pwrite(fd, u + (long)j * nx, row, (off_t)j * (off_t)row) != (ssize_t)row)
			die("pwrite row");
	if (sync)
		fdatasync(fd);
}

__attribute__((noinline)) void log_step(FILE *log, int step, double res)
{
	fprintf(log, "step %d residual %.9e\n", step, res);
	fflush(log);
}

__attribute__((noinline)) void write_final(const char *dir, const double *u, int nx, int ny)
{
	char path[512];
	snprintf(path, sizeof path, "%s/final.bin", dir);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(u, sizeof(double), (size_t)nx * ny, f) != (size_t)nx * ny)
		die(path);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc < 9) {
		fprintf(stderr, "usage: stencil run DIR NX NY STEPS EVERY buf|sync whole|rows\n");
		return 2;
	}
	int nx = atoi(argv[3]), ny = atoi(argv[4]), steps = atoi(argv[5]), every = atoi(argv[6]);
	int sync = argv[7][0] == 's', rows = argv[8][0] == 'r';
	double *u = malloc((size_t)nx * ny * sizeof(double)), *v = malloc((size_t)nx * ny * sizeof(double));
	double res = 0;
	if (!u || !v)
		die("malloc");
	init_grid(u, nx, ny);
	init_grid(v, nx, ny);
	snprintf(path, sizeof path, "%s/heat.log", argv[2]);
	FILE *log = fopen(path, "w");
	snprintf(path, sizeof path, "%s/%s", argv[2], rows ? "ckpt_rows.bin" : "ckpt.bin");
	FILE *ck = rows ? NULL : fopen(path, "wb");
	int fd = rows ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : -1;
	if (!log || (rows ? fd < 0 : ck == NULL))
		die(path);
	for (int s = 1; s <= steps; s++) {
		jacobi_step(u, v, nx, ny);
		double *t = u;
		u = v;
		v = t;
		if (every > 0 && s % every == 0) {
			res = residual(u, v, nx, ny);
			if (rows)
				checkpoint_rows(fd, u, nx, ny, sync);
			else
				checkpoint_whole(ck, u, nx, ny, s, sync);
			log_step(log, s, res);
		}
	}
	if (ck)
		fclose(ck);
	if (fd >= 0)
		close(fd);
	fclose(log);
	write_final(argv[2], u, nx, ny);
	printf("checksum residual=%.9e center=%.9e\n", res, u[(long)(ny / 2) * nx + nx / 2]);
	free(u);
	free(v);
	return 0;
}
