/*
 * apply.c - scoring an analysis with a model: every block with I/O gets
 * the model's CIOC (with the note vd_model_predict_note gives), then
 * every block with parts is scored from them, so a parent never
 * contradicts its children.
 *
 * Consistency (vd_model_aggregate): a block's fitted I/O seconds are the
 * sum of its parts' fitted I/O seconds (part CIOC x part predicted
 * seconds) and its own work's: the predicted I/O and compute seconds
 * outside its parts, scored by the model with the block's own features.
 * Its CIOC is those fitted I/O seconds over its predicted seconds - a
 * time-weighted mean of its parts' and its own work's CIOC, so it lies
 * between the lowest and the highest of them, and the fitted seconds of
 * a program add up like its predicted seconds do.
 *
 * The parts of a function, loop, branch or call block are the loop, call
 * and branch blocks directly inside it (reached in the same phase of the
 * walk: a block analyzed standalone is not part of a reached one's
 * seconds).  I/O call sites are not parts: the model was fitted on
 * function and loop blocks, which include their call sites, so a site's
 * seconds are scored with its block's own work.  The program block's part
 * is its entry function (the reached function with the most predicted
 * seconds: every other reached function runs inside it); file blocks,
 * whose seconds are their functions' own work across calling contexts,
 * keep the model's score.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vd_model.h"

double vd_model_predict_own(const vd_model *m, const double raw[VD_NRAW], double io_s,
			    double compute_s, vd_buf *note)
{
	io_s = fmax(io_s, 0);
	compute_s = fmax(compute_s, 0);
	if (!vd_model_has_io(raw) || !(io_s > 0))
		return 0;
	double own[VD_NRAW];
	memcpy(own, raw, sizeof own);
	own[VD_RAW_IO_S] = io_s;
	own[VD_RAW_COMPUTE_S] = compute_s;
	own[VD_RAW_ANALYTIC] = io_s / (io_s + compute_s);
	return m ? vd_model_predict_note(m, own, note) : own[VD_RAW_ANALYTIC];
}

/* scoring rounds of vd_model_score_result: a call chain this deep is
 * settled, a deeper one keeps the scores of the last round */
#define MAX_ROUNDS 16

static int same_seconds(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b)) + 1e-15;
}

static int depth_cmp(const void *a, const void *b)
{
	const long *x = a, *y = b; /* {depth, index} pairs */
	if (x[0] != y[0])
		return x[0] > y[0] ? -1 : 1;
	return x[1] > y[1] ? -1 : x[1] < y[1];
}

void vd_model_aggregate(const vd_model *m, size_t n, const double *raw, const long *part_of,
			double *cioc, vd_model_agg *agg)
{
	if (!n)
		return;
	/* deepest first, so a block's parts are settled before it */
	long *ord = vd_xmalloc(2 * n * sizeof *ord);
	for (size_t i = 0; i < n; i++) {
		long d = 0;
		for (long p = part_of[i]; p >= 0 && (size_t)d < n; p = part_of[p])
			d++;
		ord[2 * i] = d;
		ord[2 * i + 1] = (long)i;
	}
	qsort(ord, n, 2 * sizeof *ord, depth_cmp);
	double *sum = vd_xcalloc(4 * n, sizeof *sum); /* io_s, compute_s, fitted io, count */
	for (size_t k = 0; k < n; k++) {
		size_t i = (size_t)ord[2 * k + 1];
		const double *ri = &raw[i * VD_NRAW];
		double *s = &sum[4 * i];
		double io = fmax(ri[VD_RAW_IO_S], 0), comp = fmax(ri[VD_RAW_COMPUTE_S], 0);
		vd_model_agg a = { 0 };
		a.nparts = (int)s[3];
		if (a.nparts) {
			a.parts_t = s[0] + s[1];
			a.parts_io = s[2];
			double own_io = fmax(io - s[0], 0), own_c = fmax(comp - s[1], 0);
			a.own_t = own_io + own_c;
			a.own_cioc = vd_model_predict_own(m, ri, own_io, own_c, NULL);
			double t = a.parts_t + a.own_t;
			if (t > 0)
				cioc[i] = fmin(fmax((a.parts_io + a.own_cioc * a.own_t) / t, 0), 1);
		}
		if (agg)
			agg[i] = a;
		long p = part_of[i];
		if (p >= 0 && (size_t)p < n) {
			double *ps = &sum[4 * p];
			ps[0] += io;
			ps[1] += comp;
			ps[2] += cioc[i] * (io + comp);
			ps[3] += 1;
		}
	}
	free(sum);
	free(ord);
}

/* which block each block is a part of (see the top of this file) */
static long *parts_of(const vd_result *r)
{
	long *part_of = vd_xmalloc((r->nblocks ? r->nblocks : 1) * sizeof *part_of);
	long prog = -1, entry = -1;
	double entry_t = -1;
	for (size_t i = 0; i < r->nblocks; i++) {
		const vd_block *b = &r->blocks[i];
		part_of[i] = -1;
		if (b->kind == VD_KIND_PROGRAM && prog < 0)
			prog = (long)i;
		if (b->kind == VD_KIND_FUNCTION && b->reachable &&
		    b->io_s + b->compute_s > entry_t) {
			entry = (long)i;
			entry_t = b->io_s + b->compute_s;
		}
		if (!b->parent_id || (b->kind != VD_KIND_LOOP && b->kind != VD_KIND_CALL &&
				      b->kind != VD_KIND_BRANCH))
			continue;
		long p = vd_result_find(r, b->parent_id);
		if (p < 0)
			continue;
		const vd_block *pb = &r->blocks[p];
		int whole = pb->kind == VD_KIND_FUNCTION || pb->kind == VD_KIND_LOOP ||
			    pb->kind == VD_KIND_BRANCH || pb->kind == VD_KIND_CALL;
		if (whole && (b->reachable || !pb->reachable))
			part_of[i] = p;
	}
	if (prog >= 0 && entry >= 0)
		part_of[entry] = prog;
	return part_of;
}

