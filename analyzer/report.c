/*
 * report.c - renders a vd_result as a ranked table, JSON, CSV, DOT or GraphML.
 *
 * Every renderer appends to a vd_buf and never prints: the CLI decides where
 * the text goes.  All formats share one notion of "which blocks": either the
 * ranked selection the table shows (CIOC descending, ties by P3 descending
 * then block id; program and file rows only when the kind filter asks for
 * them; the first `top`), or - when top is 0 for the machine formats - every
 * block in tree order.  Blocks not reachable from the entry are left out
 * unless include_unreachable is set (the program and file blocks always
 * stay).  The graph formats draw the selection plus every ancestor of it,
 * so the top hotspots come with the call path that leads to them.
 *
 * Numbers in JSON and CSV are written so they read back exactly: integral
 * values as integers, others in the shortest of %.15g/%.16g/%.17g that
 * round-trips; NaN and infinities become null (JSON) or an empty field (CSV).
 */
#define _GNU_SOURCE
#include "vd_analyzer.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/xmlwriter.h>

/* X1..X13 are the shares of P1..P13 (vd_params.h); X14..X16 are not. */
#define NSHARES (VD_x13 + 1)
#define TABLE_DIAG_MAX 20

/* ---- selection -------------------------------------------------------------- */

typedef struct {
	const vd_result *r;
	const vd_report_opts *o;
	size_t *sel; /* indices of the selected blocks, in output order */
	size_t nsel;
	size_t ncand; /* ranked candidates before the top cut */
	int ranked;   /* sel is in rank order (else tree order) */
	long *parent; /* index of each block's parent or -1 */
} view;

typedef struct {
	const vd_block *b;
	size_t i;
} rank_item;

static int visible(const vd_report_opts *o, const vd_block *b)
{
	return b->reachable || o->include_unreachable || b->kind == VD_KIND_PROGRAM ||
	       b->kind == VD_KIND_FILE;
}

/* descending, NaN last */
static int cmp_desc(double a, double b)
{
	int na = isnan(a), nb = isnan(b);
	if (na || nb)
		return na - nb;
	return (a < b) - (a > b);
}

/* The hotspot order: blocks that are I/O-bound (CIOC >= 0.5, the paper's
 * "I/O intensive") first, by the predicted I/O seconds they carry, then the
 * rest by CIOC; with sort_by_cioc, CIOC alone. */
static int rank_cmp(const void *pa, const void *pb, void *arg)
{
	const rank_item *a = pa, *b = pb;
	int c = 0;
	if (!*(const int *)arg) {
		c = (b->b->cioc >= 0.5) - (a->b->cioc >= 0.5);
		if (!c && a->b->cioc >= 0.5)
			c = cmp_desc(a->b->io_s, b->b->io_s);
	}
	if (!c)
		c = cmp_desc(a->b->cioc, b->b->cioc);
	if (!c)
		c = cmp_desc(a->b->io_s, b->b->io_s);
	if (!c)
		c = cmp_desc(a->b->p[VD_p3], b->b->p[VD_p3]);
	if (!c && a->b->id && b->b->id)
		c = strcmp(a->b->id, b->b->id);
	if (!c)
		c = (a->i > b->i) - (a->i < b->i);
	return c;
}

static void view_release(view *v)
{
	free(v->sel);
	free(v->parent);
	v->sel = NULL;
	v->parent = NULL;
}

static void view_build(view *v, const vd_result *r, const vd_report_opts *o, int ranked)
{
	size_t n = r->nblocks;

	memset(v, 0, sizeof(*v));
	v->r = r;
	v->o = o;
	v->ranked = ranked;
	v->sel = vd_xmalloc((n ? n : 1) * sizeof(size_t));
	v->parent = vd_xmalloc((n ? n : 1) * sizeof(long));
	rank_item *items = vd_xmalloc((n ? n : 1) * sizeof(rank_item));
	for (size_t i = 0; i < n; i++)
		v->parent[i] =
			r->blocks[i].parent_id ? vd_result_find(r, r->blocks[i].parent_id) : -1;

	for (size_t i = 0; i < n; i++) {
		const vd_block *b = &r->blocks[i];
		if (!visible(o, b))
			continue;
		if (o->kind_filter >= 0) {
			if ((int)b->kind != o->kind_filter)
				continue;
		} else if (ranked && (b->kind == VD_KIND_PROGRAM || b->kind == VD_KIND_FILE ||
				      b->kind == VD_KIND_IO || b->kind == VD_KIND_CALL)) {
			/* io leaves are I/O by definition and call sites repeat
			 * their callee: the default ranking is of code blocks */
			continue;
		}
		items[v->ncand].b = b;
		items[v->ncand].i = i;
		v->ncand++;
	}
	if (ranked)
		qsort_r(items, v->ncand, sizeof(*items), rank_cmp, (void *)&o->sort_by_cioc);
	v->nsel = v->ncand;
	if (ranked && o->top > 0 && (size_t)o->top < v->nsel)
		v->nsel = (size_t)o->top;
	for (size_t k = 0; k < v->nsel; k++)
		v->sel[k] = items[k].i;
	free(items);
}

/* marks[i] = 1 for selected blocks and, with `ancestors`, for every block
 * above one (the graph formats); caller frees */
static unsigned char *view_marks(const view *v, int ancestors)
{
	size_t n = v->r->nblocks;
	unsigned char *m = vd_xcalloc(n ? n : 1, 1);
	for (size_t k = 0; k < v->nsel; k++) {
		long i = (long)v->sel[k];
		/* the depth cap guards against a parent cycle in a broken result */
		for (size_t depth = 0; i >= 0 && !m[i] && depth <= n; depth++) {
			m[i] = 1;
			if (!ancestors)
				break;
			i = v->parent[i];
		}
	}
	return m;
}

/* ---- number and string formatting ------------------------------------------------ */

/* the shortest exact text for v, "" for NaN/Inf */
static void num_repr(char *dst, size_t n, double v)
{
	if (!isfinite(v)) {
		dst[0] = '\0';
		return;
	}
	if (v == floor(v) && fabs(v) < 9007199254740992.0 && n >= 24) {
		/* integral: most parameters are counts; formatted by hand
		 * because reports of 100k blocks print millions of them */
		char tmp[24];
		size_t len = 0, k = 0;
		unsigned long long u = (unsigned long long)fabs(v);
		do {
			tmp[len++] = (char)('0' + u % 10);
			u /= 10;
		} while (u);
		if (v < 0)
			dst[k++] = '-';
		while (len)
			dst[k++] = tmp[--len];
		dst[k] = '\0';
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(dst, n, "%.*g", prec, v);
		if (strtod(dst, NULL) == v)
			return;
	}
}

static void json_num(vd_buf *b, double v)
{
	char tmp[40];
	num_repr(tmp, sizeof(tmp), v);
	vd_buf_puts(b, tmp[0] ? tmp : "null");
}

/* "key": */
static void json_key(vd_buf *b, int first, const char *key)
{
	if (!first)
		vd_buf_put(b, ", ", 2);
	vd_buf_putc(b, '"');
	vd_buf_puts(b, key);
	vd_buf_put(b, "\": ", 3);
}

