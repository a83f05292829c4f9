/*
 * aggregate.c - bottom-up aggregation of P1..P15 over the evaluated walk.
 *
 * The extractor reports one run of the program as a depth-first walk of
 * the unrolled PDG: enter/leave of block instances, I/O events, operation
 * counts and allocations.  This visitor keeps the chain of open block
 * instances and adds every event to each block on the chain - so a block's
 * totals are the sum over all its dynamic instances, in every calling
 * context (docs/analysis.md, "Dynamic totals") - and to the file block where the
 * I/O call is written.  Peak-style parameters (P10 space, P11 stack) are
 * maxima over instances instead of sums.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vd_analyzer.h"
#include "vd_extractor.h"

#define MAX_BLOCK_NOTES 4

typedef struct bstate {
	double p[VD_NPARAMS];
	double io_s, ops, executions;
	unsigned unk;
	const char *notes[MAX_BLOCK_NOTES];
	int nnotes;
	int reached;  /* phase that first reached it */
	int inactive; /* in phase 2: already counted in phase 1 */
} bstate;

typedef struct inst {
	int block;
	int active;
	int counting;  /* counts(): active and the innermost instance of its block */
	double live0;  /* live bytes at entry */
	double peak;   /* max live - live0 inside */
	double stack0; /* stack base for P11 */
	double smax;
	double speak; /* the highest stack while on the chain, handed to the
		       * caller at leave: smax is max(smax, speak - stack0)
		       * then (frame sizes are whole numbers: exact) */
	unsigned long io0;
	double reach, iters;
	int walked;   /* a loop whose iterations were each walked */
	unsigned unk; /* assumptions of a loop, applied if I/O ran inside */
	const char *note;
	int prevpos;           /* the block's chainpos before this instance (recursion) */
	int fn_file;           /* file block of the innermost function instance up to here */
	unsigned long snapped; /* serial of the capture known to hold its block's snapshot */
	/* operations counted while it is on the chain, handed to its block
	 * when it leaves (on_ops, on_leave: one addition per statement instead
	 * of one per chain instance); dup: what inner instances of its block
	 * (recursion) handed to it already; ops_unk: VD_UNK_COMPUTE if any of
	 * them rests on an assumption */
	double ops, dup;
	unsigned ops_unk;
} inst;

typedef struct site {
	double count, bytes;
	unsigned flags;
	const char *api, *call, *op, *path;
	const char *notes[MAX_BLOCK_NOTES];
	int nnotes;
	int seen;
	int paths; /* its calls named several files (a loop run iteration by
		    * iteration opening `snap_%04d.bin`): path is NULL */
} site;

/* ---- call summaries ----------------------------------------------------------------
 *
 * While a call is captured, every block it changes is snapshotted before
 * its first change; at the end the summary holds the differences.  A block
 * on the caller's chain is not part of the summary: the function block's
 * own difference is what each of those gets, so replay adds that to the
 * chain it finds.  Captures nest: a block goes to the innermost capture
 * it lies inside, and an ending capture hands its snapshots to the next. */

typedef struct snap {
	int block;
	bstate b; /* before (while capturing); the change (in a summary) */
	site s;
} snap;

typedef struct filepair {
	int block, file;
	double per;
} filepair;

typedef struct intmap {
	int *keys, *vals;
	size_t cap, n;
} intmap;

typedef struct capture {
	double mult;
	size_t chain0; /* chain length at begin */
	int fblock;    /* the captured call's function block */
	VD_VEC(snap) touched;
	intmap idx; /* block -> index in touched */
	VD_VEC(filepair) files;
	unsigned long io0;
	double live0, peak, stack0, smax;
	int doomed;           /* will be discarded: no need to snapshot */
	unsigned long serial; /* unique per capture, from 1 */
} capture;

typedef struct summary {
	double scale; /* 1 / the multiplier it was recorded at */
	snap *d;
	size_t nd;
	long fidx; /* index in d of the function block, -1 */
	filepair *f;
	size_t nf;
	unsigned long io;
	double live_net, peak, smax;
} summary;

static int im_get(const intmap *m, int key)
{
	if (!m->cap)
		return -1;
	size_t i = ((unsigned)key * 2654435761u) & (m->cap - 1);
	while (m->keys[i] != -1) {
		if (m->keys[i] == key)
			return m->vals[i];
		i = (i + 1) & (m->cap - 1);
	}
	return -1;
}

static void im_put(intmap *m, int key, int val)
{
	if ((m->n + 1) * 2 > m->cap) {
		size_t ncap = m->cap ? m->cap * 2 : 16;
		int *nk = vd_xmalloc(ncap * sizeof(int)), *nv = vd_xmalloc(ncap * sizeof(int));
		memset(nk, 0xff, ncap * sizeof(int));
		for (size_t i = 0; i < m->cap; i++)
			if (m->keys[i] != -1) {
				size_t j = ((unsigned)m->keys[i] * 2654435761u) & (ncap - 1);
				while (nk[j] != -1)
					j = (j + 1) & (ncap - 1);
				nk[j] = m->keys[i];
				nv[j] = m->vals[i];
			}
		free(m->keys);
		free(m->vals);
		m->keys = nk;
		m->vals = nv;
		m->cap = ncap;
	}
	size_t i = ((unsigned)key * 2654435761u) & (m->cap - 1);
	while (m->keys[i] != -1 && m->keys[i] != key)
		i = (i + 1) & (m->cap - 1);
	if (m->keys[i] == -1)
		m->n++;
	m->keys[i] = key;
	m->vals[i] = val;
}

