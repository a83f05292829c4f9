/*
 * kmeans.c - Lloyd's k-means over points stored in a binary file.
 *
 *   kmeans gen DIR N D                       setup: DIR/points.bin, N points of D floats, fsync'ed
 *   kmeans run DIR N D K ITERS CACHE CHUNK TEXT
 *     N, D    points and dimensions (must match gen)
 *     K       clusters;  ITERS  Lloyd iterations (compute knob, cost N*K*D*ITERS)
 *     CACHE   warm | cold (cold: posix_fadvise DONTNEED on points.bin first)
 *     CHUNK   points per fread() when loading (small = many stdio calls)
 *     TEXT    text | bin: assignments written one fprintf line per point, or
 *             as one fwrite of an int array
 *
 * Phases: read_points (fread loop), init_centroids, assign_points and
 * update_centroids (compute, per iteration), save_centroids (a small
 * per-iteration checkpoint written with fwrite + fflush), write_assignments.
 * Configs vary iterations and K (compute) against N (I/O), cold cache,
 * read chunk size and text vs binary output.
 */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

__attribute__((noinline)) void gen_points(const char *path, long n, int d)
{
	FILE *f = fopen(path, "wb");
	float row[256];
	unsigned s = 2024u;
	if (!f || d > 256)
		die(path);
	for (long i = 0; i < n; i++) {
		int c = (int)(i % 7); /* seven blobs */
		for (int j = 0; j < d; j++) {
			s = s * 1103515245u + 12345u;
			row[j] = (float)(c * 3 + j % 3) + (float)((s >> 8) % 1000) / 500.0f;
		}
		if (fwrite(row, sizeof(float), (size_t)d, f) != (size_t)d)
			die("fwrite");
	}
	fflush(f);
	fsync(fileno(f));
	fclose(f);
}

__attribute__((noinline)) float *read_points(const char *path, long n, int d, int cold, long chunk)
{
	float *pts = malloc((size_t)n * (size_t)d * sizeof(float));
	FILE *f = fopen(path, "rb");
	if (!pts || !f)
		die(path);
	if (cold)
		posix_fadvise(fileno(f), 0, 0, POSIX_FADV_DONTNEED);
	for (long i = 0; i < n; i += chunk) {
		long m = n - i < chunk ? n - i : chunk;
		if (fread(pts + i * d, sizeof(float) * (size_t)d, (size_t)m, f) != (size_t)m)
			die("fread points");
	}
	fclose(f);
	return pts;
}

__attribute__((noinline)) void init_centroids(const float *pts, long n, int d, int k, double *cent)
{
	for (int c = 0; c < k; c++)
		for (int j = 0; j < d; j++)
			cent[c * d + j] = pts[(n / k) * c * d + j];
}

__attribute__((noinline)) double assign_points(const float *pts, long n, int d, int k, const double *cent,
					       int *asg)
{
	double inertia = 0;
	for (long i = 0; i < n; i++) {
		double best = DBL_MAX;
		int bc = 0;
		for (int c = 0; c < k; c++) {
			double dist = 0;
			for (int j = 0; j < d; j++) {
				double t = pts[i * d + j] - cent[c * d + j];
				dist += t * t;
			}
			if (dist < best) {
				best = dist;
				bc = c;
			}
		}
		asg[i] = bc;
		inertia += best;
	}
	return inertia;
}

__attribute__((noinline)) void update_centroids(const float *pts, long n, int d, int k, const int *asg,
						double *cent)
{
	long *cnt = calloc((size_t)k, sizeof(long));
	double *sum = calloc((size_t)k * (size_t)d, sizeof(double));
	if (!cnt || !sum)
		die("calloc");
	for (long i = 0; i < n; i++) {
		cnt[asg[i]]++;
		for (int j = 0; j < d; j++)
			sum[asg[i] * d + j] += pts[i * d + j];
	}
	for (int c = 0; c < k; c++)
		if (cnt[c] > 0)
			for (int j = 0; j < d; j++)
				cent[c * d + j] = sum[c * d + j] / (double)cnt[c];
	free(cnt);
	free(sum);
}

__attribute__((noinline)) void save_centroids(FILE *ck, const double *cent, int k, int d, int iter)
{
	if (fwrite(&iter, sizeof iter, 1, ck) != 1 ||
	    fwrite(cent, sizeof(double), (size_t)k * (size_t)d, ck) != (size_t)k * (size_t)d)
		die("checkpoint");
	fflush(ck);
}

__attribute__((noinline)) void write_assignments(const char *dir, const int *asg, long n, int text)
{
	char path[512];
	snprintf(path, sizeof path, "%s/assign.%s", dir, text ? "txt" : "bin");
	FILE *f = fopen(path, "w");
	if (!f)
		die(path);
	if (text) {
		for (long i = 0; i < n; i++)
			fprintf(f, "%ld %d\n", i, asg[i]);
	} else if (fwrite(asg, sizeof(int), (size_t)n, f) != (size_t)n) {
		die("fwrite assignments");
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc >= 5 && argv[1][0] == 'g') {
		snprintf(path, sizeof path, "%s/points.bin", argv[2]);
		gen_points(path, atol(argv[3]), atoi(argv[4]));
		return 0;
	}
	if (argc < 10) {
		fprintf(stderr, "usage: kmeans gen DIR N D | kmeans run DIR N D K ITERS warm|cold CHUNK text|bin\n");
		return 2;
	}
	long n = atol(argv[3]), chunk = atol(argv[8]);
	int d = atoi(argv[4]), k = atoi(argv[5]), iters = atoi(argv[6]);
	int cold = argv[7][0] == 'c', text = argv[9][0] == 't';
	double inertia = 0;
	snprintf(path, sizeof path, "%s/points.bin", argv[2]);
	float *pts = read_points(path, n, d, cold, chunk);
	double *cent = malloc((size_t)k * (size_t)d * sizeof(double));
	int *asg = malloc((size_t)n * sizeof(int));
	snprintf(path, sizeof path, "%s/centroids.ckpt", argv[2]);
	FILE *ck = fopen(path, "wb");
	if (!cent || !asg || !ck)
		die("setup");
	init_centroids(pts, n, d, k, cent);
	for (int it = 0; it < iters; it++) {
		inertia = assign_points(pts, n, d, k, cent, asg);
		update_centroids(pts, n, d, k, asg, cent);
		save_centroids(ck, cent, k, d, it);
	}
	fclose(ck);
	write_assignments(argv[2], asg, n, text);
	printf("checksum inertia=%.6e c0=%.6f\n", inertia, cent[0]);
	free(pts);
	free(cent);
	free(asg);
	return 0;
}
