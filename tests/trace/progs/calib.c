/*
 * calib.c - self-timed phases with a known mix of compute and I/O, the
 * yardstick for v_measured_blocks.
 *
 *     calib RESULTS [SCALE]
 *
 * Three phases, each a separate non-inlined function that times itself with
 * CLOCK_MONOTONIC: its whole wall time, from entry to return, and the time
 * spent inside its I/O calls (each pwrite and fdatasync, timed one by one).
 *
 *   phase_compute  pure CPU for SCALE * 0.25 s, no I/O (intensity ~0)
 *   phase_io       pwrite 8 MiB + fdatasync, repeated for SCALE * 0.25 s
 *                  (intensity ~1)
 *   phase_mixed    for SCALE * 0.4 s: a chunk of CPU (~0.5 ms) while the
 *                  I/O time so far is above 40% of the total, else one
 *                  pwrite 4 MiB + fdatasync (intensity ~0.4, whatever
 *                  the disk speed)
 *
 * The loops end on elapsed time, so the number of calls varies from run to
 * run; what is fixed is the fraction of time spent in I/O.  The results go
 * to RESULTS (not stdout), one line per phase:
 *     phase NAME WALL_S IO_S
 * written after the last phase.  The I/O goes to calib.dat (at most
 * 32 MiB: offsets cycle through 4 slots).
 *
 * The I/O calls are large on purpose: the program's own timing of a call
 * includes the recorder's work around it (taking a call stack, writing the
 * record), which the recorder does not count as I/O; with calls of a
 * millisecond or more that difference stays well under the tolerance.
 */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BIG (8u << 20)
#define SMALL (4u << 20)
#define SLOTS 4

static volatile double sink;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* about half a millisecond of floating point, no calls */
static void __attribute__((noinline)) burn(void)
{
	double x = sink + 1.0;
	for (int i = 0; i < 100000; i++)
		x = x * 1.0000001 + 1e-9;
	sink = x;
}

/* one timed I/O step: returns the seconds spent inside pwrite + fdatasync */
static double __attribute__((noinline)) io_step(int fd, const unsigned char *buf, size_t n, long k)
{
	double t0 = now();
	if (pwrite(fd, buf, n, (off_t)((k % SLOTS) * (long)n)) != (ssize_t)n)
		exit(4);
	double t1 = now();
	fdatasync(fd);
	double t2 = now();
	return (t1 - t0) + (t2 - t1);
}

static void __attribute__((noinline)) phase_compute(double target, double *wall, double *io)
{
	double t0 = now();
	do
		burn();
	while (now() - t0 < target);
	*io = 0.0;
	*wall = now() - t0;
}

static void __attribute__((noinline))
phase_io(double target, int fd, const unsigned char *buf, double *wall, double *io)
{
	double t0 = now(), in_io = 0.0;
	long k = 0;
	do
		in_io += io_step(fd, buf, BIG, k++);
	while (now() - t0 < target);
	*io = in_io;
	*wall = now() - t0;
}

static void __attribute__((noinline))
phase_mixed(double target, int fd, const unsigned char *buf, double *wall, double *io)
{
	double t0 = now(), in_io = 0.0, in_cpu = 0.0;
	long k = 0;
	do {
		if (in_io * 0.6 > in_cpu * 0.4) {
			double a = now();
			burn();
			in_cpu += now() - a;
		} else {
			in_io += io_step(fd, buf, SMALL, k++);
		}
	} while (now() - t0 < target);
	*io = in_io;
	*wall = now() - t0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: calib RESULTS [SCALE]\n");
		return 2;
	}
	double scale = argc > 2 ? atof(argv[2]) : 1.0;
	if (scale <= 0)
		return 2;
	unsigned char *buf = malloc(BIG);
	if (!buf)
		return 2;
	memset(buf, 0x5a, BIG);
	int fd = open("calib.dat", O_CREAT | O_TRUNC | O_WRONLY, 0644);
	if (fd < 0)
		return 3;

	double w[3], s[3];
	phase_compute(0.25 * scale, &w[0], &s[0]);
	phase_io(0.25 * scale, fd, buf, &w[1], &s[1]);
	phase_mixed(0.4 * scale, fd, buf, &w[2], &s[2]);
	close(fd);

	FILE *r = fopen(argv[1], "w");
	if (!r)
		return 3;
	static const char *names[3] = {"phase_compute", "phase_io", "phase_mixed"};
	for (int i = 0; i < 3; i++)
		fprintf(r, "phase %s %.6f %.6f\n", names[i], w[i], s[i]);
	fclose(r);
	free(buf);
	return 0;
}
