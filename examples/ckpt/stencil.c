/*
 * stencil.c - the compute part: a 5-point Jacobi sweep for the heat
 * equation with fixed (Dirichlet) boundaries.  No I/O here: in vidya's
 * report these blocks should come out compute-bound.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ckpt.h"

double *grid_alloc(int nx, int ny)
{
	return calloc((size_t)nx * ny, sizeof(double));
}

/* A hot stripe along the left edge, cold elsewhere. */
void grid_init(double *u, int nx, int ny)
{
	int i, j;

	for (j = 0; j < ny; j++)
		for (i = 0; i < nx; i++)
			u[(size_t)j * nx + i] = (i == 0) ? 100.0 : 0.0;
}

/* One sweep: tmp = average of the four neighbours of u, then copy back.
 * Returns the root-mean-square change (the residual the log records). */
double stencil_step(double *u, double *tmp, int nx, int ny)
{
	double diff, sum = 0.0;
	int i, j;

	memcpy(tmp, u, (size_t)nx * ny * sizeof(double));
	for (j = 1; j < ny - 1; j++) {
		for (i = 1; i < nx - 1; i++) {
			size_t k = (size_t)j * nx + i;
			tmp[k] = 0.25 * (u[k - 1] + u[k + 1] + u[k - nx] + u[k + nx]);
			diff = tmp[k] - u[k];
			sum += diff * diff;
		}
	}
	memcpy(u, tmp, (size_t)nx * ny * sizeof(double));
	return sqrt(sum / ((double)nx * ny));
}
