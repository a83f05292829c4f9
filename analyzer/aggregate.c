/*
 * aggregate.c - bottom-up aggregation of P1..P15 over the evaluated walk.
 *
 * The extractor reports one run of the program as a depth-first walk of
 * the unrolled PDG: enter/leave of block instances, I/O events, operation
 * counts and allocations.  This visitor keeps the chain of open block
 * instances and adds every event to each block on the chain - so a block's
 * totals are the sum over all its dynamic instances, in every calling
 * context (DESIGN.md "Dynamic totals") - and to the file block where the
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
	double live0;   /* live bytes at entry */
	double peak;    /* max live - live0 inside */
	double stack0;  /* stack base for P11 */
	double smax;
	unsigned long io0;
	double reach, iters;
	unsigned unk;       /* assumptions of a loop, applied if I/O ran inside */
	const char *note;
} inst;

typedef struct site {
	double count, bytes;
	unsigned flags;
	const char *api, *call, *op, *path;
	const char *notes[MAX_BLOCK_NOTES];
	int nnotes;
	int seen;
} site;

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
	int *phase;
	vd_map *fileset; /* "block:file" -> double* (per-execution opens) */
	vd_arena *a;
} agg;

static void add_note(const char **notes, int *n, const char *s)
{
	if (!s)
		return;
	for (int i = 0; i < *n; i++)
		if (notes[i] == s || !strcmp(notes[i], s))
			return;
	if (*n < MAX_BLOCK_NOTES)
		notes[(*n)++] = s;
}

static int active(agg *g, int block)
{
	if (*g->phase == 1)
		return 1;
	return g->b[block].reached != 1;
}

