/*
 * ingest.c - loads the recorder's logs (vd_tracelog.h) into a vd_trace:
 * one row per call with its parent layer and source location, per-file
 * Darshan-style counters per layer and process, and per-block measured
 * time from the stack samples.
 *
 * Per-block time.  Every wall-clock sample of a thread adds weight/hz
 * seconds to each block on its stack (counted once per sample, however
 * often recursion repeats it): a function or loop block is on the stack
 * when a frame's function is the block's function and, for a loop, the
 * frame's line lies inside the loop.  I/O time is exact, not sampled: each
 * call the application made (parent 0) adds its duration, bytes and one
 * call to every block on the stack captured when it returned.  Calls one
 * layer makes into another (the pwrite of an H5Dwrite) are not added
 * again: their time is inside their parent's.  A call that only starts a
 * transfer (MPI_File_iwrite, a split collective's _begin) adds the time
 * of the call itself; the call that waits for the transfer to end
 * (MPI_Wait, the _end) is a call of its own, class wait, and adds its
 * time where it is made.  Samples deferred while the stack could not be
 * taken (VD_TL_S_DEFERRED) carry the call chain of the code that was
 * running when they were due; unattributed ones count for no block.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vd_trace_int.h"
#include "vd_tracelog.h"

const char *const vd_trace_counter_name[VD_NTRACE_COUNTERS] = {
#define VD_X_(c, d) #c,
	VD_TRACE_COUNTERS(VD_X_)
#undef VD_X_
};

static const char *const api_name[] = { "posix", "stdio", "mpiio", "hdf5", "netcdf", "pnetcdf" };

static const struct {
	int api;
	const char *name;
	int cls;
} calls[] = {
#define VD_TL_X(id, api, name, cls) { api, name, cls },
	VD_TL_CALLS(VD_TL_X)
#undef VD_TL_X
};

vd_trace *vd_trace_new(void)
{
	vd_trace *t = vd_xcalloc(1, sizeof *t);
	t->arena = vd_arena_new();
	return t;
}

void vd_trace_free(vd_trace *t)
{
	if (!t)
		return;
	vd_vec_free(t->ops);
	vd_vec_free(t->files);
	vd_vec_free(t->blocks);
	vd_vec_free(t->sites);
	vd_vec_free(t->procs);
	vd_map_free(t->interned_);
	vd_arena_free(t->arena);
	free(t);
}

/* ---- exclusions ---- */

const char *const vd_trace_default_exclude[] = {
	/* Darshan's system directories */
	"/etc/", "/dev/", "/usr/", "/bin/", "/boot/", "/lib/", "/lib64/", "/opt/", "/sbin/",
	"/sys/", "/proc/", "/var/", "/run/",
	/* the MPI runtime's session directories (Open MPI 4, PRRTE/Open MPI 5) */
	"/tmp/ompi.", "/tmp/.ompi", "/tmp/prte.", "/tmp/openmpi-sessions",
	/* descriptors that are no file, as /proc names them */
	"socket:", "pipe:", "anon_inode:", "net:", "/memfd:", NULL
};

/* `path` starts with `pre`; a directory prefix ("/etc/") also matches the
 * directory itself ("/etc") */
static int has_prefix(const char *path, const char *pre)
{
	size_t n = strlen(pre);
	if (strncmp(path, pre, n) == 0)
		return 1;
	return n > 1 && pre[n - 1] == '/' && strncmp(path, pre, n - 1) == 0 && path[n - 1] == 0;
}

int vd_trace_excluded(const vd_trace *t, const char *path)
{
	if (!path || t->include_all)
		return 0;
	for (size_t i = 0; vd_trace_default_exclude[i]; i++)
		if (has_prefix(path, vd_trace_default_exclude[i]))
			return 1;
	for (size_t i = 0; i < t->nexclude; i++)
		if (t->exclude[i] && t->exclude[i][0] && has_prefix(path, t->exclude[i]))
			return 1;
	return 0;
}

/* ---- reading log files ---- */

typedef struct logmap {
	void *base;
	size_t len;
} logmap;

/* A call as read from a log, whichever record held it: its frames and
 * path point into the log. */
typedef struct vop {
	vd_tl_op op; /* op.rec unused */
	const uint64_t *frames;
	const char *path;
} vop;

/* What decoding a log's call records needs (vd_tracelog.h: VD_TL_OPC):
 * the previous call, the chains its slots name. */
typedef struct opdec {
	int32_t tid; /* the log's */
	vd_tl_prev prev;
	const uint64_t *slot[VD_TL_NSLOTS];
	uint16_t nslot[VD_TL_NSLOTS];
} opdec;

/* The entries of a batch (VD_TL_OPB) not read yet. */
typedef struct batchcur {
	const uint8_t *p, *end;
	uint32_t left;
} batchcur;

/* One thread's log, read again call by call once it was scanned: its
 * calls come in the order they ended (a parent after its children); a
 * group is the calls up to the next one the application made itself,
 * put in start order (see next_op). */
typedef struct tstream {
	const char *base;
	size_t len, off;   /* the next record */
	size_t dropped;    /* pages before this left (drop_pages) */
	opdec dec;         /* the calls before off */
	batchcur batch;    /* the batch at off's record being read, if any */
	VD_VEC(vop) group; /* read, in start order */
	size_t next;       /* the next of group to hand out */
} tstream;

typedef struct proc {
	int32_t pid, ppid, rank;
	uint64_t t0;
	int64_t rt0;
	unsigned hz;
	const char *exe, *host;
	int threads, exited;
	uint64_t tmin, tmax;
	int64_t nops; /* calls in its logs */
	VD_VEC(tstream) streams;
	VD_VEC(const vd_tl_sample *) samples;
	VD_VEC(const vd_tl_module *) mods;
	VD_VEC(const vd_tl_done *) dones;
} proc;

typedef VD_VEC(proc) procvec;

static proc *find_proc(procvec *pv, const vd_tl_header *h)
{
	for (size_t i = 0; i < pv->n; i++)
		if (pv->v[i].pid == h->pid && pv->v[i].t0 == h->t0_ns)
			return &pv->v[i];
	proc p;
	memset(&p, 0, sizeof p);
	p.pid = h->pid;
	p.ppid = h->ppid;
	p.rank = h->rank;
	p.t0 = h->t0_ns;
	p.rt0 = h->realtime_ns;
	p.hz = h->sample_hz;
	p.tmin = UINT64_MAX;
	vd_vec_push(*pv, p);
	return &pv->v[pv->n - 1];
}

static void span(proc *p, uint64_t a, uint64_t b)
{
	if (a && a < p->tmin)
		p->tmin = a;
	if (b > p->tmax)
		p->tmax = b;
}

/* The record at *off of a log (moving *off past it), or NULL at the end
 * of what was written (type 0) or at a record that cannot be one. */
static const vd_tl_rec *next_rec(const char *base, size_t len, size_t *off)
{
	if (*off + sizeof(vd_tl_rec) > len)
		return NULL;
	const vd_tl_rec *r = (const vd_tl_rec *)(base + *off);
	uint32_t type = __atomic_load_n(&r->type, __ATOMIC_ACQUIRE);
	if (type == VD_TL_END || r->size < sizeof(vd_tl_rec) || r->size % 8 || r->size > len - *off)
		return NULL;
	*off += r->size;
	return r;
}

/* A full call record (vd_tl_op) into *v, when it holds what it says. */
static int full_op(opdec *d, const vd_tl_rec *r, vop *v)
{
	const vd_tl_op *o = (const vd_tl_op *)r;
	if (r->size < sizeof *o || r->size < sizeof *o + (size_t)o->nframes * 8 + o->path_len ||
	    o->call >= VD_TL_NCALLS)
		return 0;
	v->op = *o;
	v->frames = (const uint64_t *)(o + 1);
	v->path = o->path_len ? (const char *)(v->frames + o->nframes) : NULL;
	vd_tl_prev_update(&d->prev, o->id, o->t_end_ns, o->handle, o->fd, o->offset, o->done);
	return 1;
}

