/*
 * site.c - `vidya report --html DIR`: the report directory.
 *
 * index.html: the summary (program CIOC, predicted I/O and compute
 * seconds, the device), the findings, the hotspot blocks, the source files,
 * the PDG and, with a trace of the program, predicted against measured
 * seconds per block and the counters per I/O layer.  src/N-NAME.html: one
 * page per source file, each line coloured by the predicted I/O seconds of
 * the I/O calls on it (share of the program's), with calls and seconds in a
 * gutter.  Every text that comes from the user's project (sources, paths,
 * block ids, evidence) goes through vd_html_escape.
 */
#define _GNU_SOURCE
#include "vd_html.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HOT_ROWS 30
#define PDG_TOP 40

int vd_html_pdg_svg(vd_buf *out, const char *dot); /* gv.c */

/* ---- the source files ------------------------------------------------------------ */

typedef struct line_info {
	double io_s, calls, bytes;
	int nfind;
} line_info;

typedef struct src_file {
	const char *path; /* as the blocks name it */
	const char *page; /* "src/3-main.c.html" */
	double io_s;      /* predicted I/O seconds of its I/O calls */
	double calls;
	line_info *lines; /* [0..nlines], by line number */
	int nlines;
} src_file;

typedef struct site {
	const vd_html_input *in;
	const vd_result *r;
	const vd_block *prog;
	double prog_io_s;
	vd_arena *a;
	src_file *files;
	size_t nfiles;
	vd_map *by_path; /* path -> index + 1 */
} site;

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static src_file *file_of(const site *s, const char *path)
{
	if (!path)
		return NULL;
	size_t k = (size_t)(uintptr_t)vd_map_get(s->by_path, path);
	return k ? &s->files[k - 1] : NULL;
}

/* a file name that is safe in a URL and on any file system */
static const char *page_name(vd_arena *a, size_t i, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char *p = vd_arena_printf(a, "src/%zu-%.60s.html", i + 1, base);
	for (char *c = p + 4; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || *c == '.' || *c == '-' || *c == '_'))
			*c = '_';
	return p;
}

static void line_grow(vd_arena *a, src_file *f, int line)
{
	if (line <= f->nlines)
		return;
	int n = f->nlines ? f->nlines : 64;
	while (n < line)
		n *= 2;
	line_info *l = vd_arena_alloc(a, (size_t)(n + 1) * sizeof(*l));
	if (f->lines)
		memcpy(l, f->lines, (size_t)(f->nlines + 1) * sizeof(*l));
	f->lines = l;
	f->nlines = n;
}

static void build_files(site *s)
{
	const vd_result *r = s->r;
	VD_VEC(const char *) paths = { 0 };
	vd_map *seen = vd_map_new();
	for (size_t i = 0; i < r->nblocks; i++) {
		const char *p = r->blocks[i].file;
		if (p && !vd_map_has(seen, p)) {
			vd_map_put(seen, p, NULL);
			vd_vec_push(paths, p);
		}
	}
	for (size_t i = 0; i < r->nsites; i++) {
		const char *p = r->sites[i].file;
		if (p && !vd_map_has(seen, p)) {
			vd_map_put(seen, p, NULL);
			vd_vec_push(paths, p);
		}
	}
	vd_map_free(seen);
	if (paths.n)
		qsort(paths.v, paths.n, sizeof(*paths.v), cmp_str);
	s->nfiles = paths.n;
	s->files = vd_arena_alloc(s->a, (paths.n + 1) * sizeof(*s->files));
	s->by_path = vd_map_new();
	for (size_t i = 0; i < paths.n; i++) {
		s->files[i].path = paths.v[i];
		s->files[i].page = page_name(s->a, i, paths.v[i]);
		vd_map_put(s->by_path, paths.v[i], (void *)(uintptr_t)(i + 1));
	}
	vd_vec_free(paths);
	/* each I/O call's predicted seconds on its line */
	for (size_t i = 0; i < r->nsites; i++) {
		const vd_iosite *x = &r->sites[i];
		src_file *f = file_of(s, x->file);
		if (!f || x->line <= 0)
			continue;
		long bi = x->block_id ? vd_result_find(r, x->block_id) : -1;
		double io = bi >= 0 && isfinite(r->blocks[bi].io_s) ? r->blocks[bi].io_s : 0;
		if (bi >= 0 && !r->blocks[bi].reachable)
			continue;
		line_grow(s->a, f, x->line);
		f->lines[x->line].io_s += io;
		f->lines[x->line].calls += isfinite(x->count) ? x->count : 0;
		f->lines[x->line].bytes += isfinite(x->bytes_total) ? x->bytes_total : 0;
		f->io_s += io;
		f->calls += isfinite(x->count) ? x->count : 0;
	}
	for (size_t i = 0; s->in->f && i < s->in->f->n; i++) {
		const vd_finding *x = &s->in->f->items[i];
		src_file *f = file_of(s, x->file);
		if (!f || x->site_line <= 0)
			continue;
		line_grow(s->a, f, x->site_line);
		f->lines[x->site_line].nfind++;
	}
}

/* ---- small writers ------------------------------------------------------------------ */

