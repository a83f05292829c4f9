/*
 * libcost.c - what library compute calls cost on this machine: sscanf and
 * snprintf of a short line, strtod, atoi, memcpy per KiB, qsort per
 * n log2 n and the common math functions.  vidya prices the calls a loop
 * makes with these (a log parser's sscanf is compute the I/O calls do not
 * show).  Each figure is the best of a few timed runs of about `seconds`.
 *
 * Like the CPU calibration, the loops are compiled the same way whatever
 * the build type, so a sanitizer build measures the same machine.
 */
#define _GNU_SOURCE
#include "sp_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__clang__)
#define SP_LIB_ATTR __attribute__((noinline, no_sanitize("address", "undefined")))
#elif defined(__GNUC__)
#define SP_LIB_ATTR \
	__attribute__((noinline, optimize("O2"), no_sanitize_address, no_sanitize_undefined))
#else
#define SP_LIB_ATTR
#endif

static volatile double sink_d;
static volatile long sink_l;

static const char line[] = "1700000123.456 10.1.2.3 GET /api/v2/item/31337 200 5120 12.345";

SP_LIB_ATTR static void run_scan(long n)
{
	unsigned a, b, c, d, s, bytes;
	double ms;
	long acc = 0;
	for (long i = 0; i < n; i++) {
		if (sscanf(line, "%u.%u %u.%*u.%*u.%*u GET /api/v%u/item/%*u %u %u %lf", &a, &b, &c,
			   &d, &s, &bytes, &ms) == 7)
			acc += a + s;
	}
	sink_l += acc;
}

SP_LIB_ATTR static void run_format(long n)
{
	char buf[128];
	long acc = 0;
	for (long i = 0; i < n; i++)
		acc += snprintf(buf, sizeof buf, "%ld %s %d %.3f %x %u\n", i, "node",
				(int)(i & 1023), (double)i * 0.5, (unsigned)i, (unsigned)(i * 7));
	sink_l += acc;
}

SP_LIB_ATTR static void run_strtod(long n)
{
	static const char *const nums[] = { "12.345", "-0.0001234", "6.02214076e23", "3.14159" };
	double acc = 0;
	for (long i = 0; i < n; i++)
		acc += strtod(nums[i & 3], NULL);
	sink_d += acc;
}

SP_LIB_ATTR static void run_atoi(long n)
{
	static const char *const nums[] = { "12345", "-42", "1048576", "7" };
	long acc = 0;
	for (long i = 0; i < n; i++)
		acc += atoi(nums[i & 3]);
	sink_l += acc;
}

#define MEMCPY_BYTES 65536
SP_LIB_ATTR static void run_memcpy(long n)
{
	static char src[MEMCPY_BYTES], dst[MEMCPY_BYTES];
	for (long i = 0; i < n; i++) {
		src[i & (MEMCPY_BYTES - 1)] = (char)i;
		memcpy(dst, src, MEMCPY_BYTES);
	}
	sink_l += dst[n & (MEMCPY_BYTES - 1)];
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return x < y ? -1 : x > y;
}

#define SORT_N 4096
SP_LIB_ATTR static void run_qsort(long n)
{
	static int v[SORT_N];
	unsigned s = 12345;
	for (long i = 0; i < n; i++) {
		for (int k = 0; k < SORT_N; k++) {
			s = s * 1103515245u + 12345u;
			v[k] = (int)(s >> 8);
		}
		qsort(v, SORT_N, sizeof v[0], cmp_int);
	}
	sink_l += v[SORT_N / 2];
}

SP_LIB_ATTR static void run_math(long n)
{
	double acc = 0, x = 0.5;
	for (long i = 0; i < n; i++) {
		x = x * 1.0000001 + 1e-9;
		acc += exp(x) + log(x + 1) + sin(x) + cos(x) + pow(x, 1.3) + sqrt(x);
	}
	sink_d += acc;
}

/* seconds per unit of `run`: grows n until a run takes a tenth of the
 * budget, then the best of a few runs */
static double per_unit(void (*run)(long), double seconds, double units_per_n)
{
	long n = 16;
	double dt;
	for (;;) {
		double t0 = vd_now();
		run(n);
		dt = vd_now() - t0;
		if (dt > seconds / 10 || n > (1L << 30))
			break;
		n *= 2;
	}
	double best = dt;
	for (int rep = 0; rep < 3; rep++) {
		double t0 = vd_now();
		run(n);
		dt = vd_now() - t0;
		if (dt < best)
			best = dt;
	}
	return best / ((double)n * units_per_n);
}

void vd_sysprobe_libcosts(vd_sysprobe_bench *bench, int reps, double seconds)
{
	double v[8];
	const double sort_units = SORT_N * 12.0; /* n log2 n, 4096 = 2^12 */
	struct {
		vd_sysprobe_metric m;
		void (*run)(long);
		double units, scale; /* scale: seconds per unit -> reported unit */
	} t[] = {
		{ VD_SP_SCAN, run_scan, 1, 1e9 },
		{ VD_SP_FORMAT, run_format, 1, 1e9 },
		{ VD_SP_STRTOD, run_strtod, 1, 1e9 },
		{ VD_SP_ATOI, run_atoi, 1, 1e9 },
		{ VD_SP_MEMCPY, run_memcpy, MEMCPY_BYTES / 1024.0, 1e9 },
		{ VD_SP_QSORT, run_qsort, sort_units, 1e9 },
		{ VD_SP_MATH, run_math, 6, 1e9 },
	};
	if (reps > 8)
		reps = 8;
	if (reps < 1)
		reps = 1;
	if (seconds <= 0)
		seconds = 0.02;
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		for (int r = 0; r < reps; r++)
			v[r] = per_unit(t[i].run, seconds, t[i].units) * t[i].scale;
		vd_sysprobe_stat_compute(&bench->m[t[i].m], v, (size_t)reps);
	}
}
