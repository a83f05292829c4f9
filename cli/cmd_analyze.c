/*
 * cmd_analyze.c - `vidya analyze` and `vidya merge`: the options of an
 * analysis run and what is printed about it.  The run itself
 * (compile_commands.json -> per-block P1..P15, X1..X16 and CIOC, stored as
 * a new run) is vd_run_analysis() of vd_run.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "parse_options.h"
#include "vd_analyzer.h"
#include "vd_run.h"
#include "vd_store.h"

/* the ranges of --assume-trip/--assume-bytes and of --max-depth: deeper
 * unrolling overflows the evaluator's stack long before it helps */
#define ASSUME_MAX 1e15
#define MAX_DEPTH 256

/* ---- options ------------------------------------------------------------------- */

typedef struct analyze_args {
	vd_run_opts run;
	const char *db;
	int quiet, no_model;
	const char *model_path;
	cli_strings defines, envs, catalogs;
	vd_report_opts ro;
} analyze_args;

static int opt_args(const cli_option *opt, const char *arg)
{
	if (cli_opt_words("--args", arg) != 0)
		return -1;
	*(const char **)opt->value = arg;
	return 0;
}

static int opt_define(const cli_option *opt, const char *arg)
{
	if (!strchr(arg, '=') || arg[0] == '=') {
		cli_error("--define '%s': expected NAME=VALUE", arg);
		return -1;
	}
	cli_strings_push(opt->value, arg);
	return 0;
}

static int opt_env(const cli_option *opt, const char *arg)
{
	if (!arg[0] || arg[0] == '=') {
		cli_error("--env '%s': expected NAME=VALUE, or NAME for an unset variable", arg);
		return -1;
	}
	cli_strings_push(opt->value, arg);
	return 0;
}

static int opt_catalog(const cli_option *opt, const char *arg)
{
	if (access(arg, R_OK) != 0) {
		cli_error("unable to read catalog '%s': %s", arg, strerror(errno));
		return -1;
	}
	cli_strings_push(opt->value, arg);
	return 0;
}

static int opt_paths(const cli_option *opt, const char *arg)
{
	if (strcmp(arg, "expected") && strcmp(arg, "all")) {
		cli_error("--paths '%s': expected 'expected' or 'all'", arg);
		return -1;
	}
	*(int *)opt->value = !strcmp(arg, "all");
	return 0;
}

static int opt_shard(const cli_option *opt, const char *arg)
{
	vd_extract_opts *eo = opt->value;
	return cli_opt_shard("--shard", arg, &eo->shard_k, &eo->shard_n);
}

static const cli_usage analyze_usage = {
	"analyze",
	"usage: vidya analyze [options] compile_commands.json|DIR\n"
	"       vidya merge [options] compile_commands.json|DIR SHARD.db...\n",
	NULL,
	"Integers are decimal digits with an optional sign; a value out of its range,\n"
	"or with anything after the number, is an error.\n\n"
	"exit codes: 0 ok, 1 error, 3 some translation units could not be parsed\n",
};