/* , "key": "value" (null when NULL) */
static void json_kv_str(vd_buf *b, const char *key, const char *s)
{
	json_key(b, 0, key);
	vd_buf_json_str(b, s);
}

/* , "key": number (null when not finite) */
static void json_kv_num(vd_buf *b, const char *key, double v)
{
	json_key(b, 0, key);
	json_num(b, v);
}

/* `s` as valid UTF-8 XML text: bad bytes and control characters become
 * U+FFFD (libxml2 would otherwise refuse or write a broken document) */
static const char *xml_clean(vd_buf *tmp, const char *s)
{
	vd_buf_clear(tmp);
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		size_t l = vd_utf8_len(p);
		if (l == 0 || (l == 1 && *p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')) {
			vd_buf_puts(tmp, "\xef\xbf\xbd");
			p++;
			continue;
		}
		vd_buf_put(tmp, (const char *)p, l);
		p += l;
	}
	return vd_buf_cstr(tmp);
}

/* `s` as text a terminal shows as it is (term = 1: control characters,
 * escape sequences included, and C1 controls become '?') or as valid UTF-8
 * (term = 0); bytes that are not UTF-8 become U+FFFD either way.  A file
 * or function name is data from the project, not terminal commands. */
static const char *text_clean(vd_arena *a, const char *s, int term)
{
	if (!s)
		return NULL;
	vd_buf t = VD_BUF_INIT;
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		size_t l = vd_utf8_len(p);
		if (l == 0)
			vd_buf_puts(&t, "\xef\xbf\xbd");
		else if (term && ((l == 1 && (*p < 0x20 || *p == 0x7f)) ||
				  (l == 2 && p[0] == 0xc2 && p[1] < 0xa0)))
			vd_buf_putc(&t, '?');
		else
			vd_buf_put(&t, (const char *)p, l);
		p += l ? l : 1;
	}
	const char *r = vd_arena_strdup(a, vd_buf_cstr(&t));
	vd_buf_release(&t);
	return r;
}

/* A CSV cell: quoted when it must be; text that a spreadsheet would run as
 * a formula (starting with = + - @, tab or CR) is prefixed with ' (OWASP's
 * CSV-injection advice); invalid UTF-8 becomes U+FFFD. */
static void csv_field(vd_buf *b, const char *s)
{
	if (!s)
		return;
	vd_arena *a = vd_arena_new();
	const char *c = text_clean(a, s, 0);
	int formula = strchr("=+-@\t\r", c[0]) && c[0];
	if (!formula && !strpbrk(c, ",\"\r\n")) {
		vd_buf_puts(b, c);
	} else {
		vd_buf_putc(b, '"');
		if (formula)
			vd_buf_putc(b, '\'');
		for (const char *p = c; *p; p++)
			if (*p == '"')
				vd_buf_puts(b, "\"\"");
			else
				vd_buf_putc(b, *p);
		vd_buf_putc(b, '"');
	}
	vd_arena_free(a);
}

/* , then the number ("" when not finite) */
static void csv_num(vd_buf *b, double v)
{
	char tmp[40];
	num_repr(tmp, sizeof(tmp), v);
	vd_buf_putc(b, ',');
	vd_buf_puts(b, tmp);
}

/* "P1,P3" from an unknown mask */
/* a parameter value in human units: bytes as KiB/MiB/GiB, counts as k/M/G */
static void human(char *dst, size_t n, int param, double v)
{
	static const char *const bunits[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	static const char *const cunits[] = { "", "k", "M", "G", "T", "P", "E" };
	int i = 0;
	if (!isfinite(v)) {
		snprintf(dst, n, "?");
		return;
	}
	if (strcmp(vd_param_unit[param], "bytes") == 0) {
		while (fabs(v) >= 1023.95 && i < 6) {
			v /= 1024;
			i++;
		}
		if (i == 0)
			snprintf(dst, n, "%.0f B", v);
		else if (fabs(v) >= 1023.95) /* beyond EiB: scientific, in bytes */
			snprintf(dst, n, "%.2g B", v * pow(1024, i));
		else
			snprintf(dst, n, "%.1f %s", v, bunits[i]);
		return;
	}
	while (fabs(v) >= 999.95 && i < 6) {
		v /= 1000;
		i++;
	}
	if (fabs(v) >= 999.95) /* beyond E: scientific */
		snprintf(dst, n, "%.2g", v * pow(1000, i));
	else if (i == 0 && v == floor(v))
		snprintf(dst, n, "%.0f", v);
	else
		snprintf(dst, n, "%.1f%s", v, cunits[i]);
}

/* seconds in the unit that suits `scale`, so that two figures printed
 * side by side share one unit */
static void human_seconds(char *dst, size_t n, double s, double scale)
{
	if (!isfinite(s))
		snprintf(dst, n, "?");
	else if (fabs(s) >= 1e6) /* longer than ~11 days: a figure resting on assumptions */
		snprintf(dst, n, "%.2g s", s);
	else if (!(scale < 1) || scale == 0)
		snprintf(dst, n, "%.2f s", s);
	else if (scale >= 1e-3)
		snprintf(dst, n, "%.2f ms", s * 1e3);
	else
		snprintf(dst, n, "%.2f us", s * 1e6);
}

/* "P3=1.2 GiB P2=4.1k P13=4.0k": the parameters with the largest shares */
static void dominant(char *dst, size_t n, const vd_block *b)
{
	int pick[3] = { -1, -1, -1 };
	size_t len = 0;
	for (int i = 0; i < NSHARES; i++) {
		double x = b->x[i];
		if (!isfinite(x) || x <= 0 || !(b->p[i] > 0))
			continue;
		for (int k = 0; k < 3; k++) {
			if (pick[k] < 0 || x > b->x[pick[k]]) {
				for (int j = 2; j > k; j--)
					pick[j] = pick[j - 1];
				pick[k] = i;
				break;
			}
		}
	}
	dst[0] = '\0';
	for (int k = 0; k < 3 && pick[k] >= 0 && len < n; k++) {
		char h[32];
		human(h, sizeof(h), pick[k], b->p[pick[k]]);
		len += (size_t)snprintf(dst + len, n - len, "%s%s=%s", k ? " " : "",
					vd_param_name[pick[k]], h);
	}
	if (!dst[0])
		snprintf(dst, n, "-");
}

static const vd_block *program_block(const vd_result *r)
{
	for (size_t i = 0; i < r->nblocks; i++)
		if (r->blocks[i].kind == VD_KIND_PROGRAM)
			return &r->blocks[i];
	return NULL;
}

/* ---- table ------------------------------------------------------------------------ */

/* s on one line: control characters (a multi-line message) become blanks */
static void put_oneline(vd_buf *b, const char *s)
{
	for (const char *p = s; p && *p; p++)
		vd_buf_putc(b, (unsigned char)*p < 0x20 ? ' ' : *p);
}

enum { COL_RANK, COL_LOC, COL_BLOCK, COL_CIOC, COL_IO, COL_WHY, NCOLS };

static const char *const col_title[NCOLS] = { "rank", "location", "block",
					      "CIOC", "I/O time", "finding/dominant" };

static void pad(vd_buf *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		vd_buf_putc(b, ' ');
}

static const char *cioc_colour(double c)
{
	if (!isfinite(c))
		return "";
	return c >= 0.5 ? "\033[31m" : c >= 0.2 ? "\033[33m" : "\033[32m";
}

/* terminal columns of UTF-8 text (one per code point) */
static size_t text_cols(const char *s)
{
	size_t n = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		n += (*p & 0xc0) != 0x80;
	return n;
}

/* s cut to `max` columns: the tail behind "..." (keep_tail) or the head
 * before it, never splitting a UTF-8 sequence */
static const char *fit(vd_arena *a, const char *s, size_t max, int keep_tail)
{
	size_t n = text_cols(s);
	if (n <= max)
		return s;
	if (max <= 3)
		return vd_arena_strndup(a, "...", max);
	size_t keep = max - 3, k = 0;
	const char *p = s;
	if (keep_tail) {
		/* skip n - keep code points */
		for (; *p && k < n - keep; p++)
			if ((*(const unsigned char *)(p + 1) & 0xc0) != 0x80)
				k++;
		return vd_arena_printf(a, "...%s", p);
	}
	for (; *p; p++) {
		if ((*(const unsigned char *)p & 0xc0) != 0x80 && k++ == keep)
			break;
	}
	return vd_arena_printf(a, "%.*s...", (int)(p - s), s);
}

/* a byte unit that belongs to the number before it ("5.0 MiB") */
static int unit_word(const char *w)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	size_t n = strcspn(w, " ");
	for (size_t i = 0; i < sizeof(units) / sizeof(*units); i++)
		if (strlen(units[i]) == n && !strncmp(w, units[i], n))
			return 1;
	return 0;
}

