/*
 * json.c - the report as JSON (stored in system_profiles) and as a table.
 *
 * The JSON document is versioned ("version": VD_SYSPROBE_VERSION) and
 * self-describing: every benchmark figure appears once as a plain number
 * under "bench" (the median over repetitions) and again under
 * "bench.stats" with its unit, mean, standard deviation, minimum, maximum
 * and repetition count.  Unknown values are null, never a made-up number.
 */
#define _GNU_SOURCE
#include "sp_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- a small indenting writer ----------------------------------------------- */

#define JW_MAX_DEPTH 16

typedef struct {
	vd_buf *b;
	int depth;
	int count[JW_MAX_DEPTH]; /* members written at each depth */
} jw;

static void jw_key(jw *w, const char *key)
{
	if (w->count[w->depth]++)
		vd_buf_putc(w->b, ',');
	vd_buf_putc(w->b, '\n');
	for (int i = 0; i <= w->depth; i++)
		vd_buf_puts(w->b, "  ");
	if (key) {
		vd_buf_json_str(w->b, key);
		vd_buf_puts(w->b, ": ");
	}
}

static void jw_open(jw *w, const char *key, char c)
{
	if (w->depth >= 0)
		jw_key(w, key);
	vd_buf_putc(w->b, c);
	if (w->depth + 1 < JW_MAX_DEPTH) {
		w->depth++;
		w->count[w->depth] = 0;
	}
}

static void jw_close(jw *w, char c)
{
	int had = w->count[w->depth];
	w->depth--;
	if (had) {
		vd_buf_putc(w->b, '\n');
		for (int i = 0; i <= w->depth; i++)
			vd_buf_puts(w->b, "  ");
	}
	vd_buf_putc(w->b, c);
}

static void jw_str(jw *w, const char *key, const char *s)
{
	jw_key(w, key);
	vd_buf_json_str(w->b, s);
}

static void jw_num(jw *w, const char *key, double v)
{
	jw_key(w, key);
	sp_json_num(w->b, v);
}

/* v <= 0 means unknown */
static void jw_pos(jw *w, const char *key, double v)
{
	jw_num(w, key, v > 0 ? v : NAN);
}

/* v < 0 means unknown */
static void jw_count(jw *w, const char *key, double v)
{
	jw_num(w, key, v >= 0 ? v : NAN);
}

static void jw_bool(jw *w, const char *key, int v)
{
	jw_key(w, key);
	vd_buf_puts(w->b, v ? "true" : "false");
}

static double stat_value(const vd_sysprobe_stat *s)
{
	return s->n ? s->value : NAN;
}

/* ---- JSON ------------------------------------------------------------------------ */

