/*
 * score.c - the physics: predicted I/O seconds of every call, the page
 * cache it goes through, features X1..X16 and the analytic CIOC estimate.
 *
 * Costs come from the machine's profile (vidya sysprobe), per class of call:
 *
 *   buffered stdio call    stdio_call_s per call, the bytes copied at memory
 *                          speed, one system call per 4 KiB buffer
 *   read/write syscall     a system call (the measured 4 KiB call less its
 *                          copy), the bytes at page-cache speed when they are
 *                          in the cache, else at the device's bandwidth (a
 *                          random access also pays one device access, 1/IOPS)
 *   fsync / fdatasync      its latency plus the file's dirty bytes at the
 *                          device's write-back bandwidth
 *   open / close / stat    meta_latency_s; an open that creates a file
 *                          (O_CREAT/O_TRUNC or fopen "w"/"a" of a file not
 *                          there at analysis time) create_latency_s;
 *                          unlink / remove unlink_latency_s
 *
 * The page cache is followed through the walk, in program order:
 *
 *   - a buffered write costs memory speed and leaves its bytes dirty and
 *     cached; past the kernel's dirty limit, writers pay the device for
 *     the excess (throttling);
 *   - fsync pays the device for the file's dirty bytes and cleans them;
 *   - a read of bytes in the cache (written earlier in the run, read
 *     before, or an input file that fits in memory) is a cache hit;
 *   - posix_fadvise(POSIX_FADV_DONTNEED) drops a file's clean pages and
 *     O_DIRECT data calls always go to the device;
 *   - unlink/remove of a file forgets its pages, dirty or not.
 *
 * Calls replayed from a call summary repeat the seconds of their first
 * walk and do not move the cache state (a documented approximation).
 *
 * Compute seconds are counted operations x the calibrated cost of one;
 * library compute calls (sscanf, snprintf, strtod, atoi, memcpy, qsort,
 * math) count the operations their measured cost is worth
 * (vd_score_libcall_ops).  Blocks without I/O score 0 (the paper's
 * Procedure 2).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vd_analyzer.h"
#include "vd_extractor.h"

/* a device figure, or its default when not measured (0, negative, NaN:
 * profiles stored before the figure existed read back as NaN) */
static double fig(double v, double def)
{
	return isfinite(v) && v > 0 ? v : def;
}

/* the figures the model uses, every one defined */
typedef struct figs {
	double seq_r, seq_w, iops_r, iops_w, call, syscall, fsync, meta, stdio_call;
	double cache_r, cache_w, flush, dirty_limit, cache_bytes, scan, format, create, unlink;
} figs;

static void figures(const vd_device *d, int nprocs, figs *f)
{
	vd_device def;
	vd_device_defaults(&def);
	double sh = 1;
	if (nprocs > 1) {
		double c = fig(d->concurrency, 1);
		sh = (nprocs < c ? nprocs : c) / (double)nprocs;
	}
	f->seq_r = fig(d->seq_read_Bps, def.seq_read_Bps) * sh;
	f->seq_w = fig(d->seq_write_Bps, def.seq_write_Bps) * sh;
	f->iops_r = fig(d->rand_read_iops, def.rand_read_iops) * sh;
	f->iops_w = fig(d->rand_write_iops, def.rand_write_iops) * sh;
	f->cache_r = fig(d->cache_read_Bps, def.cache_read_Bps);
	f->cache_w = fig(d->cache_write_Bps, def.cache_write_Bps);
	f->flush = fig(d->flush_Bps, f->seq_w / sh) * sh;
	f->call = fig(d->latency_s, def.latency_s);
	/* the measured call moves 4 KiB into the cache: the call alone is the rest */
	f->syscall = fmax(f->call - 4096.0 / f->cache_w, 0.2e-6);
	f->fsync = fig(d->fsync_latency_s, def.fsync_latency_s);
	f->meta = fig(d->meta_latency_s, def.meta_latency_s);
	f->stdio_call = fig(d->stdio_call_s, def.stdio_call_s);
	f->dirty_limit = fig(d->dirty_limit_bytes, def.dirty_limit_bytes);
	f->cache_bytes = fig(d->cache_bytes, def.cache_bytes);
	f->scan = fig(d->scan_ns, def.scan_ns) * 1e-9;
	f->format = fig(d->format_ns, def.format_ns) * 1e-9;
	f->create = fig(d->create_latency_s, def.create_latency_s);
	f->unlink = fig(d->unlink_latency_s, def.unlink_latency_s);
}

