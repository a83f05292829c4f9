/*
 * derive.c - turning raw measurements into the figures vidya uses.
 *
 * Pure functions, tested on synthetic data: the spread of repeated
 * measurements, the small-I/O threshold from the transfer-size sweep (P13),
 * the useful concurrency from the thread sweep (P15, X14), and the device
 * type from what the device did rather than what it claims.
 */
#include "vd_sysprobe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

void vd_sysprobe_stat_compute(vd_sysprobe_stat *out, const double *x, size_t n)
{
	double *s, sum = 0, sq = 0;

	memset(out, 0, sizeof(*out));
	if (n == 0)
		return;
	s = vd_xmalloc(n * sizeof(*s));
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	for (size_t i = 0; i < n; i++)
		sum += s[i];
	out->mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		sq += (s[i] - out->mean) * (s[i] - out->mean);
	out->stddev = n > 1 ? sqrt(sq / (double)(n - 1)) : 0;
	out->min = s[0];
	out->max = s[n - 1];
	out->value = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	out->n = (int)n;
	free(s);
}

double vd_sysprobe_small_io_threshold(const double *bytes, const double *MiBps, int n)
{
	double peak = 0, half, t;
	int ipeak = 0, below = -1;

	if (n <= 0)
		return 0;
	for (int i = 0; i < n; i++)
		if (MiBps[i] > peak) {
			peak = MiBps[i];
			ipeak = i;
		}
	half = peak / 2;
	/* the largest size under the peak that still falls below half of it;
	 * sizes above the peak do not count (a dip at 4 MiB is not "small") */
	for (int i = 0; i < ipeak; i++)
		if (MiBps[i] < half)
			below = i;
	if (below < 0)
		return bytes[0];
	/* interpolate in log2(size) between below and below + 1 */
	if (MiBps[below + 1] <= MiBps[below])
		return bytes[below + 1];
	t = (half - MiBps[below]) / (MiBps[below + 1] - MiBps[below]);
	return round(exp2(log2(bytes[below]) + t * (log2(bytes[below + 1]) - log2(bytes[below]))));
}

double vd_sysprobe_useful_concurrency(const double *threads, const double *iops, int n)
{
	if (n <= 0)
		return 1;
	/* the knee: the first count after which one more step gains under
	 * 15 %, unless some larger count still gains over 30 % (a plateau in
	 * the middle of a rising curve is noise, not saturation) */
	for (int i = 0; i + 1 < n; i++) {
		double later = 0;
		if (iops[i] <= 0)
			continue;
		for (int j = i + 1; j < n; j++)
			if (iops[j] > later)
				later = iops[j];
		if (iops[i + 1] < 1.15 * iops[i] && later < 1.30 * iops[i])
			return threads[i];
	}
	return threads[n - 1];
}

const char *vd_sysprobe_classify(const char *fs_class, int rotational, double lat_us,
				 const char *method, vd_buf *why)
{
	const char *type;
	vd_buf tmp = VD_BUF_INIT;
	vd_buf *w = why ? why : &tmp;

	if (fs_class && !strcmp(fs_class, "memory")) {
		vd_buf_puts(w, "the file system keeps its files in memory");
		type = "memory";
	} else if (fs_class && !strcmp(fs_class, "network")) {
		vd_buf_printf(w, "network file system; random 4 KiB reads take %.0f us", lat_us);
		type = "network";
	} else if (!(lat_us > 0)) {
		vd_buf_printf(w, "not measured; the kernel's rotational flag is %d", rotational);
		type = rotational == 1 ? "hdd" : rotational == 0 ? "ssd" : "unknown";
	} else if (lat_us < 8) {
		vd_buf_printf(
			w,
			"random 4 KiB reads take %.1f us: memory speed, so the reads were served "
			"from a cache (%s did not reach the device, or the device is cached by a host)",
			lat_us, method ? method : "the method");
		type = "cached";
	} else if (lat_us >= 3000 || (lat_us >= 1000 && rotational == 1)) {
		vd_buf_printf(w, "random 4 KiB reads take %.2f ms, the cost of a seek",
			      lat_us / 1000);
		if (rotational == 0)
			vd_buf_puts(w, ", although the kernel says the device does not rotate "
				       "(throttled or remote block device?)");
		type = "hdd";
	} else {
		vd_buf_printf(w, "random 4 KiB reads take %.0f us, no seek", lat_us);
		if (rotational == 1)
			vd_buf_puts(
				w,
				"; the kernel's rotational flag says 1, which virtual disks often claim");
		type = "ssd";
	}
	vd_buf_release(&tmp);
	return type;
}