/* s cut to `max` columns at a blank between two items (whole items: the
 * last column is a list; "5.0 MiB" is one), or by fit() when its first
 * item is already too long */
static const char *fit_words(vd_arena *a, const char *s, size_t max)
{
	if (text_cols(s) <= max)
		return s;
	size_t k = 0, last = 0;
	for (const char *p = s; *p; p++) {
		if ((*(const unsigned char *)p & 0xc0) == 0x80)
			continue;
		if (k > max)
			break;
		if (*p == ' ' && !unit_word(p + 1))
			last = (size_t)(p - s);
		k++;
	}
	return last ? vd_arena_strndup(a, s, last) : fit(a, s, max, 0);
}

/* seconds in three digits and the unit that suits them */
static void short_seconds(char *dst, size_t n, double s)
{
	if (!isfinite(s))
		snprintf(dst, n, "?");
	else if (s == 0)
		snprintf(dst, n, "0");
	else if (fabs(s) >= 1e5)
		snprintf(dst, n, "%.2g s", s);
	else if (fabs(s) >= 1)
		snprintf(dst, n, "%.3g s", s);
	else if (fabs(s) >= 1e-3)
		snprintf(dst, n, "%.3g ms", s * 1e3);
	else if (fabs(s) >= 1e-6)
		snprintf(dst, n, "%.3g us", s * 1e6);
	else
		snprintf(dst, n, "%.3g ns", s * 1e9);
}

/* the finding label of block i: its own, or else that of an io/call block
 * below it that the table does not rank (io leaves, call sites) */
static const char *block_label(const view *v, size_t i)
{
	const vd_report_opts *o = v->o;
	const vd_result *r = v->r;
	const char *id = r->blocks[i].id;
	for (size_t k = 0; id && k < o->nlabels; k++)
		if (o->labels[k].block_id && !strcmp(o->labels[k].block_id, id))
			return o->labels[k].text;
	for (size_t k = 0; id && k < o->nlabels; k++) {
		long j = o->labels[k].block_id ? vd_result_find(r, o->labels[k].block_id) : -1;
		/* climb through io and call blocks only */
		for (size_t depth = 0; j >= 0 && depth <= r->nblocks; depth++) {
			vd_kind kk = r->blocks[j].kind;
			if (j != (long)i && kk != VD_KIND_IO && kk != VD_KIND_CALL)
				break;
			if (j == (long)i)
				return o->labels[k].text;
			j = v->parent[j];
		}
	}
	return NULL;
}

/* the cells of the table, titles first (row 0), strings in `a`; width[c]
 * is the widest cell of column c */
static const char **table_cells(const view *v, vd_arena *a, size_t width[NCOLS])
{
	const vd_result *r = v->r;
	const char **cells = vd_xcalloc((v->nsel + 1) * NCOLS, sizeof(*cells));
	for (int c = 0; c < NCOLS; c++) {
		cells[c] = col_title[c];
		width[c] = text_cols(col_title[c]);
	}
	for (size_t k = 0; k < v->nsel; k++) {
		const vd_block *b = &r->blocks[v->sel[k]];
		const char **row = cells + (k + 1) * NCOLS;
		char tmp[160];
		row[COL_RANK] = vd_arena_printf(a, "%zu", k + 1);
		const char *id = b->id ? text_clean(a, b->id, 1) : "-";
		const char *file = b->file ? text_clean(a, b->file, 1) : NULL;
		/* the id less the file the location column names */
		size_t fl = file ? strlen(file) : 0;
		if (file && !strncmp(id, file, fl) && id[fl] == ':' && id[fl + 1])
			id += fl + 1;
		row[COL_BLOCK] = id;
		if (file && b->line > 0)
			row[COL_LOC] = vd_arena_printf(a, "%s:%d", file, b->line);
		else
			row[COL_LOC] = file ? file : "-";
		row[COL_CIOC] = isfinite(b->cioc) ? vd_arena_printf(a, "%.3f%s", b->cioc,
								    b->unknown_mask ? "?" : " ")
						  : "?";
		short_seconds(tmp, sizeof(tmp), b->io_s);
		row[COL_IO] = vd_arena_strdup(a, tmp);
		const char *lab = block_label(v, v->sel[k]);
		if (lab) {
			row[COL_WHY] = text_clean(a, lab, 1);
		} else {
			dominant(tmp, sizeof(tmp), b);
			row[COL_WHY] = vd_arena_strdup(a, tmp);
		}
		for (int c = 0; c < NCOLS; c++)
			if (text_cols(row[c]) > width[c])
				width[c] = text_cols(row[c]);
	}
	return cells;
}

/* Narrows the columns to `cols` terminal columns: first the last column
 * (to 16), then the block (to 20), the location (to 14), the last column
 * again (to 8), the block (to 8); cells are cut to their column's width
 * (locations and blocks keep their tail, the last column its first
 * words). */
