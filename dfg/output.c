/*
 * output.c - the DFG as DOT, JSON (jansson), GraphML (libxml2), a text
 * table, and SVG/PNG/PDF laid out by Graphviz's own library (gvc, cgraph).
 *
 * Node labels follow the seed: the activity, "Load: rd (b)" and
 * "DR: mc x dr".  A partitioned graph colours what only the green cases do
 * green and what only the red ones do red; otherwise nodes are shaded blue
 * by a statistic (darker = higher).
 */
#define _GNU_SOURCE
#include "dfg_internal.h"

#include <errno.h>
#include <jansson.h>
#include <libxml/xmlwriter.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

static void human_bytes(char *out, size_t n, double b)
{
	static const char *const unit[] = { "B", "kB", "MB", "GB", "TB", "PB" };
	int u = 0;
	while (b >= 1000 && u < 5)
		b /= 1000, u++;
	if (u == 0)
		snprintf(out, n, "%.0f B", b);
	else
		snprintf(out, n, "%.1f %s", b, unit[u]);
}

/* the name with " and \ escaped for a DOT string */
static void dot_str(vd_buf *o, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			vd_buf_putc(o, '\\');
		if (*s == '\n') {
			vd_buf_puts(o, "\\n");
			continue;
		}
		vd_buf_putc(o, *s);
	}
}

static const char *const blues[] = { "#f7fbff", "#deebf7", "#c6dbef", "#9ecae1", "#6baed6",
				     "#4292c6", "#2171b5", "#08519c", "#08306b" };

static double stat_of(const vd_dfg_node *n, vd_dfg_color c)
{
	switch (c) {
	case VD_DFG_COLOR_RD:
		return n->rd;
	case VD_DFG_COLOR_BYTES:
		return (double)n->bytes;
	case VD_DFG_COLOR_DR:
		return n->dr;
	default:
		return 0;
	}
}

#define GREEN_LINE "#1a9850"
#define GREEN_FILL "#d9f0d3"
#define RED_LINE "#d73027"
#define RED_FILL "#fddbc7"

static int only_green(const vd_dfg *g, int part)
{
	return g->partitioned && part == VD_DFG_GREEN;
}
static int only_red(const vd_dfg *g, int part)
{
	return g->partitioned && part == VD_DFG_RED;
}

int vd_dfg_write_dot(const vd_dfg *g, vd_dfg_color color, vd_buf *o)
{
	double max = 0;
	for (size_t i = 2; i < g->nnodes; i++)
		if (!g->nodes[i].hidden && stat_of(&g->nodes[i], color) > max)
			max = stat_of(&g->nodes[i], color);
	long long emax = 1;
	for (size_t i = 0; i < g->nedges; i++)
		if (!g->edges[i].hidden && g->edges[i].count > emax)
			emax = g->edges[i].count;
	vd_buf_puts(o, "digraph dfg {\n"
		       "  rankdir=TB;\n"
		       "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", "
		       "fontname=\"Helvetica\", fontsize=10];\n"
		       "  edge [fontname=\"Helvetica\", fontsize=9];\n");
	for (size_t i = 0; i < g->nnodes; i++) {
		const vd_dfg_node *n = &g->nodes[i];
		if (n->hidden)
			continue;
		vd_buf_printf(o, "  n%zu [", i);
		if (n->kind == VD_DFG_NODE_START) {
			vd_buf_printf(o,
				      "label=\"\xe2\x97\x8f\", tooltip=\"START (%lld traces)\", "
				      "shape=circle, style=filled, fillcolor=\"#000000\", "
				      "fontcolor=\"#ffffff\", width=0.3, fixedsize=true];\n",
				      n->count);
			continue;
		}
		if (n->kind == VD_DFG_NODE_END) {
			vd_buf_printf(o,
				      "label=\"\xe2\x96\xa0\", tooltip=\"END (%lld traces)\", "
				      "shape=square, style=filled, fillcolor=\"#000000\", "
				      "fontcolor=\"#ffffff\", width=0.3, fixedsize=true];\n",
				      n->count);
			continue;
		}
		char b[32], dr[32];
		human_bytes(b, sizeof b, (double)n->bytes);
		human_bytes(dr, sizeof dr, n->dr);
		vd_buf_puts(o, "label=\"");
		dot_str(o, n->name);
		vd_buf_printf(o, "\\nLoad: %.3f (%s)\\nDR: %ld \xc3\x97 %s/s\"", n->rd, b, n->mc,
			      dr);
		if (only_green(g, n->part))
			vd_buf_puts(o, ", color=\"" GREEN_LINE "\", fillcolor=\"" GREEN_FILL
				       "\", fontcolor=\"" GREEN_LINE "\", penwidth=2");
		else if (only_red(g, n->part))
			vd_buf_puts(o, ", color=\"" RED_LINE "\", fillcolor=\"" RED_FILL
				       "\", fontcolor=\"" RED_LINE "\", penwidth=2");
		else if (!g->partitioned && color != VD_DFG_COLOR_NONE && max > 0) {
			int k = (int)floor(stat_of(n, color) / max * 8 + 0.5);
			k = k < 0 ? 0 : k > 8 ? 8 : k;
			vd_buf_printf(o, ", fillcolor=\"%s\"%s", blues[k],
				      k >= 5 ? ", fontcolor=\"#ffffff\"" : "");
		}
		vd_buf_puts(o, "];\n");
	}
	for (size_t i = 0; i < g->nedges; i++) {
		const vd_dfg_edge *e = &g->edges[i];
		if (e->hidden)
			continue;
		double w = 1 + 3 * log1p((double)e->count) / log1p((double)emax);
		vd_buf_printf(o, "  n%zu -> n%zu [label=\"%lld\", penwidth=%.2f", e->from, e->to,
			      e->count, w);
		if (only_green(g, e->part))
			vd_buf_puts(o, ", color=\"" GREEN_LINE "\", fontcolor=\"" GREEN_LINE "\"");
		else if (only_red(g, e->part))
			vd_buf_puts(o, ", color=\"" RED_LINE "\", fontcolor=\"" RED_LINE "\"");
		vd_buf_puts(o, "];\n");
	}
	vd_buf_puts(o, "}\n");
	return 0;
}