/* parses the options; with `help` set, prints the help there instead */
static int parse_analyze(analyze_args *a, int argc, char **argv, const char *cmd, FILE *help)
{
	vd_extract_opts *eo = &a->run.extract;
	const cli_option opts[] = {
		CLI_STRING(0, "db", &a->db, "FILE", "database to add the run to (default ./vidya.db)"),
		CLI_STRING(0, "entry", &eo->entry, "NAME",
			   "entry point (default main; FILE:NAME when several\ndefine it)"),
		CLI_CALLBACK(0, "args", &eo->args, "\"A B ...\"", opt_args,
			     "argv[1..] of the entry point, for argc/argv-bound\n"
			     "values (split like a shell: quotes must close)"),
		CLI_CALLBACK(0, "define", &a->defines, "NAME=V", opt_define,
			     "bind a variable or macro (repeatable)"),
		CLI_CALLBACK(0, "env", &a->envs, "NAME=V", opt_env,
			     "what getenv(\"NAME\") returns; --env NAME: unset\n"
			     "(NULL); other names are unknown (repeatable)"),
		CLI_INT(0, "nprocs", &eo->nprocs, "N", 1, INT_MAX, NULL,
			"processes running the program (P14,\nMPI_Comm_size; 1 to 2147483647, default 1)"),
		CLI_DOUBLE(0, "assume-trip", &eo->assume_trip, "N", 0, ASSUME_MAX,
			   "iterations of loops whose bound is unknown\n"
			   "(default 100; a finite number, 0 to 1e15)"),
		CLI_DOUBLE(0, "assume-bytes", &eo->assume_bytes, "N", 0, ASSUME_MAX,
			   "bytes of data calls whose size is unknown\n"
			   "(default 4096; a finite number, 0 to 1e15)"),
		CLI_INT(0, "max-depth", &eo->max_depth, "N", 1, MAX_DEPTH, NULL,
			"call unrolling depth cap (default 64, 1 to 256)"),
		CLI_CALLBACK(0, "paths", &eo->paths_all, "MODE", opt_paths,
			     "expected (default): counts are expected values -\n"
			     "error paths not taken, unknown branches weighted\n"
			     "by static branch prediction; all: the upper bound,\n"
			     "every branch whose condition is unknown counts as\ntaken"),
		CLI_CALLBACK(0, "catalog", &a->catalogs, "FILE", opt_catalog,
			     "add I/O API entries (user wrappers; repeatable)"),
		CLI_STRING(0, "root", &eo->root, "DIR",
			   "project root for block ids (default: the\ndatabase's directory)"),
		CLI_BOOL(0, "no-probe", &a->run.no_probe,
			 "neither probe nor use the user's profile cache:\n"
			 "the database's profile, else device defaults"),
		CLI_STRING(0, "model", &a->model_path, "FILE",
			   "score CIOC with this model (vidya model fit);\n"
			   "default: the shipped data/model.xml"),
		CLI_BOOL(0, "no-model", &a->no_model, "score CIOC with the analytic estimate instead"),
		CLI_INT('j', "jobs", &eo->jobs, "N", 1, cli_max_jobs(),
			"4 x online CPUs, never more than 256",
			"parse N translation units in parallel (default:\n"
			"online CPUs; at most 4 x online CPUs, and never\nmore than 256)"),
		CLI_BOOL(0, "no-cache", &a->run.no_cache,
			 "parse every translation unit, ignoring the\ndatabase's cache"),
		CLI_CALLBACK(0, "shard", eo, "K/N", opt_shard,
			     "only parse shard K of N into the database's cache\n"
			     "(no run); 'vidya merge' then joins the shards and\nanalyzes"),
		CLI_REPORT_OPTIONS(&a->ro),
		CLI_BOOL(0, "all", &a->ro.include_unreachable,
			 "also list blocks not reachable from the entry point"),
		CLI_BOOL(0, "no-memo", &eo->no_memo,
			 "walk every call again instead of replaying call\n"
			 "summaries (slower; the results are the same - for\nchecking that)"),
		CLI_BOOL(0, "quiet", &a->quiet, "print nothing on success"),
		CLI_END(),
	};
	cli_usage u = analyze_usage;
	u.cmd = cmd;
	if (help) {
		cli_usage_print(help, opts, &u);
		return 0;
	}
	return cli_parse_options(argc, argv, 1, opts, &u, 0);
}

/* ---- progress ------------------------------------------------------------------ */

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	interrupted = 1;
}

typedef struct progress_state {
	double t0;
	int show;     /* progress lines: stderr is a terminal and not --quiet */
	int quiet;
	struct sigaction old_int;
} progress_state;