static void im_free(intmap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

typedef struct agg {
	const vd_sblock *sb;
	size_t nsb;
	bstate *b;
	site *sites;
	VD_VEC(inst) chain;
	double live, stack;
	unsigned long io_events;
	const vd_device *dev;
	int nprocs;
	vd_pcache *pcache;
	struct vd_project *proj;
	int *phase;
	vd_map *fileset; /* "block:file" -> double* (per-execution opens) */
	vd_arena *a;
	int *chainpos; /* block -> its index on the chain, -1 when not on it */
	VD_VEC(capture) caps;
	size_t caps_live;         /* captures not doomed */
	unsigned long cap_serial; /* the last capture's serial */
	VD_VEC(summary *) summaries;
	size_t summary_bytes;  /* kept summaries; none kept past SUMMARY_BUDGET */
	VD_VEC(capture) spare; /* ended captures' emptied buffers, for the next */
	/* what each walk of unreached code starts from (on_standalone) */
	vd_pcache *pcache0;
	double live0, stack0;
	size_t nsummaries0, summary_bytes0;
} agg;

/* a call of the site names `path` */
static void site_path(agg *g, site *s, const char *path, int several)
{
	if (s->paths || several) {
		s->paths = 1;
		s->path = NULL;
	} else if (path && !s->path) {
		s->path = vd_arena_strdup(g->a, path);
	} else if (path && strcmp(s->path, path)) {
		s->paths = 1;
		s->path = NULL;
	}
}

/* Memory for call summaries: beyond it, calls are walked again instead. */
#define SUMMARY_BUDGET ((size_t)64 << 20)

/* Before block `b` changes: snapshot it into the innermost capture it lies
 * inside (not on that capture's caller chain). */
static void touch_pos(agg *g, int b, int pos)
{
	if (!g->caps_live)
		return;
	/* captures nest along the chain (chain0 ascending): a block on the
	 * chain at `pos` belongs to the innermost capture begun at or before
	 * it; one off the chain to the innermost capture */
	size_t k = g->caps.n;
	if (pos >= 0) {
		size_t lo = 0, hi = g->caps.n;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (g->caps.v[mid].chain0 <= (size_t)pos)
				lo = mid + 1;
			else
				hi = mid;
		}
		k = lo; /* captures [0, k) began at or before pos */
		if (k == 0)
			return;
	}
	capture *c = &g->caps.v[k - 1];
	if (c->doomed || im_get(&c->idx, b) >= 0)
		return;
	snap sn = { b, g->b[b], g->sites[b] };
	vd_vec_push(c->touched, sn);
	im_put(&c->idx, b, (int)c->touched.n - 1);
}

static void touch(agg *g, int b)
{
	touch_pos(g, b, g->chainpos[b]);
}

/* touch() for chain instance `in` (one that counts: the innermost instance
 * of its block) when the captures [0, k) are those begun at or before its
 * position: the same snapshot, without the search, and nothing at all
 * once the instance knows its capture holds the block. */
static void touch_at(agg *g, inst *in, size_t k)
{
	if (!g->caps_live || k == 0)
		return;
	capture *c = &g->caps.v[k - 1];
	if (c->doomed || in->snapped == c->serial)
		return;
	if (im_get(&c->idx, in->block) < 0) {
		snap sn = { in->block, g->b[in->block], g->sites[in->block] };
		vd_vec_push(c->touched, sn);
		im_put(&c->idx, in->block, (int)c->touched.n - 1);
	}
	in->snapped = c->serial;
}

static void add_note(const char **notes, int *n, const char *s)
{
	if (!s || *n >= MAX_BLOCK_NOTES)
		return; /* full: found or not, nothing changes */
	/* the same pointer first (notes are mostly interned): fewer strcmp */
	for (int i = 0; i < *n; i++)
		if (notes[i] == s)
			return;
	for (int i = 0; i < *n; i++)
		if (!strcmp(notes[i], s))
			return;
	if (*n < MAX_BLOCK_NOTES)
		notes[(*n)++] = s;
}

/* a loop run iteration by iteration: its count, known at the end */
static void on_iterations(void *pl, int block, double iters)
{
	agg *g = pl;
	if (!g->chain.n || g->chain.v[g->chain.n - 1].block != block)
		return;
	inst *in = &g->chain.v[g->chain.n - 1];
	touch(g, block);
	if (in->active)
		g->b[block].executions += iters - in->iters;
	in->iters = iters;
	in->walked = 1;
}

/* Whether chain instance i takes what happens inside it: active, and the
 * innermost instance of its block - a function that recurses (unrolled
 * with known arguments) is on the chain several times, and each call,
 * byte and operation counts once for its block, not once per instance. */
static int counts(const agg *g, size_t i)
{
	/* kept by on_enter/on_leave: active && chainpos[block] == i */
	return g->chain.v[i].counting;
}