/* A compact call record (VD_TL_OPC) into *v, decoded against the log's
 * previous call.  0 when it cannot be one (it then leaves the state as it
 * was). */
static int compact_op(opdec *d, const vd_tl_rec *r, vop *v)
{
	const uint8_t *p = (const uint8_t *)(r + 1), *end = (const uint8_t *)r + r->size;
	const vd_tl_prev *pv = &d->prev;
	int ok = 1;
	vd_tl_op *o = &v->op;
	memset(v, 0, sizeof *v);
	unsigned flags = (unsigned)vd_tl_get_u(&p, end, &ok);
	uint64_t call = vd_tl_get_u(&p, end, &ok);
	o->id = pv->id + (uint64_t)vd_tl_get_s(&p, end, &ok);
	o->parent = flags & VD_TL_C_PARENT ? o->id - (uint64_t)vd_tl_get_s(&p, end, &ok) : 0;
	o->t_start_ns = pv->t_end + (uint64_t)vd_tl_get_s(&p, end, &ok);
	o->t_end_ns = o->t_start_ns + (uint64_t)vd_tl_get_s(&p, end, &ok);
	o->handle = (int64_t)((uint64_t)pv->handle + (uint64_t)vd_tl_get_s(&p, end, &ok));
	o->fd = (int32_t)(uint32_t)((uint64_t)(int64_t)pv->fd +
				    (uint64_t)vd_tl_get_s(&p, end, &ok));
	o->offset = flags & VD_TL_C_SEQ ? pv->next : vd_tl_get_s(&p, end, &ok);
	o->done = vd_tl_get_s(&p, end, &ok);
	o->req = flags & VD_TL_C_REQ_DONE ? o->done : vd_tl_get_s(&p, end, &ok);
	o->err = flags & VD_TL_C_ERR ? (int32_t)vd_tl_get_s(&p, end, &ok) : 0;
	uint64_t slot = flags & (VD_TL_C_REF | VD_TL_C_DEF) ? vd_tl_get_u(&p, end, &ok) : 0;
	uint64_t nf = flags & (VD_TL_C_DEF | VD_TL_C_INL) ? vd_tl_get_u(&p, end, &ok) : 0;
	o->tid = d->tid;
	if (!ok || call >= VD_TL_NCALLS || slot >= VD_TL_NSLOTS || nf > VD_TL_MAXFRAMES)
		return 0;
	o->call = (uint16_t)call;
	if (flags & (VD_TL_C_DEF | VD_TL_C_INL)) {
		size_t at = ((size_t)(p - (const uint8_t *)r) + 7) & ~(size_t)7;
		if (at + nf * 8 > r->size)
			return 0;
		v->frames = (const uint64_t *)((const char *)r + at);
		o->nframes = (uint16_t)nf;
		if (flags & VD_TL_C_DEF) {
			d->slot[slot] = v->frames;
			d->nslot[slot] = (uint16_t)nf;
		}
	} else if (flags & VD_TL_C_REF) {
		if (!d->slot[slot])
			return 0;
		v->frames = d->slot[slot];
		o->nframes = d->nslot[slot];
	}
	vd_tl_prev_update(&d->prev, o->id, o->t_end_ns, o->handle, o->fd, o->offset, o->done);
	return 1;
}

/* A call the previous one predicts (a vd_tl_opf, a batch entry) into *v:
 * its call, chain slot + 1 (0: none; known to be in the log), gap since
 * the previous call ended, duration and bytes. */
static void predicted_op(opdec *d, unsigned call, unsigned slot1, uint64_t gap, uint64_t dur,
			 int64_t done, vop *v)
{
	const vd_tl_prev *pv = &d->prev;
	memset(v, 0, sizeof *v);
	vd_tl_op *o = &v->op;
	o->id = pv->id + 1;
	o->handle = pv->handle;
	o->fd = pv->fd;
	o->offset = pv->next;
	o->req = o->done = done;
	o->t_start_ns = pv->t_end + gap;
	o->t_end_ns = o->t_start_ns + dur;
	o->tid = d->tid;
	o->call = (uint16_t)call;
	if (slot1) {
		v->frames = d->slot[slot1 - 1];
		o->nframes = d->nslot[slot1 - 1];
	}
	vd_tl_prev_update(&d->prev, o->id, o->t_end_ns, o->handle, o->fd, o->offset, o->done);
}

/* A vd_tl_opf into *v. */
static int fixed_op(opdec *d, const vd_tl_rec *r, vop *v)
{
	const vd_tl_opf *f = (const vd_tl_opf *)r;
	if (r->size < sizeof *f || f->call >= VD_TL_NCALLS ||
	    (f->slot && (f->slot > VD_TL_NSLOTS || !d->slot[f->slot - 1])))
		return 0;
	predicted_op(d, f->call, f->slot, f->gap, f->dur, f->done, v);
	return 1;
}

/* Starts reading the entries of batch record r. */
static void batch_open(batchcur *b, const vd_tl_rec *r)
{
	const vd_tl_opb *o = (const vd_tl_opb *)r;
	b->left = 0;
	if (r->size < sizeof *o)
		return;
	b->p = (const uint8_t *)(o + 1);
	b->end = (const uint8_t *)r + r->size;
	b->left = __atomic_load_n(&o->count, __ATOMIC_ACQUIRE);
}

/* The batch's next entry into *v; 0 when there is none left or it cannot
 * be one (the rest of the batch is then skipped). */
static int batch_op(opdec *d, batchcur *b, vop *v)
{
	if (!b->left)
		return 0;
	b->left--;
	int ok = 1;
	uint64_t head = vd_tl_get_u(&b->p, b->end, &ok);
	uint64_t gap = vd_tl_get_u(&b->p, b->end, &ok);
	uint64_t dur = vd_tl_get_u(&b->p, b->end, &ok);
	uint64_t call = head >> 4, slot = head >> 1 & 7;
	int64_t done = head & 1 ? d->prev.done : (int64_t)vd_tl_get_u(&b->p, b->end, &ok);
	if (!ok || call >= VD_TL_NCALLS || done < 0 ||
	    (slot && (slot > VD_TL_NSLOTS || !d->slot[slot - 1]))) {
		b->left = 0;
		return 0;
	}
	predicted_op(d, (unsigned)call, (unsigned)slot, gap, dur, done, v);
	return 1;
}

/* a call record (any kind) into *v, when it holds what it says */
static int as_op(opdec *d, const vd_tl_rec *r, vop *v)
{
	if (r->type == VD_TL_OPREC)
		return full_op(d, r, v);
	if (r->type == VD_TL_OPC)
		return compact_op(d, r, v);
	if (r->type == VD_TL_OPF)
		return fixed_op(d, r, v);
	return 0;
}

/* Pages of a log read already leave the loader's memory (they stay in
 * the page cache and come back on the next touch): what loading holds
 * does not grow with the log. */
#define DROP_EVERY (8u << 20)
static void drop_pages(const char *base, size_t upto)
{
	size_t n = upto & ~(size_t)4095;
	if (n)
		madvise((void *)(uintptr_t)base, n, MADV_DONTNEED);
}

