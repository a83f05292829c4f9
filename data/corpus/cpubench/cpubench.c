/*
 * cpubench.c - CPU benchmark kernels (dense matmul, n-body) with a small
 * result file and optional periodic dumps of the state.
 *
 *   cpubench run DIR KERNEL N REPS DUMPEVERY SYNC
 *     KERNEL     matmul: C = A*B on N x N doubles, A <- C / norm, REPS times
 *                nbody:  N bodies, REPS leapfrog steps (all pairs)
 *     DUMPEVERY  0 = no dumps; k > 0 = dump the state every k reps
 *                (matmul: the whole matrix with write(); nbody: one fprintf
 *                line per body)
 *     SYNC       buf | sync (sync: fsync after each dump)
 * No setup is needed. Outputs: DIR/result.txt (always) and DIR/dump.bin or
 * DIR/traj.txt when dumping.
 *
 * Phases: init_matrices / init_bodies, matmul / nbody_step (compute),
 * dump_matrix / dump_bodies (I/O), write_result (small fprintf output).
 * Configs: pure compute (no dumps) for both kernels, then dumps every rep,
 * buffered or fsync'ed, with small N so the dumps dominate.
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

__attribute__((noinline)) void init_matrices(double *a, double *b, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			a[i * n + j] = (double)((i * 7 + j * 3) % 11) / 11.0;
			b[i * n + j] = (double)((i * 5 + j) % 13) / 13.0 - 0.5;
		}
}

__attribute__((noinline)) void matmul(const double *a, const double *b, double *c, int n)
{
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			c[i * n + j] = 0;
		for (int k = 0; k < n; k++) {
			double aik = a[i * n + k];
			for (int j = 0; j < n; j++)
				c[i * n + j] += aik * b[k * n + j];
		}
	}
}

__attribute__((noinline)) double normalize(const double *c, double *a, int n)
{
	double norm = 0;
	for (long i = 0; i < (long)n * n; i++)
		norm += c[i] * c[i];
	norm = sqrt(norm) + 1e-300;
	for (long i = 0; i < (long)n * n; i++)
		a[i] = c[i] / norm * n;
	return norm;
}

__attribute__((noinline)) void dump_matrix(int fd, const double *c, int n, int sync)
{
	for (int i = 0; i < n; i += 16) { /* 16 rows per write */
		int rows = n - i < 16 ? n - i : 16;
		size_t bytes = (size_t)rows * (size_t)n * sizeof(double);
		if (write(fd, c + (long)i * n, bytes) != (ssize_t)bytes)
			die("write dump");
	}
	if (sync)
		fsync(fd);
}

__attribute__((noinline)) void init_bodies(double *p, double *v, double *m, int n)
{
	for (int i = 0; i < n; i++) {
		for (int d = 0; d < 3; d++) {
			p[3 * i + d] = sin(i * 1.3 + d) * 10.0;
			v[3 * i + d] = cos(i * 0.7 + d) * 0.1;
		}
		m[i] = 1.0 + (i % 5) * 0.2;
	}
}

__attribute__((noinline)) void nbody_step(double *p, double *v, const double *m, int n, double dt)
{
	for (int i = 0; i < n; i++) {
		double ax = 0, ay = 0, az = 0;
		for (int j = 0; j < n; j++) {
			double dx = p[3 * j] - p[3 * i], dy = p[3 * j + 1] - p[3 * i + 1], dz = p[3 * j + 2] - p[3 * i + 2];
			double r2 = dx * dx + dy * dy + dz * dz + 0.01;
			double inv = m[j] / (r2 * sqrt(r2));
			ax += dx * inv;
			ay += dy * inv;
			az += dz * inv;
		}
		v[3 * i] += ax * dt;
		v[3 * i + 1] += ay * dt;
		v[3 * i + 2] += az * dt;
	}
	for (int i = 0; i < 3 * n; i++)
		p[i] += v[i] * dt;
}

__attribute__((noinline)) void dump_bodies(FILE *f, const double *p, int n, int step, int sync)
{
	for (int i = 0; i < n; i++)
		fprintf(f, "%d %d %.6f %.6f %.6f\n", step, i, p[3 * i], p[3 * i + 1], p[3 * i + 2]);
	if (sync) {
		fflush(f);
		fsync(fileno(f));
	}
}

__attribute__((noinline)) void write_result(const char *dir, const char *kernel, int n, int reps, double val)
{
	char path[512];
	snprintf(path, sizeof path, "%s/result.txt", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		die(path);
	fprintf(f, "kernel %s n %d reps %d value %.9e\n", kernel, n, reps, val);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc < 8) {
		fprintf(stderr, "usage: cpubench run DIR matmul|nbody N REPS DUMPEVERY buf|sync\n");
		return 2;
	}
	int nbody = argv[3][0] == 'n', n = atoi(argv[4]), reps = atoi(argv[5]), every = atoi(argv[6]);
	int sync = argv[7][0] == 's';
	double val = 0;
	if (!nbody) {
		double *a = malloc((size_t)n * n * sizeof(double)), *b = malloc((size_t)n * n * sizeof(double));
		double *c = malloc((size_t)n * n * sizeof(double));
		snprintf(path, sizeof path, "%s/dump.bin", argv[2]);
		int fd = every > 0 ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : -1;
		if (!a || !b || !c || (every > 0 && fd < 0))
			die("setup");
		init_matrices(a, b, n);
		for (int r = 0; r < reps; r++) {
			matmul(a, b, c, n);
			val = normalize(c, a, n);
			if (every > 0 && (r + 1) % every == 0)
				dump_matrix(fd, c, n, sync);
		}
		if (fd >= 0)
			close(fd);
		free(a);
		free(b);
		free(c);
	} else {
		double *p = malloc((size_t)n * 3 * sizeof(double)), *v = malloc((size_t)n * 3 * sizeof(double));
		double *m = malloc((size_t)n * sizeof(double));
		snprintf(path, sizeof path, "%s/traj.txt", argv[2]);
		FILE *f = every > 0 ? fopen(path, "w") : NULL;
		if (!p || !v || !m || (every > 0 && !f))
			die("setup");
		init_bodies(p, v, m, n);
		for (int r = 0; r < reps; r++) {
			nbody_step(p, v, m, n, 0.001);
			if (every > 0 && (r + 1) % every == 0)
				dump_bodies(f, p, n, r, sync);
		}
		if (f)
			fclose(f);
		val = p[0] + p[1] + p[2];
		free(p);
		free(v);
		free(m);
	}
	write_result(argv[2], argv[3], n, reps, val);
	printf("checksum value=%.9e\n", val);
	return 0;
}