/* Phase 1 (the entry's walk) counts everywhere.  Phase 3 (functions a
 * budget cut left unwalked, walked on their own with unknown parameters)
 * counts in blocks the entry did not reach or reached 0 times; what it
 * finds stays in those blocks, out of the program's totals: on real code
 * (xz, fio, ncgen) its guesses moved the totals further from the measured
 * ones than leaving them out did.  Phase 2 (code the entry does not
 * reach, walked after phase 3) counts only in blocks neither reached:
 * nothing of it lands in code the program runs. */
static int active(agg *g, int block)
{
	if (*g->phase == 1)
		return 1;
	bstate *b = &g->b[block];
	if (*g->phase == 3 && b->reached == 1 && block != 0 && b->executions == 0)
		b->reached = 3; /* reached 0 times from the entry: phase 3's */
	if (*g->phase == 2)
		return b->reached == 2 || !b->reached;
	return b->reached == 2 || b->reached == 3 || !b->reached;
}

/* an assumption made at a block: its note and the parameters resting on it */
static void on_annotate(void *pl, int block, unsigned unknown, const char *note)
{
	agg *g = pl;
	if (!active(g, block)) /* code the entry does not reach: not its notes */
		return;
	touch(g, block);
	bstate *b = &g->b[block];
	/* the entry's walk flagged it without entering it (the I/O of an arm
	 * a flagged decision left dead; after a budget cut, a function whose
	 * address is stored): reached, 0 times, with the note */
	if (!b->reached && (*g->phase == 1 || *g->phase == 3))
		b->reached = *g->phase;
	b->unk |= unknown;
	add_note(b->notes, &b->nnotes, note);
}

/* An instance leaving the chain (at index g->chain.n, already popped):
 * its block takes the operations counted while it was on the chain, less
 * what an inner instance of the same block (recursion) handed it already;
 * the caller's instance takes them all, and an outer instance of the block
 * learns what this one handed.  Each block thus takes each operation once,
 * while any instance of it is on the chain, as if every instance had been
 * added to at every statement; the snapshot goes to the capture this
 * instance lay in. */
static void leave_ops(agg *g, const inst *in)
{
	double own = in->ops - in->dup;
	if (in->active && (own != 0 || in->ops_unk)) {
		touch_pos(g, in->block, (int)g->chain.n);
		g->b[in->block].ops += own;
		g->b[in->block].unk |= in->ops_unk;
	}
	if (g->chain.n) {
		inst *up = &g->chain.v[g->chain.n - 1];
		up->ops += in->ops;
		up->ops_unk |= in->ops_unk;
	}
	if (in->prevpos >= 0)
		g->chain.v[in->prevpos].dup += in->ops;
}

static void on_enter(void *pl, int block, double reach, double iters, unsigned unknown,
		     const char *note)
{
	agg *g = pl;
	bstate *b = &g->b[block];
	touch(g, block);
	if (!b->reached)
		b->reached = *g->phase;
	if (g->caps.n && g->caps.v[g->caps.n - 1].chain0 == g->chain.n &&
	    g->caps.v[g->caps.n - 1].fblock < 0)
		g->caps.v[g->caps.n - 1].fblock = block;
	inst in = { 0 };
	in.block = block;
	in.active = active(g, block);
	in.live0 = g->live;
	in.io0 = g->io_events;
	in.reach = reach;
	in.iters = iters;
	const vd_sblock *s = &g->sb[block];
	if (s->kind == VD_KIND_FUNCTION) {
		in.stack0 = g->stack;
		g->stack += (double)s->frame_bytes;
		in.smax = (double)s->frame_bytes;
	} else if (s->kind == VD_KIND_LOOP || s->kind == VD_KIND_BRANCH) {
		in.stack0 = g->stack - (double)s->frame_bytes;
		in.smax = (double)s->frame_bytes;
	} else {
		in.stack0 = g->stack;
	}
	if (in.active) {
		b->executions += s->kind == VD_KIND_LOOP ? iters : reach;
		/* an assumption (an unknown trip count around the block, say)
		 * matters only to the I/O inside: applied at leave() if any ran */
		in.unk = unknown;
		in.note = note;
		if (s->kind == VD_KIND_CALL && note) {
			b->unk |= unknown;
			add_note(b->notes, &b->nnotes, note);
			{
				/* a call not unrolled (recursion, depth cap, budget):
				 * every enclosing block's totals miss what it does */
				for (size_t i = 0; i < g->chain.n; i++)
					if (g->chain.v[i].active) {
						touch(g, g->chain.v[i].block);
						bstate *a = &g->b[g->chain.v[i].block];
						a->unk |= unknown;
						add_note(a->notes, &a->nnotes, note);
					}
			}
		}
	}
	in.prevpos = g->chainpos[block];
	in.counting = in.active;
	if (in.prevpos >= 0) /* no longer the innermost instance */
		g->chain.v[in.prevpos].counting = 0;
	in.fn_file = s->kind == VD_KIND_FUNCTION ? s->file_block
		     : g->chain.n                ? g->chain.v[g->chain.n - 1].fn_file
						 : -1;
	g->chainpos[block] = (int)g->chain.n;
	in.speak = g->stack; /* callers see the new frame when it leaves */
	vd_vec_push(g->chain, in);
	for (size_t i = 0; i < g->caps.n; i++) {
		capture *c = &g->caps.v[i];
		if (g->stack - c->stack0 > c->smax)
			c->smax = g->stack - c->stack0;
	}
}

