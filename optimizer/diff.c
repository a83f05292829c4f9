/*
 * diff.c - two analysis runs compared block by block (`vidya diff`):
 * blocks whose CIOC, I/O calls, bytes, predicted I/O seconds or findings
 * changed, and blocks only one run has.  Blocks are matched by their
 * stable id, so a run after an edit elsewhere in a file lines up.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings_int.h"

/* the rule ids of the findings about block `id`, space-separated, or "" */
static const char *rules_of(vd_arena *a, const vd_findings *f, const char *id)
{
	vd_buf b = VD_BUF_INIT;
	for (size_t i = 0; f && i < f->n; i++)
		if (f->items[i].block_id && !strcmp(f->items[i].block_id, id) &&
		    !strstr(vd_buf_cstr(&b), vd_rule_table[f->items[i].rule].id))
			vd_buf_printf(&b, "%s%s", b.len ? " " : "",
				      vd_rule_table[f->items[i].rule].id);
	const char *r = vd_arena_strdup(a, vd_buf_cstr(&b));
	vd_buf_release(&b);
	return r;
}

static int differs(double x, double y, double rel)
{
	double m = fabs(x) > fabs(y) ? fabs(x) : fabs(y);
	return fabs(x - y) > rel * m && fabs(x - y) > 1e-12;
}

static int by_change(const void *pa, const void *pb)
{
	const vd_block_delta *a = pa, *b = pb;
	if (a->status != b->status)
		return a->status < b->status ? -1 : 1;
	double da = fabs(a->io_s_b - a->io_s_a), db = fabs(b->io_s_b - b->io_s_a);
	if (da != db)
		return da > db ? -1 : 1;
	double ca = fabs(a->cioc_b - a->cioc_a), cb = fabs(b->cioc_b - b->cioc_a);
	if (ca != cb)
		return ca > cb ? -1 : 1;
	return strcmp(a->block_id, b->block_id);
}

static void fill(vd_block_delta *d, const vd_block *x, int side, const char *rules)
{
	if (side == 0) {
		d->cioc_a = x->cioc;
		d->calls_a = x->p[VD_p2];
		d->bytes_a = x->p[VD_p3];
		d->io_s_a = x->io_s;
		d->line_a = x->line;
		d->findings_a = rules;
	} else {
		d->cioc_b = x->cioc;
		d->calls_b = x->p[VD_p2];
		d->bytes_b = x->p[VD_p3];
		d->io_s_b = x->io_s;
		d->line_b = x->line;
		d->findings_b = rules;
	}
}

int vd_diff_compute(const vd_result *a, const vd_findings *fa, const vd_result *b,
		    const vd_findings *fb, vd_diff **out)
{
	vd_diff *d = vd_xcalloc(1, sizeof *d);
	d->arena = vd_arena_new();
	d->run_a = a->run_id;
	d->run_b = b->run_id;
	size_t cap = 0;
	for (int side = 0; side < 2; side++) {
		const vd_result *r = side ? b : a, *o = side ? a : b;
		const vd_findings *f = side ? fb : fa, *of = side ? fa : fb;
		for (size_t i = 0; i < r->nblocks; i++) {
			const vd_block *x = &r->blocks[i];
			long j = vd_result_find(o, x->id);
			if (j >= 0 && side == 1)
				continue; /* matched from side 0 */
			vd_block_delta t;
			memset(&t, 0, sizeof t);
			t.block_id = vd_arena_strdup(d->arena, x->id);
			t.kind = vd_kind_name(x->kind);
			t.file = vd_arena_strdup(d->arena, x->file);
			t.findings_a = t.findings_b = "";
			fill(&t, x, side, rules_of(d->arena, f, x->id));
			if (j >= 0) {
				const vd_block *y = &o->blocks[j];
				fill(&t, y, 1, rules_of(d->arena, of, y->id));
				t.status = VD_DELTA_CHANGED;
				if (!differs(t.cioc_a, t.cioc_b, 0.005) &&
				    !differs(t.calls_a, t.calls_b, 1e-3) &&
				    !differs(t.bytes_a, t.bytes_b, 1e-3) &&
				    !differs(t.io_s_a, t.io_s_b, 0.01) &&
				    !strcmp(t.findings_a, t.findings_b))
					continue;
			} else {
				t.status = side ? VD_DELTA_ADDED : VD_DELTA_REMOVED;
			}
			vd_vec_grow_((void **)&d->items, &cap, d->n + 1, sizeof *d->items);
			d->items[d->n++] = t;
		}
	}
	if (d->n > 1)
		qsort(d->items, d->n, sizeof *d->items, by_change);
	*out = d;
	return 0;
}