/* Walks one mapped log; 0, or -1 when it is not a vidya log. */
static int scan_log(vd_trace *t, procvec *pv, const logmap *m)
{
	if (m->len < 4096)
		return -1;
	const vd_tl_header *h = m->base;
	if (memcmp(h->magic, VD_TL_MAGIC, 8) != 0 || h->version < VD_TL_VERSION_MIN ||
	    h->version > VD_TL_VERSION || h->header_size != 4096)
		return -1;
	proc *p = find_proc(pv, h);
	if (h->flags & VD_TL_F_NOSPACE)
		t->nospace_logs++;
	if (!p->exe) {
		p->exe = vd_arena_strndup(t->arena, h->exe, strnlen(h->exe, sizeof h->exe));
		p->host = vd_arena_strndup(t->arena, h->host, strnlen(h->host, sizeof h->host));
	}
	p->threads++;
	const char *base = m->base;
	size_t off = 4096, dropped = 0;
	const vd_tl_rec *r;
	opdec dec;
	memset(&dec, 0, sizeof dec);
	dec.tid = h->tid;
	vop v;
	while ((r = next_rec(base, m->len, &off))) {
		if (off - dropped > DROP_EVERY) {
			drop_pages(base, off - r->size);
			dropped = off;
		}
		switch (r->type) {
		case VD_TL_OPREC:
		case VD_TL_OPC:
		case VD_TL_OPF:
			if (!as_op(&dec, r, &v))
				break;
			p->nops++;
			span(p, v.op.t_start_ns, v.op.t_end_ns);
			break;
		case VD_TL_OPB: {
			batchcur b;
			batch_open(&b, r);
			while (batch_op(&dec, &b, &v)) {
				p->nops++;
				span(p, v.op.t_start_ns, v.op.t_end_ns);
			}
			break;
		}
		case VD_TL_SAMPLE: {
			const vd_tl_sample *s = (const vd_tl_sample *)r;
			if (r->size < sizeof *s + (size_t)s->nframes * 8)
				break;
			vd_vec_push(p->samples, s);
			span(p, s->t_ns, s->t_ns);
			break;
		}
		case VD_TL_MODULE: {
			const vd_tl_module *mo = (const vd_tl_module *)r;
			if (r->size >= sizeof *mo + mo->path_len)
				vd_vec_push(p->mods, mo);
			break;
		}
		case VD_TL_DONE: {
			const vd_tl_done *d = (const vd_tl_done *)r;
			if (r->size >= sizeof *d)
				vd_vec_push(p->dones, d);
			break;
		}
		case VD_TL_EXIT:
			p->exited = 1;
			span(p, 0, ((const vd_tl_exit *)r)->t_ns);
			break;
		default:
			break;
		}
	}
	drop_pages(base, m->len);
	tstream ts;
	memset(&ts, 0, sizeof ts);
	ts.base = base;
	ts.len = m->len;
	ts.off = 4096;
	ts.dec.tid = h->tid;
	vd_vec_push(p->streams, ts);
	return 0;
}

/* records in start order; a parent starts before its children (and, at
 * the same nanosecond, has the smaller id) */
static int cmp_rec_start(const void *a, const void *b)
{
	const vd_tl_op *x = &((const vop *)a)->op, *y = &((const vop *)b)->op;
	if (x->t_start_ns != y->t_start_ns)
		return x->t_start_ns < y->t_start_ns ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* Drops what the process's logs hold in memory (samples spread over a
 * whole log: the kernel maps the pages around each one it touches). */
static void drop_logs(const proc *p)
{
	for (size_t i = 0; i < p->streams.n; i++)
		drop_pages(p->streams.v[i].base, p->streams.v[i].len);
}

/* The thread's next group: the calls read up to and with the next one the
 * application made (parent 0), in start order.  Every call of the thread
 * that follows in the log started after that one ended: the calls come out
 * of the stream in start order. */
static void stream_fill(tstream *ts)
{
	ts->group.n = ts->next = 0;
	const vd_tl_rec *r;
	vop v;
	for (;;) {
		/* a batch's entries are the application's calls: one a group */
		if (batch_op(&ts->dec, &ts->batch, &v)) {
			vd_vec_push(ts->group, v);
			break;
		}
		if (!(r = next_rec(ts->base, ts->len, &ts->off)))
			break;
		if (r->type == VD_TL_OPB) {
			batch_open(&ts->batch, r);
			continue;
		}
		if (!as_op(&ts->dec, r, &v))
			continue;
		vd_vec_push(ts->group, v);
		if (!v.op.parent)
			break;
	}
	if (ts->group.n > 1)
		qsort(ts->group.v, ts->group.n, sizeof *ts->group.v, cmp_rec_start);
}

/* before: a started before b (at the same nanosecond: the smaller id) */
static int starts_before(const vop *va, const vop *vb)
{
	const vd_tl_op *a = &va->op, *b = &vb->op;
	return a->t_start_ns != b->t_start_ns ? a->t_start_ns < b->t_start_ns : a->id < b->id;
}

/* The process's next call in start order over all its threads, NULL
 * when there is none left. */
static const vop *next_op(proc *p)
{
	tstream *best = NULL;
	for (size_t i = 0; i < p->streams.n; i++) {
		tstream *ts = &p->streams.v[i];
		if (ts->next >= ts->group.n)
			stream_fill(ts);
		if (ts->next < ts->group.n &&
		    (!best || starts_before(&ts->group.v[ts->next], &best->group.v[best->next])))
			best = ts;
	}
	return best ? &best->group.v[best->next++] : NULL;
}

/* ---- helpers ---- */

static const char *intern(vd_trace *t, const char *str);

/* one copy per distinct path: a file's calls share it (and compare by it) */
static const char *op_path(vd_trace *t, const vop *v)
{
	char buf[VD_TL_PATHMAX + 1];
	if (!v->op.path_len || !v->path)
		return NULL;
	size_t n = v->op.path_len < VD_TL_PATHMAX ? v->op.path_len : VD_TL_PATHMAX;
	memcpy(buf, v->path, n);
	buf[n] = 0;
	return intern(t, buf);
}

static int cmp_done_id(const void *a, const void *b)
{
	const vd_tl_done *x = *(const vd_tl_done *const *)a, *y = *(const vd_tl_done *const *)b;
	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->t_ns < y->t_ns ? -1 : x->t_ns > y->t_ns;
}

/* ---- stacks to blocks ---- */

typedef struct mapper {
	const vd_result *run;
	vd_sym *sym;
	vd_arena *arena;
	vd_map *by_fn; /* "file\037function" -> blockvec* (function block first) */
	uint64_t skip_lo[4], skip_hi[4]; /* the recorder's own code */
	int nskip;
	unsigned *stamp; /* per block: last stack that added it */
	unsigned cur;
} mapper;

typedef VD_VEC(long) blockvec;

static void mapper_init(mapper *mp, const vd_result *run, vd_arena *a)
{
	memset(mp, 0, sizeof *mp);
	mp->run = run;
	mp->arena = a;
	mp->by_fn = vd_map_new();
	mp->stamp = vd_xcalloc(run->nblocks ? run->nblocks : 1, sizeof *mp->stamp);
	vd_buf key = VD_BUF_INIT;
	for (size_t i = 0; i < run->nblocks; i++) {
		const vd_block *b = &run->blocks[i];
		if ((b->kind != VD_KIND_FUNCTION && b->kind != VD_KIND_LOOP) || !b->file ||
		    !b->function)
			continue;
		vd_buf_clear(&key);
		vd_buf_printf(&key, "%s\037%s", b->file, b->function);
		blockvec *v = vd_map_get(mp->by_fn, vd_buf_cstr(&key));
		if (!v) {
			v = vd_arena_alloc(a, sizeof *v);
			vd_map_put(mp->by_fn, vd_buf_cstr(&key), v);
		}
		vd_vec_push(*v, (long)i);
	}
	vd_buf_release(&key);
}

static void mapper_free(mapper *mp)
{
	if (mp->by_fn) {
		size_t it = 0;
		const char *k;
		void *v;
		while (vd_map_next(mp->by_fn, &it, &k, &v))
			vd_vec_free(*(blockvec *)v);
		vd_map_free(mp->by_fn);
	}
	free(mp->stamp);
	vd_sym_free(mp->sym);
	mp->sym = NULL;
	mp->by_fn = NULL;
	mp->stamp = NULL;
}

/*
 * A shared library of the system (under /lib, /usr/lib and their 64-bit
 * and multiarch forms), outside the project: its frames are never the
 * project's code (no block, no call site: their source paths are not
 * under the project root), so its debug information, which a -dbg package
 * may provide compressed (libc6-dbg: about a quarter of the store's time
 * went to inflating it), is not read.
 */
static int system_library(const char *path, const char *root)
{
	static const char *const dirs[] = { "/lib/",     "/lib64/",     "/lib32/",
					    "/usr/lib/", "/usr/lib64/", "/usr/lib32/" };
	if (root && has_prefix(path, root))
		return 0;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (!strncmp(path, dirs[i], strlen(dirs[i])))
			return 1;
	return 0;
}

