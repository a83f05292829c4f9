/*
 * tinyio.c - compute-bound with tiny I/O: a Monte Carlo integration and a
 * Mandelbrot escape-time kernel that read a few parameters from a small
 * text file, print a progress line every R rounds to a log, and write a
 * one-line result.
 *
 *   tinyio gen DIR                        setup: DIR/params.txt
 *   tinyio run DIR ROUNDS SAMPLES EVERY
 *     ROUNDS   rounds of work
 *     SAMPLES  Monte Carlo samples (and Mandelbrot pixels / 16) per round
 *     EVERY    progress line every EVERY rounds (fprintf + fflush)
 *
 * Phases: read_params (fopen/fscanf/fclose), monte_carlo, mandel_rows,
 * log_progress (fprintf + fflush), write_result.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

__attribute__((noinline)) void read_params(const char *path, double *a, double *b)
{
	FILE *f = fopen(path, "r");
	if (!f)
		die(path);
	if (fscanf(f, "%lf %lf", a, b) != 2)
		*a = 0, *b = 1;
	fclose(f);
}

__attribute__((noinline)) double monte_carlo(long samples, unsigned *seed, double a, double b)
{
	double s = 0;
	for (long i = 0; i < samples; i++) {
		*seed = *seed * 1103515245u + 12345u;
		double x = a + (b - a) * (double)(*seed >> 8) / 16777216.0;
		s += exp(-x * x) * cos(x);
	}
	return s * (b - a) / (double)samples;
}

__attribute__((noinline)) long mandel_rows(long pixels)
{
	long total = 0;
	for (long p = 0; p < pixels; p++) {
		double cr = -2.0 + 2.5 * (double)(p % 256) / 256.0, ci = -1.25 + 2.5 * (double)(p / 256 % 256) / 256.0;
		double zr = 0, zi = 0;
		int k = 0;
		while (k < 64 && zr * zr + zi * zi < 4.0) {
			double t = zr * zr - zi * zi + cr;
			zi = 2 * zr * zi + ci;
			zr = t;
			k++;
		}
		total += k;
	}
	return total;
}

__attribute__((noinline)) void log_progress(FILE *log, int round, double v, long m)
{
	fprintf(log, "round %d value %.9f mandel %ld\n", round, v, m);
	fflush(log);
}

__attribute__((noinline)) void write_result(const char *dir, double v)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/result.txt", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		die(path);
	fprintf(f, "%.12f\n", v);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[4096];
	if (argc < 3) {
		fprintf(stderr, "usage: tinyio gen DIR | run DIR ROUNDS SAMPLES EVERY\n");
		return 2;
	}
	snprintf(path, sizeof path, "%s/params.txt", argv[2]);
	if (argv[1][0] == 'g') {
		FILE *f = fopen(path, "w");
		if (!f)
			die(path);
		fprintf(f, "0.0 2.0\n");
		fclose(f);
		return 0;
	}
	if (argc < 6) {
		fprintf(stderr, "usage: tinyio run DIR ROUNDS SAMPLES EVERY\n");
		return 2;
	}
	int rounds = atoi(argv[3]), every = atoi(argv[5]);
	long samples = atol(argv[4]);
	double a, b;
	read_params(path, &a, &b);
	snprintf(path, sizeof path, "%s/progress.log", argv[2]);
	FILE *log = fopen(path, "w");
	if (!log)
		die(path);
	unsigned seed = 42;
	double v = 0;
	long m = 0;
	for (int r = 1; r <= rounds; r++) {
		v += monte_carlo(samples, &seed, a, b);
		m += mandel_rows(samples / 16);
		if (r % every == 0)
			log_progress(log, r, v, m);
	}
	fclose(log);
	write_result(argv[2], v);
	printf("checksum %.9f %ld\n", v, m);
	return 0;
}