static void table_fit(const view *v, vd_arena *a, const char **cells, size_t width[NCOLS],
		      size_t cols)
{
	static const struct {
		int col;
		size_t min;
	} steps[] = { { COL_WHY, 16 }, { COL_BLOCK, 20 }, { COL_LOC, 14 },
		      { COL_WHY, 8 },  { COL_BLOCK, 8 },  { COL_LOC, 8 } };
	size_t total = 2 * (NCOLS - 1);
	for (int c = 0; c < NCOLS; c++)
		total += width[c];
	for (size_t s = 0; s < sizeof(steps) / sizeof(*steps) && total > cols; s++) {
		size_t *w = &width[steps[s].col];
		if (*w <= steps[s].min)
			continue;
		size_t cut = total - cols;
		if (cut > *w - steps[s].min)
			cut = *w - steps[s].min;
		*w -= cut;
		total -= cut;
	}
	for (size_t k = 0; k <= v->nsel; k++) {
		const char **row = cells + k * NCOLS;
		row[COL_LOC] = fit(a, row[COL_LOC], width[COL_LOC], 1);
		row[COL_BLOCK] = fit(a, row[COL_BLOCK], width[COL_BLOCK], 1);
		row[COL_WHY] = k ? fit_words(a, row[COL_WHY], width[COL_WHY])
				 : fit(a, row[COL_WHY], width[COL_WHY], 0);
	}
}

/* the title and the rows: rank, CIOC and I/O time right-aligned, the last
 * column unpadded */
static void table_rows(vd_buf *out, const view *v, const char **cells, const size_t width[NCOLS])
{
	const vd_result *r = v->r;
	const vd_report_opts *o = v->o;
	const char *bold = o->color ? "\033[1m" : "", *reset = o->color ? "\033[0m" : "";
	vd_buf_printf(out, "%stop %zu of %zu blocks", bold, v->nsel, v->ncand);
	if (r->run_id > 0)
		vd_buf_printf(out, ", run %ld", r->run_id);
	if (r->cached_from > 0)
		vd_buf_printf(out, " (inputs unchanged: results of run %ld)", r->cached_from);
	if (r->created_at)
		vd_buf_printf(out, ", %s", r->created_at);
	vd_buf_printf(out, "%s\n", reset);
	vd_buf_puts(out,
		    o->sort_by_cioc
			    ? "order: predicted I/O intensity (CIOC), highest first\n\n"
			    : "order: I/O-bound blocks (CIOC >= 0.5) by predicted I/O time, the "
			      "rest by CIOC\n\n");
	for (size_t k = 0; k <= v->nsel; k++) {
		const char **row = cells + k * NCOLS;
		if (k == 0)
			vd_buf_puts(out, bold);
		for (int c = 0; c < NCOLS; c++) {
			size_t gap = width[c] - text_cols(row[c]);
			int right = c == COL_RANK || c == COL_CIOC || c == COL_IO;
			const char *on = "", *off = "";
			if (k > 0 && o->color && c == COL_CIOC) {
				on = cioc_colour(r->blocks[v->sel[k - 1]].cioc);
				off = on[0] ? reset : "";
			} else if (k > 0 && o->color && c == COL_WHY &&
				   block_label(v, v->sel[k - 1])) {
				on = "\033[35m";
				off = reset;
			}
			if (c)
				vd_buf_puts(out, "  ");
			if (right)
				pad(out, gap);
			vd_buf_printf(out, "%s%s%s", on, row[c], off);
			if (!right && c != NCOLS - 1)
				pad(out, gap);
		}
		/* no trailing blanks when the last column is empty */
		while (out->len && out->ptr[out->len - 1] == ' ')
			out->ptr[--out->len] = '\0';
		if (k == 0)
			vd_buf_puts(out, reset);
		vd_buf_putc(out, '\n');
	}
	if (v->nsel == 0)
		vd_buf_puts(out, "(no blocks to report)\n");
}

/* what the ranking rests on: the program's figures, the device, the model */
static void table_basis(vd_buf *out, const vd_result *r)
{
	const vd_block *prog = program_block(r);
	if (prog) {
		char ios[32], cs[32], p2[32], p3[32];
		double scale = fmax(prog->io_s, prog->compute_s); /* fmax ignores a NaN */
		human_seconds(ios, sizeof(ios), prog->io_s, scale);
		human_seconds(cs, sizeof(cs), prog->compute_s, scale);
		human(p2, sizeof(p2), VD_p2, prog->p[VD_p2]);
		human(p3, sizeof(p3), VD_p3, prog->p[VD_p3]);
		vd_buf_printf(out, "program: predicted I/O %s vs compute %s", ios, cs);
		if (r->nprocs > 1)
			vd_buf_printf(out, ", per process x %d processes", r->nprocs);
		vd_buf_puts(out, "\n ");
		/* the CIOC the two figures give, then, when a model scored the
		 * run, the fitted split of the same seconds and its CIOC: each
		 * CIOC is io / (io + compute) of the seconds printed beside it */
		double an = isfinite(prog->analytic) ? prog->analytic : vd_score_analytic(prog);
		if (isfinite(an)) {
			vd_buf_printf(out, " (analytic CIOC %.3f", an);
			if (r->model && isfinite(prog->cioc)) {
				double t = prog->io_s + prog->compute_s;
				human_seconds(ios, sizeof(ios), prog->cioc * t, scale);
				human_seconds(cs, sizeof(cs), (1 - prog->cioc) * t, scale);
				vd_buf_printf(out, "; fitted: I/O %s vs compute %s, CIOC %.3f);\n ",
					      ios, cs, prog->cioc);
			} else {
				vd_buf_puts(out, ");");
			}
		}
		vd_buf_printf(out, " P2=%s I/O calls, P3=%s moved\n", p2, p3);
	}
	if (r->device.is_default) {
		vd_buf_puts(out, "device: device defaults (no sysprobe profile)\n");
	} else {
		vd_buf_printf(out, "device: measured by sysprobe on %s",
			      r->device.mount[0] ? r->device.mount : "(unknown mount)");
		if (r->device.fstype[0])
			vd_buf_printf(out, " (%s)", r->device.fstype);
		vd_buf_putc(out, '\n');
	}
	vd_buf_printf(out, "CIOC: %s%s\n",
		      r->model ? "fitted model " : "analytic estimate (no model)",
		      r->model ? r->model : "");
	if (r->tus_failed > 0)
		vd_buf_printf(out, "translation units: %d of %d could not be parsed\n",
			      r->tus_failed, r->tus_total);
	vd_buf_puts(out, "?: the CIOC rests on an assumed value; `vidya report --format json` says "
			 "which\n");
}

/* the diagnostics' counts; errors, then warnings, listed (notes only
 * counted), at most TABLE_DIAG_MAX */