static int skipped(const mapper *mp, uint64_t pc)
{
	for (int i = 0; i < mp->nskip; i++)
		if (pc >= mp->skip_lo[i] && pc < mp->skip_hi[i])
			return 1;
	return 0;
}

typedef struct site {
	long innermost;            /* block index or -1 */
	const vd_sym_frame *frame; /* application frame that made the call */
} site;

/* adds the blocks of source frames `fr` (innermost first) to `out` */
static void frame_blocks(mapper *mp, const vd_sym_frame *fr, int nf, long *out, size_t cap,
			 size_t *nout, site *st)
{
	const char *root = mp->run->project_root;
	for (int k = 0; k < nf; k++) {
		if (!fr[k].file || !fr[k].function)
			continue;
		const char *rel = root ? vd_path_relative(mp->arena, root, fr[k].file) : fr[k].file;
		char key[4096];
		if ((size_t)snprintf(key, sizeof key, "%s\037%s", rel, fr[k].function) >=
		    sizeof key)
			continue;
		blockvec *v = vd_map_get(mp->by_fn, key);
		if (!st->frame && (v || rel[0] != '/'))
			st->frame = &fr[k];
		if (!v)
			continue;
		long best = -1;
		for (size_t j = 0; j < v->n; j++) {
			long bi = v->v[j];
			const vd_block *b = &mp->run->blocks[bi];
			if (b->kind == VD_KIND_LOOP &&
			    (fr[k].line < b->line || fr[k].line > b->end_line))
				continue;
			if (best < 0 ||
			    (b->kind == VD_KIND_LOOP && b->line >= mp->run->blocks[best].line))
				best = bi;
			if (mp->stamp[bi] != mp->cur && *nout < cap) {
				mp->stamp[bi] = mp->cur;
				out[(*nout)++] = bi;
			}
		}
		if (st->innermost < 0)
			st->innermost = best;
	}
}

/*
 * Collects the blocks on a stack into `out` (each once) and finds the
 * call site.  `exact` is the index of the one frame that is an exact
 * instruction address (the interrupted one of a sample), -1 for none;
 * every other frame is a return address, looked up at pc - 1.  Between a
 * return address and the frame below it go the frames a tail call left
 * out (vd_sym_tailcalls); below the innermost return address of a call's
 * chain is the interposed function, outside the program.
 */
static size_t stack_blocks(mapper *mp, const uint64_t *pcs, int n, int exact, long *out, size_t cap,
			   site *st)
{
	size_t nout = 0;
	mp->cur++;
	st->innermost = -1;
	st->frame = NULL;
	for (int i = 0; i < n; i++) {
		if (skipped(mp, pcs[i]))
			continue;
		const vd_sym_frame *fr;
		if (i != exact) {
			uint64_t callee = i == 0 ? 0 : i - 1 == exact ? pcs[i - 1] : pcs[i - 1] - 1;
			int nt = vd_sym_tailcalls(mp->sym, pcs[i], callee, &fr);
			frame_blocks(mp, fr, nt, out, cap, &nout, st);
		}
		uint64_t pc = i == exact ? pcs[i] : pcs[i] - 1;
		int nf = vd_sym_lookup(mp->sym, pc, &fr);
		frame_blocks(mp, fr, nf, out, cap, &nout, st);
	}
	/* the program block: whatever ran in the program's own code (runtime
	 * threads that never enter it, such as MPI's progress threads, and
	 * the time before main do not count) */
	if (nout > 0 && mp->stamp[0] != mp->cur && nout < cap) {
		mp->stamp[0] = mp->cur;
		out[nout++] = 0;
	}
	return nout;
}

/* ---- counters ---- */

/* the class of a call whose name is vd_opclass_name's (pointers compare) */
static vd_opclass op_class(const char *cls)
{
	for (int k = 0; k < VD_OP__COUNT; k++)
		if (cls == vd_opclass_name((vd_opclass)k))
			return (vd_opclass)k;
	vd_opclass c = VD_OP_META;
	vd_opclass_parse(cls, &c);
	return c;
}

typedef struct fstate {
	size_t idx; /* into t->files (its address moves while it grows) */
	int ok;     /* a call on it succeeded */
	int64_t last_byte_read, last_byte_written;
	int reads_seen, writes_seen;
} fstate;

int vd_trace_bin(int64_t n)
{
	static const int64_t lim[] = { 100,     1024,     10240,     102400,    1048576,
				       4194304, 10485760, 104857600, 1073741824 };
	for (int i = 0; i < 9; i++)
		if (n <= lim[i])
			return i;
	return 9;
}

static void count_op(vd_trace_file *f, fstate *s, const vd_trace_op *o, int cls)
{
	/* the counter of each non-data class; close and meta share one */
	static const int counter[] = {
		[VD_OP_OPEN] = VD_TC_opens, [VD_OP_CLOSE] = VD_TC_metas,
		[VD_OP_SEEK] = VD_TC_seeks, [VD_OP_FLUSH] = VD_TC_flushes,
		[VD_OP_SYNC] = VD_TC_syncs, [VD_OP_META] = VD_TC_metas,
	};
	int64_t *c = f->c;
	/* a wait moves nothing itself: its transfer is counted at its start */
	if (cls == VD_OP_WAIT)
		return;
	if (cls != VD_OP_READ && cls != VD_OP_WRITE) {
		/* Darshan's POSIX_DUPS (its POSIX_OPENS counts them too) */
		if (o->api == api_name[VD_TL_POSIX] && cls == VD_OP_META &&
		    (!strcmp(o->call, "dup") || !strcmp(o->call, "dup2") ||
		     !strcmp(o->call, "dup3") || !strcmp(o->call, "fcntl")))
			c[VD_TC_dups]++;
		else
			c[counter[cls]]++;
		f->meta_s += o->dur_s;
		return;
	}
	int rd = cls == VD_OP_READ;
	c[rd ? VD_TC_reads : VD_TC_writes]++;
	c[rd ? VD_TC_bytes_read : VD_TC_bytes_written] += o->bytes;
	c[(rd ? VD_TC_read_0_100 : VD_TC_write_0_100) + vd_trace_bin(o->bytes)]++;
	if (rd)
		f->read_s += o->dur_s;
	else
		f->write_s += o->dur_s;
	if (o->offset < 0)
		return;
	/* Darshan's FILE_NOT_ALIGNED, with 4 KiB as the file alignment */
	if (o->bytes > 0 && o->offset % 4096)
		c[VD_TC_not_aligned]++;
	/* Darshan: last byte starts at 0; sequential when the offset is past
	 * it, consecutive when right after it */
	int64_t *last = rd ? &s->last_byte_read : &s->last_byte_written;
	int *seen = rd ? &s->reads_seen : &s->writes_seen;
	int seq = o->offset > *last, consec = o->offset == *last + 1;
	if (seq)
		c[rd ? VD_TC_seq_reads : VD_TC_seq_writes]++;
	if (consec)
		c[rd ? VD_TC_consec_reads : VD_TC_consec_writes]++;
	/* random: neither sequential nor the first access at offset 0 */
	if (!seq && !(!*seen && o->offset == 0))
		c[VD_TC_random_ops]++;
	*seen = 1;
	if (o->bytes > 0) {
		*last = o->offset + o->bytes - 1;
		int64_t *mx = &c[rd ? VD_TC_max_byte_read : VD_TC_max_byte_written];
		if (*last > *mx)
			*mx = *last;
	}
}

/* One process's files while its calls stream by (a batch at a time). */
typedef struct fcount {
	vd_map *m; /* "layer\037path" -> fstate */
	VD_VEC(fstate *) states;
	vd_buf key;
	const char *last_api, *last_path; /* the last call's file (interned) */
	fstate *last;
} fcount;