static const char *part_name(const vd_dfg *g, int part)
{
	if (!g->partitioned)
		return NULL;
	switch (part) {
	case VD_DFG_GREEN:
		return "green";
	case VD_DFG_RED:
		return "red";
	case VD_DFG_GREEN | VD_DFG_RED:
		return "both";
	default:
		return "neither";
	}
}

int vd_dfg_write_json(const vd_dfg *g, const vd_dfg_log *l, vd_buf *out)
{
	json_t *root = json_object(), *nodes = json_array(), *edges = json_array();
	json_object_set_new(root, "traces", json_integer((json_int_t)g->ntraces));
	json_object_set_new(root, "events", json_integer((json_int_t)g->nevents));
	if (l) {
		json_object_set_new(root, "cases", json_integer((json_int_t)vd_dfg_log_ncases(l)));
		json_object_set_new(root, "unmapped",
				    json_integer((json_int_t)vd_dfg_log_nunmapped(l)));
		json_t *iss = json_array();
		for (size_t i = 0; i < vd_dfg_log_nkept_issues(l); i++) {
			const vd_dfg_issue *is = vd_dfg_log_issue(l, i);
			json_array_append_new(iss, json_pack("{s:s, s:I, s:s}", "file", is->file,
							     "line", (json_int_t)is->line, "reason",
							     is->reason));
		}
		json_object_set_new(root, "malformed",
				    json_integer((json_int_t)vd_dfg_log_nissues(l)));
		json_object_set_new(root, "malformed_lines", iss);
	}
	json_object_set_new(root, "partitioned", json_boolean(g->partitioned));
	for (size_t i = 0; i < g->nnodes; i++) {
		const vd_dfg_node *n = &g->nodes[i];
		if (n->hidden)
			continue;
		const char *kind = n->kind == VD_DFG_NODE_START ? "start"
				   : n->kind == VD_DFG_NODE_END ? "end"
								: "activity";
		json_t *o = json_pack("{s:I, s:s, s:s, s:I}", "id", (json_int_t)i, "activity",
				      n->name, "kind", kind, "count", (json_int_t)n->count);
		if (n->kind == VD_DFG_NODE_ACT) {
			json_object_set_new(o, "dur_s", json_real(n->dur));
			json_object_set_new(o, "rd", json_real(n->rd));
			json_object_set_new(o, "bytes", json_integer((json_int_t)n->bytes));
			json_object_set_new(o, "dr_Bps", json_real(n->dr));
			json_object_set_new(o, "mc", json_integer(n->mc));
		}
		if (part_name(g, n->part))
			json_object_set_new(o, "part", json_string(part_name(g, n->part)));
		json_array_append_new(nodes, o);
	}
	for (size_t i = 0; i < g->nedges; i++) {
		const vd_dfg_edge *e = &g->edges[i];
		if (e->hidden)
			continue;
		json_t *o = json_pack("{s:s, s:s, s:I}", "from", g->nodes[e->from].name, "to",
				      g->nodes[e->to].name, "count", (json_int_t)e->count);
		if (part_name(g, e->part))
			json_object_set_new(o, "part", json_string(part_name(g, e->part)));
		json_array_append_new(edges, o);
	}
	json_object_set_new(root, "nodes", nodes);
	json_object_set_new(root, "edges", edges);
	char *s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
	json_decref(root);
	if (!s) {
		vd_error_set("JSON output failed");
		return -1;
	}
	vd_buf_puts(out, s);
	vd_buf_putc(out, '\n');
	free(s);
	return 0;
}

