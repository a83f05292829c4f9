/*
 * ckpt.h - a 2-D heat-diffusion mini-app with checkpoint/restart-style
 * output, used as vidya's bundled example.
 *
 * The solver (stencil.c) advances a Jacobi iteration on an nx x ny grid;
 * every `interval` steps main.c writes a checkpoint (checkpoint.c: one POSIX
 * file per checkpoint, written row by row), every step it appends a line to
 * a text log flushed immediately (log.c), and at the end it writes the final
 * field with fwrite.  Its I/O is deliberately typical rather than optimal:
 * small row-sized writes and a flush per step are what vidya should point at.
 */
#ifndef CKPT_H
#define CKPT_H

#include <stddef.h>
#include <stdio.h>

/* stencil.c */
double *grid_alloc(int nx, int ny);
void grid_init(double *u, int nx, int ny);
double stencil_step(double *u, double *tmp, int nx, int ny);

/* checkpoint.c */
int write_checkpoint(const double *u, int nx, int ny, int step, int index);
int write_result(const double *u, int nx, int ny, const char *path);

/* log.c */
FILE *log_open(const char *path, int nx, int ny, int steps, int interval);
void log_step(FILE *log, int step, double residual);
void log_close(FILE *log);

#endif