static void table_diags(vd_buf *out, const vd_result *r, int color)
{
	size_t nerr = 0, nwarn = 0, nnote = 0, listed = 0;
	if (!r->ndiags)
		return;
	for (size_t i = 0; i < r->ndiags; i++) {
		if (r->diags[i].severity == VD_DIAG_ERROR)
			nerr++;
		else if (r->diags[i].severity == VD_DIAG_WARNING)
			nwarn++;
		else
			nnote++;
	}
	vd_buf_printf(out, "diagnostics: %zu error%s, %zu warning%s, %zu note%s\n", nerr,
		      nerr == 1 ? "" : "s", nwarn, nwarn == 1 ? "" : "s", nnote,
		      nnote == 1 ? "" : "s");
	for (int pass = 0; pass < 2; pass++) {
		vd_diag_severity want = pass == 0 ? VD_DIAG_ERROR : VD_DIAG_WARNING;
		for (size_t i = 0; i < r->ndiags; i++) {
			const vd_diag *d = &r->diags[i];
			if (d->severity != want || listed++ >= TABLE_DIAG_MAX)
				continue;
			const char *col = !color                  ? ""
					  : want == VD_DIAG_ERROR ? "\033[31m"
								  : "\033[33m";
			vd_buf_puts(out, "  ");
			if (d->file)
				vd_buf_printf(out, d->line > 0 ? "%s:%d: " : "%s: ", d->file,
					      d->line);
			vd_buf_printf(out, "%s%s%s: ", col, vd_severity_name(want),
				      color ? "\033[0m" : "");
			put_oneline(out, d->message);
			vd_buf_putc(out, '\n');
		}
	}
	if (listed > TABLE_DIAG_MAX)
		vd_buf_printf(out, "  ... and %zu more (see `vidya report --format json`)\n",
			      listed - TABLE_DIAG_MAX);
}

static int render_table(vd_buf *out, const vd_result *r, const vd_report_opts *o)
{
	view v;
	size_t width[NCOLS];
	view_build(&v, r, o, 1);
	vd_arena *a = vd_arena_new();
	const char **cells = table_cells(&v, a, width);
	table_fit(&v, a, cells, width, o->width > 0 ? (size_t)o->width : 80);
	table_rows(out, &v, cells, width);
	vd_buf_putc(out, '\n');
	table_basis(out, r);
	table_diags(out, r, o->color);
	free(cells);
	vd_arena_free(a);
	view_release(&v);
	return 0;
}

/* ---- JSON --------------------------------------------------------------------------- */

static const struct {
	const char *name;
	size_t off;
	int is_double;
} device_fields[] = {
#define DF_(f)                                \
	{                                     \
#f, offsetof(vd_device, f), 1 \
	}
	DF_(seq_read_Bps), DF_(seq_write_Bps),   DF_(rand_read_iops), DF_(rand_write_iops),
	DF_(latency_s),    DF_(fsync_latency_s), DF_(meta_latency_s), DF_(small_io_threshold),
	DF_(concurrency),  DF_(cpu_ns_per_op),
#undef DF_
};

static void json_device(vd_buf *b, const vd_device *d)
{
	vd_buf_putc(b, '{');
	for (size_t i = 0; i < sizeof(device_fields) / sizeof(device_fields[0]); i++) {
		json_key(b, i == 0, device_fields[i].name);
		json_num(b, *(const double *)((const char *)d + device_fields[i].off));
	}
	vd_buf_printf(b, ", \"is_default\": %s", d->is_default ? "true" : "false");
	json_kv_str(b, "mount", d->mount[0] ? d->mount : NULL);
	json_kv_str(b, "fstype", d->fstype[0] ? d->fstype : NULL);
	json_kv_str(b, "method", d->method[0] ? d->method : NULL);
	vd_buf_putc(b, '}');
}

static void json_run(vd_buf *b, const vd_result *r)
{
	vd_buf_puts(b, "{");
	json_key(b, 1, "run_id");
	if (r->run_id > 0)
		vd_buf_printf(b, "%ld", r->run_id);
	else
		vd_buf_puts(b, "null");
	json_kv_str(b, "created_at", r->created_at);
	json_kv_str(b, "vidya_version", r->vidya_version);
	json_kv_str(b, "project_root", r->project_root);
	json_kv_str(b, "compdb", r->compdb);
	json_kv_str(b, "entry", r->entry);
	json_kv_str(b, "args", r->args);
	json_kv_str(b, "defines", r->defines);
	vd_buf_printf(b, ", \"nprocs\": %d", r->nprocs);
	json_kv_num(b, "assume_trip", r->assume_trip);
	json_kv_num(b, "assume_bytes", r->assume_bytes);
	vd_buf_printf(b, ", \"tus_total\": %d, \"tus_failed\": %d", r->tus_total, r->tus_failed);
	json_kv_num(b, "elapsed_s", r->elapsed_s);
	json_key(b, 0, "cached_from");
	if (r->cached_from > 0)
		vd_buf_printf(b, "%ld", r->cached_from);
	else
		vd_buf_puts(b, "null");
	vd_buf_printf(b, ", \"nblocks\": %zu, \"nsites\": %zu, \"ndiags\": %zu", r->nblocks,
		      r->nsites, r->ndiags);
	json_key(b, 0, "device");
	json_device(b, &r->device);
	vd_buf_puts(b, "}");
}

static void json_block(vd_buf *b, const vd_block *k, size_t rank)
{
	vd_buf_puts(b, "{");
	json_key(b, 1, "block_id");
	vd_buf_json_str(b, k->id);
	if (rank)
		vd_buf_printf(b, ", \"rank\": %zu", rank);
	json_kv_str(b, "kind", vd_kind_name(k->kind));
	json_kv_str(b, "file", k->file);
	json_kv_str(b, "function", k->function);
	json_kv_str(b, "label", k->label);
	vd_buf_printf(b, ", \"line\": %d, \"end_line\": %d", k->line, k->end_line);
	json_kv_str(b, "parent_id", k->parent_id);
	for (int i = 0; i < VD_NPARAMS; i++)
		json_kv_num(b, vd_param_column[i], k->p[i]);
	for (int i = 0; i < VD_NFEATURES; i++)
		json_kv_num(b, vd_feature_column[i], k->x[i]);
	json_kv_num(b, "cioc", k->cioc);
	json_kv_num(b, "analytic", k->analytic);
	json_kv_str(b, "cioc_note", k->cioc_note);
	json_kv_num(b, "io_s", k->io_s);
	json_kv_num(b, "compute_s", k->compute_s);
	json_kv_num(b, "ops", k->ops);
	json_kv_num(b, "executions", k->executions);
	vd_buf_printf(b, ", \"unknown_mask\": %u, \"unknown_params\": [", k->unknown_mask);
	for (int i = 0, n = 0; i < VD_NPARAMS; i++)
		if (k->unknown_mask & (1u << i))
			vd_buf_printf(b, "%s\"%s\"", n++ ? ", " : "", vd_param_name[i]);
	if (k->unknown_mask & VD_UNK_COMPUTE)
		vd_buf_printf(b, "%s\"compute\"",
			      k->unknown_mask & ((1u << VD_NPARAMS) - 1) ? ", " : "");
	vd_buf_puts(b, "]");
	json_kv_str(b, "unknowns", k->unknowns);
	vd_buf_printf(b, ", \"reachable\": %s}", k->reachable ? "true" : "false");
}