static void on_event(void *payload, const vd_run_event *ev)
{
	progress_state *ps = payload;
	switch (ev->kind) {
	case VD_RUN_PARSE:
		if (!ps->show)
			break;
		if (!ev->text) {
			fprintf(stderr, "\r\033[K");
			break;
		}
		double dt = vd_now() - ps->t0;
		const char *base = strrchr(ev->text, '/');
		fprintf(stderr, "\r\033[K[%zu/%zu] %.1f TU/s  %s", ev->done + 1, ev->total,
			dt > 0 ? (double)ev->done / dt : 0.0, base ? base + 1 : ev->text);
		fflush(stderr);
		break;
	case VD_RUN_MERGED:
		if (!ps->quiet)
			fprintf(stderr, "merged %ld translation unit%s from %s\n", ev->count,
				ev->count == 1 ? "" : "s", ev->text);
		break;
	case VD_RUN_PROBE_BEGIN: {
		/* Ctrl-C stops the probe (device defaults), not vidya */
		struct sigaction sa = { 0 };
		sa.sa_handler = on_sigint;
		sigaction(SIGINT, &sa, &ps->old_int);
		break;
	}
	case VD_RUN_PROBE_PHASE:
		if (ps->show) {
			fprintf(stderr, "\r\033[Ksysprobe: %s", ev->text);
			fflush(stderr);
		}
		break;
	case VD_RUN_PROBE_END:
		sigaction(SIGINT, &ps->old_int, NULL);
		if (ps->show)
			fprintf(stderr, "\r\033[K");
		break;
	case VD_RUN_WARNING:
		cli_warn("%s", ev->text);
		break;
	case VD_RUN_NOTICE:
		if (!ps->quiet)
			cli_warn("%s", ev->text);
		break;
	}
}

/* ---- output -------------------------------------------------------------------- */

/* errors and warnings on stderr, each naming its file; notes unless quiet */
static void print_diags(const vd_result *r, int min_severity)
{
	for (size_t i = 0; i < r->ndiags; i++) {
		const vd_diag *d = &r->diags[i];
		if ((int)d->severity < min_severity)
			continue;
		const char *sev = vd_severity_name(d->severity);
		if (d->file && d->line > 0)
			fprintf(stderr, "%s:%d: %s: %s\n", d->file, d->line, sev, d->message);
		else
			fprintf(stderr, "%s: %s: %s\n", d->file ? d->file : "vidya", sev, d->message);
	}
}

static int print_shard(const analyze_args *a, const vd_result *r, const vd_run_stats *s)
{
	print_diags(r, VD_DIAG_WARNING);
	if (!a->quiet)
		printf("shard %d/%d: %zu translation unit%s (%zu from the cache) stored in %s; "
		       "join the shards with 'vidya merge'\n",
		       a->run.extract.shard_k, a->run.extract.shard_n, s->tus, s->tus == 1 ? "" : "s",
		       s->tus_cached, a->db);
	return s->tus_failed ? VD_EXIT_PARTIAL : VD_EXIT_OK;
}

static int print_run(const analyze_args *a, const vd_result *r, const vd_run_stats *s)
{
	print_diags(r, a->quiet ? VD_DIAG_WARNING : VD_DIAG_NOTE);
	if (!a->quiet) {
		vd_buf out = VD_BUF_INIT;
		if (vd_report_render(&out, r, &a->ro) != 0) {
			cli_error("%s", vd_error_last());
			vd_buf_release(&out);
			return VD_EXIT_ERROR;
		}
		fwrite(vd_buf_cstr(&out), 1, out.len, stdout);
		vd_buf_release(&out);
		if (a->ro.format == VD_FMT_TABLE)
		{
			printf("run %ld stored in %s (%d translation unit%s, %zu from the cache, %.2f s",
			       r->run_id, a->db, r->tus_total, r->tus_total == 1 ? "" : "s",
			       s->tus_cached, r->elapsed_s);
			if (r->cached_from > 0)
				printf("; inputs unchanged: results of run %ld", r->cached_from);
			printf(")\n");
		}
	}
	if (r->tus_failed > 0) {
		cli_error("%d of %d translation units could not be parsed; results for the rest are stored",
			  r->tus_failed, r->tus_total);
		return VD_EXIT_PARTIAL;
	}
	return VD_EXIT_OK;
}

/* ---- the command --------------------------------------------------------------- */

