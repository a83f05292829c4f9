/*
 * reccost.c - the recorder's own time per call, the yardstick
 * model/recorder_cost.sh takes the training labels' correction from.
 *
 *     reccost RESULTS [N]
 *
 * Phases, each a separate non-inlined function that times itself as a
 * whole with CLOCK_MONOTONIC and, for the I/O phases, also sums the time
 * of each call as the program sees it (the clock read right around it):
 *
 *   phase_compute  integer work of about the same length, no call
 *                  (the sampling's own share of the wall time)
 *   phase_stdio    N fwrite of 16 bytes to a buffered stream (class stdio:
 *                  a buffered call, a system call every 64 KiB)
 *   phase_posix    N pread of 64 bytes of a 1 MiB file in the page cache
 *                  (class posix: a system call served by the cache)
 *   phase_meta     N / 8 fstat of an open file (class meta)
 *
 * Results go to RESULTS (not stdout), one line per phase:
 *     phase NAME WALL_S CALLS CALL_S CPU_S
 * WALL_S the phase's wall time, CALLS how many wrapped calls it made,
 * CALL_S the sum of the program's own timing of each call, CPU_S the
 * thread's CPU time in the phase (which a machine busy with other work
 * does not inflate: the time waiting for a core is not in it).  Run
 * untraced and under `vidya trace`: the difference, less the sampling's
 * share, less what the trace counts inside the calls beyond CALL_S
 * untraced, is the time the recorder spends outside the calls, per call
 * (model/recorder_cost.sh does the arithmetic).
 *
 * The calls are shallow on purpose (main -> phase -> call), like the
 * corpus programs' loops; the call stack the recorder takes is that deep.
 */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double cpu(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void __attribute__((noinline)) phase_compute(long n, double *wall)
{
	double t0 = now();
	unsigned long x = sink + 1;
	for (long i = 0; i < n * 64; i++)
		x = x * 6364136223846793005ul + 1442695040888963407ul;
	sink = x;
	*wall = now() - t0;
}

static void __attribute__((noinline)) phase_stdio(long n, double *wall, double *calls)
{
	static const char rec[16] = "0123456789abcde";
	FILE *f = fopen("reccost.txt", "w");
	if (!f)
		exit(3);
	static char vbuf[1 << 16];
	setvbuf(f, vbuf, _IOFBF, sizeof vbuf);
	double t0 = now(), in = 0;
	for (long i = 0; i < n; i++) {
		double a = now();
		if (fwrite(rec, 1, sizeof rec, f) != sizeof rec)
			exit(4);
		in += now() - a;
	}
	*wall = now() - t0;
	*calls = in;
	fclose(f);
}

static void __attribute__((noinline)) phase_posix(int fd, long n, double *wall, double *calls)
{
	char buf[64];
	double t0 = now(), in = 0;
	for (long i = 0; i < n; i++) {
		double a = now();
		if (pread(fd, buf, sizeof buf, (off_t)((i * 4096) & ((1 << 20) - 1))) !=
		    (ssize_t)sizeof buf)
			exit(5);
		in += now() - a;
	}
	*wall = now() - t0;
	*calls = in;
}

static void __attribute__((noinline)) phase_meta(int fd, long n, double *wall, double *calls)
{
	struct stat st;
	double t0 = now(), in = 0;
	for (long i = 0; i < n; i++) {
		double a = now();
		if (fstat(fd, &st) != 0)
			exit(6);
		in += now() - a;
	}
	*wall = now() - t0;
	*calls = in;
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: reccost RESULTS [N]\n");
		return 2;
	}
	long n = argc > 2 ? atol(argv[2]) : 200000;
	if (n < 1000)
		n = 1000;
	/* the file the reads are served from, in the page cache */
	int fd = open("reccost.dat", O_CREAT | O_TRUNC | O_RDWR, 0644);
	if (fd < 0)
		return 3;
	static char blk[1 << 16];
	for (int i = 0; i < 16; i++)
		if (write(fd, blk, sizeof blk) != (ssize_t)sizeof blk)
			return 4;
	double w[4], c[4] = { 0, 0, 0, 0 }, u[4];
	u[0] = cpu();
	phase_compute(n, &w[0]);
	u[0] = cpu() - u[0];
	u[1] = cpu();
	phase_stdio(n, &w[1], &c[1]);
	u[1] = cpu() - u[1];
	u[2] = cpu();
	phase_posix(fd, n, &w[2], &c[2]);
	u[2] = cpu() - u[2];
	u[3] = cpu();
	phase_meta(fd, n / 8, &w[3], &c[3]);
	u[3] = cpu() - u[3];
	close(fd);
	unlink("reccost.dat");
	unlink("reccost.txt");
	FILE *out = fopen(argv[1], "w");
	if (!out)
		return 3;
	fprintf(out, "phase phase_compute %.9f 0 0 %.9f\n", w[0], u[0]);
	fprintf(out, "phase phase_stdio %.9f %ld %.9f %.9f\n", w[1], n, c[1], u[1]);
	fprintf(out, "phase phase_posix %.9f %ld %.9f %.9f\n", w[2], n, c[2], u[2]);
	fprintf(out, "phase phase_meta %.9f %ld %.9f %.9f\n", w[3], n / 8, c[3], u[3]);
	return fclose(out) != 0;
}
