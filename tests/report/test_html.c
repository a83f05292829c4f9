/*
 * test_html.c - the HTML report's pieces (report/): escaping, the heat-map
 * colour scale, log axes and the scatter plot's coordinates, the bar chart,
 * and the report directory written for a small run whose sources hold
 * markup, one of them missing.
 */
#define _GNU_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "vd_html.h"

static char *esc(const char *s)
{
	vd_buf b = VD_BUF_INIT;
	vd_html_escape(&b, s);
	vd_buf_putc(&b, '\0'); /* an empty result is "" too */
	return vd_buf_detach(&b);
}

static void test_escape(void **state)
{
	(void)state;
	char *s = esc("<script>alert('x&y')</script>\"");
	assert_string_equal(s, "&lt;script&gt;alert(&#39;x&amp;y&#39;)&lt;/script&gt;&quot;");
	free(s);
	/* UTF-8 passes, a stray byte, a cut sequence and control characters
	 * become U+FFFD; tab and newline stay */
	s = esc("caf\xc3\xa9 \xff \x1b[31m\tend\n\xe2\x82");
	assert_string_equal(s, "caf\xc3\xa9 \xef\xbf\xbd \xef\xbf\xbd[31m\tend\n\xef\xbf\xbd\xef\xbf\xbd");
	free(s);
	vd_buf b = VD_BUF_INIT;
	vd_html_escape(&b, NULL);
	assert_int_equal(b.len, 0);
	vd_html_escape_n(&b, "a<b>c", 2); /* only the first n bytes */
	assert_string_equal(vd_buf_cstr(&b), "a&lt;");
	vd_buf_release(&b);
}

static void test_heat_scale(void **state)
{
	(void)state;
	/* no share: no colour */
	assert_null(vd_html_heat_colour(0));
	assert_null(vd_html_heat_colour(-0.5));
	assert_null(vd_html_heat_colour(NAN));
	assert_true(vd_html_heat_level(0) < 0);
	/* the ends of the log scale, and clamping beyond them */
	assert_string_equal(vd_html_heat_colour(1e-4), "#fff7bc");
	assert_string_equal(vd_html_heat_colour(1e-9), "#fff7bc");
	assert_string_equal(vd_html_heat_colour(1), "#d7301f");
	assert_string_equal(vd_html_heat_colour(5), "#d7301f");
	assert_true(fabs(vd_html_heat_level(1e-4)) < 1e-12);
	assert_true(fabs(vd_html_heat_level(1e-2) - 0.5) < 1e-12);
	assert_true(fabs(vd_html_heat_level(1) - 1) < 1e-12);
	/* monotone: more share, never a lighter step */
	static const char *const order[] = { "#fff7bc", "#fee391", "#fec44f", "#fe9929",
					     "#fd8d3c", "#f03b20", "#e0301e", "#d7301f" };
	int last = 0;
	for (double s = 1e-5; s <= 1; s *= 1.3) {
		const char *c = vd_html_heat_colour(s);
		int k = 0;
		while (k < 8 && strcmp(order[k], c))
			k++;
		assert_true(k < 8);
		assert_true(k >= last);
		last = k;
	}
	assert_int_equal(last, 7);
}

static void test_log_axis(void **state)
{
	(void)state;
	/* 1e-6..1 on 70..500: decades are equally spaced */
	assert_true(fabs(vd_html_log_axis(1e-6, 1e-6, 1, 70, 500) - 70) < 1e-9);
	assert_true(fabs(vd_html_log_axis(1, 1e-6, 1, 70, 500) - 500) < 1e-9);
	assert_true(fabs(vd_html_log_axis(1e-3, 1e-6, 1, 70, 500) - 285) < 1e-9);
	/* a y axis grows upwards: px1 < px0 */
	assert_true(fabs(vd_html_log_axis(1e-2, 1e-4, 1, 360, 20) - 190) < 1e-9);
	/* clamped to the range; no position for 0, negatives, NaN */
	assert_true(fabs(vd_html_log_axis(1e3, 1e-6, 1, 70, 500) - 500) < 1e-9);
	assert_true(fabs(vd_html_log_axis(1e-9, 1e-6, 1, 70, 500) - 70) < 1e-9);
	assert_true(isnan(vd_html_log_axis(0, 1e-6, 1, 70, 500)));
	assert_true(isnan(vd_html_log_axis(-1, 1e-6, 1, 70, 500)));
	assert_true(isnan(vd_html_log_axis(NAN, 1e-6, 1, 70, 500)));

	double lo, hi;
	const double xs[] = { 0.003, 0, -2, 0.25, NAN, 4e-5 };
	vd_html_log_range(xs, 6, &lo, &hi);
	assert_true(fabs(lo - 1e-5) < 1e-18);
	assert_true(fabs(hi - 1) < 1e-12);
	vd_html_log_range(xs + 1, 2, &lo, &hi); /* nothing positive */
	assert_true(fabs(lo - 1e-6) < 1e-18 && fabs(hi - 1) < 1e-12);
	const double one[] = { 100 };
	vd_html_log_range(one, 1, &lo, &hi); /* a power of ten alone: one decade */
	assert_true(fabs(lo - 100) < 1e-9 && fabs(hi - 1000) < 1e-9);
}