void vd_diff_free(vd_diff *d)
{
	if (!d)
		return;
	free(d->items);
	vd_arena_free(d->arena);
	free(d);
}

static const char *const status_name[] = { "changed", "added", "removed" };

static const char *num(vd_arena *a, double v, int present)
{
	if (!present)
		return "-";
	if (fabs(v) >= 1e6)
		return vd_arena_printf(a, "%.3g", v);
	return vd_arena_printf(a, v == floor(v) || fabs(v) >= 100 ? "%.0f" : "%.3g", v);
}

static void render_json(vd_buf *out, const vd_diff *d)
{
	vd_buf_printf(out, "{\"run_a\": %ld, \"run_b\": %ld, \"blocks\": [", d->run_a, d->run_b);
	for (size_t i = 0; i < d->n; i++) {
		const vd_block_delta *t = &d->items[i];
		vd_buf_puts(out, i ? ",\n  {\"block_id\": " : "\n  {\"block_id\": ");
		vd_json_str(out, t->block_id);
		vd_buf_printf(out, ", \"status\": \"%s\", \"kind\": \"%s\", \"file\": ",
			      status_name[t->status], t->kind);
		vd_json_str(out, t->file);
		vd_buf_printf(out,
			      ", \"line_a\": %d, \"line_b\": %d, \"cioc_a\": %.6g, "
			      "\"cioc_b\": %.6g, \"calls_a\": %.6g, \"calls_b\": %.6g, "
			      "\"bytes_a\": %.6g, \"bytes_b\": %.6g, \"io_s_a\": %.6g, "
			      "\"io_s_b\": %.6g, \"findings_a\": ",
			      t->line_a, t->line_b, t->cioc_a, t->cioc_b, t->calls_a, t->calls_b,
			      t->bytes_a, t->bytes_b, t->io_s_a, t->io_s_b);
		vd_json_str(out, t->findings_a);
		vd_buf_puts(out, ", \"findings_b\": ");
		vd_json_str(out, t->findings_b);
		vd_buf_putc(out, '}');
	}
	vd_buf_puts(out, d->n ? "\n]}\n" : "]}\n");
}

static void render_text(vd_buf *out, const vd_diff *d)
{
	size_t count[3] = { 0 };
	for (size_t i = 0; i < d->n; i++)
		count[d->items[i].status]++;
	vd_arena *a = vd_arena_new();
	vd_buf_printf(out, "run %ld -> run %ld: %zu block%s changed, %zu added, %zu removed\n",
		      d->run_a, d->run_b, count[0], count[0] == 1 ? "" : "s", count[1], count[2]);
	for (size_t i = 0; i < d->n; i++) {
		const vd_block_delta *t = &d->items[i];
		int ha = t->status != VD_DELTA_ADDED, hb = t->status != VD_DELTA_REMOVED;
		vd_buf_printf(out, "\n%-8s %s (%s, line %d)\n", status_name[t->status], t->block_id,
			      t->kind, hb ? t->line_b : t->line_a);
		vd_buf_printf(out, "  CIOC     %10s -> %s\n",
			      ha ? vd_arena_printf(a, "%.3f", t->cioc_a) : "-",
			      hb ? vd_arena_printf(a, "%.3f", t->cioc_b) : "-");
		vd_buf_printf(out, "  calls    %10s -> %s\n", num(a, t->calls_a, ha),
			      num(a, t->calls_b, hb));
		vd_buf_printf(out, "  bytes    %10s -> %s\n",
			      ha ? vd_fmt_bytes(a, t->bytes_a) : "-",
			      hb ? vd_fmt_bytes(a, t->bytes_b) : "-");
		vd_buf_printf(out, "  I/O s    %10s -> %s\n", num(a, t->io_s_a, ha),
			      num(a, t->io_s_b, hb));
		if (strcmp(t->findings_a, t->findings_b))
			vd_buf_printf(out, "  findings %10s -> %s\n",
				      *t->findings_a ? t->findings_a : "-",
				      *t->findings_b ? t->findings_b : "-");
	}
	vd_arena_free(a);
}

int vd_diff_render(vd_buf *out, const vd_diff *d, int json)
{
	if (json)
		render_json(out, d);
	else
		render_text(out, d);
	return 0;
}
