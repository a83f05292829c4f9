/*
 * test_report.c - the result helpers and the five report formats.
 *
 * One hand-built result (program -> files -> functions -> loop -> io, two
 * call sites, one of them indirect, an unreachable function and a file name
 * with a quote in it) is rendered in every format; the JSON is checked with
 * a strict little parser, the CSV record by record, the GraphML by parsing
 * it back with libxml2.
 */
#define _GNU_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <jansson.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "vd_analyzer.h"

/* ---- fixture ---------------------------------------------------------------------- */

enum {
	B_PROGRAM, B_FILE, B_MAIN, B_LOOP, B_IO, B_CALL1, B_IO2, B_CALL2, B_WRITE_STEP,
	B_FLUSH_ALL, B_FILE2, B_WRITE_STEP2, B_UNUSED, NB
};

static vd_block *add(vd_result *r, const char *id, vd_kind kind, const char *file,
		     const char *parent, const char *function, const char *label, int line,
		     double cioc)
{
	r->blocks = realloc(r->blocks, (r->nblocks + 1) * sizeof(vd_block));
	assert_non_null(r->blocks);
	vd_block *b = &r->blocks[r->nblocks++];
	memset(b, 0, sizeof(*b));
	b->id = id;
	b->kind = kind;
	b->file = file;
	b->parent_id = parent;
	b->function = function;
	b->label = label;
	b->line = line;
	b->end_line = line ? line + 3 : 0;
	b->cioc = cioc;
	b->io_s = cioc * 2;
	b->compute_s = (1 - cioc) * 2;
	b->reachable = 1;
	for (int k = 0; k < VD_NPARAMS; k++)
		b->p[k] = 10;
	for (int k = 0; k < VD_NFEATURES; k++)
		b->x[k] = 0.01;
	return b;
}

static vd_result *make_result(void)
{
	vd_result *r = vd_result_new();
	assert_non_null(r);
	r->project_root = "/home/u/proj";
	r->entry = "main";
	r->vidya_version = "0.1.0";
	r->run_id = 7;
	r->created_at = "2024-05-01T12:00:00Z";
	r->tus_total = 2;
	vd_device_defaults(&r->device);
	r->device.is_default = 0;
	snprintf(r->device.mount, sizeof(r->device.mount), "/scratch");
	snprintf(r->device.fstype, sizeof(r->device.fstype), "lustre");

	const char *f = "src/ckpt.c", *f2 = "src/o\"ther.c";
	vd_block *b;
	b = add(r, "<program>", VD_KIND_PROGRAM, NULL, NULL, NULL, NULL, 0, 0.8);
	b->p[VD_p2] = 5200;
	b->p[VD_p3] = 1.5 * 1024 * 1024 * 1024;
	b->io_s = 3.2;
	b->compute_s = 0.8;
	for (int k = 0; k < VD_NFEATURES; k++)
		b->x[k] = 1;
	add(r, f, VD_KIND_FILE, f, "<program>", NULL, NULL, 0, 0.8);
	add(r, "src/ckpt.c:main", VD_KIND_FUNCTION, f, f, "main", NULL, 10, 0.7);
	b = add(r, "src/ckpt.c:main/loop#1", VD_KIND_LOOP, f, "src/ckpt.c:main", "main", "for", 12,
		0.95);
	b->p[VD_p1] = 1000;
	b->p[VD_p2] = 4100;
	b->p[VD_p3] = 1288490188.8; /* 1.2 GiB */
	b->p[VD_p13] = 4000;
	b->x[VD_x1] = 0.1;
	b->x[VD_x2] = 0.8;
	b->x[VD_x3] = 0.99;
	b->x[VD_x13] = 0.7;
	b->unknown_mask = (1u << VD_p1) | (1u << VD_p3);
	b->unknowns = "trip count of \"for\" at src/ckpt.c:12 assumed 1000, see --assume-trip";
	add(r, "src/ckpt.c:main/loop#1/io#1", VD_KIND_IO, f, "src/ckpt.c:main/loop#1", "main",
	    "fwrite", 13, 0.9);
	add(r, "src/ckpt.c:main/call#1", VD_KIND_CALL, f, "src/ckpt.c:main", "main", "write_step",
	    20, 0.3);
	b = add(r, "src/ckpt.c:main/call#1/io#1", VD_KIND_IO, f, "src/ckpt.c:main/call#1",
		"write_step", "fsync", 31, 0.6);
	b->compute_s = NAN;
	add(r, "src/ckpt.c:main/call#2", VD_KIND_CALL, f, "src/ckpt.c:main", "main",
	    "write_step|flush_all", 22, 0.2);
	add(r, "src/ckpt.c:write_step", VD_KIND_FUNCTION, f, f, "write_step", NULL, 30, 0.5);
	add(r, "src/ckpt.c:flush_all", VD_KIND_FUNCTION, f, f, "flush_all", NULL, 40, 0.4);
	add(r, f2, VD_KIND_FILE, f2, "<program>", NULL, NULL, 0, 0.1);
	add(r, "src/o\"ther.c:write_step", VD_KIND_FUNCTION, f2, f2, "write_step", NULL, 5, 0.1);
	b = add(r, "src/ckpt.c:unused", VD_KIND_FUNCTION, f, f, "unused", NULL, 50, 0.99);
	b->reachable = 0;
	assert_int_equal(r->nblocks, NB);

	r->sites = calloc(2, sizeof(vd_iosite));
	assert_non_null(r->sites);
	r->nsites = 2;
	r->sites[0] = (vd_iosite){ "src/ckpt.c:main/loop#1/io#1", "stdio", "fwrite", "write", f,
				   13, 4096, 1000, 4096000,
				   VD_IO_BINARY | VD_IO_SMALL | VD_IO_BYTES_UNKNOWN, "out.dat",
				   "bytes assumed 4096" };
	r->sites[1] = (vd_iosite){ "src/ckpt.c:main/call#1/io#1", "posix", "fsync", "sync", f, 31,
				   0, 1, 0, 0, NULL, NULL };
	r->diags = calloc(3, sizeof(vd_diag));
	assert_non_null(r->diags);
	r->ndiags = 3;
	r->diags[0] = (vd_diag){ VD_DIAG_WARNING, f, 12, "trip count unknown" };
	r->diags[1] = (vd_diag){ VD_DIAG_ERROR, "src/broken.c", 0, "could not be parsed:\nline 2" };
	r->diags[2] = (vd_diag){ VD_DIAG_NOTE, NULL, 0, "a note" };
	return r;
}