static void raise_peaks(agg *g)
{
	for (size_t i = 0; i < g->chain.n; i++) {
		inst *c = &g->chain.v[i];
		double d = g->live - c->live0;
		if (d > c->peak)
			c->peak = d;
	}
	for (size_t i = 0; i < g->caps.n; i++) {
		capture *c = &g->caps.v[i];
		if (g->live - c->live0 > c->peak)
			c->peak = g->live - c->live0;
	}
}

static void on_leave(void *pl, int block)
{
	agg *g = pl;
	if (g->chain.n == 0)
		return;
	inst in = g->chain.v[--g->chain.n];
	leave_ops(g, &in);
	g->chainpos[in.block] = in.prevpos;
	if (in.speak - in.stack0 > in.smax)
		in.smax = in.speak - in.stack0;
	if (g->chain.n && in.speak > g->chain.v[g->chain.n - 1].speak)
		g->chain.v[g->chain.n - 1].speak = in.speak;
	if (in.prevpos >= 0)
		g->chain.v[in.prevpos].counting = g->chain.v[in.prevpos].active;
	const vd_sblock *s = &g->sb[in.block];
	bstate *b = &g->b[in.block];
	touch(g, in.block);
	if (s->kind == VD_KIND_LOOP) {
		/* the body was walked once: what it leaves allocated grows per
		 * iteration */
		double trip = in.reach > 0 ? in.iters / in.reach : 0;
		double net = g->live - in.live0;
		if (trip > 1 && net > 0 && !in.walked) {
			double extra = net * (trip - 1);
			g->live += extra;
			if (net * trip > in.peak)
				in.peak = in.peak + extra;
			raise_peaks(g);
		}
		if (trip == 0)
			in.peak = 0, g->live = in.live0;
		/* P1: iterations of loops that contain I/O */
		if (g->io_events > in.io0) {
			if (in.active)
				b->p[VD_p1] += in.iters;
			for (size_t i = 0; i < g->chain.n; i++)
				if (counts(g, i) && g->chain.v[i].block != in.block) {
					touch(g, g->chain.v[i].block);
					g->b[g->chain.v[i].block].p[VD_p1] += in.iters;
				}
			if (*g->phase == 1 && s->file_block >= 0) {
				touch(g, s->file_block);
				g->b[s->file_block].p[VD_p1] += in.iters;
			}
		}
	}
	if (s->kind == VD_KIND_FUNCTION)
		g->stack -= (double)s->frame_bytes;
	if (in.active && g->io_events > in.io0) {
		b->unk |= in.unk;
		add_note(b->notes, &b->nnotes, in.note);
	}
	if (in.active) {
		if (in.peak > b->p[VD_p10])
			b->p[VD_p10] = in.peak;
		if (in.smax > b->p[VD_p11])
			b->p[VD_p11] = in.smax;
	}
}

static void add_file(agg *g, int block, const vd_io_event *e)
{
	char key[64];
	snprintf(key, sizeof(key), "%d:%d", block, e->file);
	double *per = vd_map_get(g->fileset, key);
	if (!per) {
		per = vd_arena_alloc(g->a, sizeof(double));
		vd_map_put(g->fileset, key, per);
	}
	double add = e->file_per_exec && e->op == VD_OP_OPEN ? e->count : 0;
	*per += add;
	/* the innermost capture this block lies inside records the pair */
	for (size_t k = g->caps.n; k-- > 0;) {
		capture *c = &g->caps.v[k];
		int pos = g->chainpos[block];
		if (pos >= 0 && (size_t)pos < c->chain0)
			continue;
		if (c->doomed)
			break;
		filepair f = { block, e->file, add };
		vd_vec_push(c->files, f);
		break;
	}
}

/* touched: the block's snapshot is taken care of (touch_at) */
static void add_event(agg *g, int block, const vd_io_event *e, double secs, int touched)
{
	if (!touched)
		touch(g, block);
	bstate *b = &g->b[block];
	double n = e->count;
	b->p[VD_p2] += n;
	if (!e->async)
		b->p[VD_p4] += n;
	if (e->conditional)
		b->p[VD_p5] += n;
	if (e->op == VD_OP_FLUSH || e->op == VD_OP_SYNC || (e->op == VD_OP_WRITE && e->sync_handle))
		b->p[VD_p7] += n;
	if (e->is_data) {
		b->p[VD_p3] += e->bytes * n;
		if (e->binary)
			b->p[VD_p6] += n;
		if (e->random)
			b->p[VD_p12] += n;
		if (e->bytes < g->dev->small_io_threshold)
			b->p[VD_p13] += n;
	} else {
		b->p[VD_p3] += e->bytes * n; /* a file mapping's length (mmap) */
	}
	b->io_s += secs;
	/* an event that counts nothing rests on nothing, except at its own
	 * site, predicted 0 because of an assumption (an arm not taken) */
	if (n > 0 || (block == e->block && (e->unknown & (1u << VD_p2)))) {
		b->unk |= e->unknown;
		for (int i = 0; i < 4 && e->notes[i]; i++)
			add_note(b->notes, &b->nnotes, e->notes[i]);
	}
	if (e->file >= 0)
		add_file(g, block, e);
}

