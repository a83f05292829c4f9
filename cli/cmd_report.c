/*
 * cmd_report.c - `vidya report`: re-reads a run from the database and
 * renders it (table, json, csv, dot, graphml) without re-parsing sources.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "vd_analyzer.h"
#include "vd_store.h"

static void report_usage(FILE *out)
{
	fprintf(out,
		"usage: vidya report [--db FILE] [--run N] [--top N] [--kind KIND]\n"
		"                    [--format table|json|csv|dot|graphml] [--all]\n\n"
		"  --db FILE      database (default ./vidya.db)\n"
		"  --run N        a past run, N >= 1 (default: the latest)\n"
		"  --top N        rows to show (default 20; 0 = all; 0 to 2147483647)\n"
		"  --kind KIND    only program|file|function|loop|branch|call|io blocks\n"
		"  --format F     output format (default table)\n"
		"  --all          include blocks not reachable from the entry point\n"
		"  --sort KEY     io (default: I/O-bound blocks by predicted I/O time) or cioc\n");
}

int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },   { "run", required_argument, NULL, 'r' },
		{ "top", required_argument, NULL, 't' },  { "kind", required_argument, NULL, 'k' },
		{ "format", required_argument, NULL, 'f' }, { "all", no_argument, NULL, 'a' }, { "sort", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },       { NULL, 0, NULL, 0 },
	};
	const char *db = "vidya.db";
	long run = 0;
	vd_report_opts ro;
	vd_report_opts_init(&ro);
	ro.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
	int c, top_set = 0;
	long long iv;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			db = optarg;
			break;
		case 'r':
			if (cli_opt_int("--run", optarg, 1, LONG_MAX, NULL, &iv) != 0)
				return VD_EXIT_ERROR;
			run = (long)iv;
			break;
		case 's':
			if (strcmp(optarg, "io") && strcmp(optarg, "cioc")) {
				cli_error("--sort '%s': expected io or cioc", optarg);
				return VD_EXIT_ERROR;
			}
			ro.sort_by_cioc = !strcmp(optarg, "cioc");
			break;
		case 't':
			if (cli_opt_int("--top", optarg, 0, INT_MAX, NULL, &iv) != 0)
				return VD_EXIT_ERROR;
			top_set = 1;
			ro.top = (int)iv;
			break;
		case 'k': {
			vd_kind k;
			if (vd_kind_parse(optarg, &k) != 0) {
				cli_error("unknown block kind '%s'", optarg);
				return VD_EXIT_ERROR;
			}
			ro.kind_filter = (int)k;
			break;
		}
		case 'f':
			if (vd_report_format_parse(optarg, &ro.format) != 0) {
				cli_error("unknown format '%s'", optarg);
				return VD_EXIT_ERROR;
			}
			break;
		case 'a':
			ro.include_unreachable = 1;
			break;
		case 'h':
			report_usage(stdout);
			return VD_EXIT_OK;
		default:
			return cli_bad_option("report", c, argv, opts);
		}
	}
	if (!top_set && ro.format != VD_FMT_TABLE)
		ro.top = 0; /* exports carry every block unless --top says otherwise */
	if (optind < argc) {
		cli_error("unexpected argument '%s'", argv[optind]);
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
	rc = VD_EXIT_OK;
cleanup:
	vd_buf_release(&out);
	vd_result_free(r);
	vd_store_close(st);
	return rc;
}