static char *render(const vd_result *r, vd_report_format fmt, int top, int kind, int unreach)
{
	vd_report_opts o;
	vd_buf b = VD_BUF_INIT;
	vd_report_opts_init(&o);
	o.format = fmt;
	o.top = top;
	o.kind_filter = kind;
	o.include_unreachable = unreach;
	assert_int_equal(vd_report_render(&b, r, &o), 0);
	return vd_buf_detach(&b);
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* ---- a strict JSON checker ---------------------------------------------------------- */

static const char *jvalue(const char *p, int depth);

static const char *jws(const char *p)
{
	while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

static const char *jstring(const char *p)
{
	if (*p++ != '"')
		return NULL;
	while (*p != '"') {
		if ((unsigned char)*p < 0x20)
			return NULL;
		if (*p == '\\') {
			p++;
			if (*p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
						return NULL;
				p += 4;
			} else if (!*p || !strchr("\"\\/bfnrt", *p)) {
				return NULL;
			}
		}
		p++;
	}
	return p + 1;
}

static const char *jnumber(const char *p)
{
	const char *s = p;
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		return NULL;
	if (*p == '.') {
		p++;
		if (!(*p >= '0' && *p <= '9'))
			return NULL;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return NULL;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return p > s ? p : NULL;
}

static const char *jvalue(const char *p, int depth)
{
	if (depth > 64)
		return NULL;
	p = jws(p);
	if (*p == '{' || *p == '[') {
		char close = *p == '{' ? '}' : ']';
		int obj = *p == '{';
		p = jws(p + 1);
		if (*p == close)
			return p + 1;
		for (;;) {
			if (obj) {
				p = jstring(jws(p));
				if (!p)
					return NULL;
				p = jws(p);
				if (*p++ != ':')
					return NULL;
			}
			p = jvalue(p, depth + 1);
			if (!p)
				return NULL;
			p = jws(p);
			if (*p == close)
				return p + 1;
			if (*p++ != ',')
				return NULL;
		}
	}
	if (*p == '"')
		return jstring(p);
	if (strncmp(p, "true", 4) == 0)
		return p + 4;
	if (strncmp(p, "false", 5) == 0)
		return p + 5;
	if (strncmp(p, "null", 4) == 0)
		return p + 4;
	return jnumber(p);
}

static void assert_json(const char *s)
{
	const char *end = jvalue(s, 0);
	if (!end)
		fail_msg("not valid JSON:\n%s", s);
	assert_int_equal(*jws(end), '\0');
}

/* ---- CSV records -------------------------------------------------------------------- */

/* number of records; every record must have `nfields` fields */
static size_t csv_records(const char *s, size_t nfields)
{
	size_t records = 0, fields = 1;
	int quoted = 0;
	for (const char *p = s; *p; p++) {
		if (quoted) {
			if (*p == '"' && p[1] == '"')
				p++;
			else if (*p == '"')
				quoted = 0;
		} else if (*p == '"') {
			quoted = 1;
		} else if (*p == ',') {
			fields++;
		} else if (*p == '\n') {
			assert_int_equal(fields, nfields);
			records++;
			fields = 1;
		}
	}
	assert_false(quoted);
	return records;
}

/* ---- tests: result helpers ----------------------------------------------------------- */

static void test_names(void **state)
{
	(void)state;
	vd_kind k;
	vd_report_format f;
	vd_report_opts o;
	for (int i = 0; i < VD_KIND__COUNT; i++) {
		assert_int_equal(vd_kind_parse(vd_kind_name((vd_kind)i), &k), 0);
		assert_int_equal(k, i);
	}
	assert_int_equal(vd_kind_parse("LOOP", &k), 0);
	assert_int_equal(k, VD_KIND_LOOP);
	assert_int_equal(vd_kind_parse("lop", &k), -1);
	assert_non_null(strstr(vd_error_last(), "lop"));
	assert_string_equal(vd_kind_name(VD_KIND__COUNT), "unknown");

	assert_int_equal(vd_report_format_parse("graphml", &f), 0);
	assert_int_equal(f, VD_FMT_GRAPHML);
	assert_int_equal(vd_report_format_parse("csv", &f), 0);
	assert_int_equal(f, VD_FMT_CSV);
	assert_int_equal(vd_report_format_parse("yaml", &f), -1);
	assert_non_null(strstr(vd_error_last(), "yaml"));

	vd_report_opts_init(&o);
	assert_int_equal(o.format, VD_FMT_TABLE);
	assert_int_equal(o.top, 20);
	assert_int_equal(o.kind_filter, -1);
	assert_int_equal(o.color, 0);
}

static void test_find(void **state)
{
	(void)state;
	vd_result *r = vd_result_new();
	char id[32];
	assert_non_null(r);
	assert_int_equal(vd_result_find(r, "x"), -1);
	/* grow by appending between lookups: the index follows */
	for (int round = 0; round < 3; round++) {
		size_t from = r->nblocks, to = from + 3000;
		r->blocks = realloc(r->blocks, to * sizeof(vd_block));
		assert_non_null(r->blocks);
		for (size_t i = from; i < to; i++) {
			memset(&r->blocks[i], 0, sizeof(vd_block));
			snprintf(id, sizeof(id), "b%zu", i);
			r->blocks[i].id = vd_arena_strdup(r->arena, id);
		}
		r->nblocks = to;
		for (size_t i = 0; i < to; i += 7) {
			snprintf(id, sizeof(id), "b%zu", i);
			assert_int_equal(vd_result_find(r, id), (long)i);
		}
		assert_int_equal(vd_result_find(r, "b-1"), -1);
	}
	/* duplicates: the first wins; small results scan */
	r->blocks[10].id = r->blocks[5].id;
	r->index_ = NULL;
	assert_int_equal(vd_result_find(r, "b5"), 5);
	r->nblocks = 3;
	assert_int_equal(vd_result_find(r, "b2"), 2);
	assert_int_equal(vd_result_find(r, "b5"), -1);
	vd_result_free(r);
	vd_result_free(NULL);
}

/* ---- tests: formats ---------------------------------------------------------------- */

static void test_table(void **state)
{
	(void)state;
	vd_result *r = make_result();
	char *t = render(r, VD_FMT_TABLE, 20, -1, 0);

	/* the first row after the header is the top block: location, the id
	 * less its file, CIOC with the assumed-value marker, I/O time */
	assert_non_null(strstr(t, "order: I/O-bound blocks (CIOC >= 0.5) by predicted I/O time, "
				  "the rest by CIOC\n"));
	const char *hdr = strstr(t, "rank  location");
	assert_non_null(hdr);
	assert_non_null(strstr(hdr, "CIOC  I/O time  finding/dominant\n"));
	const char *row1 = strchr(hdr, '\n') + 1;
	const char *eol = strchr(row1, '\n');
	char *line = strndup(row1, (size_t)(eol - row1));
	assert_non_null(strstr(line, "  main/loop#1  "));
	assert_null(strstr(line, "src/ckpt.c:main/loop#1"));
	assert_non_null(strstr(line, "src/ckpt.c:12"));
	assert_non_null(strstr(line, "0.950?"));
	assert_non_null(strstr(line, "1.9 s"));
	assert_non_null(strstr(line, "P3=1.2 GiB P2=4.1k P13=4.0k"));
	assert_int_equal(strncmp(line, "   1  ", 6), 0);
	free(line);

	/* program and file rows and the unreachable function are not ranked */
	assert_null(strstr(t, "<program>"));
	assert_null(strstr(t, "unused"));
	/* the default ranking is of code blocks: io leaves and call sites are
	 * left to --kind; I/O-bound blocks (CIOC >= 0.5) come first, by
	 * predicted I/O seconds: loop (1.9 s), main (1.4 s), write_step (1.0 s) */
	assert_non_null(strstr(t, "top 5 of 5 blocks"));
	assert_null(strstr(t, "loop#1/io#1"));
	assert_null(strstr(t, "main/call#1"));
	assert_true(strstr(t, "  main/loop#1  ") < strstr(t, "  main  "));
	assert_true(strstr(t, "  main  ") < strstr(t, "src/ckpt.c:30   write_step"));
	assert_true(strstr(t, "src/ckpt.c:30   write_step") < strstr(t, "flush_all"));

	assert_non_null(strstr(t, "program: predicted I/O 3.20 s vs compute 0.80 s"));
	assert_non_null(strstr(t, "P2=5.2k I/O calls, P3=1.5 GiB"));
	assert_non_null(strstr(t, "measured by sysprobe on /scratch (lustre)"));
	assert_non_null(strstr(t, "\n  (analytic CIOC 0.000); P2=5.2k"));
	assert_non_null(strstr(t, "?: the CIOC rests on an assumed value; `vidya report --format "
				  "json` says which\n"));
	assert_non_null(strstr(t, "diagnostics: 1 error, 1 warning, 1 note"));
	assert_non_null(strstr(t, "src/ckpt.c:12: warning: trip count unknown"));
	assert_true(strstr(t, "error: could not be parsed") < strstr(t, "warning: trip"));
	assert_null(strstr(t, "\033["));
	free(t);

	/* top, unreachable, kind filters, defaults, colour */
	t = render(r, VD_FMT_TABLE, 2, -1, 1);
	assert_non_null(strstr(t, "top 2 of 6 blocks")); /* 5 code blocks + unused */
	assert_non_null(strstr(t, "src/ckpt.c:50  "));
	assert_non_null(strstr(t, "  unused  "));
	free(t);
	t = render(r, VD_FMT_TABLE, 0, VD_KIND_PROGRAM, 0);
	assert_non_null(strstr(t, "<program>"));
	assert_non_null(strstr(t, "top 1 of 1 blocks"));
	free(t);
	t = render(r, VD_FMT_TABLE, 0, VD_KIND_FUNCTION, 0);
	assert_non_null(strstr(t, "top 4 of 4 blocks"));
	assert_null(strstr(t, "loop#1"));
	free(t);

	r->device.is_default = 1;
	vd_report_opts o;
	vd_buf b = VD_BUF_INIT;
	vd_report_opts_init(&o);
	o.color = 1;
	assert_int_equal(vd_report_render(&b, r, &o), 0);
	assert_non_null(strstr(b.ptr, "device defaults (no sysprobe profile)"));
	assert_non_null(strstr(b.ptr, "\033[31m0.950?\033[0m"));
	vd_buf_release(&b);
	vd_result_free(r);
}

static void test_table_orders(void **state)
{
	(void)state;
	vd_result *r = make_result();
	/* --kind io lists the call sites */
	char *t = render(r, VD_FMT_TABLE, 20, VD_KIND_IO, 0);
	assert_non_null(strstr(t, "  main/loop#1/io#1  "));
	assert_non_null(strstr(t, "  main/call#1/io#1  "));
	assert_null(strstr(t, "  main  "));
	free(t);
	/* --sort cioc: CIOC alone, so flush_all (0.4) before the other file's
	 * write_step (0.1) and main (0.7) before write_step (0.5) */
	vd_report_opts o;
	vd_buf b = VD_BUF_INIT;
	vd_report_opts_init(&o);
	o.sort_by_cioc = 1;
	assert_int_equal(vd_report_render(&b, r, &o), 0);
	t = vd_buf_detach(&b);
	assert_non_null(strstr(t, "order: predicted I/O intensity (CIOC), highest first\n"));
	assert_true(strstr(t, "  main/loop#1  ") < strstr(t, "  main  "));
	assert_true(strstr(t, "  main  ") < strstr(t, "src/ckpt.c:30   write_step"));
	assert_true(strstr(t, "flush_all") < strstr(t, "src/o\"ther.c:5  write_step"));
	free(t);
	vd_result_free(r);
}

static void test_table_long_ids(void **state)
{
	(void)state;
	vd_result *r = make_result();
	r->blocks[B_LOOP].id = "src/a/very/deep/directory/tree/of/sources/ckpt.c:"
			       "write_checkpoint_step/loop#2/branch#1/loop#1";
	char *t = render(r, VD_FMT_TABLE, 1, -1, 0);
	assert_non_null(strstr(t, "...")); /* shortened, keeping the end */
	assert_non_null(strstr(t, "branch#1/loop#1"));
	assert_null(strstr(t, "src/a/very/deep"));
	free(t);
	vd_result_free(r);
}

/* the widest line of the table part of `t` (its title, or with rows_only
 * its column titles, to the blank line after the rows), in code points */
static size_t table_width(const char *t, int rows_only)
{
	size_t w = 0;
	const char *p = rows_only ? strstr(t, "rank  ") : t, *end = strstr(strstr(t, "rank  "), "\n\n");
	while (p < end) {
		const char *nl = strchr(p, '\n');
		size_t n = 0;
		for (const char *q = p; q < nl; q++)
			n += (*(const unsigned char *)q & 0xc0) != 0x80;
		if (n > w)
			w = n;
		p = nl + 1;
	}
	return w;
}

/* The table fits the terminal: 80 columns by default or `width`; long
 * cells are cut (ids and locations keep their tail, the last column whole
 * words), and a wider terminal shows them whole.  Findings replace the
 * dominant parameters of their block, a finding about an io or call block
 * going to the ranked block above it. */
static void test_table_width_findings(void **state)
{
	(void)state;
	vd_result *r = make_result();
	r->blocks[B_LOOP].id = "src/a/very/deep/directory/tree/of/sources/ckpt.c:"
			       "write_checkpoint_step/loop#2/branch#1/loop#1";
	r->blocks[B_LOOP].file = "src/a/very/deep/directory/tree/of/sources/ckpt.c";
	vd_report_opts o;
	vd_buf b = VD_BUF_INIT;
	vd_report_opts_init(&o);
	assert_int_equal(o.width, 0);
	assert_int_equal(vd_report_render(&b, r, &o), 0);
	assert_true(table_width(b.ptr, 0) <= 80);
	assert_true(table_width(b.ptr, 0) >= 70); /* it was cut to the width, not below */
	assert_non_null(strstr(b.ptr, "...")); /* cut, keeping the end */
	assert_null(strstr(b.ptr, "P13=4.0k")); /* whole items of the last column */
	assert_non_null(strstr(b.ptr, "P3=1.2 GiB"));
	/* at every width the rows fit (down to the narrowest the columns
	 * allow), and a value is never cut from its unit ("P3=1.2" alone) */
	for (int w = 52; w <= 110; w++) {
		vd_buf_clear(&b);
		o.width = w;
		assert_int_equal(vd_report_render(&b, r, &o), 0);
		assert_true(table_width(b.ptr, 1) <= (size_t)w);
		assert_null(strstr(b.ptr, "P3=1.2\n"));
		assert_null(strstr(b.ptr, "P3=1.2 G..."));
	}
	o.width = 0;
	vd_buf_clear(&b);
	o.width = 60;
	assert_int_equal(vd_report_render(&b, r, &o), 0);
	assert_true(table_width(b.ptr, 1) <= 60);
	vd_buf_clear(&b);
	o.width = 200;
	assert_int_equal(vd_report_render(&b, r, &o), 0);
	assert_true(table_width(b.ptr, 0) > 80);
	assert_non_null(strstr(b.ptr, "write_checkpoint_step/loop#2/branch#1/loop#1"));
	assert_non_null(strstr(b.ptr, "P3=1.2 GiB P2=4.1k P13=4.0k"));
	vd_buf_release(&b);
	vd_result_free(r);

	r = make_result();
	const vd_report_label labels[] = {
		{ "src/ckpt.c:main/loop#1/io#1", "small-io-loop" },
		{ "src/ckpt.c:write_step", "sync-in-loop +1" },
		{ "src/ckpt.c:no-such-block", "reread" },
	};
	vd_report_opts_init(&o);
	o.labels = labels;
	o.nlabels = 3;
	assert_int_equal(vd_report_render(&b, r, &o), 0);
	const char *loop = strstr(b.ptr, "  main/loop#1  ");
	const char *mainrow = strstr(b.ptr, "  main  ");
	const char *ws = strstr(b.ptr, "src/ckpt.c:30   write_step");
	assert_non_null(loop);
	assert_non_null(mainrow);
	assert_non_null(ws);
	assert_true(strstr(loop, "small-io-loop") < strchr(loop, '\n'));
	assert_false(strstr(loop, "P3=1.2 GiB") && strstr(loop, "P3=1.2 GiB") < strchr(loop, '\n'));
	assert_true(strstr(ws, "sync-in-loop +1") < strchr(ws, '\n'));
	/* main holds the loop, but the finding is the loop's, not main's */
	assert_non_null(strstr(mainrow, "P1=10"));
	assert_true(strstr(mainrow, "P1=10") < strchr(mainrow, '\n'));
	assert_int_equal(count(b.ptr, "small-io-loop"), 1);
	assert_null(strstr(b.ptr, "reread"));
	vd_buf_release(&b);
	vd_result_free(r);
}

/* is `s` valid UTF-8? */
static int valid_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		int n = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 ? 1 : (*p & 0xf0) == 0xe0 ? 2 : (*p & 0xf8) == 0xf0 ? 3 : -1;
		if (n < 0)
			return 0;
		for (int i = 1; i <= n; i++)
			if ((p[i] & 0xc0) != 0x80)
				return 0;
		p += n + 1;
	}
	return 1;
}

/* Names from the analyzed project are data: no terminal escape sequence,
 * newline or invalid UTF-8 reaches the table; no CSV cell is a formula. */
static void test_hostile_names(void **state)
{
	(void)state;
	vd_result *r = make_result();
	r->blocks[B_LOOP].id = "src/\x1b]0;owned\x07x\x1b[31m.c:f\n\xff/loop#1";
	r->blocks[B_LOOP].file = "=cmd|' /C calc'!A0";
	r->blocks[B_IO].file = "@SUM(1+1)\xc3";
	char *t = render(r, VD_FMT_TABLE, 0, -1, 0);
	assert_null(strchr(t, '\x1b'));
	assert_null(strchr(t, '\x07'));
	assert_true(valid_utf8(t));
	/* the id (cut to the column, keeping its tail) with the escapes and
	 * the newline as '?' and the stray byte as U+FFFD */
	assert_non_null(strstr(t, "[31m.c:f?\xef\xbf\xbd/loop#1"));
	free(t);
	char *c = render(r, VD_FMT_CSV, 0, -1, 0);
	assert_true(valid_utf8(c));
	assert_non_null(strstr(c, "\"'=cmd|' /C calc'!A0\""));
	assert_non_null(strstr(c, "\"'@SUM(1+1)\xef\xbf\xbd\""));
	assert_null(strstr(c, ",=cmd"));
	free(c);
	char *d = render(r, VD_FMT_DOT, 0, -1, 0);
	assert_true(valid_utf8(d));
	free(d);
	vd_result_free(r);
}

/* Every string vidya writes into JSON, whatever bytes the analyzed code
 * put in a name: the output parses with a strict parser (jansson rejects
 * invalid UTF-8, overlong forms, surrogates and raw control characters),
 * valid text comes back unchanged, and anything else becomes U+FFFD. */
static const char *const hostile[] = {
	"quote\" back\\slash /slash",
	"\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x1f\x7f",
	"bad \xff byte",
	"cut \xc3",
	"overlong \xc0\xaf slash",
	"surrogate \xed\xa0\x80 half",
	"too big \xf4\x90\x80\x80",
	"caf\xc3\xa9 \xe6\xbc\xa2 \xf0\x9f\x98\x80",
	"\x1b[31mred\x1b[0m",
};

static void test_json_escaping(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
		vd_result *r = make_result();
		r->blocks[B_LOOP].id = hostile[i];
		r->blocks[B_LOOP].label = hostile[i];
		r->blocks[B_LOOP].file = hostile[i];
		char *j = render(r, VD_FMT_JSON, 0, -1, 0);
		json_error_t err;
		json_t *doc = json_loads(j, JSON_REJECT_DUPLICATES, &err);
		if (!doc)
			fail_msg("string %zu: %s at line %d: %s", i, err.text, err.line, j);
		json_decref(doc);
		free(j);
		vd_result_free(r);
	}
	/* valid text round-trips, byte for byte */
	vd_result *r = make_result();
	r->blocks[B_LOOP].id = hostile[7];
	char *j = render(r, VD_FMT_JSON, 0, -1, 0);
	assert_non_null(strstr(j, hostile[7]));
	free(j);
	vd_result_free(r);
}