static void on_io(void *pl, const vd_io_event *e)
{
	agg *g = pl;
	g->io_events++;
	double stat_size = -1;
	if (e->file >= 0) {
		size_t nf;
		const vd_file_info *fi = vd_project_files(g->proj, &nf);
		if ((size_t)e->file < nf)
			stat_size = fi[e->file].stat_size;
	}
	double secs = vd_pcache_io_seconds(g->pcache, e, stat_size);
	size_t k = 0; /* captures begun at or before position i */
	for (size_t i = 0; i < g->chain.n; i++) {
		while (k < g->caps.n && g->caps.v[k].chain0 <= i)
			k++;
		if (counts(g, i)) {
			touch_at(g, &g->chain.v[i], k);
			add_event(g, g->chain.v[i].block, e, secs, 1);
		}
	}
	if (*g->phase == 1 && g->sb[e->block].file_block >= 0)
		add_event(g, g->sb[e->block].file_block, e, secs, 0);
	if (!active(g, e->block))
		return;
	touch(g, e->block);
	site *s = &g->sites[e->block];
	s->seen = 1;
	s->count += e->count;
	s->bytes += e->bytes * e->count;
	s->api = e->api;
	s->call = e->call;
	s->op = vd_opclass_name(e->op);
	if (e->async)
		s->flags |= VD_IO_ASYNC;
	if (e->collective)
		s->flags |= VD_IO_COLLECTIVE;
	if (e->binary && e->is_data)
		s->flags |= VD_IO_BINARY;
	if (e->text && e->is_data)
		s->flags |= VD_IO_TEXT;
	if (e->conditional)
		s->flags |= VD_IO_CONDITIONAL;
	if (e->random)
		s->flags |= VD_IO_RANDOM;
	if (e->is_data && e->bytes < g->dev->small_io_threshold)
		s->flags |= VD_IO_SMALL;
	if (e->sync_handle)
		s->flags |= VD_IO_SYNC_HANDLE;
	/* the walk's strings die with the walk: keep a copy */
	site_path(g, s, e->path, 0);
	/* a site walked 0 times keeps the assumption that made it 0 (an arm
	 * assumed not taken), if any */
	if (e->count <= 0 && !(e->unknown & (1u << VD_p2)))
		return;
	if (e->unknown & (1u << VD_p3))
		s->flags |= VD_IO_BYTES_UNKNOWN;
	if (e->unknown & (1u << VD_p2))
		s->flags |= VD_IO_COUNT_UNKNOWN;
	for (int i = 0; i < 4 && e->notes[i]; i++)
		add_note(s->notes, &s->nnotes, e->notes[i]);
}

static void on_ops(void *pl, double n, unsigned unknown)
{
	agg *g = pl;
	if (!g->chain.n)
		return;
	inst *top = &g->chain.v[g->chain.n - 1];
	/* operations counted under an assumed trip count or branch probability:
	 * every block holding them has an assumed compute time */
	if ((unknown & (1u << VD_p2)) && n > 0)
		top->ops_unk |= VD_UNK_COMPUTE;
	/* the hottest call of the walk, once per statement: every block on the
	 * chain takes n, handed down the chain as instances leave (leave_ops) */
	top->ops += n;
	if (*g->phase == 1 && top->fn_file >= 0) {
		touch(g, top->fn_file);
		g->b[top->fn_file].ops += n;
	}
}

static void on_capture_begin(void *pl, double mult)
{
	agg *g = pl;
	capture c = { 0 };
	c.mult = mult;
	c.chain0 = g->chain.n;
	c.fblock = -1;
	c.io0 = g->io_events;
	c.live0 = g->live;
	c.stack0 = g->stack;
	c.serial = ++g->cap_serial;
	if (g->spare.n) { /* buffers of an ended capture, emptied */
		capture *sp = &g->spare.v[--g->spare.n];
		c.touched = sp->touched;
		c.files = sp->files;
		c.idx = sp->idx;
	}
	vd_vec_push(g->caps, c);
	g->caps_live++;
}

static void capture_free(capture *c)
{
	vd_vec_free(c->touched);
	vd_vec_free(c->files);
	im_free(&c->idx);
}

/* capture_free(), keeping small buffers, emptied, for the next capture:
 * one is begun for most calls */
static void capture_done(agg *g, capture *c)
{
	if (g->spare.n >= 64 || c->idx.cap > 256 || (!c->touched.cap && !c->idx.cap)) {
		capture_free(c);
		return;
	}
	capture sp = { 0 };
	sp.touched = c->touched;
	sp.touched.n = 0;
	sp.files = c->files;
	sp.files.n = 0;
	sp.idx = c->idx;
	if (sp.idx.cap)
		memset(sp.idx.keys, 0xff, sp.idx.cap * sizeof(int));
	sp.idx.n = 0;
	vd_vec_push(g->spare, sp);
	memset(&c->touched, 0, sizeof(c->touched));
	memset(&c->files, 0, sizeof(c->files));
	memset(&c->idx, 0, sizeof(c->idx));
}