/* Counts ops [first_op, n) into the process's files. */
static void file_counters(vd_trace *t, fcount *fc, size_t first_op, const vd_trace_proc *pr)
{
	if (!fc->m)
		fc->m = vd_map_new();
	vd_map *m = fc->m;
	vd_buf *kb = &fc->key;
	for (size_t i = first_op; i < t->ops.n; i++) {
		const vd_trace_op *o = &t->ops.v[i];
		if (!o->path)
			continue;
		/* calls come in runs on one file: its state without a lookup */
		fstate *s = o->api == fc->last_api && o->path == fc->last_path ? fc->last : NULL;
		if (!s) {
			vd_buf_clear(kb);
			vd_buf_puts(kb, o->api);
			vd_buf_putc(kb, '\037');
			vd_buf_puts(kb, o->path);
			s = vd_map_get(m, vd_buf_cstr(kb));
		}
		if (!s) {
			vd_trace_file f;
			memset(&f, 0, sizeof f);
			f.pid = pr->pid;
			f.rank = pr->rank;
			f.path = o->path;
			f.api = o->api;
			f.c[VD_TC_max_byte_read] = f.c[VD_TC_max_byte_written] = -1;
			s = vd_xcalloc(1, sizeof *s);
			vd_vec_push(t->files, f);
			vd_vec_push(fc->states, s);
			vd_map_put(m, vd_buf_cstr(kb), s);
			s->idx = t->files.n - 1;
		}
		fc->last_api = o->api;
		fc->last_path = o->path;
		fc->last = s;
		/* a failed call is an error of the file, never an operation
		 * (Darshan counts only the calls that succeeded): it moves
		 * nothing, opens nothing, lands in no size bin */
		if (o->err) {
			t->files.v[s->idx].c[VD_TC_errors]++;
			continue;
		}
		s->ok = 1;
		count_op(&t->files.v[s->idx], s, o, op_class(o->cls));
	}
}

/* The process's calls are all counted: its files, less those no call
 * succeeded on (an open that found nothing, a probe for a configuration
 * file: no file of the program's; their calls stay in the operations,
 * with their errno).  `keep` 0: on an error, just free. */
static void file_counters_end(vd_trace *t, fcount *fc, int keep)
{
	if (keep) {
		size_t first_file = t->files.n - fc->states.n, w = first_file;
		for (size_t i = 0; i < fc->states.n; i++)
			if (fc->states.v[i]->ok)
				t->files.v[w++] = t->files.v[first_file + i];
		t->files.n = w;
	}
	for (size_t i = 0; i < fc->states.n; i++)
		free(fc->states.v[i]);
	vd_vec_free(fc->states);
	vd_buf_release(&fc->key);
	vd_map_free(fc->m);
	memset(fc, 0, sizeof *fc);
}

/* ---- call sites ---- */

/* the site of a call (no sums yet) */
static vd_trace_site site_of(const vd_trace_op *o, const vd_trace_proc *pr)
{
	vd_trace_site st;
	memset(&st, 0, sizeof st);
	st.pid = pr->pid;
	st.rank = pr->rank;
	st.api = o->api;
	st.call = o->call;
	st.cls = o->cls;
	st.path = o->path;
	st.parent_api = o->parent_api;
	st.block_id = o->block_id;
	st.file = o->file;
	st.function = o->function;
	st.line = o->line;
	return st;
}

/* the site key: every string is interned or static, so pointers compare */
static uint64_t site_hash(const vd_trace_site *x)
{
	const void *k[] = { x->api,      x->call, x->path,    x->parent_api,
			    x->block_id, x->file, x->function };
	uint64_t h = (uint64_t)x->line * 0x9e3779b97f4a7c15ull;
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
		h = (h ^ (uint64_t)(uintptr_t)k[i]) * 0x100000001b3ull;
	return h ^ (h >> 29);
}

static int same_site(const vd_trace_site *a, const vd_trace_site *b)
{
	return a->api == b->api && a->call == b->call && a->path == b->path &&
	       a->parent_api == b->parent_api && a->block_id == b->block_id && a->file == b->file &&
	       a->function == b->function && a->line == b->line;
}

/* the slot of `key` in an open-addressing table of indexes + 1 into t->sites
 * (0: free), or of the free slot where it goes */
static size_t site_slot(const vd_trace *t, const size_t *slot, size_t cap, const vd_trace_site *key)
{
	size_t j = (size_t)site_hash(key) & (cap - 1);
	while (slot[j] && !same_site(&t->sites.v[slot[j] - 1], key))
		j = (j + 1) & (cap - 1);
	return j;
}

/* One process's call sites while its calls stream by: an open-addressing
 * table of indexes + 1 into t->sites from first_site on. */
typedef struct sitetab {
	size_t *slot;
	size_t cap, first_site;
	size_t last; /* index + 1 of the last call's site, 0: none */
} sitetab;

/* the call is one of the site's (as same_site compares) */
static int op_at_site(const vd_trace_op *o, const vd_trace_site *x)
{
	return o->api == x->api && o->call == x->call && o->path == x->path &&
	       o->parent_api == x->parent_api && o->block_id == x->block_id && o->file == x->file &&
	       o->function == x->function && o->line == x->line;
}

/* one more call of the site */
static void site_add(vd_trace_site *st, const vd_trace_op *o)
{
	st->calls++;
	st->call_s += o->call_s;
	st->dur_s += o->dur_s;
	if (o->err) {
		st->errors++;
		return;
	}
	st->bytes += o->bytes;
	vd_opclass cls = op_class(o->cls);
	if (cls == VD_OP_READ || cls == VD_OP_WRITE)
		st->bins[vd_trace_bin(o->bytes)]++;
}

/* Aggregates ops [first, n) per call site and file into t->sites. */
static void call_sites(vd_trace *t, sitetab *tab, size_t first, const vd_trace_proc *pr)
{
	if (!tab->slot) {
		tab->cap = 1024;
		tab->first_site = t->sites.n;
		tab->slot = vd_xcalloc(tab->cap, sizeof *tab->slot);
	}
	size_t cap = tab->cap, first_site = tab->first_site;
	size_t *slot = tab->slot;
	for (size_t i = first; i < t->ops.n; i++) {
		const vd_trace_op *o = &t->ops.v[i];
		if (!o->path)
			continue;
		/* a loop's calls come in runs from one site: no lookup */
		if (tab->last && op_at_site(o, &t->sites.v[tab->last - 1])) {
			site_add(&t->sites.v[tab->last - 1], o);
			continue;
		}
		vd_trace_site key = site_of(o, pr);
		size_t j = site_slot(t, slot, cap, &key);
		if (!slot[j]) {
			vd_vec_push(t->sites, key);
			slot[j] = t->sites.n;
			if ((t->sites.n - first_site) * 2 > cap) { /* grow and rehash */
				size_t *ns = vd_xcalloc(cap * 2, sizeof *ns);
				free(slot);
				tab->slot = slot = ns;
				tab->cap = cap *= 2;
				for (size_t k = first_site; k < t->sites.n; k++)
					slot[site_slot(t, slot, cap, &t->sites.v[k])] = k + 1;
				j = site_slot(t, slot, cap, &key);
			}
		}
		tab->last = slot[j];
		site_add(&t->sites.v[slot[j] - 1], o);
	}
}

/* one copy of each string in t's arena (t->interned, made on first use) */
static const char *intern(vd_trace *t, const char *str)
{
	if (!str)
		return NULL;
	if (!t->interned_)
		t->interned_ = vd_map_new();
	const char *got = vd_map_get(t->interned_, str);
	if (got)
		return got;
	char *copy = vd_arena_strdup(t->arena, str);
	vd_map_put(t->interned_, copy, copy);
	return copy;
}

/* a source path as the analysis names files: relative to its project root */
static const char *root_relative(vd_trace *t, const vd_result *run, const char *file)
{
	if (!file || !run || !run->project_root)
		return file;
	return vd_path_relative(t->arena, run->project_root, file);
}

/* ---- the stacks of calls, mapped once each ---- */

typedef struct scache_ent {
	uint64_t hash;
	const uint64_t *frames; /* in the mapped log */
	int n;
	size_t off, nblk; /* the blocks on it: scache.blocks[off, off + nblk) */
	const char *block_id, *file, *function; /* the call site */
	int line;
} scache_ent;

typedef struct scache {
	scache_ent *e; /* open addressing; frames NULL = free */
	size_t cap, n;
	VD_VEC(long) blocks;
} scache;