static void test_json(void **state)
{
	(void)state;
	vd_result *r = make_result();

	char *j = render(r, VD_FMT_JSON, 0, -1, 0);
	assert_json(j);
	assert_non_null(strstr(j, "{\"run\": {\"run_id\": 7, \"created_at\": \"2024-05-01T12:00:00Z\""));
	assert_non_null(strstr(j, "\"device\": {\"seq_read_Bps\": 500000000"));
	assert_non_null(strstr(j, "\"mount\": \"/scratch\""));
	assert_non_null(strstr(j, "\"blocks\": ["));
	assert_non_null(strstr(j, "\"io_sites\": ["));
	assert_non_null(strstr(j, "\"diagnostics\": ["));
	/* every parameter and feature by column name */
	for (int i = 0; i < VD_NPARAMS; i++) {
		char key[16];
		snprintf(key, sizeof(key), "\"%s\": ", vd_param_column[i]);
		assert_int_equal(count(j, key), NB - 1);
	}
	assert_int_equal(count(j, "\"x16\": "), NB - 1);
	/* top 0: every reachable block in tree order, all sites and diagnostics */
	assert_int_equal(count(j, "\"kind\": "), NB - 1);
	assert_true(strstr(j, "\"block_id\": \"<program>\"") < strstr(j, "\"block_id\": \"src/ckpt.c\""));
	assert_null(strstr(j, "\"rank\""));
	assert_null(strstr(j, "src/ckpt.c:unused"));
	assert_int_equal(count(j, "\"api\": "), 2);
	assert_int_equal(count(j, "\"severity\": "), 3);
	/* escaping, numbers, unknowns, NaN */
	assert_non_null(strstr(j, "trip count of \\\"for\\\" at"));
	assert_non_null(strstr(j, "src/o\\\"ther.c"));
	assert_non_null(strstr(j, "could not be parsed:\\nline 2"));
	assert_non_null(strstr(j, "\"p3\": 1288490188.8"));
	assert_non_null(strstr(j, "\"p1\": 1000,"));
	assert_non_null(strstr(j, "\"unknown_mask\": 5, \"unknown_params\": [\"P1\", \"P3\"]"));
	assert_non_null(strstr(j, "\"compute_s\": null"));
	assert_non_null(strstr(j, "\"bytes_unknown\": true"));
	assert_non_null(strstr(j, "\"path\": null"));
	free(j);

	/* top 2: ranked (the loop, then main), with the sites under them */
	j = render(r, VD_FMT_JSON, 2, -1, 0);
	assert_json(j);
	assert_int_equal(count(j, "\"kind\": "), 2);
	assert_non_null(strstr(j, "\"block_id\": \"src/ckpt.c:main/loop#1\", \"rank\": 1"));
	assert_non_null(strstr(j, "\"block_id\": \"src/ckpt.c:main\", \"rank\": 2"));
	assert_int_equal(count(j, "\"api\": "), 2);
	assert_non_null(strstr(j, "\"call\": \"fwrite\""));
	free(j);

	/* a kind filter with top 0: those blocks in tree order */
	j = render(r, VD_FMT_JSON, 0, VD_KIND_CALL, 0);
	assert_json(j);
	assert_int_equal(count(j, "\"kind\": "), 2);
	assert_int_equal(count(j, "\"api\": "), 1); /* the fsync under call#1 */
	free(j);

	/* invalid UTF-8 and control characters stay valid JSON */
	r->blocks[B_LOOP].label = "f\x01o\xff";
	j = render(r, VD_FMT_JSON, 0, -1, 1);
	assert_json(j);
	assert_non_null(strstr(j, "\"label\": \"f\\u0001o\\ufffd\""));
	assert_int_equal(count(j, "\"kind\": "), NB);
	free(j);
	vd_result_free(r);
}