static void json_site(vd_buf *b, const vd_iosite *s)
{
	vd_buf_puts(b, "{");
	json_key(b, 1, "block_id");
	vd_buf_json_str(b, s->block_id);
	json_kv_str(b, "api", s->api);
	json_kv_str(b, "call", s->call);
	json_kv_str(b, "op", s->op);
	json_kv_str(b, "file", s->file);
	vd_buf_printf(b, ", \"line\": %d", s->line);
	json_kv_num(b, "bytes_per_call", s->bytes_per_call);
	json_kv_num(b, "count", s->count);
	json_kv_num(b, "bytes_total", s->bytes_total);
	vd_buf_printf(b, ", \"flags\": %u", s->flags);
	for (size_t i = 0; i < VD_NIO_FLAGS; i++)
		vd_buf_printf(b, ", \"%s\": %s", vd_io_flag_table[i].name,
			      (s->flags & vd_io_flag_table[i].bit) ? "true" : "false");
	json_kv_str(b, "path", s->path);
	json_kv_str(b, "unknowns", s->unknowns);
	vd_buf_puts(b, "}");
}

static void json_diag(vd_buf *b, const vd_diag *d)
{
	vd_buf_puts(b, "{");
	json_key(b, 1, "severity");
	vd_buf_json_str(b, vd_severity_name(d->severity));
	json_kv_str(b, "file", d->file);
	vd_buf_printf(b, ", \"line\": %d", d->line);
	json_kv_str(b, "message", d->message);
	vd_buf_puts(b, "}");
}

static int render_json(vd_buf *out, const vd_result *r, const vd_report_opts *o)
{
	view v;
	int ranked = o->top > 0;
	int all = !ranked && o->kind_filter < 0;

	view_build(&v, r, o, ranked);
	/* a site belongs to the output when its block or an ancestor does;
	 * parents come before children, so one forward pass suffices */
	unsigned char *covered = view_marks(&v, 0);
	for (size_t i = 0; i < r->nblocks; i++)
		if (!covered[i] && v.parent[i] >= 0 && (size_t)v.parent[i] < i &&
		    covered[v.parent[i]])
			covered[i] = 1;

	vd_buf_puts(out, "{\"run\": ");
	json_run(out, r);
	vd_buf_puts(out, ",\n\"blocks\": [");
	for (size_t k = 0; k < v.nsel; k++) {
		vd_buf_puts(out, k ? ",\n" : "\n");
		json_block(out, &r->blocks[v.sel[k]], ranked ? k + 1 : 0);
	}
	vd_buf_puts(out, "\n],\n\"io_sites\": [");
	for (size_t i = 0, n = 0; i < r->nsites; i++) {
		const vd_iosite *s = &r->sites[i];
		long bi = s->block_id ? vd_result_find(r, s->block_id) : -1;
		if (bi >= 0 ? !covered[bi] : !all)
			continue;
		vd_buf_puts(out, n++ ? ",\n" : "\n");
		json_site(out, s);
	}
	vd_buf_puts(out, "\n],\n\"diagnostics\": [");
	for (size_t i = 0; i < r->ndiags; i++) {
		vd_buf_puts(out, i ? ",\n" : "\n");
		json_diag(out, &r->diags[i]);
	}
	vd_buf_puts(out, "\n]}\n");
	free(covered);
	view_release(&v);
	return 0;
}

/* ---- CSV ----------------------------------------------------------------------------- */

static int render_csv(vd_buf *out, const vd_result *r, const vd_report_opts *o)
{
	view v;
	view_build(&v, r, o, o->top > 0);
	vd_buf_puts(out, "block_id,kind,file,function,line,end_line,parent_id");
	for (int i = 0; i < VD_NPARAMS; i++)
		vd_buf_printf(out, ",%s", vd_param_column[i]);
	for (int i = 0; i < VD_NFEATURES; i++)
		vd_buf_printf(out, ",%s", vd_feature_column[i]);
	vd_buf_puts(out, ",cioc,io_s,compute_s,unknowns\n");
	for (size_t k = 0; k < v.nsel; k++) {
		const vd_block *b = &r->blocks[v.sel[k]];
		csv_field(out, b->id);
		vd_buf_putc(out, ',');
		csv_field(out, vd_kind_name(b->kind));
		vd_buf_putc(out, ',');
		csv_field(out, b->file);
		vd_buf_putc(out, ',');
		csv_field(out, b->function);
		vd_buf_printf(out, ",%d,%d,", b->line, b->end_line);
		csv_field(out, b->parent_id);
		for (int i = 0; i < VD_NPARAMS; i++)
			csv_num(out, b->p[i]);
		for (int i = 0; i < VD_NFEATURES; i++)
			csv_num(out, b->x[i]);
		csv_num(out, b->cioc);
		csv_num(out, b->io_s);
		csv_num(out, b->compute_s);
		vd_buf_putc(out, ',');
		csv_field(out, b->unknowns);
		vd_buf_putc(out, '\n');
	}
	view_release(&v);
	return 0;
}

/* ---- graphs: shared pieces ---------------------------------------------------------- */

/*
 * Call edges.  A call block's label is its callee ("a|b" when an indirect
 * call may reach several functions); it is matched against the `function`
 * field of function blocks.  When the calling file has a function block of
 * that name, only those are linked (static functions of the same name in
 * other files are different functions); otherwise every function block of
 * that name is.
 */
typedef struct {
	vd_map *byname; /* function name -> first function block index + 1 */
	size_t *next;   /* next function block with the same name + 1, 0 ends */
} fn_index;

static void fn_index_free(fn_index *f)
{
	vd_map_free(f->byname);
	free(f->next);
}

static void fn_index_build(fn_index *f, const vd_result *r, const unsigned char *incl)
{
	f->byname = vd_map_new();
	f->next = vd_xcalloc(r->nblocks ? r->nblocks : 1, sizeof(size_t));
	/* walk backwards so that each chain lists blocks in tree order */
	for (size_t i = r->nblocks; i-- > 0;) {
		const vd_block *b = &r->blocks[i];
		if (!incl[i] || b->kind != VD_KIND_FUNCTION || !b->function)
			continue;
		f->next[i] = (size_t)(uintptr_t)vd_map_get(f->byname, b->function);
		vd_map_put(f->byname, b->function, (void *)(uintptr_t)(i + 1));
	}
}

typedef int (*edge_fn)(void *ctx, size_t from, size_t to, int is_call);

static int same_file(const char *a, const char *b)
{
	return a && b && strcmp(a, b) == 0;
}

/* calls emit(ctx, call, function, 1) for every call edge of block `ci` */
static int call_edges(const vd_result *r, const fn_index *f, size_t ci, edge_fn emit, void *ctx)
{
	const vd_block *c = &r->blocks[ci];
	const char *p = c->label;
	char name[512];
	while (p && *p) {
		size_t len = strcspn(p, "|");
		if (len > 0 && len < sizeof(name)) {
			memcpy(name, p, len);
			name[len] = '\0';
			size_t first = (size_t)(uintptr_t)vd_map_get(f->byname, name);
			int local = 0;
			for (size_t j = first; j; j = f->next[j - 1])
				if (same_file(r->blocks[j - 1].file, c->file))
					local = 1;
			for (size_t j = first; j; j = f->next[j - 1])
				if ((!local || same_file(r->blocks[j - 1].file, c->file)) &&
				    emit(ctx, ci, j - 1, 1))
					return -1;
		}
		p += len;
		if (*p == '|')
			p++;
	}
	return 0;
}