/* removes the database `db` and sqlite's side files */
static void remove_db(const char *db)
{
	static const char *const side[] = { "", "-journal", "-wal", "-shm" };
	for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
		char path[PATH_MAX];
		if ((size_t)snprintf(path, sizeof path, "%s%s", db, side[i]) < sizeof path)
			unlink(path);
	}
}

/* operands and the data files: 0, or -1 with the error printed */
static int check_operands(analyze_args *a, int argc, char **argv, int first, int merge,
			  char *catalog, size_t catalog_size)
{
	if (merge ? first > argc - 2 : first != argc - 1) {
		cli_error(first >= argc ? "missing compile_commands.json"
			  : merge       ? "missing shard databases"
					: "too many arguments");
		parse_analyze(a, argc, argv, merge ? "merge" : "analyze", stderr);
		return -1;
	}
	/* a copy: cli_data_file's buffer is reused for the model below */
	const char *cat = cli_data_file("catalog.xml");
	if (!cat) {
		cli_error("I/O catalog 'catalog.xml' not found (set VIDYA_DATADIR)");
		return -1;
	}
	snprintf(catalog, catalog_size, "%s", cat);
	if (!a->no_model && !a->model_path)
		a->model_path = cli_data_file("model.xml"); /* none installed: the estimate */
	return 0;
}

static int run_analyze(int argc, char **argv, int merge)
{
	analyze_args a = { .db = "vidya.db" };
	vd_run_opts_init(&a.run);
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	a.run.extract.jobs = ncpu > 0 ? (int)ncpu : 1;
	if (a.run.extract.jobs > cli_max_jobs())
		a.run.extract.jobs = cli_max_jobs();
	cli_report_opts_init(&a.ro);
	char catalog[PATH_MAX];
	vd_store *st = NULL;
	vd_result *r = NULL;
	vd_run_stats stats = { 0 };
	int rc = VD_EXIT_ERROR, created = 0;
	int first = parse_analyze(&a, argc, argv, merge ? "merge" : "analyze", NULL);
	if (first < 0) {
		rc = first == CLI_PARSE_HELP ? VD_EXIT_OK : VD_EXIT_ERROR;
		goto cleanup;
	}
	cli_report_opts_done(&a.ro);
	if (check_operands(&a, argc, argv, first, merge, catalog, sizeof catalog) != 0)
		goto cleanup;
	vd_extract_opts *eo = &a.run.extract;
	eo->catalog = catalog;
	eo->defines = a.defines.v;
	eo->ndefines = a.defines.n;
	eo->envs = a.envs.v;
	eo->nenvs = a.envs.n;
	eo->user_catalogs = a.catalogs.v;
	eo->nuser_catalogs = a.catalogs.n;
	a.run.compdb = argv[first];
	a.run.shards = (const char *const *)argv + first + 1;
	a.run.nshards = merge ? (size_t)(argc - first - 1) : 0;
	a.run.db_path = a.db;
	a.run.model_path = a.no_model ? NULL : a.model_path;
	progress_state ps = { .t0 = vd_now(), .show = cli_stderr_is_tty() && !a.quiet, .quiet = a.quiet };
	a.run.progress = on_event;
	a.run.payload = &ps;
	a.run.cancel = &interrupted;
	/* a database this run creates is removed again if the run fails
	 * before anything is stored in it */
	struct stat dbst;
	created = stat(a.db, &dbst) != 0 && errno == ENOENT;
	if (vd_store_open(&st, a.db) != 0 || vd_run_analysis(&r, st, &a.run, &stats) != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	rc = eo->shard_n > 1 ? print_shard(&a, r, &stats) : print_run(&a, r, &stats);
cleanup:;
	long saved = r ? r->run_id : 0;
	vd_result_free(r);
	vd_store_close(st);
	if (rc == VD_EXIT_ERROR && created && !saved && stats.db_writes == 0)
		remove_db(a.db);
	free(a.defines.v);
	free(a.envs.v);
	free(a.catalogs.v);
	return rc;
}

int cmd_analyze(int argc, char **argv)
{
	return run_analyze(argc, argv, 0);
}

int cmd_merge(int argc, char **argv)
{
	return run_analyze(argc, argv, 1);
}