static void test_csv(void **state)
{
	(void)state;
	vd_result *r = make_result();
	const size_t nfields = 7 + VD_NPARAMS + VD_NFEATURES + 4;

	char *c = render(r, VD_FMT_CSV, 0, -1, 1);
	assert_int_equal(count(c, "\n"), r->nblocks + 1);
	assert_int_equal(csv_records(c, nfields), r->nblocks + 1);
	const char *head = "block_id,kind,file,function,line,end_line,parent_id,p1,p2,";
	assert_int_equal(strncmp(c, head, strlen(head)), 0);
	assert_non_null(strstr(c, ",x16,cioc,io_s,compute_s,unknowns\n"));
	assert_non_null(strstr(c, "\"trip count of \"\"for\"\" at src/ckpt.c:12 assumed 1000, see "
				  "--assume-trip\"\n"));
	assert_non_null(strstr(c, "\"src/o\"\"ther.c\""));
	assert_non_null(strstr(c, "<program>,program,,,0,0,,"));
	free(c);

	c = render(r, VD_FMT_CSV, 3, -1, 0);
	assert_int_equal(csv_records(c, nfields), 4);
	assert_non_null(strstr(c, "\nsrc/ckpt.c:main/loop#1,loop,"));
	free(c);
	vd_result_free(r);
}