int vd_dfg_write_graphml(const vd_dfg *g, vd_buf *out)
{
	xmlBufferPtr xb = xmlBufferCreate();
	xmlTextWriterPtr w = xb ? xmlNewTextWriterMemory(xb, 0) : NULL;
	if (!w) {
		if (xb)
			xmlBufferFree(xb);
		vd_error_set("GraphML output failed");
		return -1;
	}
	static const char *const keys[][3] = {
		{ "activity", "node", "string" }, { "kind", "node", "string" },
		{ "count", "node", "long" },      { "dur_s", "node", "double" },
		{ "rd", "node", "double" },       { "bytes", "node", "long" },
		{ "dr_Bps", "node", "double" },   { "mc", "node", "long" },
		{ "part", "node", "string" },     { "count", "edge", "long" },
		{ "part", "edge", "string" },
	};
	char v[64];
	int rc = 0;
	rc |= xmlTextWriterSetIndent(w, 1) < 0;
	rc |= xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL) < 0;
	rc |= xmlTextWriterStartElement(w, BAD_CAST "graphml") < 0;
	rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "xmlns",
					  BAD_CAST "http://graphml.graphdrawing.org/xmlns") < 0;
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		snprintf(v, sizeof v, "%s_%s", keys[k][1], keys[k][0]);
		rc |= xmlTextWriterStartElement(w, BAD_CAST "key") < 0;
		rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "id", BAD_CAST v) < 0;
		rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "for", BAD_CAST keys[k][1]) < 0;
		rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "attr.name", BAD_CAST keys[k][0]) < 0;
		rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "attr.type", BAD_CAST keys[k][2]) < 0;
		rc |= xmlTextWriterEndElement(w) < 0;
	}
	rc |= xmlTextWriterStartElement(w, BAD_CAST "graph") < 0;
	rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "id", BAD_CAST "dfg") < 0;
	rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "edgedefault", BAD_CAST "directed") < 0;
#define DATA(key, ...)                                                                  \
	do {                                                                            \
		rc |= xmlTextWriterStartElement(w, BAD_CAST "data") < 0;                \
		rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "key", BAD_CAST key) < 0; \
		rc |= xmlTextWriterWriteFormatString(w, __VA_ARGS__) < 0;               \
		rc |= xmlTextWriterEndElement(w) < 0;                                   \
	} while (0)
	for (size_t i = 0; i < g->nnodes; i++) {
		const vd_dfg_node *n = &g->nodes[i];
		if (n->hidden)
			continue;
		snprintf(v, sizeof v, "n%zu", i);
		rc |= xmlTextWriterStartElement(w, BAD_CAST "node") < 0;
		rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "id", BAD_CAST v) < 0;
		DATA("node_activity", "%s", n->name);
		DATA("node_kind", "%s",
		     n->kind == VD_DFG_NODE_START ? "start"
		     : n->kind == VD_DFG_NODE_END ? "end"
						  : "activity");
		DATA("node_count", "%lld", n->count);
		if (n->kind == VD_DFG_NODE_ACT) {
			DATA("node_dur_s", "%.9g", n->dur);
			DATA("node_rd", "%.9g", n->rd);
			DATA("node_bytes", "%lld", n->bytes);
			DATA("node_dr_Bps", "%.9g", n->dr);
			DATA("node_mc", "%ld", n->mc);
		}
		if (part_name(g, n->part))
			DATA("node_part", "%s", part_name(g, n->part));
		rc |= xmlTextWriterEndElement(w) < 0;
	}
	for (size_t i = 0; i < g->nedges; i++) {
		const vd_dfg_edge *e = &g->edges[i];
		if (e->hidden)
			continue;
		rc |= xmlTextWriterStartElement(w, BAD_CAST "edge") < 0;
		snprintf(v, sizeof v, "n%zu", e->from);
		rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "source", BAD_CAST v) < 0;
		snprintf(v, sizeof v, "n%zu", e->to);
		rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "target", BAD_CAST v) < 0;
		DATA("edge_count", "%lld", e->count);
		if (part_name(g, e->part))
			DATA("edge_part", "%s", part_name(g, e->part));
		rc |= xmlTextWriterEndElement(w) < 0;
	}
#undef DATA
	rc |= xmlTextWriterEndDocument(w) < 0;
	xmlFreeTextWriter(w);
	if (!rc)
		vd_buf_put(out, (const char *)xmlBufferContent(xb), (size_t)xmlBufferLength(xb));
	xmlBufferFree(xb);
	if (rc) {
		vd_error_set("GraphML output failed");
		return -1;
	}
	return 0;
}

