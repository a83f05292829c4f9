/*
 * main.c - heat2d driver: heat2d NX NY STEPS INTERVAL
 *
 * Runs STEPS Jacobi sweeps on an NX x NY grid, checkpointing every INTERVAL
 * steps.  The time loop is split into an outer checkpoint loop and an inner
 * step loop (rather than `if (step % interval == 0)` inside one loop) so
 * that the number of checkpoints, STEPS / INTERVAL, is a plain trip count.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ckpt.h"

int main(int argc, char **argv)
{
	double *u, *tmp, res = 0.0;
	FILE *log;
	int nx, ny, steps, interval, nckpt, c, s, step = 0;

	if (argc < 5) {
		fprintf(stderr, "usage: %s NX NY STEPS INTERVAL\n", argv[0]);
		return 1;
	}
	nx = atoi(argv[1]);
	ny = atoi(argv[2]);
	steps = atoi(argv[3]);
	interval = atoi(argv[4]);
	if (nx < 3 || ny < 3 || steps < 0 || interval < 1) {
		fprintf(stderr, "heat2d: need NX, NY >= 3, STEPS >= 0, INTERVAL >= 1\n");
		return 1;
	}

	u = grid_alloc(nx, ny);
	tmp = grid_alloc(nx, ny);
	if (u == NULL || tmp == NULL) {
		fprintf(stderr, "heat2d: out of memory\n");
		return 1;
	}
	grid_init(u, nx, ny);
	log = log_open("heat2d.log", nx, ny, steps, interval);

	nckpt = steps / interval;
	for (c = 0; c < nckpt; c++) {
		for (s = 0; s < interval; s++) {
			res = stencil_step(u, tmp, nx, ny);
			log_step(log, ++step, res);
		}
		write_checkpoint(u, nx, ny, step, c);
	}
	for (s = 0; s < steps % interval; s++) {
		res = stencil_step(u, tmp, nx, ny);
		log_step(log, ++step, res);
	}

	write_result(u, nx, ny, "result.dat");
	log_close(log);
	printf("heat2d: %d steps, %d checkpoints, final residual %.3e\n", step, nckpt, res);
	free(tmp);
	free(u);
	return 0;
}
