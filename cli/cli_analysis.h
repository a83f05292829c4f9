/*
 * cli_analysis.h - the analysis options and the run behind them, shared by
 * every command that runs the analysis pipeline (vd_run_analysis of
 * vd_run.h): `vidya analyze`, `vidya merge` and `vidya lint`.  A command
 * puts CLI_ANALYSIS_OPTIONS(&a) in its option table (parse_options.h),
 * then calls cli_analysis_prepare() and cli_analysis_run().
 *
 *   cli_analysis a;
 *   cli_analysis_init(&a);
 *   const cli_option opts[] = { ..., CLI_ANALYSIS_OPTIONS(&a), ..., CLI_END() };
 *   ... cli_parse_options ...
 *   a.run.compdb = argv[first];
 *   if (cli_analysis_prepare(&a) != 0) ... (error printed)
 *   rc = cli_analysis_run(&a, store, quiet, &r, &stats);
 *   cli_analysis_free(&a);
 *
 * The database option (--db) is each command's own: what it means differs.
 */
#ifndef VD_CLI_ANALYSIS_H
#define VD_CLI_ANALYSIS_H

#include <limits.h>

#include "parse_options.h"
#include "vd_run.h"

/* the ranges of --assume-trip/--assume-bytes and of --max-depth: deeper
 * unrolling overflows the evaluator's stack long before it helps */
#define CLI_ASSUME_MAX 1e15
#define CLI_MAX_DEPTH 256

typedef struct cli_analysis {
	vd_run_opts run;
	int no_model;
	const char *model_path;
	cli_strings defines, envs, catalogs;
	int env_inherit;        /* --env-inherit: getenv reads this environment */
	char catalog[PATH_MAX]; /* data/catalog.xml, found by cli_analysis_prepare */
} cli_analysis;

/* vd_run_opts_init, and -j's default (the online CPUs, capped) */
void cli_analysis_init(cli_analysis *a);
/* the lists and the data files (catalog, default model) into a->run:
 * 0, or -1 with the error printed */
int cli_analysis_prepare(cli_analysis *a);
/* vd_run_analysis with progress and warnings on stderr (a progress line
 * when stderr is a terminal and not quiet; notices unless quiet; Ctrl-C
 * ends a quick probe).  0, or -1 with the error printed. */
int cli_analysis_run(cli_analysis *a, struct vd_store *st, int quiet, vd_result **r,
		     vd_run_stats *stats);
void cli_analysis_free(cli_analysis *a);

/* a result's diagnostics of `min_severity` or above on stderr, each
 * naming its file */
void cli_print_diags(const vd_result *r, int min_severity);
/* removes the database `db` and sqlite's side files (a run that failed
 * before storing anything in a database it created) */
void cli_remove_db(const char *db);

int cli_opt_args(const cli_option *opt, const char *arg);
int cli_opt_define(const cli_option *opt, const char *arg);
int cli_opt_env(const cli_option *opt, const char *arg);
int cli_opt_catalog(const cli_option *opt, const char *arg);
int cli_opt_paths(const cli_option *opt, const char *arg);

#define CLI_ANALYSIS_OPTIONS(a)                                                                             \
	CLI_STRING(0, "entry", &(a)->run.extract.entry, "NAME",                                             \
		   "entry point (default main; FILE:NAME when several\ndefine it)"),                        \
		CLI_CALLBACK(0, "args", &(a)->run.extract.args, "\"A B ...\"", cli_opt_args,                \
			     "argv[1..] of the entry point, for argc/argv-bound\n"                          \
			     "values (split like a shell: quotes must close)"),                             \
		CLI_CALLBACK(0, "define", &(a)->defines, "NAME=V", cli_opt_define,                          \
			     "bind a variable or macro (repeatable)"),                                      \
		CLI_CALLBACK(0, "env", &(a)->envs, "NAME=V", cli_opt_env,                                   \
			     "what getenv(\"NAME\") returns; --env NAME: unset\n"                           \
			     "(NULL); other names are unknown (repeatable)"),                               \
		CLI_BOOL(0, "env-inherit", &(a)->env_inherit,                                               \
			 "the program runs in this environment: getenv\n"                                   \
			 "returns its values, NULL for names not in it\n"                                   \
			 "(--env bindings first)"),                                                         \
		CLI_INT(0, "nprocs", &(a)->run.extract.nprocs, "N", 1, INT_MAX, NULL,                       \
			"processes running the program (P14,\nMPI_Comm_size; 1 to 2147483647, default 1)"), \
		CLI_DOUBLE(0, "assume-trip", &(a)->run.extract.assume_trip, "N", 0,                         \
			   CLI_ASSUME_MAX,                                                                  \
			   "iterations of loops whose bound is unknown\n"                                   \
			   "(default 100; a finite number, 0 to 1e15)"),                                    \
		CLI_DOUBLE(0, "assume-bytes", &(a)->run.extract.assume_bytes, "N", 0,                       \
			   CLI_ASSUME_MAX,                                                                  \
			   "bytes of data calls whose size is unknown\n"                                    \
			   "(default 4096; a finite number, 0 to 1e15)"),                                   \
		CLI_INT(0, "max-depth", &(a)->run.extract.max_depth, "N", 1, CLI_MAX_DEPTH, NULL,           \
			"call unrolling depth cap (default 64, 1 to 256)"),                                 \
		CLI_CALLBACK(0, "paths", &(a)->run.extract.paths_all, "MODE", cli_opt_paths,                \
			     "expected (default): counts are expected values -\n"                           \
			     "error paths not taken, unknown branches weighted\n"                           \
			     "by static branch prediction; all: the upper bound,\n"                         \
			     "every branch whose condition is unknown counts as\ntaken"),                   \
		CLI_CALLBACK(0, "catalog", &(a)->catalogs, "FILE", cli_opt_catalog,                         \
			     "add I/O API entries (user wrappers; repeatable)"),                            \
		CLI_STRING(0, "root", &(a)->run.extract.root, "DIR",                                        \
			   "project root for block ids (default: the\ndatabase's directory)"),              \
		CLI_BOOL(0, "no-probe", &(a)->run.no_probe,                                                 \
			 "neither probe nor use the user's profile cache:\n"                                \
			 "the database's profile, else device defaults"),                                   \
		CLI_STRING(0, "model", &(a)->model_path, "FILE",                                            \
			   "score CIOC with this model (vidya model fit);\n"                                \
			   "default: the shipped data/model.xml"),                                          \
		CLI_BOOL(0, "no-model", &(a)->no_model,                                                     \
			 "score CIOC with the analytic estimate instead"),                                  \
		CLI_INT('j', "jobs", &(a)->run.extract.jobs, "N", 1, cli_max_jobs(),                        \
			"4 x online CPUs, never more than 256",                                             \
			"parse N translation units in parallel (default:\n"                                 \
			"online CPUs; at most 4 x online CPUs, and never\nmore than 256)"),                 \
		CLI_BOOL(0, "no-cache", &(a)->run.no_cache,                                                 \
			 "parse every translation unit, ignoring the\ndatabase's cache"),                   \
		CLI_BOOL(0, "no-memo", &(a)->run.extract.no_memo,                                           \
			 "walk every call again instead of replaying call\n"                                \
			 "summaries (slower; the results are the same - for\nchecking that)")

#endif