/* included blocks for the graph formats, with their tree and call edges */
typedef struct {
	view v;
	unsigned char *incl;
	fn_index fns;
} graph;

static void graph_release(graph *g)
{
	fn_index_free(&g->fns);
	free(g->incl);
	view_release(&g->v);
}

static void graph_build(graph *g, const vd_result *r, const vd_report_opts *o)
{
	memset(g, 0, sizeof(*g));
	view_build(&g->v, r, o, o->top > 0);
	g->incl = view_marks(&g->v, 1);
	fn_index_build(&g->fns, r, g->incl);
}

static int graph_edges(const graph *g, const vd_result *r, edge_fn emit, void *ctx)
{
	for (size_t i = 0; i < r->nblocks; i++) {
		if (!g->incl[i])
			continue;
		long p = g->v.parent[i];
		if (p >= 0 && g->incl[p] && emit(ctx, (size_t)p, i, 0))
			return -1;
	}
	for (size_t i = 0; i < r->nblocks; i++)
		if (g->incl[i] && r->blocks[i].kind == VD_KIND_CALL &&
		    call_edges(r, &g->fns, i, emit, ctx))
			return -1;
	return 0;
}

/* the node text: kind and name, line, cioc */
static void node_label(vd_buf *b, const vd_block *k)
{
	const char *name = k->kind == VD_KIND_FUNCTION ? (k->function ? k->function : k->label)
			   : k->kind == VD_KIND_FILE   ? k->file
			   : k->label                  ? k->label
						       : k->function;
	vd_buf_puts(b, vd_kind_name(k->kind));
	if (name)
		vd_buf_printf(b, " %s", name);
	if (k->line > 0)
		vd_buf_printf(b, "\nline %d", k->line);
	if (isfinite(k->cioc))
		vd_buf_printf(b, "\ncioc %.3f", k->cioc);
}

/* ---- DOT ----------------------------------------------------------------------------- */

static void dot_str(vd_buf *b, const char *s)
{
	vd_arena *a = vd_arena_new();
	s = s ? text_clean(a, s, 0) : s; /* valid UTF-8 */
	vd_buf_putc(b, '"');
	for (const char *p = s; p && *p; p++) {
		if (*p == '"' || *p == '\\') {
			vd_buf_putc(b, '\\');
			vd_buf_putc(b, *p);
		} else if (*p == '\n') {
			vd_buf_puts(b, "\\n");
		} else {
			vd_buf_putc(b, (unsigned char)*p < 0x20 ? ' ' : *p);
		}
	}
	vd_arena_free(a);
	vd_buf_putc(b, '"');
}

static int dot_edge(void *ctx, size_t from, size_t to, int is_call)
{
	vd_buf_printf(ctx, "  n%zu -> n%zu%s;\n", from, to,
		      is_call ? " [style=dashed, color=\"#1f5fbf\", constraint=false]" : "");
	return 0;
}

static int render_dot(vd_buf *out, const vd_result *r, const vd_report_opts *o)
{
	graph g;
	vd_buf lab = VD_BUF_INIT;
	graph_build(&g, r, o);
	vd_buf_puts(out, "digraph vidya {\n"
			 "  graph [rankdir=TB];\n"
			 "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", "
			 "fontsize=10];\n"
			 "  edge [color=\"#555555\"];\n");
	for (size_t i = 0; i < r->nblocks; i++) {
		const vd_block *b = &r->blocks[i];
		if (!g.incl[i])
			continue;
		vd_buf_clear(&lab);
		node_label(&lab, b);
		vd_buf_printf(out, "  n%zu [label=", i);
		dot_str(out, vd_buf_cstr(&lab));
		vd_buf_puts(out, ", tooltip=");
		dot_str(out, b->id ? b->id : "");
		/* white (CIOC 0) to red (CIOC 1); grey when there is no score */
		if (isfinite(b->cioc)) {
			double c = b->cioc < 0 ? 0 : b->cioc > 1 ? 1 : b->cioc;
			int gb = (int)lround(255 * (1 - 0.85 * c));
			vd_buf_printf(out, ", fillcolor=\"#ff%02x%02x\"%s", gb, gb,
				      c > 0.75 ? ", fontcolor=white" : "");
		} else {
			vd_buf_puts(out, ", fillcolor=\"#eeeeee\"");
		}
		vd_buf_puts(out, "];\n");
	}
	graph_edges(&g, r, dot_edge, out);
	vd_buf_puts(out, "}\n");
	vd_buf_release(&lab);
	graph_release(&g);
	return 0;
}

/* ---- GraphML ------------------------------------------------------------------------- */

#define X(expr)                        \
	do {                           \
		if ((expr) < 0)        \
			goto xml_fail; \
	} while (0)

typedef struct {
	xmlTextWriterPtr w;
	vd_buf tmp;
	size_t nedge;
} gml;

static int gml_key(xmlTextWriterPtr w, const char *id, const char *dom, const char *type,
		   const char *desc)
{
	X(xmlTextWriterStartElement(w, BAD_CAST "key"));
	X(xmlTextWriterWriteAttribute(w, BAD_CAST "id", BAD_CAST id));
	X(xmlTextWriterWriteAttribute(w, BAD_CAST "for", BAD_CAST dom));
	X(xmlTextWriterWriteAttribute(w, BAD_CAST "attr.name", BAD_CAST id));
	X(xmlTextWriterWriteAttribute(w, BAD_CAST "attr.type", BAD_CAST type));
	if (desc)
		X(xmlTextWriterWriteElement(w, BAD_CAST "desc", BAD_CAST desc));
	X(xmlTextWriterEndElement(w));
	return 0;
xml_fail:
	return -1;
}

static int gml_data(gml *g, const char *key, const char *val)
{
	const char *clean;
	if (!val)
		return 0;
	clean = xml_clean(&g->tmp, val);
	X(xmlTextWriterStartElement(g->w, BAD_CAST "data"));
	X(xmlTextWriterWriteAttribute(g->w, BAD_CAST "key", BAD_CAST key));
	X(xmlTextWriterWriteString(g->w, BAD_CAST clean));
	X(xmlTextWriterEndElement(g->w));
	return 0;
xml_fail:
	return -1;
}

static int gml_num(gml *g, const char *key, double v)
{
	char tmp[40];
	num_repr(tmp, sizeof(tmp), v);
	return tmp[0] ? gml_data(g, key, tmp) : 0;
}

static int gml_edge(void *ctx, size_t from, size_t to, int is_call)
{
	gml *g = ctx;
	char id[32], s[32], t[32];
	snprintf(id, sizeof(id), "e%zu", g->nedge++);
	snprintf(s, sizeof(s), "n%zu", from);
	snprintf(t, sizeof(t), "n%zu", to);
	X(xmlTextWriterStartElement(g->w, BAD_CAST "edge"));
	X(xmlTextWriterWriteAttribute(g->w, BAD_CAST "id", BAD_CAST id));
	X(xmlTextWriterWriteAttribute(g->w, BAD_CAST "source", BAD_CAST s));
	X(xmlTextWriterWriteAttribute(g->w, BAD_CAST "target", BAD_CAST t));
	if (gml_data(g, "type", is_call ? "call" : "tree"))
		return -1;
	X(xmlTextWriterEndElement(g->w));
	return 0;
xml_fail:
	return -1;
}