int vd_dfg_write_table(const vd_dfg *g, vd_buf *o)
{
	size_t w = 8;
	for (size_t i = 0; i < g->nnodes; i++)
		if (!g->nodes[i].hidden && strlen(g->nodes[i].name) > w)
			w = strlen(g->nodes[i].name);
	vd_buf_printf(o, "%zu traces, %zu events\n\n", g->ntraces, g->nevents);
	vd_buf_printf(o, "%-*s %10s %12s %7s %14s %14s %5s%s\n", (int)w, "activity", "events",
		      "dur_s", "rd", "bytes", "dr_B/s", "mc", g->partitioned ? "  part" : "");
	for (size_t i = 0; i < g->nnodes; i++) {
		const vd_dfg_node *n = &g->nodes[i];
		if (n->hidden)
			continue;
		if (n->kind != VD_DFG_NODE_ACT)
			vd_buf_printf(o, "%-*s %10lld %12s %7s %14s %14s %5s", (int)w, n->name,
				      n->count, "", "", "", "", "");
		else
			vd_buf_printf(o, "%-*s %10lld %12.6f %7.4f %14lld %14.1f %5ld", (int)w,
				      n->name, n->count, n->dur, n->rd, n->bytes, n->dr, n->mc);
		if (g->partitioned)
			vd_buf_printf(o, "  %s", part_name(g, n->part));
		vd_buf_putc(o, '\n');
	}
	vd_buf_printf(o, "\n%10s  edge%s\n", "count", g->partitioned ? " (part)" : "");
	for (size_t i = 0; i < g->nedges; i++) {
		const vd_dfg_edge *e = &g->edges[i];
		if (e->hidden)
			continue;
		vd_buf_printf(o, "%10lld  %s -> %s", e->count, g->nodes[e->from].name,
			      g->nodes[e->to].name);
		if (g->partitioned)
			vd_buf_printf(o, "  (%s)", part_name(g, e->part));
		vd_buf_putc(o, '\n');
	}
	return 0;
}

/* Graphviz reports through agerr; the messages are kept, not printed */
static vd_buf gv_msgs;
static int gv_err(char *msg)
{
	if (gv_msgs.len < 1024)
		vd_buf_puts(&gv_msgs, msg);
	return 0;
}

int vd_graphviz_render(const char *dot, const char *format, const char *file, vd_buf *mem)
{
	vd_buf_clear(&gv_msgs);
	agusererrf old = agseterrf(gv_err);
	agseterr(AGERR);
	/* one Graphviz context for the process, never freed: Graphviz 2.42's
	 * pango plugin keeps pointers into a freed context's fonts and reads
	 * them on the next layout (a use after free on a second render) */
	static GVC_t *gvc;
	if (!gvc)
		gvc = gvContext();
	Agraph_t *ag = gvc ? agmemread(dot) : NULL;
	int rc = -1;
	if (!gvc)
		vd_error_set("Graphviz: no context");
	else if (!ag)
		vd_error_set("Graphviz could not read the graph: %s", vd_buf_cstr(&gv_msgs));
	else if (gvLayout(gvc, ag, "dot") != 0)
		vd_error_set("Graphviz layout failed: %s", vd_buf_cstr(&gv_msgs));
	else if (!file) {
		char *data = NULL;
		unsigned int len = 0;
		if (gvRenderData(gvc, ag, format, &data, &len) != 0 || !data)
			vd_error_set("Graphviz could not write format '%s'%s%s", format,
				     gv_msgs.len ? ": " : "", vd_buf_cstr(&gv_msgs));
		else
			rc = vd_buf_put(mem, data, len) == 0 ? 0 : -1;
		if (data)
			gvFreeRenderData(data);
		gvFreeLayout(gvc, ag);
	} else {
		FILE *f = fopen(file, "wb");
		if (!f)
			vd_error_set("%s: %s", file, strerror(errno));
		else if (gvRender(gvc, ag, format, f) != 0)
			vd_error_set("%s: Graphviz could not write format '%s'%s%s", file, format,
				     gv_msgs.len ? ": " : "", vd_buf_cstr(&gv_msgs));
		else
			rc = 0;
		if (f && fclose(f) != 0 && rc == 0) {
			vd_error_set("%s: %s", file, strerror(errno));
			rc = -1;
		}
		if (f && rc != 0)
			unlink(file); /* no half-written image */
		gvFreeLayout(gvc, ag);
	}
	if (ag)
		agclose(ag);
	agseterrf(old);
	vd_buf_release(&gv_msgs);
	return rc;
}

int vd_dfg_render(const vd_dfg *g, vd_dfg_color color, const char *format, const char *file)
{
	vd_buf dot = { 0 };
	vd_dfg_write_dot(g, color, &dot);
	int rc = vd_graphviz_render(vd_buf_cstr(&dot), format, file, NULL);
	vd_buf_release(&dot);
	return rc;
}
