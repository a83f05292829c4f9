/*
 * cmd_dfg.c - `vidya dfg`: the directly-follows graph of I/O activity of
 * vidya traces (--db, --trace) and/or strace logs (positional files), as a
 * table, DOT, JSON, GraphML or an image (docs/dfg.md).  All the logic is in
 * dfg/ (vd_dfg.h); this file reads options and prints.
 */
#define _GNU_SOURCE
#include "cli.h"
#include "parse_options.h"
#include "vd_dfg.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cli_usage dfg_usage = {
	"dfg",
	"usage: vidya dfg [options] [STRACE-LOG...]\n"
	"       vidya dfg --db FILE [--trace N]... [options]\n",
	"Builds the directly-follows graph (DFG) of I/O activity: one node per activity\n"
	"(a call and the top levels of its path, e.g. read:/usr/lib), an edge a -> b\n"
	"labelled with how often b directly followed a in one process, and per node the\n"
	"load (relative duration, bytes), max concurrency and process data rate.\n"
	"Sources: vidya traces taken with vidya trace --ops, and strace logs written\n"
	"with strace -f -tt -T -y (one per rank as <cid>_<host>_<rid>.st, or any\n"
	"name; a quoted glob works).\n",
	NULL,
};

/* the options' values */
typedef struct dfg_args {
	long traces[2];
	int ntraces;
	vd_dfg_casekey key;
	vd_dfg_color color;
	const char *db, *layers, *green, *red, *format, *output, *events;
	long top, min_edge;
	int image; /* the format is an image (svg, png, pdf) */
} dfg_args;

static int opt_trace(const cli_option *opt, const char *arg)
{
	dfg_args *d = opt->value;
	long long v;
	if (d->ntraces == 2) {
		cli_error("--trace: at most two traces (a comparison)");
		return -1;
	}
	if (cli_opt_int("--trace", arg, 1, 1LL << 62, NULL, &v) != 0)
		return -1;
	d->traces[d->ntraces++] = (long)v;
	return 0;
}

static int opt_case(const cli_option *opt, const char *arg)
{
	dfg_args *d = opt->value;
	if (!strcmp(arg, "file"))
		d->key = VD_DFG_CASE_FILE;
	else if (!strcmp(arg, "process"))
		d->key = VD_DFG_CASE_PROCESS;
	else if (!strcmp(arg, "thread"))
		d->key = VD_DFG_CASE_THREAD;
	else {
		cli_error("--case: '%s' is not file, process or thread", arg);
		return -1;
	}
	return 0;
}