static void human_bytes(char *dst, size_t n, double v)
{
	static const char *const u[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	int i = 0;
	if (!isfinite(v)) {
		snprintf(dst, n, "?");
		return;
	}
	while (fabs(v) >= 1024 && i < 5) {
		v /= 1024;
		i++;
	}
	snprintf(dst, n, i ? "%.1f %s" : "%.0f %s", v, u[i]);
}

static void human_count(char *dst, size_t n, double v)
{
	if (!isfinite(v))
		snprintf(dst, n, "?");
	else if (fabs(v) < 1e4)
		snprintf(dst, n, "%.0f", v);
	else
		snprintf(dst, n, "%.3g", v);
}

static void put_secs(vd_buf *b, double v)
{
	if (!isfinite(v))
		vd_buf_puts(b, "?");
	else if (v == 0)
		vd_buf_puts(b, "0");
	else
		vd_buf_printf(b, "%.3g s", v);
}

/* <a href="PREFIX PAGE#LN">TEXT</a>, or TEXT alone when the file has no page */
static void put_loc(vd_buf *b, const site *s, const char *prefix, const char *file, int line)
{
	const src_file *f = file_of(s, file);
	if (f) {
		vd_buf_printf(b, "<a href=\"%s%s", prefix, f->page);
		if (line > 0)
			vd_buf_printf(b, "#L%d", line);
		vd_buf_puts(b, "\">");
	}
	vd_html_escape(b, file ? file : "-");
	if (line > 0)
		vd_buf_printf(b, ":%d", line);
	if (f)
		vd_buf_puts(b, "</a>");
}

static void page_head(vd_buf *b, const char *title, const char *css)
{
	vd_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		       "<title>");
	vd_html_escape(b, title);
	vd_buf_printf(b, "</title>\n<link rel=\"stylesheet\" href=\"%s\">\n</head>\n<body>\n", css);
}

static void page_foot(vd_buf *b, const site *s)
{
	vd_buf_puts(b, "<p class=\"muted\">Generated by vidya");
	if (s->in->tool_version) {
		vd_buf_putc(b, ' ');
		vd_html_escape(b, s->in->tool_version);
	}
	vd_buf_puts(b, " from the stored analysis; no network access is needed to read it.</p>\n"
		       "</body>\n</html>\n");
}

static int write_file(const char *dir, const char *name, const vd_buf *b)
{
	vd_arena *a = vd_arena_new();
	const char *path = vd_arena_printf(a, "%s/%s", dir, name);
	int rc = 0;
	FILE *fp = fopen(path, "w");
	if (!fp) {
		vd_error_set("unable to write '%s': %s", path, strerror(errno));
		rc = VD_ERROR;
	} else {
		size_t n = fwrite(vd_buf_cstr(b), 1, b->len, fp);
		if (fclose(fp) != 0 || n != b->len) {
			vd_error_set("unable to write '%s': %s", path, strerror(errno));
			rc = VD_ERROR;
		}
	}
	vd_arena_free(a);
	return rc;
}