static void on_enter(void *pl, int block, double reach, double iters, unsigned unknown, const char *note)
{
	agg *g = pl;
	bstate *b = &g->b[block];
	if (!b->reached)
		b->reached = *g->phase;
	inst in = { 0 };
	in.block = block;
	in.active = active(g, block);
	in.live0 = g->live;
	in.io0 = g->io_events;
	in.reach = reach;
	in.iters = iters;
	const vd_sblock *s = &g->sb[block];
	if (s->kind == VD_SB_FUNCTION) {
		in.stack0 = g->stack;
		g->stack += (double)s->frame_bytes;
		in.smax = (double)s->frame_bytes;
	} else if (s->kind == VD_SB_LOOP || s->kind == VD_SB_BRANCH) {
		in.stack0 = g->stack - (double)s->frame_bytes;
		in.smax = (double)s->frame_bytes;
	} else {
		in.stack0 = g->stack;
	}
	if (in.active) {
		b->executions += s->kind == VD_SB_LOOP ? iters : reach;
		/* an assumption (an unknown trip count around the block, say)
		 * matters only to the I/O inside: applied at leave() if any ran */
		in.unk = unknown;
		in.note = note;
		if (s->kind == VD_SB_CALL && note) {
			b->unk |= unknown;
			add_note(b->notes, &b->nnotes, note);
			{
				/* a call not unrolled (recursion, depth cap, budget):
				 * every enclosing block's totals miss what it does */
				for (size_t i = 0; i < g->chain.n; i++)
					if (g->chain.v[i].active) {
						bstate *a = &g->b[g->chain.v[i].block];
						a->unk |= unknown;
						add_note(a->notes, &a->nnotes, note);
					}
			}
		}
	}
	vd_vec_push(g->chain, in);
	/* callers see the new frame */
	for (size_t i = 0; i < g->chain.n; i++) {
		inst *c = &g->chain.v[i];
		double d = g->stack - c->stack0;
		if (d > c->smax)
			c->smax = d;
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
}

static void on_leave(void *pl, int block)
{
	agg *g = pl;
	if (g->chain.n == 0)
		return;
	inst in = g->chain.v[--g->chain.n];
	const vd_sblock *s = &g->sb[in.block];
	bstate *b = &g->b[in.block];
	if (s->kind == VD_SB_LOOP) {
		/* the body was walked once: what it leaves allocated grows per
		 * iteration */
		double trip = in.reach > 0 ? in.iters / in.reach : 0;
		double net = g->live - in.live0;
		if (trip > 1 && net > 0) {
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
				if (g->chain.v[i].active)
					g->b[g->chain.v[i].block].p[VD_p1] += in.iters;
			if (*g->phase == 1 && s->file_block >= 0)
				g->b[s->file_block].p[VD_p1] += in.iters;
		}
	}
	if (s->kind == VD_SB_FUNCTION)
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
	if (e->file_per_exec && e->op == VD_IOOP_OPEN)
		*per += e->count;
}

static void add_event(agg *g, int block, const vd_io_event *e, double secs)
{
	bstate *b = &g->b[block];
	double n = e->count;
	b->p[VD_p2] += n;
	if (!e->async)
		b->p[VD_p4] += n;
	if (e->conditional)
		b->p[VD_p5] += n;
	if (e->op == VD_IOOP_FLUSH || e->op == VD_IOOP_SYNC || (e->op == VD_IOOP_WRITE && e->sync_handle))
		b->p[VD_p7] += n;
	if (e->is_data) {
		b->p[VD_p3] += e->bytes * n;
		if (e->binary)
			b->p[VD_p6] += n;
		if (e->random)
			b->p[VD_p12] += n;
		if (e->bytes < g->dev->small_io_threshold)
			b->p[VD_p13] += n;
	}
	b->io_s += secs;
	if (n > 0) { /* an event that counts nothing rests on nothing */
		b->unk |= e->unknown;
		for (int i = 0; i < 4 && e->notes[i]; i++)
			add_note(b->notes, &b->nnotes, e->notes[i]);
	}
	if (e->file >= 0)
		add_file(g, block, e);
}

static const char *opname(int op)
{
	static const char *n[] = { "none", "open", "close", "read", "write", "seek", "flush", "sync", "meta" };
	return op >= 0 && op <= 8 ? n[op] : "none";
}

static void on_io(void *pl, const vd_io_event *e)
{
	agg *g = pl;
	g->io_events++;
	double secs = vd_score_io_seconds(e, g->dev, g->nprocs) * e->count;
	for (size_t i = 0; i < g->chain.n; i++)
		if (g->chain.v[i].active)
			add_event(g, g->chain.v[i].block, e, secs);
	if (*g->phase == 1 && g->sb[e->block].file_block >= 0)
		add_event(g, g->sb[e->block].file_block, e, secs);
	if (!active(g, e->block))
		return;
	site *s = &g->sites[e->block];
	s->seen = 1;
	s->count += e->count;
	s->bytes += e->bytes * e->count;
	s->api = e->api;
	s->call = e->call;
	s->op = opname(e->op);
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
	if (e->path && !s->path)
		s->path = e->path;
	if (e->count <= 0)
		return;
	if (e->unknown & (1u << VD_p3))
		s->flags |= VD_IO_BYTES_UNKNOWN;
	if (e->unknown & (1u << VD_p2))
		s->flags |= VD_IO_COUNT_UNKNOWN;
	for (int i = 0; i < 4 && e->notes[i]; i++)
		add_note(s->notes, &s->nnotes, e->notes[i]);
}

static void on_ops(void *pl, double n)
{
	agg *g = pl;
	int fn_file = -1;
	for (size_t i = 0; i < g->chain.n; i++) {
		inst *c = &g->chain.v[i];
		if (c->active)
			g->b[c->block].ops += n;
		if (g->sb[c->block].kind == VD_SB_FUNCTION)
			fn_file = g->sb[c->block].file_block;
	}
	if (*g->phase == 1 && fn_file >= 0)
		g->b[fn_file].ops += n;
}

static void on_alloc(void *pl, double delta)
{
	agg *g = pl;
	g->live += delta;
	if (g->live < 0)
		g->live = 0;
	raise_peaks(g);
}

static const char *join_notes(vd_arena *a, const char **notes, int n)
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

int vd_analyze(vd_result **out, struct vd_project *p, const vd_device *dev, int nprocs)
{
	int rc = -1;
	*out = NULL;
	agg g = { 0 };
	int phase = 1;
	vd_result *r = vd_result_new();
	if (!r)
		return -1;
	g.sb = vd_project_blocks(p, &g.nsb);
	g.b = calloc(g.nsb + 1, sizeof(bstate));
	g.sites = calloc(g.nsb + 1, sizeof(site));
	g.fileset = vd_map_new();
	g.a = vd_arena_new();
	g.dev = dev;
	g.nprocs = nprocs > 0 ? nprocs : 1;
	g.phase = &phase;
	if (!g.b || !g.sites || !g.fileset || !g.a) {
		vd_error_set("out of memory");
		goto cleanup;
	}
	vd_visitor v = { &g, on_enter, on_leave, on_io, on_ops, on_alloc };
	if (vd_project_walk(p, &v, &phase) != 0)
		goto cleanup;

	/* P8, P9: the files each block used */
	size_t nfiles;
	const vd_file_info *files = vd_project_files(p, &nfiles);
	size_t it = 0;
	const char *key;
	void *val;
	while (vd_map_next(g.fileset, &it, &key, &val)) {
		int blk = 0, fi = 0;
		if (sscanf(key, "%d:%d", &blk, &fi) != 2 || fi < 0 || (size_t)fi >= nfiles)
			continue;
		double per = *(double *)val;
		g.b[blk].p[VD_p9] += per > 0 ? per : 1;
		const vd_file_info *f = &files[fi];
		g.b[blk].p[VD_p8] += f->stat_size >= 0 ? f->stat_size : f->written;
	}

	/* the result: blocks in table order (parents first) */
	vd_arena *A = r->arena;
	r->blocks = calloc(g.nsb ? g.nsb : 1, sizeof(vd_block));
	if (!r->blocks) {
		vd_error_set("out of memory");
		goto cleanup;
	}
	r->nblocks = g.nsb;
	size_t nsites = 0;
	for (size_t i = 0; i < g.nsb; i++)
		nsites += g.sb[i].kind == VD_SB_IO;
	r->sites = calloc(nsites ? nsites : 1, sizeof(vd_iosite));
	for (size_t i = 0; i < g.nsb; i++) {
		const vd_sblock *s = &g.sb[i];
		bstate *b = &g.b[i];
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
		if (s->kind == VD_SB_IO) {
			site *st = &g.sites[i];
			vd_iosite *x = &r->sites[r->nsites++];
			x->block_id = o->id;
			/* what the call is comes from the catalog, whether it ran or not */
			x->api = vd_arena_strdup(A, s->api ? s->api : st->api);
			x->call = vd_arena_strdup(A, st->call ? st->call : s->label);
			x->file = o->file;
			x->line = s->line;
			x->count = st->count;
			x->bytes_total = st->bytes;
			x->bytes_per_call = st->count > 0 ? st->bytes / st->count : 0;
			x->flags = st->flags;
			x->path = vd_arena_strdup(A, st->path);
			x->unknowns = join_notes(A, st->notes, st->nnotes);
			x->op = vd_arena_strdup(A, s->op ? s->op : st->op ? st->op : "none");
		}
	}
	/* file blocks: peaks are the largest of their functions' */
	for (size_t i = 0; i < g.nsb; i++)
		if (g.sb[i].kind == VD_SB_FUNCTION && r->blocks[i].reachable) {
			vd_block *fb = &r->blocks[g.sb[i].file_block];
			if (r->blocks[i].p[VD_p10] > fb->p[VD_p10])
				fb->p[VD_p10] = r->blocks[i].p[VD_p10];
			if (r->blocks[i].p[VD_p11] > fb->p[VD_p11])
				fb->p[VD_p11] = r->blocks[i].p[VD_p11];
		}
	if (r->nblocks)
		r->blocks[0].executions = 1;
	size_t nd;
	const vd_pdiag *d = vd_project_diags(p, &nd);
	r->diags = calloc(nd ? nd : 1, sizeof(vd_diag));
	for (size_t i = 0; i < nd; i++) {
		r->diags[i].severity = (vd_diag_severity)d[i].severity;
		r->diags[i].file = vd_arena_strdup(A, d[i].file);
		r->diags[i].line = d[i].line;
		r->diags[i].message = vd_arena_strdup(A, d[i].message);
	}
	r->ndiags = nd;
	r->device = *dev;
	r->nprocs = g.nprocs;
	r->project_root = vd_arena_strdup(A, vd_project_root(p));
	size_t failed;
	r->tus_total = (int)vd_project_tus(p, &failed);
	r->tus_failed = (int)failed;
	vd_score_result(r);
	*out = r;
	r = NULL;
	rc = 0;
cleanup:
	vd_result_free(r);
	free(g.b);
	free(g.sites);
	vd_vec_free(g.chain);
	vd_map_free(g.fileset);
	vd_arena_free(g.a);
	return rc;
}
