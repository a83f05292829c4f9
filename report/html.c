/*
 * html.c - the pieces of the HTML pages: escaping, the heat-map colour
 * scale, log axes, inline SVG charts and the style sheet.
 */
#define _GNU_SOURCE
#include "vd_html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- text ------------------------------------------------------------------------ */

void vd_html_escape_n(vd_buf *out, const char *s, size_t n)
{
	if (!s)
		return;
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	while (p < end) {
		unsigned char c = *p;
		if (c >= 0x80) {
			size_t l = vd_utf8_len(p);
			if (l == 0 || p + l > end) {
				vd_buf_puts(out, "\xEF\xBF\xBD");
				p++;
			} else {
				vd_buf_put(out, (const char *)p, l);
				p += l;
			}
			continue;
		}
		switch (c) {
		case '&':
			vd_buf_puts(out, "&amp;");
			break;
		case '<':
			vd_buf_puts(out, "&lt;");
			break;
		case '>':
			vd_buf_puts(out, "&gt;");
			break;
		case '"':
			vd_buf_puts(out, "&quot;");
			break;
		case '\'':
			vd_buf_puts(out, "&#39;");
			break;
		case '\t':
		case '\n':
			vd_buf_putc(out, (char)c);
			break;
		default:
			if (c < 0x20 || c == 0x7f)
				vd_buf_puts(out, "\xEF\xBF\xBD");
			else
				vd_buf_putc(out, (char)c);
		}
		p++;
	}
}

void vd_html_escape(vd_buf *out, const char *s)
{
	if (s)
		vd_html_escape_n(out, s, strlen(s));
}

/* ---- colour scale -------------------------------------------------------------- */

#define HEAT_DECADES 4.0 /* 1e-4 .. 1 */

double vd_html_heat_level(double share)
{
	if (!(share > 0))
		return -1;
	double t = (log10(share) + HEAT_DECADES) / HEAT_DECADES;
	return t < 0 ? 0 : t > 1 ? 1 : t;
}

const char *vd_html_heat_colour(double share)
{
	/* ColorBrewer YlOrRd, light to dark: 8 steps */
	static const char *const steps[] = { "#fff7bc", "#fee391", "#fec44f", "#fe9929",
					     "#fd8d3c", "#f03b20", "#e0301e", "#d7301f" };
	double t = vd_html_heat_level(share);
	if (t < 0)
		return NULL;
	int i = (int)floor(t * 8);
	return steps[i > 7 ? 7 : i];
}

/* ---- axes --------------------------------------------------------------------------- */

double vd_html_log_axis(double v, double lo, double hi, double px0, double px1)
{
	if (!(v > 0) || !isfinite(v) || !(lo > 0) || !(hi > lo))
		return NAN;
	if (v < lo)
		v = lo;
	if (v > hi)
		v = hi;
	double t = (log10(v) - log10(lo)) / (log10(hi) - log10(lo));
	return px0 + t * (px1 - px0);
}

void vd_html_log_range(const double *xs, size_t n, double *lo, double *hi)
{
	double mn = INFINITY, mx = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		if (!(xs[i] > 0) || !isfinite(xs[i]))
			continue;
		if (xs[i] < mn)
			mn = xs[i];
		if (xs[i] > mx)
			mx = xs[i];
	}
	if (!isfinite(mn)) {
		*lo = 1e-6;
		*hi = 1;
		return;
	}
	*lo = pow(10, floor(log10(mn)));
	*hi = pow(10, ceil(log10(mx)));
	if (*hi <= *lo)
		*hi = *lo * 10;
}

/* ---- SVG ----------------------------------------------------------------------------- */

#define SC_W 520
#define SC_H 420
#define SC_L 70 /* plot area: left, right, top, bottom */
#define SC_R 500
#define SC_T 20
#define SC_B 360

static void decade_label(char *dst, size_t n, double v)
{
	snprintf(dst, n, "1e%d", (int)lround(log10(v)));
}