/* A call block whose callee's function block has the same predicted
 * seconds (its only calling context) is that function's work: it is
 * scored as the function is, parts and all.  callee[i]: that function
 * block, -1 for the other blocks. */
static long *callees(const vd_result *r)
{
	size_t n = r->nblocks ? r->nblocks : 1;
	long *callee = vd_xmalloc(n * sizeof *callee);
	long *same_name = vd_xmalloc(n * sizeof *same_name); /* the next function of that name */
	vd_map *by_name = vd_map_new();                      /* name -> first index + 1 */
	for (size_t j = 0; j < r->nblocks; j++) {
		const vd_block *f = &r->blocks[j];
		if (f->kind != VD_KIND_FUNCTION || !f->function)
			continue;
		same_name[j] = (long)(intptr_t)vd_map_get(by_name, f->function) - 1;
		vd_map_put(by_name, f->function, (void *)(intptr_t)(j + 1));
	}
	for (size_t i = 0; i < r->nblocks; i++) {
		const vd_block *b = &r->blocks[i];
		callee[i] = -1;
		if (b->kind != VD_KIND_CALL || !b->label || !(b->io_s + b->compute_s > 0))
			continue;
		for (long j = (long)(intptr_t)vd_map_get(by_name, b->label) - 1; j >= 0;
		     j = same_name[j]) {
			const vd_block *f = &r->blocks[j];
			if (same_seconds(f->io_s, b->io_s) &&
			    same_seconds(f->compute_s, b->compute_s)) {
				callee[i] = j;
				break;
			}
		}
	}
	vd_map_free(by_name);
	free(same_name);
	return callee;
}

/* the note of a block scored from its parts, when that moved it */
static void agg_note(vd_buf *note, const vd_block *b, double whole, const vd_model_agg *a)
{
	vd_buf_printf(note,
		      "from its parts: the model gives %.3f for the block as a whole; its %d "
		      "part%s (%.3g s predicted) %s scored %.3f and its own work (%.3g s) %.3f",
		      whole, a->nparts, a->nparts == 1 ? "" : "s", a->parts_t,
		      a->nparts == 1 ? "is" : "are", a->parts_t > 0 ? a->parts_io / a->parts_t : 0,
		      a->own_t, a->own_cioc);
	if (fabs(b->cioc - b->analytic) > 0.5)
		vd_buf_printf(note, "; its parts add up to %.3g s against its %.3g s (recursion)",
			      a->parts_t + a->own_t, b->io_s + b->compute_s);
}

int vd_model_score_result(const vd_model *m, vd_result *r)
{
	vd_buf note = VD_BUF_INIT;
	size_t n = r->nblocks;
	double *raw = vd_xmalloc((n ? n : 1) * VD_NRAW * sizeof *raw);
	double *cioc = vd_xmalloc((n ? n : 1) * sizeof *cioc);
	vd_model_agg *agg = vd_xcalloc(n ? n : 1, sizeof *agg);
	for (size_t i = 0; i < n; i++) {
		vd_block *b = &r->blocks[i];
		b->analytic = vd_score_analytic(b);
		b->cioc = b->analytic;
		b->cioc_note = NULL;
		vd_model_raw(b, &raw[i * VD_NRAW]);
		if (m && b->kind != VD_KIND_IO) {
			vd_buf_clear(&note);
			b->cioc = vd_model_predict_note(m, &raw[i * VD_NRAW], &note);
			if (note.len)
				b->cioc_note = vd_arena_strdup(r->arena, vd_buf_cstr(&note));
		}
		cioc[i] = b->cioc;
	}
	long *part_of = parts_of(r);
	long *callee = callees(r);
	/* without a model the analytic estimate is consistent already; with
	 * one, a call scored as its callee can change its caller, whose
	 * calls can change theirs: again until nothing moves */
	for (int round = 0; m && round < MAX_ROUNDS; round++) {
		vd_model_aggregate(m, n, raw, part_of, cioc, agg);
		int moved = 0;
		for (size_t i = 0; i < n; i++)
			if (callee[i] >= 0 && cioc[i] != cioc[callee[i]]) {
				cioc[i] = cioc[callee[i]];
				moved = 1;
			}
		if (!moved)
			break;
	}
	for (size_t i = 0; m && i < n; i++) {
		vd_block *b = &r->blocks[i];
		double whole = b->cioc;
		b->cioc = cioc[i];
		if (fabs(cioc[i] - whole) <= 5e-4)
			continue;
		/* the whole block's bounds no longer say why */
		vd_buf_clear(&note);
		if (agg[i].nparts)
			agg_note(&note, b, whole, &agg[i]);
		else if (callee[i] >= 0)
			vd_buf_printf(&note,
				      "scored as its callee %s (the same predicted seconds); "
				      "the model gives %.3f for the call as a whole",
				      r->blocks[callee[i]].id, whole);
		b->cioc_note = vd_arena_strdup(r->arena, vd_buf_cstr(&note));
	}
	vd_buf_release(&note);
	free(callee);
	free(part_of);
	free(agg);
	free(cioc);
	free(raw);
	return 0;
}