static void test_dot(void **state)
{
	(void)state;
	vd_result *r = make_result();
	char *d = render(r, VD_FMT_DOT, 0, -1, 0);

	assert_int_equal(strncmp(d, "digraph vidya {", 15), 0);
	/* tree edges */
	assert_non_null(strstr(d, "  n0 -> n1;\n"));
	assert_non_null(strstr(d, "  n3 -> n4;\n"));
	/* call edges: the same-file write_step only; the indirect call twice */
	assert_non_null(strstr(d, "  n5 -> n8 [style=dashed"));
	assert_non_null(strstr(d, "  n7 -> n8 [style=dashed"));
	assert_non_null(strstr(d, "  n7 -> n9 [style=dashed"));
	assert_null(strstr(d, "n5 -> n11"));
	assert_int_equal(count(d, "style=dashed"), 3);
	/* labels, escaping, colour; the unreachable function is left out */
	assert_non_null(strstr(d, "n3 [label=\"loop for\\nline 12\\ncioc 0.950\""));
	assert_non_null(strstr(d, "file src/o\\\"ther.c"));
	assert_non_null(strstr(d, "fillcolor=\"#ff"));
	assert_null(strstr(d, "n12 ["));
	assert_int_equal(d[strlen(d) - 2], '}');
	free(d);

	/* top 1: the hotspot and the path to it */
	d = render(r, VD_FMT_DOT, 1, -1, 0);
	assert_non_null(strstr(d, "n0 ["));
	assert_non_null(strstr(d, "n1 ["));
	assert_non_null(strstr(d, "n2 ["));
	assert_non_null(strstr(d, "n3 ["));
	assert_null(strstr(d, "n4 ["));
	assert_null(strstr(d, "n5 ["));
	free(d);
	vd_result_free(r);
}