int vd_sysprobe_to_json(const vd_sysprobe_report *r, vd_buf *out)
{
	jw w = { out, -1, { 0 } };
	const vd_sysprobe_cpu *c = &r->cpu;
	const vd_sysprobe_memory *m = &r->mem;
	const vd_sysprobe_storage *s = &r->storage;
	const vd_sysprobe_bench *b = &r->bench;

	jw_open(&w, NULL, '{');
	jw_str(&w, "schema", "vidya-sysprobe");
	jw_num(&w, "version", r->version);
	jw_str(&w, "mode", r->mode);
	jw_str(&w, "created", r->created);
	jw_str(&w, "host", r->host);
	jw_str(&w, "kernel", r->kernel);
	jw_num(&w, "seconds", round(r->seconds * 1000) / 1000);

	jw_open(&w, "cpu", '{');
	jw_str(&w, "model", c->model);
	jw_str(&w, "vendor", c->vendor);
	jw_str(&w, "arch", c->arch);
	jw_count(&w, "family", c->family);
	jw_count(&w, "model_id", c->model_id);
	jw_count(&w, "stepping", c->stepping);
	jw_pos(&w, "cores", c->cores);
	jw_pos(&w, "logical_cpus", c->logical);
	jw_pos(&w, "usable_cpus", c->usable);
	jw_pos(&w, "sockets", c->sockets);
	jw_pos(&w, "mhz", round(c->mhz * 10) / 10);
	jw_pos(&w, "max_mhz", c->max_mhz);
	jw_pos(&w, "phys_addr_bits", c->phys_addr_bits);
	jw_pos(&w, "virt_addr_bits", c->virt_addr_bits);
	jw_bool(&w, "hypervisor", c->hypervisor);
	jw_str(&w, "features", c->features);
	jw_open(&w, "caches", '[');
	for (int i = 0; i < c->ncaches; i++) {
		const vd_sysprobe_cache *k = &c->caches[i];
		jw_open(&w, NULL, '{');
		jw_num(&w, "level", k->level);
		jw_str(&w, "type", k->type);
		jw_pos(&w, "size_bytes", (double)k->size_bytes);
		jw_pos(&w, "line_bytes", k->line_bytes);
		jw_pos(&w, "ways", k->ways);
		jw_pos(&w, "shared_by", k->shared_by);
		jw_close(&w, '}');
	}
	jw_close(&w, ']');
	jw_str(&w, "source", c->source);
	jw_close(&w, '}');

	jw_open(&w, "memory", '{');
	jw_pos(&w, "total_bytes", (double)m->total_bytes);
	jw_count(&w, "available_bytes", (double)m->available_bytes);
	jw_count(&w, "free_bytes", (double)m->free_bytes);
	jw_count(&w, "cached_bytes", (double)m->cached_bytes);
	jw_count(&w, "swap_total_bytes", (double)m->swap_total_bytes);
	jw_count(&w, "hugepage_bytes", (double)m->hugepage_bytes);
	jw_count(&w, "numa_nodes", m->numa_nodes);
	jw_pos(&w, "dirty_limit_bytes", (double)m->dirty_limit_bytes);
	jw_str(&w, "lshw", m->lshw);
	jw_pos(&w, "lshw_total_bytes", (double)m->lshw_total_bytes);
	jw_count(&w, "banks", m->lshw && !strncmp(m->lshw, "ok", 2) ? m->banks : -1);
	jw_str(&w, "type", m->type);
	jw_pos(&w, "speed_mhz", m->speed_mhz);
	jw_open(&w, "dimms", '[');
	for (int i = 0; i < m->ndimms; i++) {
		const vd_sysprobe_dimm *d = &m->dimms[i];
		jw_open(&w, NULL, '{');
		jw_str(&w, "slot", d->slot);
		jw_pos(&w, "size_bytes", (double)d->size_bytes);
		jw_str(&w, "type", d->type);
		jw_pos(&w, "clock_mhz", d->clock_hz / 1e6);
		jw_pos(&w, "width_bits", d->width_bits);
		jw_str(&w, "vendor", d->vendor);
		jw_str(&w, "product", d->product);
		jw_str(&w, "description", d->description);
		jw_close(&w, '}');
	}
	jw_close(&w, ']');
	jw_close(&w, '}');

	jw_open(&w, "storage", '{');
	jw_str(&w, "path", s->path);
	jw_str(&w, "mount", s->mount);
	jw_str(&w, "fstype", s->fstype);
	jw_str(&w, "source", s->source);
	jw_str(&w, "options", s->options);
	jw_str(&w, "fs_class", s->fs_class);
	jw_pos(&w, "fs_size_bytes", (double)s->fs_size_bytes);
	jw_count(&w, "fs_free_bytes", s->fs_size_bytes > 0 ? (double)s->fs_free_bytes : -1);
	jw_str(&w, "device", s->device);
	jw_str(&w, "device_type", s->device_type);
	jw_str(&w, "classification", s->classification);
	jw_str(&w, "kind", s->kind);
	jw_str(&w, "disk", s->disk);
	jw_str(&w, "backing", s->backing);
	jw_str(&w, "model", s->model);
	jw_str(&w, "vendor", s->vendor);
	jw_bool(&w, "virtual", s->is_virtual);
	jw_count(&w, "rotational_flag", s->rotational);
	jw_pos(&w, "size_bytes", (double)s->size_bytes);
	jw_pos(&w, "logical_block_bytes", s->logical_block);
	jw_pos(&w, "physical_block_bytes", s->physical_block);
	jw_str(&w, "scheduler", s->scheduler);
	jw_count(&w, "nr_requests", s->nr_requests);
	jw_count(&w, "hw_queues", s->hw_queues);
	jw_count(&w, "read_ahead_kb", s->read_ahead_kb);
	jw_str(&w, "write_cache", s->write_cache);
	jw_pos(&w, "pcie_lanes", s->pcie_lanes);
	jw_str(&w, "pcie_speed", s->pcie_speed);
	jw_pos(&w, "pcie_MBps", round(s->pcie_MBps));
	jw_str(&w, "lshw_description", s->lshw_description);
	jw_str(&w, "lshw_product", s->lshw_product);
	jw_str(&w, "lshw_vendor", s->lshw_vendor);
	jw_str(&w, "businfo", s->businfo);
	jw_str(&w, "controller", s->controller);
	jw_str(&w, "driver", s->driver);
	jw_pos(&w, "rpm", s->rpm);
	jw_str(&w, "note", s->note);
	jw_close(&w, '}');

	jw_open(&w, "bench", '{');
	jw_bool(&w, "ran", b->ran);
	jw_str(&w, "method", b->method);
	jw_pos(&w, "file_bytes", b->file_bytes);
	jw_pos(&w, "reps", b->reps);
	for (int i = 0; i < VD_SP__COUNT; i++)
		jw_num(&w, vd_sysprobe_metric_key(i), stat_value(&b->m[i]));
	jw_pos(&w, "small_io_threshold_bytes", round(b->small_io_threshold));
	jw_pos(&w, "concurrency", b->concurrency);
	jw_pos(&w, "seconds", round(b->seconds * 1000) / 1000);
	jw_open(&w, "size_sweep", '[');
	for (int i = 0; i < b->nsweep; i++) {
		jw_open(&w, NULL, '{');
		jw_num(&w, "bytes", b->sweep_bytes[i]);
		jw_num(&w, "MiBps", b->sweep_MiBps[i]);
		jw_close(&w, '}');
	}
	jw_close(&w, ']');
	jw_open(&w, "concurrency_sweep", '[');
	for (int i = 0; i < b->nconc; i++) {
		jw_open(&w, NULL, '{');
		jw_num(&w, "threads", b->conc_threads[i]);
		jw_num(&w, "iops", b->conc_iops[i]);
		jw_close(&w, '}');
	}
	jw_close(&w, ']');
	jw_open(&w, "stats", '{');
	for (int i = 0; i < VD_SP__COUNT; i++) {
		const vd_sysprobe_stat *st = &b->m[i];
		if (!st->n)
			continue;
		jw_open(&w, vd_sysprobe_metric_key(i), '{');
		jw_str(&w, "unit", vd_sysprobe_metric_unit(i));
		jw_str(&w, "what", vd_sysprobe_metric_what(i));
		jw_num(&w, "median", st->value);
		jw_num(&w, "mean", st->mean);
		jw_num(&w, "stddev", st->stddev);
		jw_num(&w, "min", st->min);
		jw_num(&w, "max", st->max);
		jw_num(&w, "reps", st->n);
		jw_close(&w, '}');
	}
	jw_close(&w, '}');
	jw_open(&w, "units", '{');
	jw_str(&w, "MiBps", "2^20 bytes per second");
	jw_str(&w, "iops", "operations per second");
	jw_str(&w, "us", "microseconds");
	jw_str(&w, "small_io_threshold_bytes", "bytes");
	jw_str(&w, "concurrency", "threads");
	jw_close(&w, '}');
	jw_close(&w, '}');

	jw_close(&w, '}');
	vd_buf_putc(out, '\n');
	return 0;
}

