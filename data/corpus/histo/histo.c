/*
 * histo.c - histogram of a binary file of doubles, read in chunks with fread.
 *
 *   histo gen DIR N                              setup: DIR/values.bin, N doubles, fsync'ed
 *   histo run DIR CHUNK BINS CACHE PASSES MOMENTS
 *     CHUNK    doubles per fread() (8 .. 131072: 64 B .. 1 MiB)
 *     BINS     histogram bins with non-uniform edges; each value is placed by
 *              binary search, so the cost per value grows with log2(BINS)
 *     CACHE    warm | cold (cold: posix_fadvise DONTNEED on values.bin first)
 *     PASSES   passes over the file (pass p > 0 re-reads it with rewind)
 *     MOMENTS  0 | k: also accumulate moments 1..k of each value (compute knob)
 *
 * Phases: gen_values (setup), make_edges (compute), read_chunk (fread),
 * bin_chunk (binary search per value), moments_chunk (compute),
 * write_histogram (fprintf one line per bin).
 * Configs vary chunk size (small = many calls), bins and moments
 * (compute per byte), cold vs warm cache.
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

__attribute__((noinline)) void gen_values(const char *path, long n)
{
	FILE *f = fopen(path, "wb");
	double buf[4096];
	unsigned long s = 99991;
	if (!f)
		die(path);
	for (long i = 0; i < n; i += 4096) {
		long m = n - i < 4096 ? n - i : 4096;
		for (long j = 0; j < m; j++) {
			s = s * 6364136223846793005UL + 1442695040888963407UL;
			double u = (double)(s >> 11) / 9007199254740992.0;
			buf[j] = -log(1.0 - u) * 2.0; /* exponential */
		}
		if (fwrite(buf, sizeof(double), (size_t)m, f) != (size_t)m)
			die("fwrite");
	}
	fflush(f);
	fsync(fileno(f));
	fclose(f);
}

__attribute__((noinline)) void make_edges(double *edges, int bins)
{
	for (int b = 0; b <= bins; b++)
		edges[b] = 20.0 * pow((double)b / bins, 2.0);
}

__attribute__((noinline)) size_t read_chunk(FILE *f, double *buf, long chunk)
{
	return fread(buf, sizeof(double), (size_t)chunk, f);
}

__attribute__((noinline)) void bin_chunk(const double *buf, size_t n, const double *edges, int bins, long *hist)
{
	for (size_t i = 0; i < n; i++) {
		int lo = 0, hi = bins;
		while (hi - lo > 1) {
			int mid = (lo + hi) / 2;
			if (buf[i] < edges[mid])
				hi = mid;
			else
				lo = mid;
		}
		hist[lo]++;
	}
}

__attribute__((noinline)) void moments_chunk(const double *buf, size_t n, int k, double *mom)
{
	for (size_t i = 0; i < n; i++) {
		double p = 1.0;
		for (int j = 0; j < k; j++) {
			p *= buf[i] * 0.5;
			mom[j] += p;
		}
	}
}

__attribute__((noinline)) void write_histogram(const char *dir, const long *hist, const double *edges, int bins,
					       const double *mom, int k)
{
	char path[512];
	snprintf(path, sizeof path, "%s/histogram.txt", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		die(path);
	for (int b = 0; b < bins; b++)
		fprintf(f, "%.6f %.6f %ld\n", edges[b], edges[b + 1], hist[b]);
	for (int j = 0; j < k; j++)
		fprintf(f, "moment %d %.9e\n", j + 1, mom[j]);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc >= 4 && argv[1][0] == 'g') {
		snprintf(path, sizeof path, "%s/values.bin", argv[2]);
		gen_values(path, atol(argv[3]));
		return 0;
	}
	if (argc < 8) {
		fprintf(stderr, "usage: histo gen DIR N | histo run DIR CHUNK BINS warm|cold PASSES MOMENTS\n");
		return 2;
	}
	long chunk = atol(argv[3]), total = 0;
	int bins = atoi(argv[4]), cold = argv[5][0] == 'c', passes = atoi(argv[6]), k = atoi(argv[7]);
	double *buf = malloc((size_t)chunk * sizeof(double)), *edges = malloc((size_t)(bins + 1) * sizeof(double));
	long *hist = calloc((size_t)bins, sizeof(long));
	double mom[64] = { 0 };
	size_t got;
	if (!buf || !edges || !hist || k > 64)
		die("setup");
	make_edges(edges, bins);
	snprintf(path, sizeof path, "%s/values.bin", argv[2]);
	FILE *f = fopen(path, "rb");
	if (!f)
		die(path);
	if (cold)
		posix_fadvise(fileno(f), 0, 0, POSIX_FADV_DONTNEED);
	for (int p = 0; p < passes; p++) {
		rewind(f);
		while ((got = read_chunk(f, buf, chunk)) > 0) {
			bin_chunk(buf, got, edges, bins, hist);
			if (k > 0)
				moments_chunk(buf, got, k, mom);
			total += (long)got;
		}
	}
	fclose(f);
	write_histogram(argv[2], hist, edges, bins, mom, k);
	printf("checksum values=%ld h0=%ld hmid=%ld m1=%.6e\n", total, hist[0], hist[bins / 2], mom[0]);
	free(buf);
	free(edges);
	free(hist);
	return 0;
}