void vd_html_svg_scatter(vd_buf *out, const char *xlabel, const char *ylabel, const double *x,
			 const double *y, const char *const *labels, const char *const *hrefs,
			 size_t n)
{
	double *both = vd_xmalloc((2 * n + 1) * sizeof(double));
	double lo, hi;
	memcpy(both, x, n * sizeof(double));
	memcpy(both + n, y, n * sizeof(double));
	vd_html_log_range(both, 2 * n, &lo, &hi); /* one range: the diagonal is y = x */
	free(both);
	vd_buf_printf(out,
		      "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		      "height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n",
		      SC_W, SC_H, SC_W, SC_H);
	vd_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"plot\"/>\n",
		      SC_L, SC_T, SC_R - SC_L, SC_B - SC_T);
	for (double d = lo; d <= hi * 1.0001; d *= 10) {
		char lab[16];
		double px = vd_html_log_axis(d, lo, hi, SC_L, SC_R);
		double py = vd_html_log_axis(d, lo, hi, SC_B, SC_T);
		decade_label(lab, sizeof(lab), d);
		vd_buf_printf(
			out,
			"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"grid\"/>"
			"<text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">%s</text>\n",
			px, SC_T, px, SC_B, px, SC_B + 16, lab);
		vd_buf_printf(
			out,
			"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>"
			"<text x=\"%d\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">%s</text>\n",
			SC_L, py, SC_R, py, SC_L - 6, py + 4, lab);
	}
	vd_buf_printf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"diag\"/>\n", SC_L,
		      SC_B, SC_R, SC_T);
	vd_buf_printf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" class=\"axis\">",
		      (SC_L + SC_R) / 2, SC_H - 14);
	vd_html_escape(out, xlabel);
	vd_buf_printf(out,
		      "</text>\n<text x=\"16\" y=\"%d\" text-anchor=\"middle\" class=\"axis\" "
		      "transform=\"rotate(-90 16 %d)\">",
		      (SC_T + SC_B) / 2, (SC_T + SC_B) / 2);
	vd_html_escape(out, ylabel);
	vd_buf_puts(out, "</text>\n");
	for (size_t i = 0; i < n; i++) {
		double px = vd_html_log_axis(x[i], lo, hi, SC_L, SC_R);
		double py = vd_html_log_axis(y[i], lo, hi, SC_B, SC_T);
		if (!isfinite(px) || !isfinite(py))
			continue;
		if (hrefs && hrefs[i]) {
			vd_buf_puts(out, "<a href=\"");
			vd_html_escape(out, hrefs[i]);
			vd_buf_puts(out, "\">");
		}
		vd_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" class=\"pt\"><title>",
			      px, py);
		if (labels && labels[i])
			vd_html_escape(out, labels[i]);
		vd_buf_printf(out, ": predicted %.3g, measured %.3g</title></circle>", x[i], y[i]);
		if (hrefs && hrefs[i])
			vd_buf_puts(out, "</a>");
		vd_buf_putc(out, '\n');
	}
	vd_buf_puts(out, "</svg>\n");
}