/* ---- table ------------------------------------------------------------------------- */

static const char *human_bytes(char *buf, size_t n, double v)
{
	static const char *units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	int u = 0;
	while (v >= 1024 && u < 5) {
		v /= 1024;
		u++;
	}
	if (v == floor(v))
		snprintf(buf, n, "%.0f %s", v, units[u]);
	else
		snprintf(buf, n, "%.1f %s", v, units[u]);
	return buf;
}

/* 4 significant digits without exponents: 13970, 71.6, 0.252 */
static const char *num(char *buf, size_t n, double v)
{
	double a = fabs(v);
	snprintf(buf, n, a >= 1000 ? "%.0f" : a >= 100 ? "%.1f" : a >= 10 ? "%.2f" : "%.3f", v);
	return buf;
}

static void row(vd_buf *b, const char *label, const char *fmt, ...) VD_PRINTF(3, 4);

static void row(vd_buf *b, const char *label, const char *fmt, ...)
{
	va_list ap;
	vd_buf_printf(b, "  %-20s ", label);
	va_start(ap, fmt);
	vd_buf_vprintf(b, fmt, ap);
	va_end(ap);
	vd_buf_putc(b, '\n');
}

#define OR(s, d) ((s) ? (s) : (d))

static void metric_row(vd_buf *b, const vd_sysprobe_bench *bench, vd_sysprobe_metric m,
		       const char *label)
{
	const vd_sysprobe_stat *s = &bench->m[m];
	char v1[32], v2[32], v3[32];
	double rel;
	if (!s->n) {
		row(b, label, "not measured");
		return;
	}
	rel = s->value != 0 ? 100.0 * s->stddev / fabs(s->value) : 0;
	row(b, label, "%10s %-6s  +-%5.1f %%  (%s .. %s, %d reps)", num(v1, sizeof(v1), s->value),
	    vd_sysprobe_metric_unit(m), rel, num(v2, sizeof(v2), s->min),
	    num(v3, sizeof(v3), s->max), s->n);
}