static uint64_t frames_hash(const uint64_t *f, int n)
{
	uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)n;
	for (int i = 0; i < n; i++)
		h = (h ^ f[i]) * 0x100000001b3ull;
	return h ^ (h >> 31);
}

static void scache_free(scache *sc)
{
	free(sc->e);
	vd_vec_free(sc->blocks);
	memset(sc, 0, sizeof *sc);
}

static void scache_grow(scache *sc)
{
	size_t cap = sc->cap ? sc->cap * 2 : 256;
	scache_ent *e = vd_xcalloc(cap, sizeof *e);
	for (size_t i = 0; i < sc->cap; i++) {
		if (!sc->e[i].frames)
			continue;
		size_t j = (size_t)sc->e[i].hash & (cap - 1);
		while (e[j].frames)
			j = (j + 1) & (cap - 1);
		e[j] = sc->e[i];
	}
	free(sc->e);
	sc->e = e;
	sc->cap = cap;
}

/* The blocks and call site of a call's stack, mapped on first sight.
 * `set` is scratch of nb entries. */
static const scache_ent *scache_get(scache *sc, vd_trace *t, mapper *mp, const vd_result *run,
				    const uint64_t *frames, int n, long *set, size_t nb)
{
	if ((sc->n + 1) * 2 > sc->cap)
		scache_grow(sc);
	uint64_t h = frames_hash(frames, n);
	size_t j = (size_t)h & (sc->cap - 1);
	for (; sc->e[j].frames; j = (j + 1) & (sc->cap - 1)) {
		const scache_ent *e = &sc->e[j];
		if (e->hash == h && e->n == n && !memcmp(e->frames, frames, (size_t)n * 8))
			return e;
	}
	site st;
	size_t k = stack_blocks(mp, frames, n, -1, set, nb, &st);
	scache_ent *e = &sc->e[j];
	memset(e, 0, sizeof *e);
	e->off = sc->blocks.n;
	for (size_t i = 0; i < k; i++)
		vd_vec_push(sc->blocks, set[i]);
	e->hash = h;
	e->frames = frames;
	e->n = n;
	e->nblk = k;
	if (st.innermost >= 0)
		e->block_id = run->blocks[st.innermost].id;
	if (st.frame) {
		/* the symbolizer's strings go with it: keep copies */
		e->file = intern(t, root_relative(t, run, st.frame->file));
		e->function = intern(t, st.frame->function);
		e->line = st.frame->line;
	}
	sc->n++;
	return e;
}

/* ---- what the handles name: (space, number) -> path ---- */

typedef struct hent {
	const void *space; /* a layer's name, or FD; NULL: free */
	int64_t h;
	const char *path; /* NULL: forgotten */
} hent;

typedef struct htab {
	hent *e;
	size_t cap, n;
} htab;

static const char fd_space_[] = "fd";
#define FD ((const void *)fd_space_)
/* file mappings by the address mmap returned (a munmap's handle) */
static const char map_space_[] = "map";
#define MAP ((const void *)map_space_)

static size_t htab_home(const htab *m, const void *space, int64_t h)
{
	uint64_t x = ((uint64_t)(uintptr_t)space ^ (uint64_t)h * 0x9e3779b97f4a7c15ull);
	return (size_t)(x ^ (x >> 32)) & (m->cap - 1);
}

static const char *htab_get(const htab *m, const void *space, int64_t h)
{
	if (!m->cap)
		return NULL;
	for (size_t j = htab_home(m, space, h); m->e[j].space; j = (j + 1) & (m->cap - 1))
		if (m->e[j].space == space && m->e[j].h == h)
			return m->e[j].path;
	return NULL;
}

static void htab_put(htab *m, const void *space, int64_t h, const char *path)
{
	if ((m->n + 1) * 2 > m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 64;
		htab g = { vd_xcalloc(cap, sizeof(hent)), cap, 0 };
		for (size_t i = 0; i < m->cap; i++)
			if (m->e[i].space)
				htab_put(&g, m->e[i].space, m->e[i].h, m->e[i].path);
		free(m->e);
		*m = g;
	}
	size_t j = htab_home(m, space, h);
	while (m->e[j].space && !(m->e[j].space == space && m->e[j].h == h))
		j = (j + 1) & (m->cap - 1);
	if (!m->e[j].space) {
		m->e[j].space = space;
		m->e[j].h = h;
		m->n++;
	}
	m->e[j].path = path;
}

/* ---- one process ---- */

/* What one process measured per block of the analysis. */
typedef struct acc {
	double wall, io_s, io_b;
	int64_t io_n, smp, io_smp;
} acc;

/* A call whose children may come next (they run inside it, on its
 * thread): what a child takes from its parent. */
typedef struct open_op {
	uint64_t id, t_end;
	int32_t tid;
	const char *api, *call, *block_id, *file, *function;
	int line;
} open_op;

/* Loading one process: its phases share this. */
typedef struct pload {
	vd_trace *t;
	proc *p;
	const vd_result *run;
	vd_trace_proc pr;
	double base; /* a CLOCK_MONOTONIC time + base: seconds since the trace began */
	mapper mp;
	int have_map; /* stacks can be mapped to the analysis' blocks */
	size_t nb;    /* blocks of the analysis */
	acc *a;       /* per block (have_map) */
	long *set;    /* scratch: the blocks on one stack */
	size_t first; /* the batch's first call in t->ops */
	/* state that lasts from batch to batch */
	scache sc;            /* stacks mapped so far */
	htab names;           /* what the handles name */
	fcount fc;            /* the files' counters */
	sitetab sites;        /* the call sites */
	VD_VEC(open_op) open; /* calls whose children may follow */
} pload;

/* the process's row: who it is, its span, its deferred sampled time */
static void proc_row(pload *c, int64_t t0_rt)
{
	proc *p = c->p;
	vd_trace_proc *pr = &c->pr;
	memset(pr, 0, sizeof *pr);
	pr->pid = p->pid;
	pr->ppid = p->ppid;
	pr->rank = p->rank;
	pr->threads = p->threads;
	pr->host = p->host;
	pr->exe = p->exe;
	pr->clean_exit = p->exited;
	pr->ops = p->nops;
	pr->samples = (int64_t)p->samples.n;
	c->base = (double)(p->rt0 - t0_rt) / 1e9 - (double)p->t0 / 1e9;
	if (p->tmin != UINT64_MAX) {
		pr->start_s = c->base + (double)p->tmin / 1e9;
		pr->end_s = c->base + (double)p->tmax / 1e9;
	}
	if (p->hz > c->t->sample_hz)
		c->t->sample_hz = p->hz;
	for (size_t i = 0; p->hz && i < p->samples.n; i++) {
		if (i % 64 == 63)
			drop_logs(p);
		const vd_tl_sample *s = p->samples.v[i];
		if (s->flags & VD_TL_S_UNATTRIBUTED)
			pr->unattributed_s += (double)s->weight / p->hz;
		else if (s->flags & VD_TL_S_DEFERRED)
			pr->deferred_s += (double)s->weight / p->hz;
	}
}

/* the symbolizer over the modules the process had loaded, and the
 * per-block sums */