static void *on_capture_end(void *pl, int keep)
{
	agg *g = pl;
	if (!g->caps.n)
		return NULL;
	capture c = g->caps.v[--g->caps.n];
	if (!c.doomed)
		g->caps_live--;
	summary *sm = NULL;
	size_t need = c.touched.n * sizeof(snap) + c.files.n * sizeof(filepair) + sizeof(summary);
	if (keep && !c.doomed && c.mult > 0 && c.fblock >= 0 &&
	    g->summary_bytes + need <= SUMMARY_BUDGET) {
		sm = vd_xcalloc(1, sizeof(*sm));
		sm->scale = 1.0 / c.mult;
		sm->d = vd_xmalloc((c.touched.n ? c.touched.n : 1) * sizeof(snap));
		sm->f = vd_xmalloc((c.files.n ? c.files.n : 1) * sizeof(filepair));
		sm->fidx = -1;
	}
	for (size_t i = 0; sm && i < c.touched.n; i++) {
		const snap *before = &c.touched.v[i];
		int blk = before->block;
		snap *d = &sm->d[sm->nd++];
		d->block = blk;
		d->b = g->b[blk]; /* after; additive fields become differences */
		for (int k = 0; k < VD_NPARAMS; k++)
			if (k != VD_p10 && k != VD_p11)
				d->b.p[k] -= before->b.p[k];
		d->b.io_s -= before->b.io_s;
		d->b.ops -= before->b.ops;
		d->b.executions -= before->b.executions;
		d->s = g->sites[blk];
		d->s.count -= before->s.count;
		d->s.bytes -= before->s.bytes;
		if (blk == c.fblock)
			sm->fidx = (long)i;
	}
	for (size_t i = 0; sm && i < c.files.n; i++)
		sm->f[sm->nf++] = c.files.v[i];
	if (sm) {
		sm->io = g->io_events - c.io0;
		sm->live_net = g->live - c.live0;
		sm->peak = c.peak;
		sm->smax = c.smax;
		g->summary_bytes += need;
		vd_vec_push(g->summaries, sm);
	}
	/* the enclosing capture inherits what this one saw */
	if (g->caps.n && !g->caps.v[g->caps.n - 1].doomed) {
		capture *o = &g->caps.v[g->caps.n - 1];
		for (size_t i = 0; i < c.touched.n; i++) {
			int blk = c.touched.v[i].block;
			int pos = g->chainpos[blk];
			if ((pos >= 0 && (size_t)pos < o->chain0) || im_get(&o->idx, blk) >= 0)
				continue;
			vd_vec_push(o->touched, c.touched.v[i]);
			im_put(&o->idx, blk, (int)o->touched.n - 1);
		}
		for (size_t i = 0; i < c.files.n; i++)
			vd_vec_push(o->files, c.files.v[i]);
	}
	capture_done(g, &c);
	return sm;
}

static void on_capture_doom(void *pl)
{
	agg *g = pl;
	for (size_t i = 0; i < g->caps.n; i++)
		if (!g->caps.v[i].doomed) {
			g->caps.v[i].doomed = 1;
			g->caps_live--;
			capture_done(g, &g->caps.v[i]); /* its snapshots are no longer needed */
		}
}

static void add_fileset(agg *g, int block, int file, double per)
{
	vd_io_event e = { 0 };
	e.file = file;
	e.op = per > 0 ? VD_OP_OPEN : VD_OP_NONE;
	e.file_per_exec = per > 0;
	e.count = per;
	add_file(g, block, &e);
}

static void on_replay(void *pl, const void *summary_, double mult)
{
	agg *g = pl;
	const summary *sm = summary_;
	double k = mult * sm->scale;
	for (size_t i = 0; i < sm->nd; i++) {
		const snap *d = &sm->d[i];
		int blk = d->block;
		if (!active(g, blk))
			continue;
		touch(g, blk);
		bstate *b = &g->b[blk];
		if (!b->reached)
			b->reached = *g->phase;
		for (int q = 0; q < VD_NPARAMS; q++) {
			if (q == VD_p10 || q == VD_p11) {
				if (d->b.p[q] > b->p[q])
					b->p[q] = d->b.p[q];
			} else {
				b->p[q] += k * d->b.p[q];
			}
		}
		b->io_s += k * d->b.io_s;
		b->ops += k * d->b.ops;
		b->executions += k * d->b.executions;
		b->unk |= d->b.unk;
		for (int q = 0; q < d->b.nnotes; q++)
			add_note(b->notes, &b->nnotes, d->b.notes[q]);
		site *st = &g->sites[blk];
		if (d->s.seen) {
			st->seen = 1;
			st->count += k * d->s.count;
			st->bytes += k * d->s.bytes;
			st->flags |= d->s.flags;
			st->api = d->s.api;
			st->call = d->s.call;
			st->op = d->s.op;
			site_path(g, st, d->s.path, d->s.paths);
			for (int q = 0; q < d->s.nnotes; q++)
				add_note(st->notes, &st->nnotes, d->s.notes[q]);
		}
	}
	for (size_t i = 0; i < sm->nf; i++)
		if (active(g, sm->f[i].block))
			add_fileset(g, sm->f[i].block, sm->f[i].file, k * sm->f[i].per);
	/* the caller's chain gets what the function block got (its operations
	 * through the innermost instance: leave_ops) */
	if (sm->fidx >= 0) {
		const snap *fd = &sm->d[sm->fidx];
		if (g->chain.n)
			g->chain.v[g->chain.n - 1].ops += k * fd->b.ops;
		for (size_t i = 0; i < g->chain.n; i++) {
			inst *c = &g->chain.v[i];
			if (!counts(g, i))
				continue;
			touch(g, c->block);
			bstate *b = &g->b[c->block];
			for (int q = 0; q < VD_NPARAMS; q++)
				if (q != VD_p10 && q != VD_p11)
					b->p[q] += k * fd->b.p[q];
			b->io_s += k * fd->b.io_s;
			b->unk |= fd->b.unk;
			for (int q = 0; q < fd->b.nnotes; q++)
				add_note(b->notes, &b->nnotes, fd->b.notes[q]);
			for (size_t f = 0; f < sm->nf; f++)
				if (sm->f[f].block == fd->block)
					add_fileset(g, c->block, sm->f[f].file, k * sm->f[f].per);
		}
	}
	g->io_events += sm->io;
	double live = g->live;
	g->live = live + sm->peak;
	raise_peaks(g);
	g->live = live + sm->live_net;
	double stack = g->stack;
	g->stack = stack + sm->smax;
	if (g->chain.n && g->stack > g->chain.v[g->chain.n - 1].speak)
		g->chain.v[g->chain.n - 1].speak = g->stack;
	for (size_t i = 0; i < g->caps.n; i++) {
		capture *c = &g->caps.v[i];
		if (g->stack - c->stack0 > c->smax)
			c->smax = g->stack - c->stack0;
	}
	g->stack = stack;
}