int vd_sysprobe_to_text(const vd_sysprobe_report *r, vd_buf *b)
{
	const vd_sysprobe_cpu *c = &r->cpu;
	const vd_sysprobe_memory *m = &r->mem;
	const vd_sysprobe_storage *s = &r->storage;
	const vd_sysprobe_bench *k = &r->bench;
	char h1[32], h2[32], h3[32];
	vd_buf tmp = VD_BUF_INIT;

	vd_buf_printf(b, "CPU\n");
	row(b, "model", "%s (%s, family %d model %d stepping %d)", OR(c->model, "unknown"),
	    OR(c->vendor, "?"), c->family, c->model_id, c->stepping);
	row(b, "cores", "%d physical, %d logical (%d usable), %d socket%s", c->cores, c->logical,
	    c->usable, c->sockets, c->sockets == 1 ? "" : "s");
	if (c->max_mhz > 0)
		row(b, "clock", "%.0f MHz (max %.0f MHz)", c->mhz, c->max_mhz);
	else if (c->mhz > 0)
		row(b, "clock", "%.0f MHz", c->mhz);
	for (int i = 0; i < c->ncaches; i++) {
		const vd_sysprobe_cache *ca = &c->caches[i];
		if (tmp.len)
			vd_buf_puts(&tmp, ", ");
		vd_buf_printf(&tmp, "L%d%s %s", ca->level,
			      !strcmp(ca->type, "data")          ? "d"
			      : !strcmp(ca->type, "instruction") ? "i"
								 : "",
			      human_bytes(h1, sizeof(h1), (double)ca->size_bytes));
	}
	if (tmp.len)
		row(b, "caches", "%s", tmp.ptr);
	if (c->phys_addr_bits)
		row(b, "address bits", "%d physical, %d virtual", c->phys_addr_bits,
		    c->virt_addr_bits);
	if (c->features && *c->features)
		row(b, "features", "%s%s", c->features,
		    c->hypervisor ? " (under a hypervisor)" : "");
	if (k->m[VD_SP_CPU_NS_PER_OP].n)
		row(b, "ns per operation", "%.3f", k->m[VD_SP_CPU_NS_PER_OP].value);
	if (k->m[VD_SP_SCAN].n)
		row(b, "library calls",
		    "sscanf %.0f ns, snprintf %.0f ns, strtod %.0f ns, atoi %.0f ns, "
		    "math %.0f ns, memcpy %.1f ns/KiB, qsort %.1f ns per n log2 n",
		    k->m[VD_SP_SCAN].value, k->m[VD_SP_FORMAT].value, k->m[VD_SP_STRTOD].value,
		    k->m[VD_SP_ATOI].value, k->m[VD_SP_MATH].value, k->m[VD_SP_MEMCPY].value,
		    k->m[VD_SP_QSORT].value);
	row(b, "source", "%s", OR(c->source, "unknown"));

	vd_buf_printf(b, "\nMemory\n");
	row(b, "total", "%s (available %s, swap %s)",
	    human_bytes(h1, sizeof(h1), (double)m->total_bytes),
	    human_bytes(h2, sizeof(h2), (double)m->available_bytes),
	    human_bytes(h3, sizeof(h3), (double)m->swap_total_bytes));
	if (m->numa_nodes > 0)
		row(b, "NUMA nodes", "%d", m->numa_nodes);
	if (m->dirty_limit_bytes > 0)
		row(b, "dirty limit", "%s (writers wait for the device past it)",
		    human_bytes(h1, sizeof(h1), (double)m->dirty_limit_bytes));
	if (m->ndimms > 0)
		row(b, "DIMMs", "%d of %d banks populated, %s, %.0f MHz", m->ndimms, m->banks,
		    OR(m->type, "type unknown"), m->speed_mhz);
	else if (m->lshw && !strncmp(m->lshw, "ok", 2))
		row(b, "DIMMs", "none reported by lshw (virtual machine?)");
	row(b, "lshw", "%s", OR(m->lshw, "not run"));

	vd_buf_printf(b, "\nStorage\n");
	row(b, "path", "%s", OR(s->path, "?"));
	row(b, "mount", "%s (%s from %s)", OR(s->mount, "?"), OR(s->fstype, "?"),
	    OR(s->source, "?"));
	row(b, "options", "%s", OR(s->options, ""));
	if (s->fs_size_bytes > 0)
		row(b, "size", "%s, %s free", human_bytes(h1, sizeof(h1), (double)s->fs_size_bytes),
		    human_bytes(h2, sizeof(h2), (double)s->fs_free_bytes));
	row(b, "device", "%s%s%s%s", OR(s->device, "unknown"), s->kind ? " [" : "", OR(s->kind, ""),
	    s->kind ? "]" : "");
	if (s->backing)
		row(b, "backed by", "%s", s->backing);
	if (s->disk) {
		row(b, "disk", "%s: %s%s%s, %s", s->disk, OR(s->model, "model unknown"),
		    s->vendor ? " by " : "", OR(s->vendor, ""),
		    human_bytes(h1, sizeof(h1), (double)s->size_bytes));
		row(b, "queue",
		    "rotational flag %d, blocks %d/%d bytes, scheduler %s, nr_requests %d, "
		    "%d hw queue%s",
		    s->rotational, s->logical_block, s->physical_block, OR(s->scheduler, "?"),
		    s->nr_requests, s->hw_queues, s->hw_queues == 1 ? "" : "s");
		if (s->write_cache)
			row(b, "write cache", "%s", s->write_cache);
		if (s->pcie_lanes)
			row(b, "PCIe link", "x%d %s (%.0f MB/s)", s->pcie_lanes,
			    OR(s->pcie_speed, "?"), s->pcie_MBps);
	}
	if (s->controller)
		row(b, "controller", "%s%s%s%s", s->controller, s->driver ? " (driver " : "",
		    OR(s->driver, ""), s->driver ? ")" : "");
	if (s->rpm)
		row(b, "rotation", "%d rpm (lshw)", s->rpm);
	row(b, "virtual disk", "%s", s->is_virtual ? "yes" : "no");
	row(b, "device type", "%s: %s", OR(s->device_type, "unknown"), OR(s->classification, ""));
	if (s->note)
		row(b, "note", "%s", s->note);

	if (k->ran) {
		vd_buf_printf(b, "\nBenchmarks (%s, %s file, %d repetitions, %.1f s)\n", k->method,
			      human_bytes(h1, sizeof(h1), k->file_bytes), k->reps, k->seconds);
		metric_row(b, k, VD_SP_SEQ_WRITE, "sequential write");
		metric_row(b, k, VD_SP_SEQ_READ, "sequential read");
		metric_row(b, k, VD_SP_RAND_READ, "random read 4 KiB");
		metric_row(b, k, VD_SP_RAND_WRITE, "random write 4 KiB");
		metric_row(b, k, VD_SP_RAND_READ_LAT, "read latency");
		metric_row(b, k, VD_SP_RAND_WRITE_LAT, "write latency");
		metric_row(b, k, VD_SP_FSYNC_LAT, "fsync");
		metric_row(b, k, VD_SP_FDATASYNC_LAT, "fdatasync");
		metric_row(b, k, VD_SP_WRITE_CALL_LAT, "buffered write call");
		metric_row(b, k, VD_SP_META_LAT, "open/close/stat");
		metric_row(b, k, VD_SP_CREATE_LAT, "create a file");
		metric_row(b, k, VD_SP_UNLINK_LAT, "unlink a file");
		metric_row(b, k, VD_SP_STDIO_CALL, "stdio call");
		metric_row(b, k, VD_SP_CACHE_WRITE, "page cache write");
		metric_row(b, k, VD_SP_CACHE_READ, "page cache read");
		metric_row(b, k, VD_SP_FLUSH, "write-back by fsync");
		vd_buf_clear(&tmp);
		for (int i = 0; i < k->nsweep; i++)
			vd_buf_printf(&tmp, "%s%s %.0f", i ? ", " : "",
				      human_bytes(h1, sizeof(h1), k->sweep_bytes[i]),
				      k->sweep_MiBps[i]);
		if (k->nsweep)
			row(b, "MiB/s by size", "%s", tmp.ptr);
		row(b, "small-I/O threshold", "%s (bandwidth under half of the peak below it)",
		    human_bytes(h1, sizeof(h1), round(k->small_io_threshold)));
		vd_buf_clear(&tmp);
		for (int i = 0; i < k->nconc; i++)
			vd_buf_printf(&tmp, "%s%.0f: %.0f", i ? ", " : "", k->conc_threads[i],
				      k->conc_iops[i]);
		if (k->nconc)
			row(b, "IOPS by threads", "%s", tmp.ptr);
		row(b, "useful concurrency", "%.0f thread%s (where more threads stop paying)",
		    k->concurrency, k->concurrency == 1 ? "" : "s");
	} else {
		vd_buf_printf(b, "\nBenchmarks: not run\n");
	}
	vd_buf_printf(b, "\nprobe took %.1f s (%s)\n", r->seconds, r->mode);
	vd_buf_release(&tmp);
	return 0;
}
