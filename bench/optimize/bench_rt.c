/*
 * bench_rt.c - the runtime's benchmark programs, each in two versions that
 * differ only in the I/O calls, as the rewriter would change them:
 * "orig" calls read/write/fprintf/fsync, "opt" the vd_rt_ calls.
 *
 *   bench_rt read  orig|opt INPUT CHUNK WORK      > result
 *       reads INPUT in CHUNK-byte reads, with WORK rounds of computation on
 *       each chunk between two reads (the paper's Fig. 4 loop); the input is
 *       dropped from the page cache first (POSIX_FADV_DONTNEED)
 *   bench_rt read-nora ...                        the same with the kernel's own
 *       read-ahead off for the file (POSIX_FADV_RANDOM)
 *   bench_rt write orig|opt OUTPUT NREC           small write() records
 *   bench_rt fprintf orig|opt OUTPUT NREC         small fprintf() records
 *   bench_rt fsync orig|opt OUTPUT NREC           write() + fsync() per record
 *   bench_rt openclose orig|opt INPUT NITER       open/read/close per iteration
 *
 * Results (checksums, files) are the program's output; stderr gets one line
 * "io_s=... wall_s=... io_raw_s=..." where io_raw_s is the time the main
 * thread spent inside the I/O calls (clock_gettime around each call), io_s the
 * same less the cost of the timing itself (an empty timed section, measured at
 * the start, times the number of calls), and wall_s the whole run.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "vd_rt.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double io_s, compute_s;
static long io_calls;

/* times one I/O call */
#define IO(expr)                                                                                   \
	({                                                                                         \
		double t0_ = now();                                                                \
		__typeof__(expr) r_ = (expr);                                                      \
		io_s += now() - t0_;                                                               \
		io_calls++;                                                                        \
		r_;                                                                                \
	})

static int usage(void)
{
	fprintf(stderr,
	        "usage: bench_rt read|write|fprintf|fsync|openclose orig|opt FILE N [WORK]\n");
	return 2;
}

/* computation between reads: WORK passes of a hash over the chunk */
static uint64_t compute(const unsigned char *b, size_t n, long work)
{
	uint64_t h = 1469598103934665603ull;
	for (long w = 0; w < work; w++)
		for (size_t i = 0; i < n; i += 8)
			h = (h ^ b[i]) * 1099511628211ull + (uint64_t)w;
	return h;
}

static int bench_read(int opt, const char *path, size_t chunk, long work, int nora)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		perror(path);
		return 1;
	}
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	if (nora) /* no kernel read-ahead: a device or file system that cannot predict */
		posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
	unsigned char *buf = malloc(chunk);
	uint64_t total = 0, h = 0;
	for (;;) {
		ssize_t r = opt ? IO(vd_rt_read(fd, buf, chunk)) : IO(read(fd, buf, chunk));
		if (r < 0) {
			perror("read");
			return 1;
		}
		if (r == 0)
			break;
		total += (uint64_t)r;
		double t0 = now();
		h ^= compute(buf, (size_t)r, work);
		compute_s += now() - t0;
		printf("%llu %016llx\n", (unsigned long long)total, (unsigned long long)h);
	}
	if (opt)
		IO(vd_rt_close(fd));
	else
		IO(close(fd));
	free(buf);
	return 0;
}

static int bench_write(int opt, const char *path, long nrec)
{
	int fd = IO(open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644));
	char rec[128];
	if (fd < 0) {
		perror(path);
		return 1;
	}
	for (long i = 0; i < nrec; i++) {
		int n =
		    snprintf(rec, sizeof rec, "%ld,%ld,%.4f\n", i, i * 31 % 977, (double)i / 3.0);
		ssize_t w =
		    opt ? IO(vd_rt_write(fd, rec, (size_t)n)) : IO(write(fd, rec, (size_t)n));
		if (w != n) {
			perror("write");
			return 1;
		}
	}
	if ((opt ? IO(vd_rt_close(fd)) : IO(close(fd))) != 0) {
		perror("close");
		return 1;
	}
	return 0;
}