static int opt_color(const cli_option *opt, const char *arg)
{
	dfg_args *d = opt->value;
	if (!strcmp(arg, "rd"))
		d->color = VD_DFG_COLOR_RD;
	else if (!strcmp(arg, "bytes") || !strcmp(arg, "b"))
		d->color = VD_DFG_COLOR_BYTES;
	else if (!strcmp(arg, "dr"))
		d->color = VD_DFG_COLOR_DR;
	else if (!strcmp(arg, "none"))
		d->color = VD_DFG_COLOR_NONE;
	else {
		cli_error("--color: '%s' is not rd, bytes, dr or none", arg);
		return -1;
	}
	return 0;
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

/* The options that only make sense together; sets d->image.  0, or -1 (said). */
static int check_args(dfg_args *d, int have_files)
{
	const char *format = d->format;
	d->image = strcmp(format, "table") && strcmp(format, "dot") && strcmp(format, "json") &&
		   strcmp(format, "graphml");
	if (d->image && strcmp(format, "svg") && strcmp(format, "png") && strcmp(format, "pdf")) {
		cli_error("--format: '%s' is not table, dot, json, graphml, svg, png or pdf",
			  format);
		return -1;
	}
	if (d->image && !d->output) {
		cli_error("--format %s needs --output FILE", format);
		return -1;
	}
	if (d->ntraces && !d->db) {
		cli_error("--trace needs --db FILE");
		return -1;
	}
	if (!d->db && !have_files) {
		cli_error("nothing to read: give strace logs or --db FILE");
		return -2; /* and the usage */
	}
	return 0;
}

/* The traces of --db and the strace logs `files` into log, every event also
 * to --events.  0, or -1 (said). */
static int read_sources(vd_dfg_log *log, const dfg_args *d, char **files, int nfiles)
{
	event_sink es = { NULL, { 0 }, 0 };
	int rc = -1;
	if (d->events) {
		es.f = fopen(d->events, "w");
		if (!es.f) {
			cli_error("%s: cannot write: %s", d->events, strerror(errno));
			return -1;
		}
		vd_dfg_event_csv(&es.buf, NULL, NULL, NULL);
		vd_dfg_log_set_sink(log, write_event, &es);
	}
	for (int i = 0; d->db && i < (d->ntraces ? d->ntraces : 1); i++)
		if (vd_dfg_read_trace(log, d->db, d->traces[i], d->layers, d->key) < 0) {
			cli_error("%s", vd_error_last());
			goto done;
		}
	for (int i = 0; i < nfiles; i++)
		if (vd_dfg_read_strace(log, files[i], d->key) < 0) {
			cli_error("%s", vd_error_last());
			goto done;
		}
	if (es.f) {
		if (es.buf.len && fwrite(es.buf.ptr, 1, es.buf.len, es.f) != es.buf.len)
			es.failed = 1;
		int bad = es.failed | (fclose(es.f) != 0);
		es.f = NULL;
		if (bad) {
			cli_error("%s: write failed", d->events);
			goto done;
		}
	}
	rc = 0;
done:
	vd_dfg_log_set_sink(log, NULL, NULL); /* es goes out of scope */
	if (es.f)
		fclose(es.f);
	vd_buf_release(&es.buf);
	return rc;
}

/* the first malformed lines, and how many there were */
static void warn_issues(const vd_dfg_log *log)
{
	size_t nis = vd_dfg_log_nissues(log);
	for (size_t i = 0; i < vd_dfg_log_nkept_issues(log) && i < 10; i++) {
		const vd_dfg_issue *is = vd_dfg_log_issue(log, i);
		cli_warn("%s:%ld: %s (line skipped)", is->file, is->line, is->reason);
	}
	if (nis > 10)
		cli_warn(
			"%zu malformed lines in all (the first 10 shown; --format json lists up to 1000)",
			nis);
}

/* The green and red cases: --green/--red, else the two traces compared.
 * 0, or -1 (said). */
static int set_groups(vd_dfg_log *log, const dfg_args *d)
{
	if (d->ntraces == 2 && !d->green && !d->red) {
		char g1[32], r1[32];
		snprintf(g1, sizeof g1, "t%ld", d->traces[0]);
		snprintf(r1, sizeof r1, "t%ld", d->traces[1]);
		if (vd_dfg_log_set_group(log, g1, VD_DFG_GREEN) < 0 ||
		    vd_dfg_log_set_group(log, r1, VD_DFG_RED) < 0) {
			cli_error("%s", vd_error_last());
			return -1;
		}
	}
	const char *grp[2] = { d->green, d->red };
	for (int k = 0; k < 2; k++) {
		if (!grp[k])
			continue;
		long n = vd_dfg_log_set_group(log, grp[k], k ? VD_DFG_RED : VD_DFG_GREEN);
		if (n < 0) {
			cli_error("%s", vd_error_last());
			return -1;
		}
		if (n == 0) {
			cli_error("--%s '%s' matches no case (cases are named like '%s')",
				  k ? "red" : "green", grp[k],
				  vd_dfg_log_ncases(log) ? vd_dfg_log_case_name(log, 0) : "a9042");
			return -1;
		}
	}
	return 0;
}

/* The graph in --format, to --output or standard output.  0, or -1 (said). */
static int write_graph(const vd_dfg *g, const vd_dfg_log *log, const dfg_args *d)
{
	const char *format = d->format, *output = d->output;
	vd_buf out = { 0 };
	int ok = 0, rc = -1;
	if (d->image)
		ok = vd_dfg_render(g, d->color, format, output);
	else if (!strcmp(format, "dot"))
		ok = vd_dfg_write_dot(g, d->color, &out);
	else if (!strcmp(format, "json"))
		ok = vd_dfg_write_json(g, log, &out);
	else if (!strcmp(format, "graphml"))
		ok = vd_dfg_write_graphml(g, &out);
	else
		ok = vd_dfg_write_table(g, &out);
	if (ok < 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	if (!d->image) {
		FILE *f = output ? fopen(output, "w") : stdout;
		if (!f) {
			cli_error("%s: cannot write", output);
			goto done;
		}
		size_t w = fwrite(out.ptr ? out.ptr : "", 1, out.len, f);
		int bad = w != out.len || fflush(f) != 0;
		if (output && fclose(f) != 0)
			bad = 1;
		if (bad) {
			cli_error("%s: write failed", output ? output : "standard output");
			goto done;
		}
	}
	rc = 0;
done:
	vd_buf_release(&out);
	return rc;
}

int cmd_dfg(int argc, char **argv)
{
	vd_dfg_mapopt mo;
	vd_dfg_mapopt_init(&mo);
	dfg_args d;
	memset(&d, 0, sizeof d);
	d.key = VD_DFG_CASE_FILE;
	d.color = VD_DFG_COLOR_RD;
	d.format = "table";
	cli_strings filters = { 0 }, abstract = { 0 };
	int rc = VD_EXIT_ERROR;
	const cli_option opts[] = {
		CLI_TEXT("Sources:"),
		CLI_STRING(0, "db", &d.db, "FILE", "vidya database with traces"),
		CLI_CALLBACK(0, "trace", &d, "N", opt_trace,
			     "trace id (default: the latest); twice = compare\n"
			     "two traces (the first green, the second red)"),
		CLI_STRING(0, "layer", &d.layers, "LIST",
			   "vidya layers: posix,stdio,mpiio,hdf5 (default:\nall)"),
		CLI_CALLBACK(0, "case", &d, "KIND", opt_case,
			     "file (default: an strace file, a vidya process),\nprocess or thread"),
		CLI_TEXT("Mapping (event -> activity):"),
		CLI_INT(0, "depth", &mo.depth, "N", 0, 1000, NULL,
			"path levels kept (default 2; 0 = call name only)"),
		CLI_BOOL(0, "group-calls", &mo.group_variants,
			 "pread64, readv, ... -> read; openat -> open; ..."),
		CLI_STRINGS(0, "filter", &filters, "PAT",
			    "only paths containing PAT (a glob if it has\n"
			    "* ? [); repeatable, any may match"),
		CLI_STRINGS(0, "abstract", &abstract, "NAME=PREFIX",
			    "show paths under PREFIX as $NAME/..."),
		CLI_BOOL(0, "keep-pathless", &mo.keep_pathless,
			 "calls without a path become the bare call name"),
		CLI_TEXT("Comparison and display:"),
		CLI_STRING(0, "green", &d.green, "CASES",
			   "glob(s), comma-separated, on case names or file\nnames"),
		CLI_STRING(0, "red", &d.red, "CASES",
			   "nodes/edges only in green cases are green, only\nin red red"),
		CLI_CALLBACK(0, "color", &d, "STAT", opt_color,
			     "shade nodes by rd (default), bytes, dr or none"),
		CLI_LONG(0, "top", &d.top, "N", 1, 1000000000,
			 "show the N activities of highest load only"),
		CLI_LONG(0, "min-edge", &d.min_edge, "N", 1, 1LL << 62,
			 "show edges seen at least N times only"),
		CLI_STRING(0, "format", &d.format, "FMT",
			   "table (default), dot, json, graphml, svg, png or pdf"),
		CLI_STRING('o', "output", &d.output, "FILE",
			   "write there (needed for svg, png, pdf)"),
		CLI_STRING(0, "events", &d.events, "FILE",
			   "also write every event read, as CSV (case, host,\n"
			   "rank, pid, call, start, dur, path, size, activity)"),
		CLI_END(),
	};
	int first = cli_parse_options(argc, argv, 1, opts, &dfg_usage, 0);
	if (first < 0) {
		rc = first == CLI_PARSE_HELP ? VD_EXIT_OK : VD_EXIT_ERROR;
		goto done;
	}
	mo.filters = filters.v;
	mo.nfilters = filters.n;
	mo.abstract = abstract.v;
	mo.nabstract = abstract.n;
	int bad = check_args(&d, first < argc);
	if (bad == -2)
		cli_usage_print(stderr, opts, &dfg_usage);
	if (bad)
		goto done;
	if (vd_dfg_mapopt_check(&mo) < 0) {
		cli_error("--abstract %s", vd_error_last());
		goto done;
	}

	vd_dfg_log *log = vd_dfg_log_new(&mo);
	vd_dfg *g = NULL;
	if (read_sources(log, &d, argv + first, argc - first) == 0) {
		warn_issues(log);
		if (set_groups(log, &d) == 0) {
			if (!vd_dfg_log_nevents(log))
				cli_warn("no event was mapped to an activity (%zu events dropped "
					 "by the mapping)",
					 vd_dfg_log_nunmapped(log));
			g = vd_dfg_build(log);
			vd_dfg_prune(g, (size_t)d.top, d.min_edge);
			if (write_graph(g, log, &d) == 0)
				rc = VD_EXIT_OK;
		}
	}
	vd_dfg_free(g);
	vd_dfg_log_free(log);
done:
	free(filters.v);
	free(abstract.v);
	return rc;
}
