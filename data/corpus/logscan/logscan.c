/*
 * logscan.c - line-oriented text parsing: read a request log with fgets,
 * parse every line with sscanf, aggregate per-status latencies, write a
 * report.
 *
 *   logscan gen DIR LINES                 setup: DIR/requests.log, LINES lines, fsync'ed
 *   logscan run DIR LINES CACHE WORK TOPN
 *     LINES  lines in the log (as given to gen)
 *     CACHE  warm | cold (cold: posix_fadvise DONTNEED on the log first)
 *     WORK   extra rounds of per-line arithmetic (a costlier aggregation)
 *     TOPN   report lines written with fprintf (one per bucket)
 *
 * Phases: gen_log (setup), scan_log (fgets + sscanf per line), account
 * (per-line arithmetic, WORK rounds), write_report (fprintf loop).
 * sscanf's parsing is compute that the I/O calls do not show: the configs
 * move the scan between parse-bound (warm, much work) and read-bound
 * (cold, no work).
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define BUCKETS 4096
static double lat_sum[BUCKETS];
static long lat_n[BUCKETS];

static void die(const char *what)
{
	perror(what);
	exit(1);
}

__attribute__((noinline)) void gen_log(const char *path, long lines)
{
	FILE *f = fopen(path, "w");
	unsigned s = 11u;
	if (!f)
		die(path);
	for (long i = 0; i < lines; i++) {
		s = s * 1103515245u + 12345u;
		unsigned r = s >> 8;
		fprintf(f, "%u.%03u 10.%u.%u.%u GET /api/v%u/item/%u %u %u %u.%03u\n", 1700000000u + (unsigned)i,
			r % 1000, r % 256, (r >> 8) % 256, (r >> 16) % 256, r % 3, (r >> 4) % 100000,
			200 + (r % 7 == 0) * 300 + (r % 11 == 0) * 204, (r >> 3) % 65536, (r >> 5) % 900,
			r % 1000);
	}
	fflush(f);
	fsync(fileno(f));
	fclose(f);
}

__attribute__((noinline)) void account(unsigned status, unsigned bytes, double ms, int work)
{
	unsigned k = (status * 31u + bytes) & (BUCKETS - 1);
	double x = ms;
	for (int r = 0; r < work; r++)
		x = x * 0.999 + (double)r * 1e-6;
	lat_sum[k] += x;
	lat_n[k]++;
}

__attribute__((noinline)) long scan_log(const char *path, long lines, int cold, int work)
{
	FILE *f = fopen(path, "r");
	char line[256];
	long parsed = 0;
	if (!f)
		die(path);
	if (cold)
		posix_fadvise(fileno(f), 0, 0, POSIX_FADV_DONTNEED);
	for (long i = 0; i < lines; i++) {
		if (!fgets(line, sizeof line, f))
			break;
		unsigned sec, msec, a, b, c, ver, item, status, bytes, lms, lus;
		if (sscanf(line, "%u.%u %u.%u.%u.%*u GET /api/v%u/item/%u %u %u %u.%u", &sec, &msec, &a,
			   &b, &c, &ver, &item, &status, &bytes, &lms, &lus) == 11) {
			account(status, bytes, lms + lus / 1000.0, work);
			parsed++;
		}
	}
	fclose(f);
	return parsed;
}

__attribute__((noinline)) void write_report(const char *path, int topn)
{
	FILE *f = fopen(path, "w");
	if (!f)
		die(path);
	for (int k = 0; k < topn && k < BUCKETS; k++)
		fprintf(f, "%d %ld %.3f\n", k, lat_n[k], lat_n[k] ? lat_sum[k] / (double)lat_n[k] : 0.0);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[4096];
	if (argc < 4) {
		fprintf(stderr, "usage: logscan gen DIR LINES | run DIR LINES CACHE WORK TOPN\n");
		return 2;
	}
	snprintf(path, sizeof path, "%s/requests.log", argv[2]);
	long lines = atol(argv[3]);
	if (argv[1][0] == 'g') {
		gen_log(path, lines);
		return 0;
	}
	if (argc < 7) {
		fprintf(stderr, "usage: logscan run DIR LINES CACHE WORK TOPN\n");
		return 2;
	}
	int cold = argv[4][0] == 'c', work = atoi(argv[5]), topn = atoi(argv[6]);
	long parsed = scan_log(path, lines, cold, work);
	snprintf(path, sizeof path, "%s/report.txt", argv[2]);
	write_report(path, topn);
	double sum = 0;
	for (int k = 0; k < BUCKETS; k++)
		sum += lat_sum[k];
	printf("checksum %ld %.3f\n", parsed, sum);
	return 0;
}