/* v in `unit` as people read it */
static void human_value(char *dst, size_t n, double v, const char *unit)
{
	static const char *const bu[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	if (!isfinite(v)) {
		snprintf(dst, n, "?");
	} else if (!strcmp(unit, "B")) {
		int i = 0;
		while (v >= 1024 && i < 4) {
			v /= 1024;
			i++;
		}
		snprintf(dst, n, i ? "%.1f %s" : "%.0f %s", v, bu[i]);
	} else if (!strcmp(unit, "s")) {
		snprintf(dst, n, "%.3g s", v);
	} else {
		snprintf(dst, n, "%.0f", v);
	}
}

/* the last `max` code points of s (a long path keeps its file name) */
static const char *tail_cols(const char *s, size_t max)
{
	size_t n = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		n += (*p & 0xc0) != 0x80;
	const char *p = s;
	for (; n > max && *p; p++)
		if ((*(const unsigned char *)(p + 1) & 0xc0) != 0x80)
			n--;
	return p;
}

#define BAR_LABEL_MAX 40
#define BAR_W 640
#define BAR_LABEL 260
#define BAR_H 18

void vd_html_svg_bars(vd_buf *out, const char *title, const char *const *labels,
		      const double *values, size_t n, const char *unit)
{
	double mx = 0;
	for (size_t i = 0; i < n; i++)
		if (isfinite(values[i]) && values[i] > mx)
			mx = values[i];
	int h = (int)(n * (BAR_H + 4)) + 30;
	vd_buf_printf(out,
		      "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		      "height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n<text x=\"0\" y=\"16\" "
		      "class=\"axis\">",
		      BAR_W, h, BAR_W, h);
	vd_html_escape(out, title);
	vd_buf_puts(out, "</text>\n");
	for (size_t i = 0; i < n; i++) {
		int y = 26 + (int)i * (BAR_H + 4);
		double w = mx > 0 && isfinite(values[i]) && values[i] > 0
				   ? values[i] / mx * (BAR_W - BAR_LABEL - 90)
				   : 0;
		char val[32];
		human_value(val, sizeof(val), values[i], unit);
		vd_buf_printf(out, "<text x=\"%d\" y=\"%d\" class=\"tick\" text-anchor=\"end\">",
			      BAR_LABEL - 6, y + 13);
		const char *shown = tail_cols(labels[i], BAR_LABEL_MAX);
		if (shown != labels[i])
			vd_buf_puts(out, "\xe2\x80\xa6"); /* the title keeps it whole */
		vd_html_escape(out, shown);
		vd_buf_printf(out,
			      "</text><rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
			      "class=\"bar\"><title>",
			      BAR_LABEL, y, w, BAR_H);
		vd_html_escape(out, labels[i]);
		vd_buf_printf(
			out,
			": %s</title></rect><text x=\"%.1f\" y=\"%d\" class=\"tick\">%s</text>\n",
			val, BAR_LABEL + w + 4, y + 13, val);
	}
	vd_buf_puts(out, "</svg>\n");
}

/* ---- style ------------------------------------------------------------------------------ */

const char vd_html_css[] =
	"body{font-family:sans-serif;margin:1.5em auto;max-width:72em;color:#222;"
	"padding:0 1em}\n"
	"h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #ccc;margin-top:2em}\n"
	"table{border-collapse:collapse;margin:.5em 0}\n"
	"th,td{padding:.2em .6em;border-bottom:1px solid #eee;text-align:left;"
	"vertical-align:top}\n"
	"th{background:#f4f4f4}\ntd.n{text-align:right;font-variant-numeric:tabular-nums}\n"
	"code,pre,.src{font-family:monospace}\n"
	".sev-error{color:#b00;font-weight:bold}.sev-warning{color:#a60}.sev-note{color:#06a}\n"
	".rec{color:#060}\n.muted{color:#777}\n.missing{background:#fee;padding:.5em;"
	"border:1px solid #c99}\n"
	"table.src{border:1px solid #ccc;width:100%}\n"
	"table.src td{border:0;padding:0 .5em;white-space:pre}\n"
	"table.src td.ln{color:#999;text-align:right;background:#f8f8f8}\n"
	"table.src td.g{text-align:right;background:#f8f8f8;color:#555;"
	"font-variant-numeric:tabular-nums}\n"
	"table.src tr.find td.code{outline:2px solid #b00}\n"
	".legend span{display:inline-block;padding:0 .6em;margin-right:2px}\n"
	"svg.chart{font-family:sans-serif;font-size:11px;margin:.5em 0}\n"
	"svg .plot{fill:#fff;stroke:#999}svg .grid{stroke:#eee}"
	"svg .diag{stroke:#888;stroke-dasharray:4 3}\n"
	"svg .pt{fill:#d7301f;fill-opacity:.7;stroke:#600}svg .bar{fill:#4a7ab0}\n"
	"svg .axis{font-size:12px;font-weight:bold}\n"
	".pdg svg{max-width:100%;height:auto}\n"
	"ul.tree{font-family:monospace}\n"
	".added{color:#060}.removed{color:#b00}\n";
