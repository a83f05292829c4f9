/*
 * nbodyckpt.c - held-out program: a compute-heavy all-pairs n-body
 * integration that checkpoints its state every K steps through stdio
 * (fwrite of the arrays, fflush, fsync of fileno, rename), and appends an
 * energy line with fprintf each step.
 *
 *   nbodyckpt run DIR N STEPS K
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct body {
	double x, y, z, vx, vy, vz, m;
};

__attribute__((noinline)) void step(struct body *b, long n, double dt)
{
	for (long i = 0; i < n; i++) {
		double ax = 0, ay = 0, az = 0;
		for (long j = 0; j < n; j++) {
			double dx = b[j].x - b[i].x, dy = b[j].y - b[i].y, dz = b[j].z - b[i].z;
			double r2 = dx * dx + dy * dy + dz * dz + 1e-3;
			double inv = b[j].m / (r2 * sqrt(r2));
			ax += dx * inv;
			ay += dy * inv;
			az += dz * inv;
		}
		b[i].vx += ax * dt;
		b[i].vy += ay * dt;
		b[i].vz += az * dt;
	}
	for (long i = 0; i < n; i++) {
		b[i].x += b[i].vx * dt;
		b[i].y += b[i].vy * dt;
		b[i].z += b[i].vz * dt;
	}
}

__attribute__((noinline)) double energy(const struct body *b, long n)
{
	double e = 0;
	for (long i = 0; i < n; i++)
		e += 0.5 * b[i].m * (b[i].vx * b[i].vx + b[i].vy * b[i].vy + b[i].vz * b[i].vz);
	return e;
}

__attribute__((noinline)) void checkpoint(const char *dir, const struct body *b, long n, int s)
{
	char tmp[512], fin[512];
	snprintf(tmp, sizeof tmp, "%s/state.tmp", dir);
	snprintf(fin, sizeof fin, "%s/state.ckpt", dir);
	FILE *f = fopen(tmp, "wb");
	if (!f)
		exit(1);
	fwrite(&s, sizeof s, 1, f);
	fwrite(&n, sizeof n, 1, f);
	for (long i = 0; i < n; i++)
		fwrite(&b[i], sizeof b[i], 1, f);
	fflush(f);
	fsync(fileno(f));
	fclose(f);
	rename(tmp, fin);
}

int main(int argc, char **argv)
{
	if (argc < 6)
		return 2;
	long n = atol(argv[3]);
	int steps = atoi(argv[4]), k = atoi(argv[5]);
	struct body *b = malloc((size_t)n * sizeof *b);
	if (!b)
		return 1;
	unsigned s = 4242;
	for (long i = 0; i < n; i++) {
		s = s * 1103515245u + 12345u;
		b[i] = (struct body){(s % 1000) / 100.0, (s % 777) / 77.0, (s % 555) / 55.0, 0, 0, 0,
				     1.0 + (s % 10) / 10.0};
	}
	char path[512];
	snprintf(path, sizeof path, "%s/energy.log", argv[2]);
	FILE *log = fopen(path, "w");
	if (!log)
		return 1;
	for (int t = 1; t <= steps; t++) {
		step(b, n, 1e-4);
		fprintf(log, "%d %.9e\n", t, energy(b, n));
		if (t % k == 0)
			checkpoint(argv[2], b, n, t);
	}
	fclose(log);
	printf("%.6e\n", energy(b, n));
	free(b);
	return 0;
}