static void proc_symbolizer(pload *c)
{
	vd_trace *t = c->t;
	const vd_result *run = c->run;
	uint64_t exe_lo = 0;
	c->nb = run ? run->nblocks : 0;
	if (!run || !run->nblocks)
		return;
	mapper_init(&c->mp, run, t->arena);
	/* without a symbolizer (libdw failed) the stacks are not mapped:
	 * the process's row says so (mapped 0) */
	if (!(c->mp.sym = vd_sym_new()))
		return;
	vd_map *seen = vd_map_new();
	for (size_t i = 0; i < c->p->mods.n; i++) {
		const vd_tl_module *mo = c->p->mods.v[i];
		char *path = vd_arena_strndup(t->arena, (const char *)(mo + 1), mo->path_len);
		char *key = vd_arena_printf(t->arena, "%s@%" PRIx64, path, mo->base);
		if (vd_map_has(seen, key))
			continue;
		vd_map_put(seen, key, NULL);
		if (strstr(path, "libvidya_trace") && c->mp.nskip < 4) {
			c->mp.skip_lo[c->mp.nskip] = mo->lo;
			c->mp.skip_hi[c->mp.nskip++] = mo->hi;
			continue;
		}
		if (path[0] != '/')
			continue; /* linux-vdso.so.1 */
		int is_exe = c->p->exe && !strcmp(path, c->p->exe);
		if (is_exe && !exe_lo)
			exe_lo = mo->lo;
		if (!is_exe && system_library(path, run->project_root))
			continue;
		vd_sym_add_module(c->mp.sym, path, mo->base);
	}
	vd_map_free(seen);
	vd_sym_done_adding(c->mp.sym);
	c->pr.debug_info = exe_lo && vd_sym_has_debug(c->mp.sym, exe_lo);
	c->have_map = c->pr.debug_info;
	c->pr.mapped = c->have_map;
	if (c->have_map) {
		c->a = vd_xcalloc(c->nb, sizeof *c->a);
		c->set = vd_xcalloc(c->nb + 1, sizeof *c->set);
	}
}

/* The parent of `o` among the calls still open on its thread (those of
 * its thread that ended before it started are closed first), or NULL. */
static const open_op *open_parent(pload *c, const vd_tl_op *o)
{
	size_t w = 0;
	for (size_t i = 0; i < c->open.n; i++) {
		const open_op *e = &c->open.v[i];
		if (e->tid == o->tid && e->t_end < o->t_start_ns)
			continue;
		c->open.v[w++] = *e;
	}
	c->open.n = w;
	for (size_t i = 0; o->parent && i < c->open.n; i++)
		if (c->open.v[i].id == o->parent)
			return &c->open.v[i];
	return NULL;
}

