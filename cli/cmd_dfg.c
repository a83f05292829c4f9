/*
 * cmd_dfg.c - `vidya dfg`: the directly-follows graph of I/O activity of
 * vidya traces (--db, --trace) and/or strace logs (positional files), as a
 * table, DOT, JSON, GraphML or an image (docs/dfg.md).  All the logic is in
 * dfg/ (vd_dfg.h); this file reads options and prints.
 */
#define _GNU_SOURCE
#include "cli.h"
#include "vd_dfg.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
	fputs("usage: vidya dfg [options] [STRACE-LOG...]\n"
	      "       vidya dfg --db FILE [--trace N]... [options]\n"
	      "\n"
	      "Builds the directly-follows graph (DFG) of I/O activity: one node per activity\n"
	      "(a call and the top levels of its path, e.g. read:/usr/lib), an edge a -> b\n"
	      "labelled with how often b directly followed a in one process, and per node the\n"
	      "load (relative duration, bytes), max concurrency and process data rate.\n"
	      "Sources: vidya traces, and strace logs written with strace -f -tt -T -y\n"
	      "(one per rank as <cid>_<host>_<rid>.st, or any name; a quoted glob works).\n"
	      "\n"
	      "Sources:\n"
	      "      --db FILE          vidya database with traces\n"
	      "      --trace N          trace id (default: the latest); twice = compare two\n"
	      "                         traces (the first green, the second red)\n"
	      "      --layer LIST       vidya layers: posix,stdio,mpiio,hdf5 (default: all)\n"
	      "      --case KIND        file (default: an strace file, a vidya process),\n"
	      "                         process or thread\n"
	      "Mapping (event -> activity):\n"
	      "      --depth N          path levels kept (default 2; 0 = call name only)\n"
	      "      --group-calls      pread64, readv, ... -> read; openat -> open; ...\n"
	      "      --filter PAT       only paths containing PAT (a glob if it has * ? [);\n"
	      "                         repeatable, any may match\n"
	      "      --abstract NAME=PREFIX  show paths under PREFIX as $NAME/...\n"
	      "      --keep-pathless    calls without a path become the bare call name\n"
	      "Comparison and display:\n"
	      "      --green CASES      glob(s), comma-separated, on case names or file names\n"
	      "      --red CASES        nodes/edges only in green cases are green, only in red red\n"
	      "      --color STAT       shade nodes by rd (default), bytes, dr or none\n"
	      "      --top N            show the N activities of highest load only\n"
	      "      --min-edge N       show edges seen at least N times only\n"
	      "      --format FMT       table (default), dot, json, graphml, svg, png or pdf\n"
	      "  -o, --output FILE      write there (needed for svg, png, pdf)\n"
	      "      --events FILE      also write every event read, as CSV (case, host, rank,\n"
	      "                         pid, call, start, dur, path, size, activity)\n"
	      "  -h, --help             show this help\n",
	      f);
}

/* --events: CSV lines gathered and written 64 KiB at a time */
typedef struct event_sink {
	FILE *f;
	vd_buf buf;
	int failed;
} event_sink;

static void write_event(void *ctx, const char *case_name, const vd_dfg_event *e,
			const char *activity)
{
	event_sink *es = ctx;
	vd_dfg_event_csv(&es->buf, case_name, e, activity);
	if (es->buf.len >= 65536) {
		if (fwrite(es->buf.ptr, 1, es->buf.len, es->f) != es->buf.len)
			es->failed = 1;
		vd_buf_clear(&es->buf);
	}
}

static int add_str(const char ***v, size_t *n, const char *s)
{
	*v = vd_xrealloc((void *)*v, (*n + 1) * sizeof **v);
	(*v)[(*n)++] = s;
	return 0;
}