/* the circles' centres, in order */
static size_t circles(const char *svg, double *cx, double *cy, size_t max)
{
	size_t n = 0;
	for (const char *p = strstr(svg, "<circle"); p && n < max; p = strstr(p + 1, "<circle")) {
		assert_int_equal(sscanf(p, "<circle cx=\"%lf\" cy=\"%lf\"", &cx[n], &cy[n]), 2);
		n++;
	}
	return n;
}

static void test_scatter(void **state)
{
	(void)state;
	/* x and y share one range (1e-3..1 here): the diagonal is y = x */
	const double x[] = { 1e-3, 1, 0.1, 0 };
	const double y[] = { 1e-3, 0.01, 0.1, 0.5 };
	const char *labels[] = { "a<b>", "main.c:main", "loop", "zero" };
	const char *hrefs[] = { "src/1-a.html#L3", NULL, "x\"y", NULL };
	vd_buf b = VD_BUF_INIT;
	vd_html_svg_scatter(&b, "predicted <s>", "measured", x, y, labels, hrefs, 4);
	const char *s = vd_buf_cstr(&b);
	double cx[8], cy[8];
	/* the point with x = 0 has no place on a log axis: left out */
	assert_int_equal(circles(s, cx, cy, 8), 3);
	/* plot area: x 70..500, y 360 (bottom) .. 20 (top) */
	assert_true(fabs(cx[0] - 70) < 0.06 && fabs(cy[0] - 360) < 0.06);
	assert_true(fabs(cx[1] - 500) < 0.06 && fabs(cy[1] - (360 - 340.0 / 3)) < 0.06);
	assert_true(fabs(cx[2] - (70 + 430.0 * 2 / 3)) < 0.06 &&
		    fabs(cy[2] - (360 - 340.0 * 2 / 3)) < 0.06);
	/* the diagonal from the lower left to the upper right corner */
	assert_non_null(strstr(s, "<line x1=\"70\" y1=\"360\" x2=\"500\" y2=\"20\" class=\"diag\"/>"));
	assert_non_null(strstr(s, ">1e-3</text>"));
	assert_non_null(strstr(s, ">1e0</text>"));
	/* labels, links and axis titles escaped */
	assert_non_null(strstr(s, "<title>a&lt;b&gt;: predicted"));
	assert_non_null(strstr(s, "<a href=\"src/1-a.html#L3\">"));
	assert_non_null(strstr(s, "<a href=\"x&quot;y\">"));
	assert_non_null(strstr(s, "predicted &lt;s&gt;"));
	assert_null(strstr(s, "<b>"));
	assert_null(strstr(s, "<s>"));
	vd_buf_release(&b);
}