/* the first completion of op `id` in the process's dones (in id order) */
static size_t first_done(const proc *p, uint64_t id)
{
	size_t lo = 0, hi = p->dones.n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (p->dones.v[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The process's next calls, up to `max` (in start order: a parent comes
 * before its children), appended to t->ops, with the ends of transfers
 * that outlived their call, their parent's layer and call site, and their
 * time, bytes and count added to the blocks on their stack.  How many.
 */
static size_t proc_calls(pload *c, size_t max)
{
	vd_trace *t = c->t;
	proc *p = c->p;
	size_t got;
	for (got = 0; got < max; got++) {
		const vop *v = next_op(p);
		if (!v)
			break;
		const vd_tl_op *o = &v->op;
		vd_trace_op r;
		memset(&r, 0, sizeof r);
		r.op_id = o->id;
		r.parent_op = o->parent;
		r.pid = p->pid;
		r.rank = p->rank;
		r.thread = o->tid;
		r.api = api_name[calls[o->call].api];
		r.call = calls[o->call].name;
		r.cls = vd_opclass_name(calls[o->call].cls);
		r.path = op_path(t, v);
		r.handle = o->handle;
		r.offset = o->offset;
		r.bytes = o->done;
		r.req_bytes = o->req;
		r.start_s = c->base + (double)o->t_start_ns / 1e9;
		r.dur_s = (double)(o->t_end_ns - o->t_start_ns) / 1e9;
		r.call_s = r.dur_s;
		r.err = o->err;
		r.fd = o->fd;
		/* a transfer that ended after the call returned: the time until
		 * its end, the bytes its completion reported */
		for (size_t di = p->dones.n ? first_done(p, o->id) : 0;
		     di < p->dones.n && p->dones.v[di]->id == o->id; di++) {
			const vd_tl_done *d = p->dones.v[di];
			if (d->t_ns > o->t_end_ns)
				r.dur_s = (double)(d->t_ns - o->t_start_ns) / 1e9;
			if (d->done >= 0)
				r.bytes = d->done;
			if (d->err && !r.err)
				r.err = d->err;
		}
		/* the process's own I/O time: the application's calls, and
		 * those of its main thread (vidya optimize --measure) */
		if (!o->parent) {
			c->pr.io_s += r.call_s;
			if (o->tid == p->pid)
				c->pr.main_io_s += r.call_s;
		}
		const open_op *par = open_parent(c, o);
		if (o->parent) {
			if (par) {
				r.parent_api = par->api;
				r.parent_call = par->call;
				r.block_id = par->block_id;
				r.file = par->file;
				r.function = par->function;
				r.line = par->line;
			}
		} else if (c->have_map && o->nframes) {
			/* a loop makes the same call from the same stack: mapped once */
			const scache_ent *ce = scache_get(&c->sc, t, &c->mp, c->run, v->frames,
							  o->nframes, c->set, c->nb);
			for (size_t k = 0; k < ce->nblk; k++) {
				acc *x = &c->a[c->sc.blocks.v[ce->off + k]];
				x->io_s += r.call_s;
				x->io_n++;
				x->io_b += (double)r.bytes;
			}
			r.block_id = ce->block_id;
			r.file = ce->file;
			r.function = ce->function;
			r.line = ce->line;
		}
		open_op me = { o->id,      o->t_end_ns, o->tid,     r.api, r.call,
			       r.block_id, r.file,      r.function, r.line };
		vd_vec_push(c->open, me);
		vd_vec_push(t->ops, r);
	}
	return got;
}

/*
 * The paths of calls on handles opened earlier, in time order.  Keys:
 * (FD, N) for a descriptor (a posix handle is one), (layer, H) for the
 * handles of the other layers.  A close forgets both, so a number the
 * system hands out again (fopen's descriptor after close, a FILE* malloc
 * reuses) names the file it is opened on next, never the one it had
 * before.
 */
static void proc_paths(pload *c)
{
	vd_trace *t = c->t;
	htab names = c->names;
	for (size_t i = c->first; i < t->ops.n; i++) {
		vd_trace_op *o = &t->ops.v[i];
		int posix = o->api == api_name[VD_TL_POSIX];
		/* a mapping: named by its descriptor's file at mmap, by the
		 * mapping (its address, the handle) at munmap and msync */
		if (o->call == calls[VD_TL_MUNMAP].name ||
		    (o->call == calls[VD_TL_MSYNC].name && o->handle != -1)) {
			if (!o->path)
				o->path = htab_get(&names, MAP, o->handle);
			continue;
		}
		if (o->call == calls[VD_TL_MMAP].name || o->call == calls[VD_TL_MMAP64].name) {
			/* the descriptor's name as its open gave it (the
			 * recorder's is from /proc) */
			const char *src = o->fd >= 0 ? htab_get(&names, FD, o->fd) : NULL;
			if (src)
				o->path = src;
			if (!o->err && o->path)
				htab_put(&names, MAP, o->handle, o->path);
		} else if (posix && o->fd < 0 && o->handle >= 0 && o->handle <= INT32_MAX)
			o->fd = (int)o->handle;
		/* a dup: the new descriptor has the old one's file, under the
		 * name the old one had (the recorder's is from /proc) */
		if (posix && o->cls == vd_opclass_name(VD_OP_META) &&
		    (!strcmp(o->call, "dup") || !strcmp(o->call, "dup2") ||
		     !strcmp(o->call, "dup3") || !strcmp(o->call, "fcntl"))) {
			const char *src = o->offset >= 0 ? htab_get(&names, FD, o->offset) : NULL;
			if (src)
				o->path = src;
			o->offset = -1;
		}
		if (!o->path && o->handle != -1 && !posix)
			o->path = htab_get(&names, o->api, o->handle);
		if (!o->path && o->fd >= 0)
			o->path = htab_get(&names, FD, o->fd);
		int forget = o->cls == vd_opclass_name(VD_OP_CLOSE);
		/* a failed call names no handle (a failed open has none) */
		if (o->err && !forget)
			continue;
		const char *val = forget ? NULL : o->path;
		if ((o->path || forget) && o->handle != -1 && !posix)
			htab_put(&names, o->api, o->handle, val);
		if ((o->path || forget) && o->fd >= 0)
			htab_put(&names, FD, o->fd, val);
	}
	c->names = names;
}

/* Calls on excluded files are left out (their time still counts for the
 * blocks that made them, in proc_calls: it is the program's). */
static void proc_exclude(pload *c)
{
	vd_trace *t = c->t;
	size_t keep = c->first;
	const char *last_path = NULL;
	int last_excl = 0;
	for (size_t i = c->first; i < t->ops.n; i++) {
		const char *path = t->ops.v[i].path;
		if (path != last_path) { /* interned: the same file, the same pointer */
			last_path = path;
			last_excl = vd_trace_excluded(t, path);
		}
		if (last_excl)
			t->excluded_ops++;
		else if (keep++ != i)
			t->ops.v[keep - 1] = t->ops.v[i];
	}
	t->ops.n = keep;
	t->calls += (int64_t)(keep - c->first);
}

/* The wall-clock samples into the blocks, then the blocks' rows. */
static void proc_samples(pload *c)
{
	proc *p = c->p;
	if (!c->have_map)
		return;
	for (size_t i = 0; p->hz && i < p->samples.n; i++) {
		if (i % 64 == 63)
			drop_logs(p);
		const vd_tl_sample *s = p->samples.v[i];
		const uint64_t *pcs = (const uint64_t *)(s + 1);
		double period = 1.0 / p->hz;
		site st;
		size_t n;
		if (s->flags & VD_TL_S_UNATTRIBUTED)
			continue;
		if (s->flags & VD_TL_S_DEFERRED) {
			/* a call chain: the recorder's frames (skipped), then
			 * return addresses */
			n = stack_blocks(&c->mp, pcs, s->nframes, -1, c->set, c->nb, &st);
		} else {
			/* frames: the handler (ours, skipped), the signal
			 * trampoline, then the interrupted instruction */
			int k = 0;
			while (k < s->nframes && skipped(&c->mp, pcs[k]))
				k++;
			n = stack_blocks(&c->mp, pcs + k + 1,
					 s->nframes - k - 1 > 0 ? s->nframes - k - 1 : 0, 0, c->set,
					 c->nb, &st);
		}
		for (size_t j = 0; j < n; j++) {
			acc *x = &c->a[c->set[j]];
			x->wall += period * s->weight;
			x->smp += s->weight;
			if (s->in_op)
				x->io_smp += s->weight;
		}
	}
	for (size_t b = 0; b < c->nb; b++) {
		const acc *x = &c->a[b];
		if (!x->smp && !x->io_n)
			continue;
		vd_trace_block tb;
		tb.pid = p->pid;
		tb.rank = p->rank;
		tb.block_id = c->run->blocks[b].id;
		tb.wall_s = x->wall;
		tb.io_s = x->io_s;
		tb.io_bytes = x->io_b;
		tb.io_ops = x->io_n;
		tb.samples = x->smp;
		tb.io_samples = x->io_smp;
		vd_vec_push(c->t->blocks, tb);
	}
}

/* calls built and counted at a time, then handed to t->ops_sink */
#define OPS_BATCH 65536
/* counted and dropped: a batch that stays in the CPU's caches (and whose
 * memory is touched once, not 10 MB of fresh pages) */
#define OPS_BATCH_COUNTED 2048

/* The process's calls, a batch at a time: built, named, counted, then
 * kept in t->ops, handed to t->ops_sink (and dropped), or dropped
 * (counters only).  0, or VD_ERROR when the sink failed (it said why). */
static int proc_batches(pload *c)
{
	vd_trace *t = c->t;
	proc *p = c->p;
	if (p->dones.n > 1)
		qsort(p->dones.v, p->dones.n, sizeof *p->dones.v, cmp_done_id);
	for (;;) {
		c->first = t->ops.n;
		size_t got = proc_calls(c, t->counters_only ? OPS_BATCH_COUNTED : OPS_BATCH);
		proc_paths(c);
		if (!got)
			break;
		proc_exclude(c);
		file_counters(t, &c->fc, c->first, &c->pr);
		call_sites(t, &c->sites, c->first, &c->pr);
		/* counters only: the calls themselves are not kept */
		if (t->counters_only)
			t->ops.n = c->first;
		if (t->ops_sink && t->ops.n) {
			if (t->ops_sink(t->sink_ctx, t) != 0)
				return VD_ERROR;
			t->ops.n = 0;
		}
		for (size_t i = 0; i < p->streams.n; i++) {
			tstream *ts = &p->streams.v[i];
			if (ts->off - ts->dropped > DROP_EVERY) {
				drop_pages(ts->base, ts->off);
				ts->dropped = ts->off;
			}
		}
	}
	return 0;
}

static int load_proc(vd_trace *t, proc *p, const vd_result *run, int64_t t0_rt)
{
	pload c;
	memset(&c, 0, sizeof c);
	c.t = t;
	c.p = p;
	c.run = run;
	c.first = t->ops.n;
	proc_row(&c, t0_rt);
	drop_logs(p);
	proc_symbolizer(&c);
	int rc = proc_batches(&c);
	file_counters_end(t, &c.fc, rc == 0);
	if (!rc) {
		proc_samples(&c);
		vd_vec_push(t->procs, c.pr);
	}
	free(c.a);
	free(c.set);
	free(c.sites.slot);
	free(c.names.e);
	vd_vec_free(c.open);
	scache_free(&c.sc);
	mapper_free(&c.mp);
	return rc;
}

/* ---- the directory ---- */

static int cmp_proc(const void *a, const void *b)
{
	const proc *x = a, *y = b;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return x->t0 < y->t0 ? -1 : x->t0 > y->t0;
}

int vd_trace_load(vd_trace *t, const char *dir, const vd_result *run)
{
	DIR *d = opendir(dir);
	if (!d) {
		vd_error_set("%s: %s", dir, strerror(errno));
		return VD_ERROR;
	}
	VD_VEC(logmap) maps = { 0 };
	procvec pv = { 0 };
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".vtl") != 0)
			continue;
		char *path = vd_arena_printf(t->arena, "%s/%s", dir, e->d_name);
		/* never through a link, never blocking on a FIFO planted there */
		int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
		struct stat st;
		int statted = fd >= 0 && fstat(fd, &st) == 0;
		if (!statted || !S_ISREG(st.st_mode) || st.st_size < 4096) {
			/* empty: the recorder found no space for its first chunk */
			if (statted && S_ISREG(st.st_mode) && st.st_size == 0)
				t->nospace_logs++;
			else
				t->bad_logs++;
			if (fd >= 0)
				close(fd);
			continue;
		}
		logmap m = { mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0),
			     (size_t)st.st_size };
		close(fd);
		if (m.base == MAP_FAILED) {
			t->bad_logs++;
			continue;
		}
		vd_vec_push(maps, m);
		if (scan_log(t, &pv, &m) != 0)
			t->bad_logs++;
		else
			t->logs++;
	}
	closedir(d);
	int rc = 0;
	if (pv.n == 0) {
		vd_error_set("%s: no trace logs (the program did not start, or the recorder "
			     "could not write there)",
			     dir);
		rc = VD_ENOTFOUND;
	} else {
		if (pv.n > 1)
			qsort(pv.v, pv.n, sizeof *pv.v, cmp_proc);
		int64_t t0 = t->started_ns;
		if (!t0) {
			t0 = INT64_MAX;
			for (size_t i = 0; i < pv.n; i++)
				if (pv.v[i].rt0 < t0)
					t0 = pv.v[i].rt0;
			t->started_ns = t0;
		}
		for (size_t i = 0; i < pv.n && !rc; i++)
			rc = load_proc(t, &pv.v[i], run, t0);
	}
	for (size_t i = 0; i < pv.n; i++) {
		for (size_t k = 0; k < pv.v[i].streams.n; k++)
			vd_vec_free(pv.v[i].streams.v[k].group);
		vd_vec_free(pv.v[i].streams);
		vd_vec_free(pv.v[i].samples);
		vd_vec_free(pv.v[i].mods);
		vd_vec_free(pv.v[i].dones);
	}
	vd_vec_free(pv);
	for (size_t i = 0; i < maps.n; i++)
		munmap(maps.v[i].base, maps.v[i].len);
	vd_vec_free(maps);
	return rc;
}