void vd_score_libcall_ops(const vd_device *d, double *ops)
{
	vd_device def;
	vd_device_defaults(&def);
	double ns = fig(d->cpu_ns_per_op, def.cpu_ns_per_op);
	ops[VD_LIBCALL_SCAN] = fig(d->scan_ns, def.scan_ns) / ns;
	ops[VD_LIBCALL_FORMAT] = fig(d->format_ns, def.format_ns) / ns;
	ops[VD_LIBCALL_STRTOD] = fig(d->strtod_ns, def.strtod_ns) / ns;
	ops[VD_LIBCALL_ATOI] = fig(d->atoi_ns, def.atoi_ns) / ns;
	ops[VD_LIBCALL_MEM] = fig(d->mem_ns_per_byte, def.mem_ns_per_byte) / ns;
	ops[VD_LIBCALL_SORT] = fig(d->sort_ns_per_cmp, def.sort_ns_per_cmp) / ns;
	ops[VD_LIBCALL_MATH] = fig(d->math_ns, def.math_ns) / ns;
}

/* ---- the page cache ------------------------------------------------------------ */

typedef struct pfile {
	double cached; /* bytes of the file in the page cache */
	double dirty;  /* of which not yet written back */
	double size;   /* largest extent known: stat size, bytes written */
	int seen;
} pfile;

struct vd_pcache {
	figs f;
	pfile *files;
	size_t nfiles;
	double dirty; /* all files */
};

vd_pcache *vd_pcache_new(const vd_device *d, int nprocs)
{
	vd_pcache *pc = vd_xcalloc(1, sizeof *pc);
	figures(d, nprocs, &pc->f);
	return pc;
}

void vd_pcache_free(vd_pcache *pc)
{
	if (!pc)
		return;
	free(pc->files);
	free(pc);
}

void vd_pcache_copy(vd_pcache *dst, const vd_pcache *src)
{
	free(dst->files);
	*dst = *src;
	dst->files = vd_xmalloc((src->nfiles ? src->nfiles : 1) * sizeof(pfile));
	if (src->nfiles)
		memcpy(dst->files, src->files, src->nfiles * sizeof(pfile));
}

/* the state of file `i` (NULL for none) */
static pfile *pfile_of(vd_pcache *pc, int i, double stat_size)
{
	if (i < 0)
		return NULL;
	if ((size_t)i >= pc->nfiles) {
		size_t n = (size_t)i + 16;
		pfile *nf = vd_xrealloc(pc->files, n * sizeof *nf);
		memset(nf + pc->nfiles, 0, (n - pc->nfiles) * sizeof *nf);
		pc->files = nf;
		pc->nfiles = n;
	}
	pfile *f = &pc->files[i];
	if (!f->seen) {
		f->seen = 1;
		/* a file there before the run is in the cache when it fits in
		 * half of the memory: it was just made, or read recently
		 * (assumption; drop it with posix_fadvise to say otherwise) */
		if (stat_size > 0) {
			f->size = stat_size;
			if (stat_size <= pc->f.cache_bytes / 2)
				f->cached = stat_size;
		}
	}
	return f;
}

static void clean(vd_pcache *pc, pfile *f, double bytes)
{
	double d = fmin(bytes, f->dirty);
	f->dirty -= d;
	pc->dirty = fmax(pc->dirty - d, 0);
}

static int is_call(const char *call, const char *const *names)
{
	for (; call && *names; names++)
		if (!strcmp(call, *names))
			return 1;
	return 0;
}