static void on_alloc(void *pl, double delta)
{
	agg *g = pl;
	g->live += delta;
	if (g->live < 0)
		g->live = 0;
	raise_peaks(g);
}

static void summary_free(summary *sm)
{
	free(sm->d);
	free(sm->f);
	free(sm);
}

/* The walks of code the entry does not reach start from one state: the
 * live bytes, the page cache and the summaries' memory the entry's walk
 * left (the walk's summaries of one such walk are not used by the next) */
static void on_standalone(void *pl, int save)
{
	agg *g = pl;
	if (save) {
		if (!g->pcache0)
			g->pcache0 = vd_pcache_new(g->dev, g->nprocs);
		vd_pcache_copy(g->pcache0, g->pcache);
		g->live0 = g->live;
		g->stack0 = g->stack;
		g->nsummaries0 = g->summaries.n;
		g->summary_bytes0 = g->summary_bytes;
		return;
	}
	if (!g->pcache0)
		return;
	vd_pcache_copy(g->pcache, g->pcache0);
	g->live = g->live0;
	g->stack = g->stack0;
	while (g->summaries.n > g->nsummaries0)
		summary_free(g->summaries.v[--g->summaries.n]);
	g->summary_bytes = g->summary_bytes0;
}

static const char *join_notes(vd_arena *a, const char *const *notes, int n)
{
	if (n == 0)
		return NULL;
	vd_buf b = VD_BUF_INIT;
	for (int i = 0; i < n; i++) {
		if (i)
			vd_buf_puts(&b, "; ");
		vd_buf_puts(&b, notes[i]);
	}
	const char *r = vd_arena_strdup(a, b.ptr);
	vd_buf_release(&b);
	return r;
}

/* ---- the result ------------------------------------------------------------------ */

/* P8, P9: the files each block used */
static void file_params(agg *g)
{
	size_t nfiles;
	const vd_file_info *files = vd_project_files(g->proj, &nfiles);
	size_t it = 0;
	const char *key;
	void *val;
	while (vd_map_next(g->fileset, &it, &key, &val)) {
		int blk = 0, fi = 0;
		if (sscanf(key, "%d:%d", &blk, &fi) != 2 || fi < 0 || (size_t)fi >= nfiles)
			continue;
		double per = *(double *)val;
		g->b[blk].p[VD_p9] += per > 0 ? per : 1;
		const vd_file_info *f = &files[fi];
		g->b[blk].p[VD_p8] += f->stat_size >= 0 ? f->stat_size : f->written;
	}
}

/* the I/O call site of io block i */
static void result_site(vd_result *r, const agg *g, size_t i)
{
	vd_arena *A = r->arena;
	const vd_sblock *s = &g->sb[i];
	const site *st = &g->sites[i];
	vd_iosite *x = &r->sites[r->nsites++];
	x->block_id = r->blocks[i].id;
	/* what the call is comes from the catalog, whether it ran or not */
	x->api = vd_arena_strdup(A, s->api ? s->api : st->api);
	x->call = vd_arena_strdup(A, st->call ? st->call : s->label);
	x->file = r->blocks[i].file;
	x->line = s->line;
	x->count = st->count;
	x->bytes_total = st->bytes;
	x->bytes_per_call = st->count > 0 ? st->bytes / st->count : 0;
	x->flags = st->flags;
	x->path = vd_arena_strdup(A, st->path);
	x->unknowns = join_notes(A, st->notes, st->nnotes);
	x->op = vd_arena_strdup(A, s->op ? s->op : st->op ? st->op : "none");
}

