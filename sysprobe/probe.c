/*
 * probe.c - one probe from start to end, and the summary the analyzer uses.
 *
 * The order is chosen so that bad input fails before anything slow runs:
 * the directory and its file system first, then CPU and memory facts, lshw
 * (bounded by a timeout), the CPU calibration, and the benchmarks last.
 * The device type is decided after the benchmarks, from what was measured.
 */
#define _GNU_SOURCE
#include "sp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define LSHW_TIMEOUT_QUICK 3.0
#define LSHW_TIMEOUT_FULL 20.0

static int check_cancel(const vd_sysprobe_opts *opts)
{
	if (sp_cancelled(opts)) {
		vd_error_set("interrupted");
		return VD_EINTR;
	}
	return 0;
}

static void identify(vd_sysprobe_report *r)
{
	struct utsname u;
	char host[256];
	char when[32];
	time_t now = time(NULL);
	struct tm tm;

	if (gmtime_r(&now, &tm) && strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm))
		r->created = vd_arena_strdup(r->arena, when);
	if (gethostname(host, sizeof(host)) == 0) {
		host[sizeof(host) - 1] = '\0';
		r->host = vd_arena_strdup(r->arena, host);
	}
	if (uname(&u) == 0)
		r->kernel = vd_arena_strdup(r->arena, u.release);
}

static int run_lshw(vd_sysprobe_report *r, const vd_sysprobe_opts *opts)
{
	char *xml = NULL;
	size_t len = 0;
	const char *status = "failed";
	double timeout = opts->mode == VD_SYSPROBE_FULL ? LSHW_TIMEOUT_FULL : LSHW_TIMEOUT_QUICK;
	int error = sp_run_lshw(&xml, &len, timeout, &status, opts->cancel);

	r->mem.lshw = status;
	if (error == VD_EINTR)
		return error;
	if (error == 0) {
		vd_sysprobe_parse_lshw_memory(&r->mem, r->arena, xml, len);
		if (r->storage.disk)
			vd_sysprobe_parse_lshw_disk(&r->storage, r->arena, xml, len);
	}
	free(xml);
	vd_error_clear();
	return 0; /* lshw is optional: any other failure is only noted */
}

static void calibrate(vd_sysprobe_report *r, const vd_sysprobe_opts *opts)
{
	int reps = opts->mode == VD_SYSPROBE_FULL ? 5 : 3;
	double each = (opts->mode == VD_SYSPROBE_FULL ? 0.1 : 0.04) *
		      (opts->time_scale > 0 ? opts->time_scale : 1);
	double v[8];

	for (int i = 0; i < reps; i++)
		v[i] = vd_sysprobe_cpu_ns_per_op(each);
	vd_sysprobe_stat_compute(&r->bench.m[VD_SP_CPU_NS_PER_OP], v, (size_t)reps);
	vd_sysprobe_libcosts(&r->bench, reps, each / 2);
}

static void classify(vd_sysprobe_report *r)
{
	vd_buf why = VD_BUF_INIT;
	const vd_sysprobe_stat *lat = &r->bench.m[VD_SP_RAND_READ_LAT];
	const char *type = vd_sysprobe_classify(r->storage.fs_class, r->storage.rotational,
						lat->n ? lat->value : 0, r->bench.method, &why);
	r->storage.device_type = type;
	r->storage.classification = vd_arena_strdup(r->arena, vd_buf_cstr(&why));
	vd_buf_release(&why);
}

int vd_sysprobe_run(vd_sysprobe_report **out, const vd_sysprobe_opts *opts_in)
{
	vd_sysprobe_opts opts = VD_SYSPROBE_OPTS_INIT;
	vd_sysprobe_report *r;
	double t0 = vd_now();
	int error;

	*out = NULL;
	if (opts_in)
		opts = *opts_in;
	if (!opts.dir || !*opts.dir)
		opts.dir = ".";
	r = vd_xcalloc(1, sizeof(*r));
	r->arena = vd_arena_new();
	r->version = VD_SYSPROBE_VERSION;
	r->mode = opts.mode == VD_SYSPROBE_FULL ? "full" : "quick";
	identify(r);

	sp_progress(&opts, "storage");
	if ((error = vd_sysprobe_collect_storage(&r->storage, r->arena, NULL, opts.dir)) < 0)
		goto cleanup;

	sp_progress(&opts, "cpu");
	if (vd_sysprobe_collect_cpu(&r->cpu, r->arena, NULL) < 0)
		vd_error_clear(); /* an odd /proc leaves the CPU unknown, nothing more */
	sp_progress(&opts, "memory");
	if (vd_sysprobe_collect_memory(&r->mem, r->arena, NULL) < 0) {
		vd_error_clear();
		r->mem.numa_nodes = -1;
	}
	r->mem.lshw = "not run";
	if ((error = check_cancel(&opts)) < 0)
		goto cleanup;
	if (!opts.no_lshw) {
		sp_progress(&opts, "lshw");
		if ((error = run_lshw(r, &opts)) < 0)
			goto cleanup;
	}

	sp_progress(&opts, "cpu calibration");
	calibrate(r, &opts);
	if ((error = check_cancel(&opts)) < 0)
		goto cleanup;

	if (!opts.no_bench) {
		double free_bytes =
			r->storage.fs_size_bytes > 0 ? (double)r->storage.fs_free_bytes : -1;
		if ((error = sp_bench_run(&r->bench, r->storage.path, free_bytes, &opts)) < 0)
			goto cleanup;
	}
	classify(r);
	r->seconds = vd_now() - t0;
	*out = r;
	r = NULL;
	error = 0;

cleanup:
	vd_sysprobe_free(r);
	return error;
}