static int make_dir(const char *path)
{
	struct stat st;
	if (mkdir(path, 0777) == 0)
		return 0;
	if (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	vd_error_set("unable to create the report directory '%s': %s", path,
		     errno == EEXIST ? "a file of that name exists" : strerror(errno));
	return VD_ERROR;
}

/* ---- index.html ------------------------------------------------------------------------ */

static void summary(vd_buf *b, const site *s)
{
	const vd_result *r = s->r;
	const vd_block *p = s->prog;
	vd_buf_puts(b, "<h2 id=\"summary\">Summary</h2>\n<table>\n");
	if (p) {
		char c[32], by[32];
		vd_buf_printf(
			b, "<tr><th>program CIOC</th><td class=\"n\">%.3f</td><td>%s</td></tr>\n",
			p->cioc, r->model ? "fitted model" : "analytic estimate");
		vd_buf_puts(b, "<tr><th>predicted I/O</th><td class=\"n\">");
		put_secs(b, p->io_s);
		vd_buf_puts(b,
			    "</td><td></td></tr>\n<tr><th>predicted compute</th><td class=\"n\">");
		put_secs(b, p->compute_s);
		if (r->model) {
			/* the fitted CIOC's own seconds, and the analytic CIOC of the
			 * predicted ones: each CIOC beside the seconds it is the share of */
			double t = p->io_s + p->compute_s;
			vd_buf_printf(
				b,
				"</td><td></td></tr>\n<tr><th>analytic CIOC</th><td class=\"n\">"
				"%.3f</td><td>of the predicted seconds</td></tr>\n"
				"<tr><th>fitted I/O</th><td class=\"n\">",
				p->analytic);
			put_secs(b, p->cioc * t);
			vd_buf_puts(b, "</td><td>the fitted CIOC's share of the predicted seconds"
				       "</td></tr>\n<tr><th>fitted compute</th><td class=\"n\">");
			put_secs(b, (1 - p->cioc) * t);
		}
		human_count(c, sizeof(c), p->p[VD_p2]);
		human_bytes(by, sizeof(by), p->p[VD_p3]);
		vd_buf_printf(
			b,
			"</td><td></td></tr>\n<tr><th>I/O calls (P2)</th><td class=\"n\">%s</td>"
			"<td></td></tr>\n<tr><th>bytes moved (P3)</th><td class=\"n\">%s</td>"
			"<td></td></tr>\n",
			c, by);
	}
	vd_buf_printf(b, "<tr><th>run</th><td class=\"n\">%ld</td><td>", r->run_id);
	vd_html_escape(b, r->created_at);
	if (s->in->db_name) {
		vd_buf_puts(b, ", database ");
		vd_html_escape(b, s->in->db_name);
	}
	vd_buf_puts(b, "</td></tr>\n<tr><th>project</th><td colspan=\"2\">");
	vd_html_escape(b, r->project_root);
	vd_buf_puts(b, " (entry <code>");
	vd_html_escape(b, r->entry ? r->entry : "main");
	vd_buf_puts(b, "</code>");
	if (r->args) {
		vd_buf_puts(b, ", args <code>");
		vd_html_escape(b, r->args);
		vd_buf_puts(b, "</code>");
	}
	if (r->nprocs > 1)
		vd_buf_printf(b, ", %d processes", r->nprocs);
	vd_buf_puts(b, ")</td></tr>\n");
	if (r->tus_failed > 0)
		vd_buf_printf(b,
			      "<tr><th>translation units</th><td colspan=\"2\">%d of %d could not "
			      "be parsed</td></tr>\n",
			      r->tus_failed, r->tus_total);
	vd_buf_puts(b, "</table>\n");

	const vd_device *d = &r->device;
	char x[32], y[32];
	vd_buf_puts(b, "<h3>Device profile</h3>\n<p>");
	if (d->is_default) {
		vd_buf_puts(b, "device defaults (no <code>vidya sysprobe</code> profile)");
	} else {
		vd_buf_puts(b, "measured by sysprobe on ");
		vd_html_escape(b, d->mount[0] ? d->mount : "(unknown mount)");
		if (d->fstype[0]) {
			vd_buf_puts(b, " (");
			vd_html_escape(b, d->fstype);
			vd_buf_putc(b, ')');
		}
	}
	vd_buf_puts(b, "</p>\n<table>\n");
	human_bytes(x, sizeof(x), d->seq_read_Bps);
	human_bytes(y, sizeof(y), d->seq_write_Bps);
	vd_buf_printf(b,
		      "<tr><th>sequential read / write</th><td class=\"n\">%s/s</td>"
		      "<td class=\"n\">%s/s</td></tr>\n",
		      x, y);
	vd_buf_printf(b,
		      "<tr><th>random 4 KiB read / write</th><td class=\"n\">%.0f IOPS</td>"
		      "<td class=\"n\">%.0f IOPS</td></tr>\n",
		      d->rand_read_iops, d->rand_write_iops);
	vd_buf_printf(b,
		      "<tr><th>call / fsync / metadata latency</th><td class=\"n\">%.3g s / %.3g s"
		      "</td><td class=\"n\">%.3g s</td></tr>\n",
		      d->latency_s, d->fsync_latency_s, d->meta_latency_s);
	human_bytes(x, sizeof(x), d->small_io_threshold);
	vd_buf_printf(b, "<tr><th>small-I/O threshold</th><td class=\"n\">%s</td><td></td></tr>\n",
		      x);
	vd_buf_printf(b, "<tr><th>compute</th><td class=\"n\">%.3g ns/op</td><td></td></tr>\n",
		      d->cpu_ns_per_op);
	vd_buf_puts(b, "</table>\n");
}

static void findings(vd_buf *b, const site *s)
{
	const vd_findings *f = s->in->f;
	vd_buf_puts(b, "<h2 id=\"findings\">Findings</h2>\n");
	if (!f) {
		vd_buf_puts(b, "<p class=\"muted\">No findings were computed.</p>\n");
		return;
	}
	if (!f->n) {
		vd_buf_puts(b, "<p>No rule fired.</p>\n");
		return;
	}
	vd_buf_printf(b, "<p>%zu finding%s, largest predicted gain first.</p>\n", f->n,
		      f->n == 1 ? "" : "s");
	vd_buf_puts(b, "<table>\n<tr><th>severity</th><th>rule</th><th>where</th>"
		       "<th>evidence and recommendation</th><th>share of I/O</th>"
		       "<th>gain</th></tr>\n");
	for (size_t i = 0; i < f->n; i++) {
		const vd_finding *x = &f->items[i];
		const char *sev = vd_severity_name(x->severity);
		vd_buf_printf(
			b,
			"<tr id=\"F%zu\"><td class=\"sev-%s\">%s</td><td><code>%s</code></td><td>",
			i + 1, sev, sev, vd_rule_table[x->rule].id);
		put_loc(b, s, "", x->file, x->site_line);
		if (x->call) {
			vd_buf_puts(b, " <code>");
			vd_html_escape(b, x->call);
			vd_buf_puts(b, "</code>");
		}
		vd_buf_puts(b, "</td><td>");
		vd_html_escape(b, x->evidence);
		vd_buf_puts(b, "<br><span class=\"rec\">&rarr; ");
		vd_html_escape(b, x->recommendation);
		vd_buf_puts(b, "</span>");
		if (x->confirmed) {
			vd_buf_puts(b, "<br><span class=\"muted\">trace: ");
			vd_html_escape(b, x->confirmed);
			vd_buf_puts(b, "</span>");
		}
		vd_buf_printf(b, "</td><td class=\"n\">%.1f %%</td><td class=\"n\">",
			      isfinite(x->share) ? 100 * x->share : 0);
		put_secs(b, x->gain_s);
		vd_buf_puts(b, "</td></tr>\n");
	}
	vd_buf_puts(b, "</table>\n");
}

/* the rule ids of the findings about block `id`, linked to their rows */
static void block_findings(vd_buf *b, const site *s, const char *id)
{
	const vd_findings *f = s->in->f;
	int any = 0;
	for (size_t i = 0; f && id && i < f->n; i++)
		if (f->items[i].block_id && !strcmp(f->items[i].block_id, id)) {
			vd_buf_printf(b, "%s<a href=\"#F%zu\">%s</a>", any ? " " : "", i + 1,
				      vd_rule_table[f->items[i].rule].id);
			any = 1;
		}
}

static int hot_cmp(const void *pa, const void *pb)
{
	const vd_block *a = *(const vd_block *const *)pa, *b = *(const vd_block *const *)pb;
	double x = isfinite(a->io_s) ? a->io_s : -1, y = isfinite(b->io_s) ? b->io_s : -1;
	if (x != y)
		return x < y ? 1 : -1;
	return strcmp(a->id ? a->id : "", b->id ? b->id : "");
}

static void hotspots(vd_buf *b, const site *s)
{
	const vd_result *r = s->r;
	const vd_block **v = vd_xmalloc((r->nblocks + 1) * sizeof(*v));
	size_t n = 0;
	for (size_t i = 0; i < r->nblocks; i++) {
		const vd_block *k = &r->blocks[i];
		if (k->reachable && (k->kind == VD_KIND_FUNCTION || k->kind == VD_KIND_LOOP ||
				     k->kind == VD_KIND_BRANCH))
			v[n++] = k;
	}
	qsort(v, n, sizeof(*v), hot_cmp);
	vd_buf_printf(
		b,
		"<h2 id=\"hotspots\">Hotspots</h2>\n<p>The %zu code blocks (functions, loops, "
		"branches) with the most predicted I/O seconds, most first.</p>\n",
		n < HOT_ROWS ? n : (size_t)HOT_ROWS);
	vd_buf_puts(b, "<table>\n<tr><th>#</th><th>block</th><th>kind</th><th>location</th>"
		       "<th>CIOC</th><th>predicted I/O</th><th>compute</th><th>I/O calls</th>"
		       "<th>bytes</th><th>findings</th></tr>\n");
	for (size_t i = 0; i < n && i < HOT_ROWS; i++) {
		const vd_block *k = v[i];
		char c[32], by[32];
		human_count(c, sizeof(c), k->p[VD_p2]);
		human_bytes(by, sizeof(by), k->p[VD_p3]);
		vd_buf_printf(b, "<tr><td class=\"n\">%zu</td><td><code>", i + 1);
		vd_html_escape(b, k->id);
		vd_buf_printf(b, "</code></td><td>%s</td><td>", vd_kind_name(k->kind));
		put_loc(b, s, "", k->file, k->line);
		vd_buf_printf(b, "</td><td class=\"n\">%.3f</td><td class=\"n\">", k->cioc);
		put_secs(b, k->io_s);
		vd_buf_puts(b, "</td><td class=\"n\">");
		put_secs(b, k->compute_s);
		vd_buf_printf(b, "</td><td class=\"n\">%s</td><td class=\"n\">%s</td><td>", c, by);
		block_findings(b, s, k->id);
		vd_buf_puts(b, "</td></tr>\n");
	}
	vd_buf_puts(b, "</table>\n");
	free(v);
}

static void file_list(vd_buf *b, const site *s)
{
	vd_buf_puts(b, "<h2 id=\"files\">Source files</h2>\n<table>\n<tr><th>file</th>"
		       "<th>predicted I/O</th><th>share</th><th>I/O calls</th></tr>\n");
	for (size_t i = 0; i < s->nfiles; i++) {
		const src_file *f = &s->files[i];
		char c[32];
		double share = s->prog_io_s > 0 ? f->io_s / s->prog_io_s : 0;
		const char *col = vd_html_heat_colour(share);
		human_count(c, sizeof(c), f->calls);
		vd_buf_printf(b, "<tr><td><a href=\"%s\">", f->page);
		vd_html_escape(b, f->path);
		vd_buf_puts(b, "</a></td><td class=\"n\">");
		put_secs(b, f->io_s);
		vd_buf_printf(
			b, "</td><td class=\"n\"%s%s%s>%.1f %%</td><td class=\"n\">%s</td></tr>\n",
			col ? " style=\"background:" : "", col ? col : "", col ? "\"" : "",
			100 * share, c);
	}
	vd_buf_puts(b, "</table>\n");
}

/* ---- the PDG ----------------------------------------------------------------------------- */

/* blocks the PDG shows: the pdg_top blocks with the most predicted I/O
 * seconds (none without) and every ancestor of them, the program always */
static unsigned char *pdg_marks(const site *s)
{
	const vd_result *r = s->r;
	size_t top = s->in->pdg_top > 0 ? (size_t)s->in->pdg_top : PDG_TOP;
	const vd_block **v = vd_xmalloc((r->nblocks + 1) * sizeof(*v));
	unsigned char *m = vd_xcalloc(r->nblocks + 1, 1);
	size_t n = 0;
	for (size_t i = 0; i < r->nblocks; i++)
		if (r->blocks[i].reachable && r->blocks[i].kind != VD_KIND_FILE &&
		    r->blocks[i].io_s > 0)
			v[n++] = &r->blocks[i];
	qsort(v, n, sizeof(*v), hot_cmp);
	for (size_t k = 0; k < n && k < top; k++) {
		long i = v[k] - r->blocks;
		for (size_t depth = 0; i >= 0 && !m[i] && depth <= r->nblocks; depth++) {
			m[i] = 1;
			i = r->blocks[i].parent_id ? vd_result_find(r, r->blocks[i].parent_id) : -1;
		}
	}
	for (size_t i = 0; i < r->nblocks; i++)
		if (r->blocks[i].kind == VD_KIND_PROGRAM)
			m[i] = 1;
	free(v);
	return m;
}

static void dot_str(vd_buf *b, const char *s)
{
	vd_buf_putc(b, '"');
	for (const char *p = s ? s : ""; *p; p++) {
		if (*p == '"' || *p == '\\')
			vd_buf_putc(b, '\\');
		if (*p == '\n')
			vd_buf_puts(b, "\\n");
		else if ((unsigned char)*p < 0x20)
			vd_buf_putc(b, ' ');
		else
			vd_buf_putc(b, *p);
	}
	vd_buf_putc(b, '"');
}

/* "function write_checkpoint, line 21", "loop for, line 38", "file log.c" */
static const char *node_text(vd_arena *a, const vd_block *k)
{
	if (k->kind == VD_KIND_PROGRAM)
		return "program";
	const char *what = k->kind == VD_KIND_FILE       ? k->file
			   : k->kind == VD_KIND_FUNCTION ? k->function
							 : k->label;
	const char *kind = vd_kind_name(k->kind);
	if (k->kind == VD_KIND_FILE || k->line <= 0)
		return vd_arena_printf(a, "%s %s", kind, what ? what : "");
	return vd_arena_printf(a, "%s %s, line %d", kind, what ? what : "", k->line);
}

static void pdg_dot(vd_buf *b, const site *s, const unsigned char *m)
{
	const vd_result *r = s->r;
	vd_buf_puts(b, "digraph pdg {\n rankdir=LR;\n node [shape=box, style=filled, "
		       "fontname=\"sans\", fontsize=10];\n");
	for (size_t i = 0; i < r->nblocks; i++) {
		const vd_block *k = &r->blocks[i];
		if (!m[i])
			continue;
		double share = s->prog_io_s > 0 && isfinite(k->io_s) ? k->io_s / s->prog_io_s : 0;
		const char *col = vd_html_heat_colour(share);
		vd_buf_printf(b, " n%zu [label=", i);
		const char *t = node_text(s->a, k);
		dot_str(b, vd_arena_printf(s->a, "%s\nCIOC %.2f, %.3g s I/O", t, k->cioc, k->io_s));
		vd_buf_printf(b, ", fillcolor=\"%s\", tooltip=", col ? col : "#ffffff");
		dot_str(b, k->id);
		const src_file *f = file_of(s, k->file);
		if (f) {
			vd_buf_puts(b, ", URL=");
			dot_str(b, k->line > 0 ? vd_arena_printf(s->a, "%s#L%d", f->page, k->line)
					       : f->page);
		}
		vd_buf_puts(b, "];\n");
	}
	for (size_t i = 0; i < r->nblocks; i++) {
		if (!m[i] || !r->blocks[i].parent_id)
			continue;
		long p = vd_result_find(r, r->blocks[i].parent_id);
		if (p >= 0 && m[p])
			vd_buf_printf(b, " n%ld -> n%zu;\n", p, i);
	}
	vd_buf_puts(b, "}\n");
}

static void pdg_list(vd_buf *b, const site *s, const unsigned char *m, long at, int depth)
{
	const vd_result *r = s->r;
	int opened = 0;
	for (size_t i = 0; i < r->nblocks && depth < 256; i++) {
		const vd_block *k = &r->blocks[i];
		if (!m[i])
			continue;
		long p = k->parent_id ? vd_result_find(r, k->parent_id) : -1;
		if (p != at || (long)i == at)
			continue;
		if (!opened) {
			vd_buf_puts(b, depth ? "<ul>\n" : "<ul class=\"tree\">\n");
			opened = 1;
		}
		vd_buf_puts(b, "<li>");
		const src_file *f = file_of(s, k->file);
		if (f)
			vd_buf_printf(b, "<a href=\"%s#L%d\">", f->page, k->line > 0 ? k->line : 1);
		vd_html_escape(b, node_text(s->a, k));
		if (f)
			vd_buf_puts(b, "</a>");
		vd_buf_printf(b, " &mdash; CIOC %.2f, ", k->cioc);
		put_secs(b, k->io_s);
		vd_buf_puts(b, " I/O\n");
		pdg_list(b, s, m, (long)i, depth + 1);
		vd_buf_puts(b, "</li>\n");
	}
	if (opened)
		vd_buf_puts(b, "</ul>\n");
}

static void pdg(vd_buf *b, const site *s, vd_html_stats *st)
{
	unsigned char *m = pdg_marks(s);
	vd_buf_puts(b, "<h2 id=\"pdg\">Program dependence graph</h2>\n<p>The blocks with the "
		       "most predicted I/O seconds and the blocks that contain them; colour by "
		       "share of the program's predicted I/O seconds.</p>\n");
	int done = 0;
	if (!s->in->no_graphviz) {
		vd_buf dot = VD_BUF_INIT, svg = VD_BUF_INIT;
		pdg_dot(&dot, s, m);
		if (vd_html_pdg_svg(&svg, vd_buf_cstr(&dot)) == 0) {
			vd_buf_puts(b, "<div class=\"pdg\">\n");
			vd_buf_put(b, svg.ptr, svg.len);
			vd_buf_puts(b, "</div>\n");
			done = 1;
			st->pdg_svg = 1;
		}
		vd_buf_release(&dot);
		vd_buf_release(&svg);
	}
	if (!done)
		pdg_list(b, s, m, -1, 0);
	free(m);
}

/* ---- the trace ----------------------------------------------------------------------------- */

static void trace_section(vd_buf *b, const site *s, vd_html_stats *st)
{
	const vd_html_input *in = s->in;
	const vd_result *r = s->r;
	vd_buf_puts(b, "<h2 id=\"trace\">Predicted and measured</h2>\n");
	if (in->trace_id <= 0) {
		vd_buf_puts(b, "<p class=\"muted\">No trace of this program is stored: run "
			       "<code>vidya trace -- PROGRAM</code> to compare the prediction "
			       "with a measurement.</p>\n");
		return;
	}
	vd_buf_printf(b,
		      "<p>Trace %ld: predicted against measured I/O seconds per block "
		      "(functions and loops the trace could map to the run's blocks), log-log; "
		      "on the dashed line the prediction is exact.</p>\n",
		      in->trace_id);
	size_t n = 0, skipped = 0;
	double *x = vd_xmalloc((in->nmeasured + 1) * sizeof(double));
	double *y = vd_xmalloc((in->nmeasured + 1) * sizeof(double));
	const char **lab = vd_xcalloc(in->nmeasured + 1, sizeof(char *));
	const char **href = vd_xcalloc(in->nmeasured + 1, sizeof(char *));
	vd_buf rows = VD_BUF_INIT;
	for (size_t i = 0; i < in->nmeasured; i++) {
		const vd_measured_block *mb = &in->measured[i];
		long bi = mb->block_id ? vd_result_find(r, mb->block_id) : -1;
		if (bi < 0)
			continue;
		const vd_block *k = &r->blocks[bi];
		if (!(k->io_s > 0) || !(mb->io_s > 0) || !isfinite(k->io_s)) {
			skipped++;
			continue;
		}
		x[n] = k->io_s;
		y[n] = mb->io_s;
		lab[n] = k->id;
		const src_file *f = file_of(s, k->file);
		href[n] = f ? vd_arena_printf(s->a, "%s#L%d", f->page, k->line > 0 ? k->line : 1)
			    : NULL;
		vd_buf_puts(&rows, "<tr><td><code>");
		vd_html_escape(&rows, k->id);
		vd_buf_puts(&rows, "</code></td><td class=\"n\">");
		put_secs(&rows, k->io_s);
		vd_buf_puts(&rows, "</td><td class=\"n\">");
		put_secs(&rows, mb->io_s);
		vd_buf_printf(&rows,
			      "</td><td class=\"n\">%.2fx</td><td class=\"n\">%.0f</td></tr>\n",
			      k->io_s / mb->io_s, mb->io_ops);
		n++;
	}
	st->scatter_points = n;
	if (n) {
		vd_html_svg_scatter(b, "predicted I/O seconds", "measured I/O seconds", x, y,
				    (const char *const *)lab, (const char *const *)href, n);
		vd_buf_puts(b, "<table>\n<tr><th>block</th><th>predicted I/O</th>"
			       "<th>measured I/O</th><th>predicted / measured</th>"
			       "<th>measured calls</th></tr>\n");
		vd_buf_put(b, rows.ptr, rows.len);
		vd_buf_puts(b, "</table>\n");
	} else {
		vd_buf_puts(b, "<p class=\"muted\">No block has both predicted and measured I/O "
			       "seconds (was the program built with <code>-g</code>?).</p>\n");
	}
	if (skipped)
		vd_buf_printf(b,
			      "<p class=\"muted\">%zu measured block%s with no predicted or no "
			      "measured I/O seconds left out of the plot.</p>\n",
			      skipped, skipped == 1 ? "" : "s");
	vd_buf_release(&rows);
	free(x);
	free(y);
	free(lab);
	free(href);

	/* counters per layer, summed over files, and seconds per file */
	if (!in->nlayers)
		return;
	const char *names[8];
	double ops[8], bytes[8], secs[8];
	size_t nl = 0;
	for (size_t k = 0; k < in->nlayers; k++) {
		const vd_trace_totals *t = &in->layers[k];
		size_t j = 0;
		while (j < nl && strcmp(names[j], t->api))
			j++;
		if (j == nl) {
			if (nl == 8)
				continue;
			names[nl] = t->api;
			ops[nl] = bytes[nl] = secs[nl] = 0;
			nl++;
		}
		/* opens reads writes seeks flushes syncs metas bytes_read bytes_written
		 * read_s write_s meta_s (vd_trace_total_names) */
		for (int c = 0; c < 7; c++)
			ops[j] += t->v[c];
		bytes[j] += t->v[7] + t->v[8];
		secs[j] += t->v[9] + t->v[10] + t->v[11];
	}
	vd_buf_puts(b, "<h3>Counters per I/O layer</h3>\n");
	vd_html_svg_bars(b, "calls per layer", names, ops, nl, "");
	vd_html_svg_bars(b, "bytes read and written per layer", names, bytes, nl, "B");
	vd_html_svg_bars(b, "seconds in I/O calls per layer", names, secs, nl, "s");
	size_t nf = in->nlayers < 20 ? in->nlayers : 20;
	const char **fl = vd_xcalloc(nf + 1, sizeof(char *));
	double *fs = vd_xcalloc(nf + 1, sizeof(double));
	/* the files with the most seconds */
	unsigned char *used = vd_xcalloc(in->nlayers + 1, 1);
	for (size_t k = 0; k < nf; k++) {
		size_t best = 0;
		double bv = -1;
		for (size_t j = 0; j < in->nlayers; j++) {
			const double *v = in->layers[j].v;
			if (!used[j] && v[9] + v[10] + v[11] > bv) {
				bv = v[9] + v[10] + v[11];
				best = j;
			}
		}
		used[best] = 1;
		fl[k] = vd_arena_printf(s->a, "%s (%s)", in->layers[best].path,
					in->layers[best].api);
		fs[k] = bv;
	}
	vd_html_svg_bars(b, "seconds in I/O calls per file and layer", fl, fs, nf, "s");
	free(used);
	free(fl);
	free(fs);
}

static void write_index(vd_buf *b, site *s, vd_html_stats *st)
{
	const vd_result *r = s->r;
	char title[96];
	snprintf(title, sizeof(title), "vidya report, run %ld", r->run_id);
	page_head(b, title, "style.css");
	vd_buf_printf(b, "<h1>vidya report &mdash; run %ld</h1>\n", r->run_id);
	vd_buf_puts(b, "<p><a href=\"#summary\">summary</a> &middot; <a href=\"#findings\">"
		       "findings</a> &middot; <a href=\"#hotspots\">hotspots</a> &middot; "
		       "<a href=\"#files\">source files</a> &middot; <a href=\"#pdg\">PDG</a> "
		       "&middot; <a href=\"#trace\">predicted and measured</a></p>\n");
	summary(b, s);
	findings(b, s);
	hotspots(b, s);
	file_list(b, s);
	pdg(b, s, st);
	trace_section(b, s, st);
	page_foot(b, s);
}

/* ---- one source file ------------------------------------------------------------------------ */

static void legend(vd_buf *b)
{
	static const double shares[] = { 1e-4, 1e-3, 1e-2, 0.1, 0.5, 1 };
	vd_buf_puts(b, "<p class=\"legend\">share of the program's predicted I/O seconds: ");
	for (size_t i = 0; i < sizeof(shares) / sizeof(*shares); i++)
		vd_buf_printf(b, "<span style=\"background:%s\">%g %%</span>",
			      vd_html_heat_colour(shares[i]), 100 * shares[i]);
	vd_buf_puts(b, "</p>\n");
}

static void file_findings(vd_buf *b, const site *s, const src_file *f)
{
	const vd_findings *fs = s->in->f;
	int any = 0;
	for (size_t i = 0; fs && i < fs->n; i++) {
		const vd_finding *x = &fs->items[i];
		if (!x->file || strcmp(x->file, f->path))
			continue;
		if (!any)
			vd_buf_puts(b, "<h2>Findings</h2>\n<ul>\n");
		any = 1;
		vd_buf_printf(b,
			      "<li><a href=\"#L%d\">line %d</a> <span class=\"sev-%s\">%s</span> "
			      "<a href=\"../index.html#F%zu\"><code>%s</code></a>: ",
			      x->site_line, x->site_line, vd_severity_name(x->severity),
			      vd_severity_name(x->severity), i + 1, vd_rule_table[x->rule].id);
		vd_html_escape(b, x->evidence);
		vd_buf_puts(b, " <span class=\"rec\">&rarr; ");
		vd_html_escape(b, x->recommendation);
		vd_buf_puts(b, "</span></li>\n");
	}
	if (any)
		vd_buf_puts(b, "</ul>\n");
}

static void write_source(vd_buf *b, const site *s, const src_file *f, vd_html_stats *st)
{
	const char *root = s->in->source_root ? s->in->source_root : s->r->project_root;
	const char *full = root ? vd_path_join(s->a, root, f->path) : f->path;
	char *text = NULL;
	size_t len = 0;
	int rd = vd_read_file(&text, &len, full);
	int err = errno;

	page_head(b, f->path, "../style.css");
	vd_buf_puts(b, "<p><a href=\"../index.html\">&larr; report</a></p>\n<h1>");
	vd_html_escape(b, f->path);
	vd_buf_puts(b, "</h1>\n<p>predicted I/O ");
	put_secs(b, f->io_s);
	if (s->prog_io_s > 0)
		vd_buf_printf(b, " (%.1f %% of the program's)", 100 * f->io_s / s->prog_io_s);
	vd_buf_puts(b, "</p>\n");
	file_findings(b, s, f);
	if (rd != 0) {
		st->missing++;
		vd_buf_puts(b, "<p class=\"missing\">The source file <code>");
		vd_html_escape(b, full);
		vd_buf_puts(b, "</code> could not be read (");
		vd_html_escape(b, err ? strerror(err) : vd_error_last());
		vd_buf_puts(b, "): it has moved or was deleted since the analysis. The lines "
			       "with I/O calls the analysis saw:</p>\n<table>\n<tr><th>line</th>"
			       "<th>calls</th><th>predicted I/O</th></tr>\n");
		for (int l = 1; l <= f->nlines; l++) {
			const line_info *li = &f->lines[l];
			if (!(li->calls > 0 || li->io_s > 0 || li->nfind))
				continue;
			char c[32];
			human_count(c, sizeof(c), li->calls);
			vd_buf_printf(
				b,
				"<tr id=\"L%d\"><td class=\"n\">%d</td><td class=\"n\">%s</td>"
				"<td class=\"n\">",
				l, l, c);
			put_secs(b, li->io_s);
			vd_buf_puts(b, "</td></tr>\n");
		}
		vd_buf_puts(b, "</table>\n");
		page_foot(b, s);
		free(text);
		return;
	}
	legend(b);
	vd_buf_puts(b, "<table class=\"src\">\n<tr><th>line</th><th>calls</th><th>I/O s</th>"
		       "<th>source</th></tr>\n");
	const char *p = text, *end = text + len;
	int ln = 0;
	while (p < end || (ln == 0 && len == 0)) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		ln++;
		const line_info *li = ln <= f->nlines ? &f->lines[ln] : NULL;
		double share = li && s->prog_io_s > 0 ? li->io_s / s->prog_io_s : 0;
		const char *col = vd_html_heat_colour(share);
		vd_buf_printf(b, "<tr id=\"L%d\"%s><td class=\"ln\"><a href=\"#L%d\">%d</a></td>",
			      ln, li && li->nfind ? " class=\"find\"" : "", ln, ln);
		if (li && (li->calls > 0 || li->io_s > 0)) {
			char c[32];
			human_count(c, sizeof(c), li->calls);
			vd_buf_printf(b, "<td class=\"g\">%s</td><td class=\"g\">", c);
			put_secs(b, li->io_s);
			vd_buf_puts(b, "</td>");
		} else {
			vd_buf_puts(b, "<td class=\"g\"></td><td class=\"g\"></td>");
		}
		if (col)
			vd_buf_printf(b, "<td class=\"code\" style=\"background:%s\">", col);
		else
			vd_buf_puts(b, "<td class=\"code\">");
		if (n && p[n - 1] == '\r')
			n--;
		vd_html_escape_n(b, p, n);
		vd_buf_puts(b, "</td></tr>\n");
		if (!nl)
			break;
		p = nl + 1;
		if (p == end)
			break;
	}
	vd_buf_puts(b, "</table>\n");
	page_foot(b, s);
	free(text);
}