static int bench_fprintf(int opt, const char *path, long nrec)
{
	FILE *f = IO(fopen(path, "w"));
	if (!f) {
		perror(path);
		return 1;
	}
	for (long i = 0; i < nrec; i++) {
		int n =
		    opt ? IO(vd_rt_fprintf(f, "%ld,%ld,%.4f\n", i, i * 31 % 977, (double)i / 3.0))
		        : IO(fprintf(f, "%ld,%ld,%.4f\n", i, i * 31 % 977, (double)i / 3.0));
		if (n < 0) {
			perror("fprintf");
			return 1;
		}
	}
	if ((opt ? IO(vd_rt_fclose(f)) : IO(fclose(f))) != 0) {
		perror("fclose");
		return 1;
	}
	return 0;
}

static int bench_fsync(int opt, const char *path, long nrec)
{
	int fd = IO(open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644));
	char rec[256];
	if (fd < 0) {
		perror(path);
		return 1;
	}
	for (long i = 0; i < nrec; i++) {
		int n = snprintf(rec, sizeof rec, "checkpoint %ld state %ld\n", i, i * i % 10007);
		ssize_t w =
		    opt ? IO(vd_rt_write(fd, rec, (size_t)n)) : IO(write(fd, rec, (size_t)n));
		int s = opt ? IO(vd_rt_fsync_deferred(fd)) : IO(fsync(fd));
		if (w != n || s != 0) {
			perror("write/fsync");
			return 1;
		}
	}
	if ((opt ? IO(vd_rt_close(fd)) : IO(close(fd))) != 0) {
		perror("close");
		return 1;
	}
	return 0;
}

/* open, read a record, close, once per iteration: what the runtime can do is
 * its whole-file cache; hoisting the open is the rewriter's job */
static int bench_openclose(int opt, const char *path, long niter)
{
	uint64_t h = 0;
	unsigned char rec[512];
	for (long i = 0; i < niter; i++) {
		int fd = IO(open(path, O_RDONLY));
		if (fd < 0) {
			perror(path);
			return 1;
		}
		off_t off = (off_t)((i * 7919) % 1000) * (off_t)sizeof rec;
		ssize_t r = opt ? IO(vd_rt_pread(fd, rec, sizeof rec, off))
		                : IO(pread(fd, rec, sizeof rec, off));
		if (r < 0) {
			perror("pread");
			return 1;
		}
		h = h * 31 + compute(rec, (size_t)r, 1);
		if (opt)
			IO(vd_rt_close(fd));
		else
			IO(close(fd));
	}
	printf("%016llx\n", (unsigned long long)h);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 5)
		return usage();
	int opt = strcmp(argv[2], "opt") == 0;
	if (!opt && strcmp(argv[2], "orig") != 0)
		return usage();
	long n = atol(argv[4]);
	/* what one timed section costs with nothing in it */
	double c0 = now();
	for (int i = 0; i < 100000; i++)
		IO(0);
	double timer_cost = (now() - c0) / 100000 / 2; /* two now()s per IO(0); an empty section measures about one */
	io_s = 0;
	io_calls = 0;
	double t0 = now();
	int rc;
	if ((strcmp(argv[1], "read") == 0 || strcmp(argv[1], "read-nora") == 0) && argc == 6)
		rc = bench_read(opt, argv[3], (size_t)n, atol(argv[5]), argv[1][4] == '-');
	else if (strcmp(argv[1], "write") == 0)
		rc = bench_write(opt, argv[3], n);
	else if (strcmp(argv[1], "fprintf") == 0)
		rc = bench_fprintf(opt, argv[3], n);
	else if (strcmp(argv[1], "fsync") == 0)
		rc = bench_fsync(opt, argv[3], n);
	else if (strcmp(argv[1], "openclose") == 0)
		rc = bench_openclose(opt, argv[3], n);
	else
		return usage();
	fflush(stdout);
	double io_net = io_s - (double)io_calls * timer_cost;
	fprintf(stderr, "io_s=%.6f wall_s=%.6f io_raw_s=%.6f calls=%ld timer_ns=%.1f", io_net > 0 ? io_net : 0,
		now() - t0, io_s, io_calls, timer_cost * 1e9);
	if (compute_s > 0)
		fprintf(stderr, " compute_s=%.6f", compute_s);
	if (opt) {
		struct vd_rt_stats st;
		vd_rt_stats_get(&st);
		fprintf(stderr,
		        " ring_bytes=%llu direct_bytes=%llu prefetch_bytes=%llu wb_flushes=%llu",
		        st.ring_bytes, st.direct_bytes, st.prefetch_bytes, st.wb_flushes);
	}
	fputc('\n', stderr);
	return rc;
}