static void test_bars(void **state)
{
	(void)state;
	const char *labels[] = { "posix", "<stdio>" };
	const double v[] = { 2048, 1024 };
	vd_buf b = VD_BUF_INIT;
	vd_html_svg_bars(&b, "bytes", labels, v, 2, "B");
	const char *s = vd_buf_cstr(&b);
	double w1 = 0, w2 = 0;
	const char *r1 = strstr(s, "class=\"bar\"");
	assert_non_null(r1);
	const char *r2 = strstr(r1 + 1, "class=\"bar\"");
	assert_non_null(r2);
	/* widths: the largest bar spans the plot, the half-size one half of it */
	const char *w = strstr(s, "width=\"");
	w = strstr(w + 1, "width=\""); /* the svg's own width first */
	assert_int_equal(sscanf(w, "width=\"%lf\"", &w1), 1);
	w = strstr(w + 1, "width=\"");
	assert_int_equal(sscanf(w, "width=\"%lf\"", &w2), 1);
	assert_true(w1 > 0 && fabs(w2 - w1 / 2) < 0.1);
	assert_non_null(strstr(s, ">2.0 KiB</text>"));
	assert_non_null(strstr(s, "&lt;stdio&gt;"));
	assert_null(strstr(s, "<stdio>"));
	vd_buf_release(&b);
	/* a long label shows its last 40 characters; its tooltip all of it */
	const char *longl[] = { "/scratch/a/very/long/directory/name/for/the/run/ckpt_0001.dat" };
	const double one[] = { 1 };
	vd_html_svg_bars(&b, "s", longl, one, 1, "s");
	s = vd_buf_cstr(&b);
	assert_non_null(strstr(s, ">\xe2\x80\xa6" "directory/name/for/the/run/ckpt_0001.dat</text>"));
	assert_non_null(strstr(s, "<title>/scratch/a/very/long/directory/name/for/the/run/ckpt_0001.dat: 1 s"));
	vd_buf_release(&b);
}

/* ---- the report directory ---------------------------------------------------------- */

static char tmpdir[] = "/tmp/vd-html-test.XXXXXX";

static vd_block *add(vd_result *r, const char *id, vd_kind kind, const char *file,
		     const char *parent, int line, double io_s)
{
	r->blocks = realloc(r->blocks, (r->nblocks + 1) * sizeof(vd_block));
	assert_non_null(r->blocks);
	vd_block *b = &r->blocks[r->nblocks++];
	memset(b, 0, sizeof(*b));
	b->id = id;
	b->kind = kind;
	b->file = file;
	b->parent_id = parent;
	b->function = kind == VD_KIND_PROGRAM || kind == VD_KIND_FILE ? NULL : "main";
	b->line = line;
	b->io_s = io_s;
	b->compute_s = 0.1;
	b->cioc = io_s / (io_s + 0.1);
	b->reachable = 1;
	return b;
}

static vd_result *make_run(void)
{
	vd_result *r = vd_result_new();
	r->project_root = tmpdir;
	r->entry = "main";
	r->run_id = 3;
	r->created_at = "2024-05-01T12:00:00Z";
	vd_device_defaults(&r->device);
	add(r, "program", VD_KIND_PROGRAM, NULL, NULL, 0, 2.0);
	add(r, "app.c", VD_KIND_FILE, "app.c", "program", 1, 1.9);
	add(r, "app.c:main", VD_KIND_FUNCTION, "app.c", "app.c", 2, 1.9);
	add(r, "app.c:main/loop#1", VD_KIND_LOOP, "app.c", "app.c:main", 3, 1.8);
	add(r, "app.c:main/loop#1/io#1", VD_KIND_IO, "app.c", "app.c:main/loop#1", 4, 1.8);
	add(r, "gone.c", VD_KIND_FILE, "gone.c", "program", 1, 0.1);
	add(r, "gone.c:f", VD_KIND_FUNCTION, "gone.c", "gone.c", 7, 0.1);
	add(r, "gone.c:f/io#1", VD_KIND_IO, "gone.c", "gone.c:f", 9, 0.1);
	r->sites = calloc(2, sizeof(vd_iosite));
	r->nsites = 2;
	r->sites[0] = (vd_iosite){ "app.c:main/loop#1/io#1", "posix", "write", "write", "app.c",
				   4, 16, 1000, 16000, VD_IO_SMALL, "out.dat", NULL };
	r->sites[1] = (vd_iosite){ "gone.c:f/io#1", "posix", "fsync", "sync", "gone.c", 9, 0, 10,
				   0, 0, NULL, NULL };
	return r;
}

__attribute__((noinline)) static char *slurp(const char *dir, const char *name)
{
	char path[512], *text = NULL;
	size_t len;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(vd_read_file(&text, &len, path), 0);
	return text;
}