double vd_pcache_io_seconds(vd_pcache *pc, const vd_io_event *e, double stat_size)
{
	static const char *const removes[] = { "unlink", "unlinkat", "remove", "MPI_File_delete",
					       NULL };
	const figs *F = &pc->f;
	double n = e->count > 0 ? e->count : 0, t = 0;
	int stdio = e->api && !strcmp(e->api, "stdio");
	pfile *f = pfile_of(pc, e->file, stat_size);
	switch (e->op) {
	case VD_OP_OPEN:
	case VD_OP_CLOSE:
	case VD_OP_META:
		t = n * F->meta;
		if (e->op == VD_OP_OPEN && e->create && (stat_size < 0 || e->file_per_exec))
			t = n * F->create; /* a new file: directory entry, inode, journal */
		if (f && e->drop) {
			f->cached = f->dirty; /* dirty pages stay until written back */
		} else if (is_call(e->call, removes)) {
			t = n * F->unlink;
			if (f) {
				clean(pc, f, f->dirty);
				f->cached = 0;
				f->size = 0;
			}
		}
		break;
	case VD_OP_SEEK:
		t = n * F->syscall;
		break;
	case VD_OP_FLUSH:
		/* hands a buffer to the kernel: one system call */
		t = n * F->call;
		break;
	case VD_OP_SYNC: {
		double dirty = 0;
		if (f) {
			dirty = f->dirty;
			clean(pc, f, dirty);
		} else if (e->file < 0) { /* sync(), or a handle not known: everything */
			dirty = pc->dirty;
			for (size_t i = 0; i < pc->nfiles; i++)
				pc->files[i].dirty = 0;
			pc->dirty = 0;
		}
		t = n * F->fsync + dirty / F->flush;
		break;
	}
	case VD_OP_READ:
	case VD_OP_WRITE: {
		int w = e->op == VD_OP_WRITE;
		double bytes = n * (e->bytes > 0 ? e->bytes : 0);
		/* system calls: one per call, or one per 4 KiB stdio buffer */
		double nsys = stdio && !e->random ? fmax(bytes / 4096.0, n > 0 ? 1 : 0) : n;
		if (stdio) {
			t += n * F->stdio_call + bytes / F->cache_w;
			/* formatted calls also format or parse */
			if (e->call && strstr(e->call, "scanf"))
				t += n * F->scan;
			else if (e->call && strstr(e->call, "printf"))
				t += n * F->format * (e->format_cost > 0 ? e->format_cost : 1);
		}
		t += nsys * F->syscall;
		if (!w) {
			double size = f ? fmax(f->size, stat_size) : -1;
			double hit = e->direct || !f ? 0 : size > 0 ? fmin(f->cached / size, 1) : 1;
			if (!f && !e->direct && e->file < 0)
				hit = 1; /* standard input and the like: not a device */
			double miss = bytes * (1 - hit);
			t += bytes * hit / F->cache_r + miss / F->seq_r;
			if (e->random && miss > 0)
				t += (1 - hit) * n / F->iops_r;
			if (f && !e->direct)
				f->cached =
					fmin(f->cached + miss, size > 0 ? size : f->cached + miss);
		} else if (e->direct || e->sync_handle) {
			t += bytes / F->flush + (e->random ? n / F->iops_w : 0);
			if (e->sync_handle)
				t += n * F->fsync;
			if (f) {
				f->size = fmax(f->size, bytes);
				if (!e->direct)
					f->cached += bytes;
			}
		} else {
			/* into the page cache, dirty; past the limit the writer
			 * waits for the device */
			t += bytes / F->cache_w;
			pc->dirty += bytes;
			if (f) {
				f->dirty += bytes;
				f->cached += bytes;
				f->size = fmax(f->size, f->cached);
			}
			if (pc->dirty > F->dirty_limit) {
				double over = pc->dirty - F->dirty_limit;
				t += over / F->flush;
				if (f)
					f->dirty = fmax(f->dirty - over, 0);
				pc->dirty = F->dirty_limit;
			}
		}
		break;
	}
	default:
		break;
	}
	if (e->async)
		t *= 0.25; /* overlapped with computation */
	return t;
}

double vd_score_io_seconds(const vd_io_event *e, const vd_device *d, int nprocs)
{
	vd_pcache *pc = vd_pcache_new(d, nprocs);
	vd_io_event one = *e;
	one.count = 1;
	double t = vd_pcache_io_seconds(pc, &one, -1);
	vd_pcache_free(pc);
	return t;
}

void vd_score_result(vd_result *r)
{
	if (r->nblocks == 0)
		return;
	const vd_block *root = &r->blocks[0];
	double conc = r->device.concurrency > 0 ? r->device.concurrency : 1;
	double ns = fig(r->device.cpu_ns_per_op, 0.5);
	for (size_t i = 0; i < r->nblocks; i++) {
		vd_block *b = &r->blocks[i];
		b->p[VD_p14] = r->nprocs > 0 ? r->nprocs : 1;
		b->p[VD_p15] = conc;
		for (int k = VD_p1; k <= VD_p13; k++) {
			double tot = root->p[k];
			b->x[k] = tot > 0 ? b->p[k] / tot : 0;
		}
		double p14 = b->p[VD_p14], p15 = b->p[VD_p15];
		b->x[VD_x14] = p14 == p15 ? 1 : fabs(p14 - p15) / (p14 > p15 ? p14 : p15);
		b->x[VD_x15] = b->p[VD_p12] > 0;
		b->x[VD_x16] = b->p[VD_p13] > 0;
		b->compute_s = b->ops * ns * 1e-9;
		b->analytic = vd_score_analytic(b);
		b->cioc = b->analytic;
		b->cioc_note = NULL;
	}
}

double vd_score_analytic(const vd_block *b)
{
	if (b->p[VD_p2] <= 0)
		return 0;
	double tot = b->io_s + b->compute_s;
	return tot > 0 ? b->io_s / tot : 0;
}