/* blocks in table order (parents first) and the I/O sites */
static void result_blocks(vd_result *r, const agg *g)
{
	vd_arena *A = r->arena;
	r->blocks = vd_xcalloc(g->nsb ? g->nsb : 1, sizeof(vd_block));
	r->nblocks = g->nsb;
	size_t nsites = 0;
	for (size_t i = 0; i < g->nsb; i++)
		nsites += g->sb[i].kind == VD_KIND_IO;
	r->sites = vd_xcalloc(nsites ? nsites : 1, sizeof(vd_iosite));
	for (size_t i = 0; i < g->nsb; i++) {
		const vd_sblock *s = &g->sb[i];
		const bstate *b = &g->b[i];
		vd_block *o = &r->blocks[i];
		o->id = vd_arena_strdup(A, s->id);
		o->kind = (vd_kind)s->kind;
		o->file = vd_arena_strdup(A, s->file);
		o->function = vd_arena_strdup(A, s->function);
		o->label = vd_arena_strdup(A, s->label);
		o->line = s->line;
		o->end_line = s->end_line;
		o->parent_id = s->parent >= 0 ? r->blocks[s->parent].id : NULL;
		memcpy(o->p, b->p, sizeof(o->p));
		o->io_s = b->io_s;
		o->ops = b->ops;
		o->executions = b->executions;
		o->unknown_mask = b->unk;
		o->unknowns = join_notes(A, b->notes, b->nnotes);
		o->reachable = b->reached != 2;
		if (s->kind == VD_KIND_IO)
			result_site(r, g, i);
	}
	/* file blocks: peaks are the largest of their functions' */
	for (size_t i = 0; i < g->nsb; i++)
		if (g->sb[i].kind == VD_KIND_FUNCTION && r->blocks[i].reachable) {
			vd_block *fb = &r->blocks[g->sb[i].file_block];
			if (r->blocks[i].p[VD_p10] > fb->p[VD_p10])
				fb->p[VD_p10] = r->blocks[i].p[VD_p10];
			if (r->blocks[i].p[VD_p11] > fb->p[VD_p11])
				fb->p[VD_p11] = r->blocks[i].p[VD_p11];
		}
	if (r->nblocks)
		r->blocks[0].executions = 1;
}

void vd_result_set_parse(vd_result *r, const struct vd_project *p)
{
	size_t nd;
	const vd_pdiag *d = vd_project_diags(p, &nd);
	r->diags = vd_xrealloc(r->diags, (r->ndiags + nd + 1) * sizeof(vd_diag));
	for (size_t i = 0; i < nd; i++) {
		vd_diag *x = &r->diags[r->ndiags++];
		x->severity = (vd_diag_severity)d[i].severity;
		x->file = vd_arena_strdup(r->arena, d[i].file);
		x->line = d[i].line;
		x->message = vd_arena_strdup(r->arena, d[i].message);
	}
	r->project_root = vd_arena_strdup(r->arena, vd_project_root(p));
	size_t failed;
	r->tus_total = (int)vd_project_tus(p, &failed);
	r->tus_failed = (int)failed;
}

/* ---- the walk ------------------------------------------------------------------------ */

static void agg_release(agg *g)
{
	free(g->b);
	free(g->sites);
	free(g->chainpos);
	while (g->caps.n)
		capture_free(&g->caps.v[--g->caps.n]);
	vd_vec_free(g->caps);
	while (g->spare.n)
		capture_free(&g->spare.v[--g->spare.n]);
	vd_vec_free(g->spare);
	for (size_t i = 0; i < g->summaries.n; i++)
		summary_free(g->summaries.v[i]);
	vd_vec_free(g->summaries);
	vd_vec_free(g->chain);
	vd_map_free(g->fileset);
	vd_arena_free(g->a);
	vd_pcache_free(g->pcache);
	vd_pcache_free(g->pcache0);
}

int vd_analyze(vd_result **out, struct vd_project *p, const vd_device *dev, int nprocs)
{
	*out = NULL;
	agg g = { 0 };
	int phase = 1;
	g.sb = vd_project_blocks(p, &g.nsb);
	g.b = vd_xcalloc(g.nsb + 1, sizeof(bstate));
	g.sites = vd_xcalloc(g.nsb + 1, sizeof(site));
	g.fileset = vd_map_new();
	g.a = vd_arena_new();
	g.dev = dev;
	g.nprocs = nprocs > 0 ? nprocs : 1;
	g.phase = &phase;
	g.chainpos = vd_xmalloc((g.nsb + 1) * sizeof(int));
	memset(g.chainpos, 0xff, (g.nsb + 1) * sizeof(int));
	g.pcache = vd_pcache_new(dev, g.nprocs);
	g.proj = p;
	double libops[VD_LIBCALL_N];
	vd_score_libcall_ops(dev, libops);
	vd_project_set_libcall_ops(p, libops);
	vd_visitor v = { &g,          on_enter,         on_leave,       on_io,     on_ops,
			 on_alloc,    on_capture_begin, on_capture_end, on_replay, on_capture_doom,
			 on_annotate, on_iterations,    on_standalone };
	if (vd_project_walk(p, &v, &phase) != 0) {
		agg_release(&g);
		return -1;
	}
	file_params(&g);
	vd_result *r = vd_result_new();
	result_blocks(r, &g);
	vd_result_set_parse(r, p);
	r->device = *dev;
	r->nprocs = g.nprocs;
	vd_score_result(r);
	agg_release(&g);
	*out = r;
	return 0;
}