/* ---- the directory ------------------------------------------------------------------------- */

int vd_html_write_report(const char *dir, const vd_html_input *in, vd_html_stats *stats)
{
	vd_html_stats st_local;
	vd_html_stats *st = stats ? stats : &st_local;
	memset(st, 0, sizeof(*st));
	if (!in || !in->r) {
		vd_error_set("no run to report");
		return VD_ERROR;
	}
	site s = { 0 };
	s.in = in;
	s.r = in->r;
	s.a = vd_arena_new();
	for (size_t i = 0; i < in->r->nblocks; i++)
		if (in->r->blocks[i].kind == VD_KIND_PROGRAM) {
			s.prog = &in->r->blocks[i];
			break;
		}
	s.prog_io_s = s.prog && isfinite(s.prog->io_s) ? s.prog->io_s : 0;
	int rc = VD_ERROR;
	vd_buf b = VD_BUF_INIT;
	const char *srcdir = vd_arena_printf(s.a, "%s/src", dir);
	if (make_dir(dir) != 0 || make_dir(srcdir) != 0)
		goto done;
	build_files(&s);
	vd_buf_puts(&b, vd_html_css);
	if (write_file(dir, "style.css", &b) != 0)
		goto done;
	for (size_t i = 0; i < s.nfiles; i++) {
		vd_buf_clear(&b);
		write_source(&b, &s, &s.files[i], st);
		if (write_file(dir, s.files[i].page, &b) != 0)
			goto done;
		st->files++;
		st->pages++;
	}
	vd_buf_clear(&b);
	write_index(&b, &s, st);
	if (write_file(dir, "index.html", &b) != 0)
		goto done;
	st->pages++;
	rc = 0;
done:
	vd_buf_release(&b);
	vd_map_free(s.by_path);
	vd_arena_free(s.a);
	return rc;
}