int cmd_dfg(int argc, char **argv)
{
	enum { OPT_DB = 256, OPT_TRACE, OPT_LAYER, OPT_CASE, OPT_DEPTH, OPT_GROUP, OPT_FILTER,
	       OPT_ABSTRACT, OPT_PATHLESS, OPT_GREEN, OPT_RED, OPT_COLOR, OPT_TOP, OPT_MIN_EDGE,
	       OPT_FORMAT, OPT_EVENTS };
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, OPT_DB },
		{ "trace", required_argument, NULL, OPT_TRACE },
		{ "layer", required_argument, NULL, OPT_LAYER },
		{ "case", required_argument, NULL, OPT_CASE },
		{ "depth", required_argument, NULL, OPT_DEPTH },
		{ "group-calls", no_argument, NULL, OPT_GROUP },
		{ "filter", required_argument, NULL, OPT_FILTER },
		{ "abstract", required_argument, NULL, OPT_ABSTRACT },
		{ "keep-pathless", no_argument, NULL, OPT_PATHLESS },
		{ "green", required_argument, NULL, OPT_GREEN },
		{ "red", required_argument, NULL, OPT_RED },
		{ "color", required_argument, NULL, OPT_COLOR },
		{ "top", required_argument, NULL, OPT_TOP },
		{ "min-edge", required_argument, NULL, OPT_MIN_EDGE },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "output", required_argument, NULL, 'o' },
		{ "events", required_argument, NULL, OPT_EVENTS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	vd_dfg_mapopt mo;
	vd_dfg_mapopt_init(&mo);
	const char *db = NULL, *layers = NULL, *green = NULL, *red = NULL, *format = "table",
		   *output = NULL, *events = NULL;
	long traces[2] = { 0, 0 };
	int ntraces = 0, c, rc = VD_EXIT_ERROR;
	vd_dfg_casekey key = VD_DFG_CASE_FILE;
	vd_dfg_color color = VD_DFG_COLOR_RD;
	long long top = 0, min_edge = 0, v;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_DB: db = optarg; break;
		case OPT_TRACE:
			if (ntraces == 2) {
				cli_error("--trace: at most two traces (a comparison)");
				goto done;
			}
			if (cli_opt_int("--trace", optarg, 1, 1LL << 62, NULL, &v) != 0)
				goto done;
			traces[ntraces++] = (long)v;
			break;
		case OPT_LAYER: layers = optarg; break;
		case OPT_CASE:
			if (!strcmp(optarg, "file"))
				key = VD_DFG_CASE_FILE;
			else if (!strcmp(optarg, "process"))
				key = VD_DFG_CASE_PROCESS;
			else if (!strcmp(optarg, "thread"))
				key = VD_DFG_CASE_THREAD;
			else {
				cli_error("--case: '%s' is not file, process or thread", optarg);
				goto done;
			}
			break;
		case OPT_DEPTH:
			if (cli_opt_int("--depth", optarg, 0, 1000, NULL, &v) != 0)
				goto done;
			mo.depth = (int)v;
			break;
		case OPT_GROUP: mo.group_variants = 1; break;
		case OPT_FILTER: add_str(&mo.filters, &mo.nfilters, optarg); break;
		case OPT_ABSTRACT: add_str(&mo.abstract, &mo.nabstract, optarg); break;
		case OPT_PATHLESS: mo.keep_pathless = 1; break;
		case OPT_GREEN: green = optarg; break;
		case OPT_RED: red = optarg; break;
		case OPT_COLOR:
			if (!strcmp(optarg, "rd"))
				color = VD_DFG_COLOR_RD;
			else if (!strcmp(optarg, "bytes") || !strcmp(optarg, "b"))
				color = VD_DFG_COLOR_BYTES;
			else if (!strcmp(optarg, "dr"))
				color = VD_DFG_COLOR_DR;
			else if (!strcmp(optarg, "none"))
				color = VD_DFG_COLOR_NONE;
			else {
				cli_error("--color: '%s' is not rd, bytes, dr or none", optarg);
				goto done;
			}
			break;
		case OPT_TOP:
			if (cli_opt_int("--top", optarg, 1, 1000000000, NULL, &top) != 0)
				goto done;
			break;
		case OPT_MIN_EDGE:
			if (cli_opt_int("--min-edge", optarg, 1, 1LL << 62, NULL, &min_edge) != 0)
				goto done;
			break;
		case OPT_FORMAT: format = optarg; break;
		case 'o': output = optarg; break;
		case OPT_EVENTS: events = optarg; break;
		case 'h':
			usage(stdout);
			rc = VD_EXIT_OK;
			goto done;
		default:
			rc = cli_bad_option("dfg", c, argv, longopts);
			goto done;
		}
	}
	int image = strcmp(format, "table") && strcmp(format, "dot") && strcmp(format, "json") &&
		    strcmp(format, "graphml");
	if (image && strcmp(format, "svg") && strcmp(format, "png") && strcmp(format, "pdf")) {
		cli_error("--format: '%s' is not table, dot, json, graphml, svg, png or pdf", format);
		goto done;
	}
	if (image && !output) {
		cli_error("--format %s needs --output FILE", format);
		goto done;
	}
	if (ntraces && !db) {
		cli_error("--trace needs --db FILE");
		goto done;
	}
	if (!db && optind >= argc) {
		cli_error("nothing to read: give strace logs or --db FILE");
		usage(stderr);
		goto done;
	}
	if (vd_dfg_mapopt_check(&mo) < 0) {
		cli_error("--abstract %s", vd_error_last());
		goto done;
	}

	vd_dfg_log *log = vd_dfg_log_new(&mo);
	vd_dfg *g = NULL;
	vd_buf out = { 0 };
	event_sink es = { NULL, { 0 }, 0 };
	if (events) {
		es.f = fopen(events, "w");
		if (!es.f) {
			cli_error("%s: cannot write: %s", events, strerror(errno));
			goto fail;
		}
		vd_dfg_event_csv(&es.buf, NULL, NULL, NULL);
		vd_dfg_log_set_sink(log, write_event, &es);
	}
	if (db) {
		for (int i = 0; i < (ntraces ? ntraces : 1); i++)
			if (vd_dfg_read_trace(log, db, traces[i], layers, key) < 0) {
				cli_error("%s", vd_error_last());
				goto fail;
			}
	}
	for (int i = optind; i < argc; i++)
		if (vd_dfg_read_strace(log, argv[i], key) < 0) {
			cli_error("%s", vd_error_last());
			goto fail;
		}
	if (es.f) {
		if (es.buf.len && fwrite(es.buf.ptr, 1, es.buf.len, es.f) != es.buf.len)
			es.failed = 1;
		int bad = es.failed | (fclose(es.f) != 0);
		es.f = NULL;
		if (bad) {
			cli_error("%s: write failed", events);
			goto fail;
		}
	}
	size_t nis = vd_dfg_log_nissues(log);
	for (size_t i = 0; i < vd_dfg_log_nkept_issues(log) && i < 10; i++) {
		const vd_dfg_issue *is = vd_dfg_log_issue(log, i);
		cli_warn("%s:%ld: %s (line skipped)", is->file, is->line, is->reason);
	}
	if (nis > 10)
		cli_warn("%zu malformed lines in all (the first 10 shown; --format json lists up to 1000)",
			 nis);
	if (ntraces == 2 && !green && !red) {
		char g1[32], r1[32];
		snprintf(g1, sizeof g1, "t%ld", traces[0]);
		snprintf(r1, sizeof r1, "t%ld", traces[1]);
		if (vd_dfg_log_set_group(log, g1, VD_DFG_GREEN) < 0 ||
		    vd_dfg_log_set_group(log, r1, VD_DFG_RED) < 0) {
			cli_error("%s", vd_error_last());
			goto fail;
		}
	}
	const char *grp[2] = { green, red };
	for (int k = 0; k < 2; k++) {
		if (!grp[k])
			continue;
		long n = vd_dfg_log_set_group(log, grp[k], k ? VD_DFG_RED : VD_DFG_GREEN);
		if (n < 0) {
			cli_error("%s", vd_error_last());
			goto fail;
		}
		if (n == 0) {
			cli_error("--%s '%s' matches no case (cases are named like '%s')",
				  k ? "red" : "green", grp[k],
				  vd_dfg_log_ncases(log) ? vd_dfg_log_case_name(log, 0) : "a9042");
			goto fail;
		}
	}
	if (!vd_dfg_log_nevents(log))
		cli_warn("no event was mapped to an activity (%zu events dropped by the mapping)",
			 vd_dfg_log_nunmapped(log));
	g = vd_dfg_build(log);
	vd_dfg_prune(g, (size_t)top, min_edge);
	int ok = 0;
	if (image)
		ok = vd_dfg_render(g, color, format, output);
	else if (!strcmp(format, "dot"))
		ok = vd_dfg_write_dot(g, color, &out);
	else if (!strcmp(format, "json"))
		ok = vd_dfg_write_json(g, log, &out);
	else if (!strcmp(format, "graphml"))
		ok = vd_dfg_write_graphml(g, &out);
	else
		ok = vd_dfg_write_table(g, &out);
	if (ok < 0) {
		cli_error("%s", vd_error_last());
		goto fail;
	}
	if (!image) {
		FILE *f = output ? fopen(output, "w") : stdout;
		if (!f) {
			cli_error("%s: cannot write", output);
			goto fail;
		}
		size_t w = fwrite(out.ptr ? out.ptr : "", 1, out.len, f);
		int bad = w != out.len || fflush(f) != 0;
		if (output && fclose(f) != 0)
			bad = 1;
		if (bad) {
			cli_error("%s: write failed", output ? output : "standard output");
			goto fail;
		}
	}
	rc = VD_EXIT_OK;
fail:
	if (es.f)
		fclose(es.f);
	vd_buf_release(&es.buf);
	vd_buf_release(&out);
	vd_dfg_free(g);
	vd_dfg_log_free(log);
done:
	free((void *)mo.filters);
	free((void *)mo.abstract);
	return rc;
}