static int render_graphml(vd_buf *out, const vd_result *r, const vd_report_opts *o)
{
	graph gr;
	gml g = { NULL, VD_BUF_INIT, 0 };
	xmlBufferPtr xb = NULL;
	int rc = -1;
	char tmp[40];

	graph_build(&gr, r, o);
	xb = xmlBufferCreate();
	if (!xb || !(g.w = xmlNewTextWriterMemory(xb, 0)))
		goto xml_fail;
	X(xmlTextWriterSetIndent(g.w, 1));
	X(xmlTextWriterSetIndentString(g.w, BAD_CAST "  "));
	X(xmlTextWriterStartDocument(g.w, NULL, "UTF-8", NULL));
	X(xmlTextWriterStartElement(g.w, BAD_CAST "graphml"));
	X(xmlTextWriterWriteAttribute(g.w, BAD_CAST "xmlns",
				      BAD_CAST "http://graphml.graphdrawing.org/xmlns"));
	X(gml_key(g.w, "block_id", "node", "string", "stable block id"));
	X(gml_key(g.w, "kind", "node", "string",
		  "program, file, function, loop, branch, call or io"));
	X(gml_key(g.w, "label", "node", "string", "callee, loop or branch keyword"));
	X(gml_key(g.w, "file", "node", "string", "project-relative source file"));
	X(gml_key(g.w, "function", "node", "string", "enclosing function"));
	X(gml_key(g.w, "line", "node", "int", "first line"));
	X(gml_key(g.w, "cioc", "node", "double", "predicted I/O fraction of the block's time"));
	for (int i = 0; i < VD_NPARAMS; i++)
		X(gml_key(g.w, vd_param_column[i], "node", "double", vd_param_desc[i]));
	X(gml_key(g.w, "unknowns", "node", "string", "what was assumed"));
	X(gml_key(g.w, "type", "edge", "string",
		  "tree (parent to child) or call (call to callee)"));
	X(xmlTextWriterStartElement(g.w, BAD_CAST "graph"));
	X(xmlTextWriterWriteAttribute(g.w, BAD_CAST "id", BAD_CAST "pdg"));
	X(xmlTextWriterWriteAttribute(g.w, BAD_CAST "edgedefault", BAD_CAST "directed"));
	for (size_t i = 0; i < r->nblocks; i++) {
		const vd_block *b = &r->blocks[i];
		if (!gr.incl[i])
			continue;
		snprintf(tmp, sizeof(tmp), "n%zu", i);
		X(xmlTextWriterStartElement(g.w, BAD_CAST "node"));
		X(xmlTextWriterWriteAttribute(g.w, BAD_CAST "id", BAD_CAST tmp));
		X(gml_data(&g, "block_id", b->id));
		X(gml_data(&g, "kind", vd_kind_name(b->kind)));
		X(gml_data(&g, "label", b->label));
		X(gml_data(&g, "file", b->file));
		X(gml_data(&g, "function", b->function));
		snprintf(tmp, sizeof(tmp), "%d", b->line);
		X(gml_data(&g, "line", tmp));
		X(gml_num(&g, "cioc", b->cioc));
		for (int k = 0; k < VD_NPARAMS; k++)
			X(gml_num(&g, vd_param_column[k], b->p[k]));
		X(gml_data(&g, "unknowns", b->unknowns));
		X(xmlTextWriterEndElement(g.w));
	}
	X(graph_edges(&gr, r, gml_edge, &g));
	X(xmlTextWriterEndDocument(g.w)); /* closes graph and graphml */
	xmlFreeTextWriter(g.w);           /* flushes into xb */
	g.w = NULL;
	vd_buf_put(out, (const char *)xmlBufferContent(xb), (size_t)xmlBufferLength(xb));
	rc = 0;
	goto cleanup;
xml_fail:
	vd_error_set("unable to write GraphML: libxml2 writer failed");
cleanup:
	if (g.w)
		xmlFreeTextWriter(g.w);
	if (xb)
		xmlBufferFree(xb);
	vd_buf_release(&g.tmp);
	graph_release(&gr);
	return rc;
}

/* ---- entry point ---------------------------------------------------------------------- */

/* The formats: a new one is a render function above and a row here (its
 * name is then accepted by --format and listed in every command's help).
 * VD_FMT_* of vd_analyzer.h are the row numbers of the built-in ones. */
typedef int (*render_fn)(vd_buf *out, const vd_result *r, const vd_report_opts *o);

static const struct {
	const char *name;
	render_fn render;
} formats[] = {
	[VD_FMT_TABLE] = { "table", render_table },
	[VD_FMT_JSON] = { "json", render_json },
	[VD_FMT_CSV] = { "csv", render_csv },
	[VD_FMT_DOT] = { "dot", render_dot },
	[VD_FMT_GRAPHML] = { "graphml", render_graphml },
};
#define NFORMATS (sizeof(formats) / sizeof(formats[0]))

const char *vd_report_format_name(int f)
{
	return f >= 0 && (size_t)f < NFORMATS ? formats[f].name : NULL;
}

int vd_report_format_parse(const char *s, vd_report_format *out)
{
	if (s && strcasecmp(s, "text") == 0)
		s = "table"; /* the older name */
	for (size_t i = 0; s && i < NFORMATS; i++)
		if (strcasecmp(s, formats[i].name) == 0) {
			*out = (vd_report_format)i;
			return 0;
		}
	vd_buf names = VD_BUF_INIT;
	for (size_t i = 0; i < NFORMATS; i++)
		vd_buf_printf(&names, "%s%s",
			      i == 0             ? ""
			      : i + 1 < NFORMATS ? ", "
						 : " or ",
			      formats[i].name);
	vd_error_set("unknown report format '%s' (expected %s)", s ? s : "", vd_buf_cstr(&names));
	vd_buf_release(&names);
	return -1;
}

int vd_report_render(vd_buf *out, const vd_result *r, const vd_report_opts *o)
{
	vd_report_opts def;
	size_t start = out->len;

	if (!r) {
		vd_error_set("no result to report");
		return -1;
	}
	if (!o) {
		vd_report_opts_init(&def);
		o = &def;
	}
	if (o->kind_filter >= VD_KIND__COUNT) {
		vd_error_set("unknown block kind %d", o->kind_filter);
		return -1;
	}
	if ((size_t)o->format >= NFORMATS) {
		vd_error_set("unknown report format %d", (int)o->format);
		return -1;
	}
	int rc = formats[o->format].render(out, r, o);
	/* on failure leave `out` as it was */
	if (rc && out->ptr) {
		out->len = start;
		out->ptr[start] = '\0';
	}
	return rc;
}