void vd_sysprobe_free(vd_sysprobe_report *r)
{
	if (!r)
		return;
	vd_arena_free(r->arena);
	free(r);
}

void vd_sysprobe_to_device(const vd_sysprobe_report *r, vd_device *d)
{
	const vd_sysprobe_stat *m = r->bench.m;
	const double MiB = 1024.0 * 1024.0;

	/* what was not measured keeps its documented default */
	vd_device_defaults(d);
	if (m[VD_SP_CPU_NS_PER_OP].n)
		d->cpu_ns_per_op = m[VD_SP_CPU_NS_PER_OP].value;
	/* library compute calls and the page cache's memory figures */
	if (m[VD_SP_SCAN].n)
		d->scan_ns = m[VD_SP_SCAN].value;
	if (m[VD_SP_FORMAT].n)
		d->format_ns = m[VD_SP_FORMAT].value;
	if (m[VD_SP_STRTOD].n)
		d->strtod_ns = m[VD_SP_STRTOD].value;
	if (m[VD_SP_ATOI].n)
		d->atoi_ns = m[VD_SP_ATOI].value;
	if (m[VD_SP_MEMCPY].n)
		d->mem_ns_per_byte = m[VD_SP_MEMCPY].value / 1024;
	if (m[VD_SP_QSORT].n)
		d->sort_ns_per_cmp = m[VD_SP_QSORT].value;
	if (m[VD_SP_MATH].n)
		d->math_ns = m[VD_SP_MATH].value;
	if (r->mem.dirty_limit_bytes > 0)
		d->dirty_limit_bytes = (double)r->mem.dirty_limit_bytes;
	if (r->mem.available_bytes > 0)
		d->cache_bytes = (double)r->mem.available_bytes;
	if (r->storage.mount)
		snprintf(d->mount, sizeof(d->mount), "%s", r->storage.mount);
	if (r->storage.fstype)
		snprintf(d->fstype, sizeof(d->fstype), "%s", r->storage.fstype);
	if (!r->bench.ran)
		return;
	d->is_default = 0;
	snprintf(d->method, sizeof(d->method), "%s", r->bench.method);
	if (m[VD_SP_SEQ_READ].n)
		d->seq_read_Bps = m[VD_SP_SEQ_READ].value * MiB;
	if (m[VD_SP_SEQ_WRITE].n)
		d->seq_write_Bps = m[VD_SP_SEQ_WRITE].value * MiB;
	if (m[VD_SP_RAND_READ].n)
		d->rand_read_iops = m[VD_SP_RAND_READ].value;
	if (m[VD_SP_RAND_WRITE].n)
		d->rand_write_iops = m[VD_SP_RAND_WRITE].value;
	if (m[VD_SP_WRITE_CALL_LAT].n)
		d->latency_s = m[VD_SP_WRITE_CALL_LAT].value * 1e-6;
	if (m[VD_SP_FSYNC_LAT].n)
		d->fsync_latency_s = m[VD_SP_FSYNC_LAT].value * 1e-6;
	if (m[VD_SP_META_LAT].n)
		d->meta_latency_s = m[VD_SP_META_LAT].value * 1e-6;
	if (r->bench.small_io_threshold > 0)
		d->small_io_threshold = r->bench.small_io_threshold;
	if (r->bench.concurrency > 0)
		d->concurrency = r->bench.concurrency;
	if (m[VD_SP_STDIO_CALL].n)
		d->stdio_call_s = m[VD_SP_STDIO_CALL].value * 1e-9;
	if (m[VD_SP_CACHE_READ].n)
		d->cache_read_Bps = m[VD_SP_CACHE_READ].value * MiB;
	if (m[VD_SP_CACHE_WRITE].n)
		d->cache_write_Bps = m[VD_SP_CACHE_WRITE].value * MiB;
	if (m[VD_SP_FLUSH].n)
		d->flush_Bps = m[VD_SP_FLUSH].value * MiB;
	if (m[VD_SP_CREATE_LAT].n)
		d->create_latency_s = m[VD_SP_CREATE_LAT].value * 1e-6;
	if (m[VD_SP_UNLINK_LAT].n)
		d->unlink_latency_s = m[VD_SP_UNLINK_LAT].value * 1e-6;
}
