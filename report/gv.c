/*
 * gv.c - the PDG laid out by Graphviz (dfg/'s vd_graphviz_render), as SVG
 * to inline in a page.
 */
#define _GNU_SOURCE
#include <string.h>

#include "vd_dfg.h"
#include "vd_html.h"

int vd_html_pdg_svg(vd_buf *out, const char *dot);

/* the SVG Graphviz makes of `dot`, from its <svg element on (no XML
 * prolog or doctype, which do not belong inside HTML); 0 or VD_ERROR */
int vd_html_pdg_svg(vd_buf *out, const char *dot)
{
	vd_buf svg = VD_BUF_INIT;
	int rc = VD_ERROR;
	if (vd_graphviz_render(dot, "svg", NULL, &svg) == 0) {
		const char *p = strstr(vd_buf_cstr(&svg), "<svg");
		if (p) {
			vd_buf_put(out, p, svg.len - (size_t)(p - svg.ptr));
			rc = 0;
		} else {
			vd_error_set("Graphviz wrote no <svg> element");
		}
	}
	vd_buf_release(&svg);
	return rc;
}
