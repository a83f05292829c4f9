/*
 * vd_html.h - the static HTML report of `vidya report --html DIR` and the
 * page of `vidya diff --format html`.
 *
 * Everything the pages show comes in through vd_html_input (a run, its
 * findings, and what a trace of the same program measured); the library
 * reads the run's source files for the line heat maps and writes the
 * directory.  It never prints and never opens the database: the CLI loads
 * what the store holds and hands it over.  The pages are self-contained:
 * one style sheet (style.css) in DIR, inline SVG, no script, nothing
 * fetched from the network.
 *
 * The helpers below the writers are the pieces the pages are built from;
 * they are public so the tests can check them one by one.
 */
#ifndef VD_HTML_H
#define VD_HTML_H

#include <stddef.h>

#include "vd_analyzer.h"
#include "vd_findings.h"
#include "vd_store.h"
#include "vd_util.h"

typedef struct vd_html_input {
	const vd_result *r;       /* the run (required) */
	const vd_findings *f;     /* its findings, NULL: none computed */
	const char *source_root;  /* where the sources are read from; NULL: r->project_root */
	const char *db_name;      /* shown in the summary, may be NULL */
	const char *tool_version; /* shown in the footer, may be NULL */
	/* a trace of the same program: trace_id 0 = none */
	long trace_id;
	const vd_measured_block *measured; /* vd_store_measured_blocks */
	size_t nmeasured;
	const vd_trace_totals *layers; /* counters per file and layer */
	size_t nlayers;
	int no_graphviz; /* 1: the PDG as a nested list even when Graphviz works */
	int pdg_top;     /* blocks the PDG shows (with their ancestors), 0: 40 */
} vd_html_input;

/* What vd_html_write_report did (for the CLI's one-line summary). */
typedef struct vd_html_stats {
	size_t pages;          /* HTML files written */
	size_t files;          /* source pages */
	size_t missing;        /* source files that could not be read */
	int pdg_svg;           /* 1: the PDG was laid out by Graphviz */
	size_t scatter_points; /* blocks in the predicted-vs-measured plot */
} vd_html_stats;

/*
 * Writes the report into directory `dir` (created when missing, its files
 * replaced): index.html (summary, findings, hotspots, PDG, trace charts),
 * one page per source file under src/, style.css.  0, or VD_ERROR with a
 * message naming the file and the reason.  `stats` may be NULL.
 */
int vd_html_write_report(const char *dir, const vd_html_input *in, vd_html_stats *stats);

/* The page of `vidya diff --format html`: changed blocks and findings, and
 * (when `layers_a`/`layers_b` are given) counter deltas per file and layer
 * of two traces.  Appends one whole HTML document, style inline, to out. */
int vd_html_render_diff(vd_buf *out, const vd_diff *d, const char *title);
int vd_html_render_trace_diff(vd_buf *out, long trace_a, const vd_trace_totals *a, size_t na,
			      long trace_b, const vd_trace_totals *b, size_t nb);

/* ---- the pieces ---------------------------------------------------------------- */

/* s with & < > " ' as entities, control characters other than tab as
 * U+FFFD, and bytes that are not UTF-8 as U+FFFD; NULL appends nothing */
void vd_html_escape(vd_buf *out, const char *s);
/* the same for the first n bytes of s */
void vd_html_escape_n(vd_buf *out, const char *s, size_t n);

/* The heat-map colour of a line that carries `share` (0..1) of the
 * program's predicted I/O seconds, as "#rrggbb": a log scale from 1e-4
 * (pale yellow, #fff7bc) to 1 (red, #d7301f); NULL for no share (0,
 * negative or NaN), which the page leaves uncoloured. */
const char *vd_html_heat_colour(double share);
/* its position on the scale, 0..1 (-1 for no share) */
double vd_html_heat_level(double share);

/* Pixel coordinate of v on a log10 axis from lo to hi mapped onto
 * [px0, px1] (px1 < px0 for a y axis growing upwards); v outside the range
 * is clamped to it; NaN or v <= 0 gives NaN. */
double vd_html_log_axis(double v, double lo, double hi, double px0, double px1);
/* the decade range [*lo, *hi] (powers of ten) holding every positive
 * finite value of xs; 1e-6..1 when there is none */
void vd_html_log_range(const double *xs, size_t n, double *lo, double *hi);

/* A log-log scatter plot as inline SVG: x = predicted, y = measured, a
 * dashed y = x diagonal, each point a circle with a <title> (its label) and,
 * when hrefs[i] is not NULL, a link. */
void vd_html_svg_scatter(vd_buf *out, const char *xlabel, const char *ylabel, const double *x,
			 const double *y, const char *const *labels, const char *const *hrefs,
			 size_t n);
/* A horizontal bar chart as inline SVG: one bar per value, labelled, with
 * the value printed after it in `unit` ("s", "B" or "" for counts). */
void vd_html_svg_bars(vd_buf *out, const char *title, const char *const *labels,
		      const double *values, size_t n, const char *unit);

/* The shared style sheet. */
extern const char vd_html_css[];

#endif