static void test_graphml(void **state)
{
	(void)state;
	vd_result *r = make_result();
	char *g = render(r, VD_FMT_GRAPHML, 0, -1, 0);
	xmlDocPtr doc = xmlReadMemory(g, (int)strlen(g), "report.graphml", NULL,
				      XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	assert_non_null(doc);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_string_equal((const char *)root->name, "graphml");

	size_t keys = 0, nodes = 0, edges = 0, calls = 0;
	int has_p15 = 0;
	for (xmlNodePtr n = root->children; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (strcmp((const char *)n->name, "key") == 0) {
			xmlChar *id = xmlGetProp(n, BAD_CAST "id");
			keys++;
			if (id && strcmp((const char *)id, "p15") == 0)
				has_p15 = 1;
			xmlFree(id);
			continue;
		}
		assert_string_equal((const char *)n->name, "graph");
		for (xmlNodePtr c = n->children; c; c = c->next) {
			if (c->type != XML_ELEMENT_NODE)
				continue;
			if (strcmp((const char *)c->name, "node") == 0)
				nodes++;
			if (strcmp((const char *)c->name, "edge") != 0)
				continue;
			edges++;
			for (xmlNodePtr d = c->children; d; d = d->next) {
				if (d->type != XML_ELEMENT_NODE)
					continue;
				xmlChar *text = xmlNodeGetContent(d);
				if (text && strcmp((const char *)text, "call") == 0)
					calls++;
				xmlFree(text);
			}
		}
	}
	assert_true(has_p15);
	assert_int_equal(keys, 7 + VD_NPARAMS + 2);
	assert_int_equal(nodes, NB - 1);
	assert_int_equal(calls, 3);
	assert_int_equal(edges, (NB - 2) + 3); /* every node but the root has a parent */
	assert_non_null(strstr(g, "src/o&quot;ther.c") ? strstr(g, "src/o&quot;ther.c")
						       : strstr(g, "src/o\"ther.c"));
	xmlFreeDoc(doc);
	free(g);

	/* bytes that are not UTF-8 still give a well-formed document */
	r->blocks[B_LOOP].label = "f\x01o\xff";
	g = render(r, VD_FMT_GRAPHML, 0, -1, 1);
	doc = xmlReadMemory(g, (int)strlen(g), "report.graphml", NULL,
			    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	assert_non_null(doc);
	xmlFreeDoc(doc);
	free(g);
	vd_result_free(r);
}

static void test_errors_leave_output_alone(void **state)
{
	(void)state;
	vd_result *r = make_result();
	vd_report_opts o;
	vd_buf b = VD_BUF_INIT;
	vd_buf_puts(&b, "before");
	vd_report_opts_init(&o);
	o.kind_filter = 99;
	assert_int_not_equal(vd_report_render(&b, r, &o), 0);
	assert_string_equal(vd_buf_cstr(&b), "before");
	o.kind_filter = -1;
	o.format = (vd_report_format)42;
	assert_int_not_equal(vd_report_render(&b, r, &o), 0);
	assert_string_equal(vd_buf_cstr(&b), "before");
	/* appending, and an empty result renders in every format */
	vd_result *e = vd_result_new();
	for (int f = VD_FMT_TABLE; f <= VD_FMT_GRAPHML; f++) {
		o.format = (vd_report_format)f;
		assert_int_equal(vd_report_render(&b, e, &o), 0);
	}
	assert_int_equal(strncmp(b.ptr, "beforetop 0 of 0 blocks", 23), 0);
	vd_result_free(e);
	vd_buf_release(&b);
	vd_result_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_table_orders),
		cmocka_unit_test(test_table_long_ids),
		cmocka_unit_test(test_table_width_findings),
		cmocka_unit_test(test_hostile_names),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_json_escaping),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_dot),
		cmocka_unit_test(test_graphml),
		cmocka_unit_test(test_errors_leave_output_alone),
	};
	int rc = cmocka_run_group_tests_name("report", tests, NULL, NULL);
	xmlCleanupParser();
	return rc;
}
