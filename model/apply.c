/*
 * apply.c - scoring an analysis with a model: every block with I/O gets
 * the model's CIOC (with the note vd_model_predict_note gives), then
 * parents are made consistent with their parts.
 *
 * Consistency: the loops and calls directly inside a function, loop,
 * branch or call block are disjoint parts of it, scored by the model like
 * the function and loop blocks it was fitted on, so the I/O time they
 * imply - the sum of child CIOC x child predicted seconds - is a lower
 * bound on the block's own: a block scored below that share of its
 * predicted seconds is raised to it, with a note.  Branch blocks and I/O
 * call sites do not count (a branch whose condition is an fgets is all
 * I/O, but the model never saw one); file and program blocks are not
 * raised (their children include functions analyzed standalone).
 * Children come after their parents in the block table, so one pass from
 * the end settles children before their parents.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vd_model.h"

static const char *join(vd_arena *a, const char *old, const char *add)
{
	if (!old)
		return vd_arena_strdup(a, add);
	return vd_arena_printf(a, "%s; %s", old, add);
}

int vd_model_score_result(const vd_model *m, vd_result *r)
{
	vd_buf note = VD_BUF_INIT;
	double *floor_io = vd_xcalloc(r->nblocks ? r->nblocks : 1, sizeof *floor_io);
	for (size_t i = 0; i < r->nblocks; i++) {
		vd_block *b = &r->blocks[i];
		b->analytic = vd_score_analytic(b);
		b->cioc = b->analytic;
		b->cioc_note = NULL;
		if (!m || b->kind == VD_KIND_IO)
			continue;
		double raw[VD_NRAW];
		vd_model_raw(b, raw);
		vd_buf_clear(&note);
		b->cioc = vd_model_predict_note(m, raw, &note);
		if (note.len)
			b->cioc_note = vd_arena_strdup(r->arena, vd_buf_cstr(&note));
	}
	/* children first: the I/O seconds each block's scored parts imply */
	for (size_t i = r->nblocks; i-- > 1;) {
		vd_block *b = &r->blocks[i];
		double t = b->io_s + b->compute_s;
		int raisable = b->kind == VD_KIND_FUNCTION || b->kind == VD_KIND_LOOP ||
			       b->kind == VD_KIND_BRANCH || b->kind == VD_KIND_CALL;
		if (m && raisable && b->p[VD_p2] > 0 && t > 0 && floor_io[i] > 0) {
			double need = fmin(floor_io[i] / t, 1);
			if (b->cioc < need - 1e-3) {
				vd_buf_clear(&note);
				vd_buf_printf(
					&note,
					"raised from %.3f to %.3f: the I/O its loops and calls "
					"are scored with is that share of its time",
					b->cioc, need);
				b->cioc_note = join(r->arena, b->cioc_note, vd_buf_cstr(&note));
				b->cioc = need;
			}
		}
		if (!b->parent_id || (b->kind != VD_KIND_LOOP && b->kind != VD_KIND_CALL) ||
		    !b->reachable)
			continue;
		long p = vd_result_find(r, b->parent_id);
		if (p >= 0 && isfinite(b->cioc) && t > 0)
			floor_io[p] += b->cioc * t;
	}
	vd_buf_release(&note);
	free(floor_io);
	return 0;
}
