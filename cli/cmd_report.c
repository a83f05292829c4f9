/*
 * cmd_report.c - `vidya report`: re-reads a run from the database and
 * renders it (table, json, csv, dot, graphml) without re-parsing sources,
 * or writes the static HTML report (--html DIR, report/).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "parse_options.h"
#include "vd_analyzer.h"
#include "vd_findings.h"
#include "vd_html.h"
#include "vd_store.h"

static int opt_kind(const cli_option *opt, const char *arg)
{
	vd_kind k;
	if (vd_kind_parse(arg, &k) != 0) {
		cli_error("unknown block kind '%s'", arg);
		return -1;
	}
	*(int *)opt->value = (int)k;
	return 0;
}

/* the findings as labels of the table: one per block, "RULE-ID", or
 * "RULE-ID +N" when N more are about it; in `a` */
static void finding_labels(const vd_findings *f, vd_arena *a, vd_report_opts *ro)
{
	if (!f || !f->n)
		return;
	vd_report_label *l = vd_arena_alloc(a, f->n * sizeof(*l));
	size_t *more = vd_xcalloc(f->n, sizeof(*more)), n = 0;
	for (size_t i = 0; i < f->n; i++) {
		const char *id = f->items[i].block_id;
		if (!id)
			continue;
		size_t k = 0;
		while (k < n && strcmp(l[k].block_id, id))
			k++;
		if (k < n) {
			more[k]++;
			continue;
		}
		l[n].block_id = id;
		l[n].text = vd_rule_table[f->items[i].rule].id;
		n++;
	}
	for (size_t k = 0; k < n; k++)
		if (more[k])
			l[k].text = vd_arena_printf(a, "%s +%zu", l[k].text, more[k]);
	free(more);
	ro->labels = l;
	ro->nlabels = n;
}

int cli_render_report(vd_buf *out, const vd_result *r, const vd_report_opts *ro,
		      const vd_findings *f)
{
	vd_report_opts o = *ro;
	vd_arena *a = vd_arena_new();
	if (o.format == VD_FMT_TABLE)
		finding_labels(f, a, &o);
	int rc = vd_report_render(out, r, &o);
	vd_arena_free(a);
	return rc;
}

/* `--html DIR`: the run's findings, the trace of its program when there is
 * one, and the pages */
static int write_html(vd_store *st, const vd_result *r, const char *db, const char *dir)
{
	vd_rules_config cfg;
	vd_rules_config_init(&cfg);
	vd_findings *f = NULL;
	vd_arena *a = vd_arena_new();
	vd_html_input in = { 0 };
	vd_html_stats hs;
	int rc = -1;
	in.r = r;
	in.db_name = db;
	in.tool_version = VD_VERSION;
	if (vd_findings_compute(st, r->run_id, &cfg, &f, NULL) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	in.f = f;
	vd_measured_block *mb = NULL;
	int mr = vd_store_measured_blocks(st, r->run_id, a, &mb, &in.nmeasured, &in.trace_id);
	if (mr != 0 && mr != VD_ENOTFOUND) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	in.measured = mb;
	if (in.trace_id > 0) {
		vd_trace_totals *tt = NULL;
		long id = 0;
		int tr = vd_store_trace_totals(st, in.trace_id, a, &tt, &in.nlayers, &id);
		if (tr != 0 && tr != VD_ENOTFOUND) {
			cli_error("%s", vd_error_last());
			goto done;
		}
		in.layers = tt;
	}
	if (vd_html_write_report(dir, &in, &hs) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	printf("wrote %s/index.html: %zu source page%s", dir, hs.files, hs.files == 1 ? "" : "s");
	if (hs.missing)
		printf(" (%zu source file%s not found)", hs.missing, hs.missing == 1 ? "" : "s");
	printf(", %zu finding%s, PDG as %s", f->n, f->n == 1 ? "" : "s",
	       hs.pdg_svg ? "SVG" : "a list");
	if (in.trace_id > 0)
		printf(", trace %ld (%zu block%s plotted)", in.trace_id, hs.scatter_points,
		       hs.scatter_points == 1 ? "" : "s");
	printf("\n");
	rc = 0;
done:
	vd_findings_free(f);
	vd_arena_free(a);
	return rc;
}

int cmd_report(int argc, char **argv)
{
	const char *db = "vidya.db", *html = NULL;
	long run = 0;
	vd_report_opts ro;
	cli_report_opts_init(&ro);
	const cli_option opts[] = {
		CLI_STRING(0, "db", &db, "FILE", "database (default ./vidya.db)"),
		CLI_LONG(0, "run", &run, "N", 1, LONG_MAX,
			 "a past run, N >= 1 (default: the latest)"),
		CLI_CALLBACK(0, "kind", &ro.kind_filter, "KIND", opt_kind,
			     "only program|file|function|loop|branch|call|io blocks"),
		CLI_REPORT_OPTIONS(&ro),
		CLI_STRING(0, "html", &html, "DIR",
			   "write a static HTML report into DIR (index.html:\n"
			   "findings, line heat maps, PDG, trace charts)"),
		CLI_BOOL(0, "all", &ro.include_unreachable,
			 "include blocks not reachable from the entry point"),
		CLI_END(),
	};
	static const cli_usage usage = {
		"report",
		"usage: vidya report [options]\n"
		"       vidya report --html DIR [--db FILE] [--run N]\n",
		"Shows a run stored by `vidya analyze` (the latest unless --run) without\n"
		"parsing the sources again.\n",
		NULL,
	};
	int first = cli_parse_options(argc, argv, 1, opts, &usage, 0);
	if (first < 0)
		return first == CLI_PARSE_HELP ? VD_EXIT_OK : VD_EXIT_ERROR;
	cli_report_opts_done(&ro);
	if (first < argc) {
		cli_error("unexpected argument '%s'", argv[first]);
		return VD_EXIT_ERROR;
	}
	if (access(db, F_OK) != 0) {
		if (errno == ENOENT)
			cli_error("no database '%s': run 'vidya analyze' first", db);
		else
			cli_error("unable to open database '%s': %s", db, strerror(errno));
		return VD_EXIT_ERROR;
	}
	vd_store *st = NULL;
	vd_result *r = NULL;
	vd_buf out = VD_BUF_INIT;
	int rc = VD_EXIT_ERROR;
	if (vd_store_open(&st, db) != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	int lr = vd_store_load_run(st, run, &r);
	if (lr == VD_ENOTFOUND) {
		cli_error("'%s' holds no analysis run%s", db, run ? " with that number" : "");
		goto cleanup;
	}
	if (lr != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	if (html) {
		rc = write_html(st, r, db, html) == 0 ? VD_EXIT_OK : VD_EXIT_ERROR;
		goto cleanup;
	}
	vd_findings *f = NULL;
	vd_rules_config cfg;
	vd_rules_config_init(&cfg);
	if (ro.format == VD_FMT_TABLE && vd_findings_compute(st, r->run_id, &cfg, &f, NULL) != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	int rr = cli_render_report(&out, r, &ro, f);
	vd_findings_free(f);
	if (rr != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	fwrite(vd_buf_cstr(&out), 1, out.len, stdout);
	if (ro.format == VD_FMT_TABLE && cli_report_findings(st, r->run_id) != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	rc = VD_EXIT_OK;
cleanup:
	vd_buf_release(&out);
	vd_result_free(r);
	vd_store_close(st);
	return rc;
}
