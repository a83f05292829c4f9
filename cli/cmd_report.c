/*
 * cmd_report.c - `vidya report`: re-reads a run from the database and
 * renders it (table, json, csv, dot, graphml) without re-parsing sources.
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

int cmd_report(int argc, char **argv)
{
	const char *db = "vidya.db";
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
		CLI_BOOL(0, "all", &ro.include_unreachable,
			 "include blocks not reachable from the entry point"),
		CLI_END(),
	};
	static const cli_usage usage = {
		"report",
		"usage: vidya report [options]\n",
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
	if (vd_report_render(&out, r, &ro) != 0) {
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