static void test_report_dir(void **state)
{
	(void)state;
	char path[512];
	snprintf(path, sizeof(path), "%s/app.c", tmpdir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("#include <unistd.h>\nint main(void)\n{\n\tfor (int i = 0; i < 1000; i++) "
	      "write(1, \"<script>alert(1)</script>\", 16);\n}\n/* </td></tr></table> & \xff */\n",
	      f);
	fclose(f);
	vd_result *r = make_run();
	vd_findings fs = { 0 };
	vd_finding item = { 0 };
	item.rule = VD_RULE_SMALL_IO_LOOP;
	item.severity = VD_DIAG_WARNING;
	item.block_id = "app.c:main/loop#1";
	item.file = "app.c";
	item.line = 3;
	item.site_line = 4;
	item.call = "write";
	item.evidence = "1000 `write` calls of <16 B>";
	item.recommendation = "gather & write once";
	item.share = 0.9;
	item.gain_s = 1.7;
	fs.items = &item;
	fs.n = 1;
	const vd_measured_block mb[] = { { "app.c:main/loop#1", 3.0, 0.9, 1000, 16000 },
					 { "app.c:main", 3.1, 0.95, 1000, 16000 },
					 { "no-such-block", 1, 1, 1, 1 } };
	vd_trace_totals layers[2] = { { "/tmp/out.dat", "posix", { 0 } },
				      { "<evil>.dat", "stdio", { 0 } } };
	layers[0].v[2] = 1000; /* writes */
	layers[0].v[8] = 16000;
	layers[0].v[10] = 0.9;
	layers[1].v[1] = 3;
	vd_html_input in = { 0 };
	in.r = r;
	in.f = &fs;
	in.trace_id = 5;
	in.measured = mb;
	in.nmeasured = 3;
	in.layers = layers;
	in.nlayers = 2;
	in.no_graphviz = 1;
	char out[512];
	snprintf(out, sizeof(out), "%s/report", tmpdir);
	vd_html_stats st;
	assert_int_equal(vd_html_write_report(out, &in, &st), 0);
	assert_int_equal(st.files, 2);
	assert_int_equal(st.pages, 3);
	assert_int_equal(st.missing, 1);
	assert_int_equal(st.pdg_svg, 0);
	assert_int_equal(st.scatter_points, 2);

	char *idx = slurp(out, "index.html");
	assert_non_null(strstr(idx, "<link rel=\"stylesheet\" href=\"style.css\">"));
	/* nothing is fetched: no remote source, link, import or script */
	assert_null(strstr(idx, "src=\"http"));
	assert_null(strstr(idx, "href=\"http"));
	assert_null(strstr(idx, "@import"));
	assert_null(strstr(idx, "<script"));
	assert_non_null(strstr(idx, "1000 `write` calls of &lt;16 B&gt;"));
	assert_non_null(strstr(idx, "gather &amp; write once"));
	assert_non_null(strstr(idx, "<a href=\"src/1-app.c.html#L4\">app.c:4</a>"));
	assert_non_null(strstr(idx, "<a href=\"#F1\">small-io-loop</a>")); /* hotspot row */
	assert_non_null(strstr(idx, "<ul class=\"tree\">"));           /* PDG without Graphviz */
	assert_non_null(strstr(idx, "<circle"));
	assert_non_null(strstr(idx, "&lt;evil&gt;.dat (stdio)"));
	assert_null(strstr(idx, "<evil>"));
	free(idx);

	char *page = slurp(out, "src/1-app.c.html");
	assert_non_null(strstr(page, "href=\"../style.css\""));
	assert_non_null(strstr(page, "&lt;script&gt;alert(1)&lt;/script&gt;"));
	assert_null(strstr(page, "<script"));
	assert_non_null(strstr(page, "&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt; &amp; \xef\xbf\xbd"));
	/* line 4: the write, coloured (90 % of the program's I/O), 1000 calls */
	const char *l4 = strstr(page, "<tr id=\"L4\" class=\"find\">");
	assert_non_null(l4);
	assert_non_null(strstr(l4, "<td class=\"g\">1000</td><td class=\"g\">1.8 s</td>"));
	assert_non_null(strstr(l4, "style=\"background:#d7301f\""));
	assert_true(strstr(l4, "</tr>") > strstr(l4, "#d7301f"));
	/* line 3 has no I/O call: no colour */
	const char *l3 = strstr(page, "<tr id=\"L3\">");
	assert_non_null(l3);
	assert_true(strstr(l3, "</tr>") < strstr(l3, "background"));
	free(page);

	char *gone = slurp(out, "src/2-gone.c.html");
	assert_non_null(strstr(gone, "could not be read"));
	assert_non_null(strstr(gone, "<tr id=\"L9\">"));
	free(gone);

	char *css = slurp(out, "style.css");
	assert_string_equal(css, vd_html_css);
	free(css);

	/* with Graphviz: the PDG as inline SVG, without an XML prolog */
	in.no_graphviz = 0;
	in.trace_id = 0;
	assert_int_equal(vd_html_write_report(out, &in, &st), 0);
	assert_int_equal(st.pdg_svg, 1);
	idx = slurp(out, "index.html");
	assert_non_null(strstr(idx, "<div class=\"pdg\">\n<svg"));
	assert_null(strstr(idx, "<?xml"));
	assert_non_null(strstr(idx, "No trace of this program is stored"));
	free(idx);

	/* a directory that cannot be made: an error naming it */
	assert_int_equal(vd_html_write_report("/proc/no/such/dir", &in, &st), VD_ERROR);
	assert_non_null(strstr(vd_error_last(), "/proc/no/such/dir"));
	vd_result_free(r);
}

static void test_diff_page(void **state)
{
	(void)state;
	vd_block_delta items[2] = { { 0 } };
	items[0].block_id = "a.c:<f>/loop#1";
	items[0].kind = "loop";
	items[0].status = VD_DELTA_CHANGED;
	items[0].cioc_a = 0.5;
	items[0].cioc_b = 0.75;
	items[0].findings_a = "";
	items[0].findings_b = "small-io-loop";
	items[1].block_id = "a.c:g";
	items[1].kind = "function";
	items[1].status = VD_DELTA_ADDED;
	items[1].findings_a = items[1].findings_b = "";
	vd_diff d = { NULL, items, 2, 1, 2 };
	vd_buf b = VD_BUF_INIT;
	assert_int_equal(vd_html_render_diff(&b, &d, "runs <1> & <2>"), 0);
	const char *s = vd_buf_cstr(&b);
	assert_non_null(strstr(s, "<title>runs &lt;1&gt; &amp; &lt;2&gt;</title>"));
	assert_non_null(strstr(s, "1 block changed, 1 added, 0 removed"));
	assert_non_null(strstr(s, "a.c:&lt;f&gt;/loop#1"));
	assert_non_null(strstr(s, "<td class=\"n\">0.500</td><td class=\"n\">0.750</td>"));
	assert_non_null(strstr(s, "<td>-</td><td>small-io-loop</td>"));
	assert_non_null(strstr(s, "<td class=\"added\">added</td>"));
	assert_non_null(strstr(s, "<style>")); /* the report's style, inline */
	vd_buf_release(&b);

	vd_trace_totals ta[1] = { { "x.dat", "posix", { 0 } } };
	vd_trace_totals tb[2] = { { "x.dat", "posix", { 0 } }, { "new.dat", "stdio", { 0 } } };
	ta[0].v[1] = 10;
	tb[0].v[1] = 25;
	tb[1].v[2] = 4;
	assert_int_equal(vd_html_render_trace_diff(&b, 1, ta, 1, 2, tb, 2), 0);
	s = vd_buf_cstr(&b);
	assert_non_null(strstr(s, "<td>reads</td><td class=\"n\">10</td><td class=\"n\">25</td>"
				  "<td class=\"n\">+15</td>"));
	assert_non_null(strstr(s, "<td class=\"added\">added</td><td>new.dat</td>"));
	/* unchanged counters of a file both traces have are left out */
	assert_null(strstr(s, "<td>x.dat</td><td>posix</td><td>opens</td>"));
	assert_non_null(strstr(s, "<td>new.dat</td><td>stdio</td><td>opens</td>"));
	vd_buf_release(&b);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),   cmocka_unit_test(test_heat_scale),
		cmocka_unit_test(test_log_axis), cmocka_unit_test(test_scatter),
		cmocka_unit_test(test_bars),     cmocka_unit_test(test_report_dir),
		cmocka_unit_test(test_diff_page),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
