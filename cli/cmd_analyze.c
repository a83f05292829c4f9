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
#include "cli_analysis.h"
#include "parse_options.h"
#include "vd_analyzer.h"
#include "vd_findings.h"
#include "vd_run.h"
#include "vd_store.h"

/* ---- options ------------------------------------------------------------------- */

typedef struct analyze_args {
	cli_analysis an;
	const char *db;
	int quiet;
	int timings; /* --timings: where the run's time went, on stderr */
	vd_report_opts ro;
} analyze_args;

int cli_opt_args(const cli_option *opt, const char *arg)
{
	if (cli_opt_words("--args", arg) != 0)
		return -1;
	*(const char **)opt->value = arg;
	return 0;
}

int cli_opt_define(const cli_option *opt, const char *arg)
{
	if (!strchr(arg, '=') || arg[0] == '=') {
		cli_error("--define '%s': expected NAME=VALUE", arg);
		return -1;
	}
	cli_strings_push(opt->value, arg);
	return 0;
}

int cli_opt_env(const cli_option *opt, const char *arg)
{
	if (!arg[0] || arg[0] == '=') {
		cli_error("--env '%s': expected NAME=VALUE, or NAME for an unset variable", arg);
		return -1;
	}
	cli_strings_push(opt->value, arg);
	return 0;
}

int cli_opt_catalog(const cli_option *opt, const char *arg)
{
	if (access(arg, R_OK) != 0) {
		cli_error("unable to read catalog '%s': %s", arg, strerror(errno));
		return -1;
	}
	cli_strings_push(opt->value, arg);
	return 0;
}

int cli_opt_paths(const cli_option *opt, const char *arg)
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
	const cli_option opts[] = {
		CLI_STRING(0, "db", &a->db, "FILE",
			   "database to add the run to (default ./vidya.db)"),
		CLI_ANALYSIS_OPTIONS(&a->an),
		CLI_CALLBACK(0, "shard", &a->an.run.extract, "K/N", opt_shard,
			     "only parse shard K of N into the database's cache\n"
			     "(no run); 'vidya merge' then joins the shards and\nanalyzes"),
		CLI_REPORT_OPTIONS(&a->ro),
		CLI_BOOL(0, "all", &a->ro.include_unreachable,
			 "also list blocks not reachable from the entry point"),
		CLI_BOOL(0, "quiet", &a->quiet, "print nothing on success"),
		CLI_BOOL(0, "timings", &a->timings,
			 "print where the run's time went on stderr (run key,\n"
			 "parse, each phase of the walk, store)"),
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
	int show; /* progress lines: stderr is a terminal and not --quiet */
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
void cli_print_diags(const vd_result *r, int min_severity)
{
	for (size_t i = 0; i < r->ndiags; i++) {
		const vd_diag *d = &r->diags[i];
		if ((int)d->severity < min_severity)
			continue;
		const char *sev = vd_severity_name(d->severity);
		if (d->file && d->line > 0)
			fprintf(stderr, "%s:%d: %s: %s\n", d->file, d->line, sev, d->message);
		else
			fprintf(stderr, "%s: %s: %s\n", d->file ? d->file : "vidya", sev,
				d->message);
	}
}

static int print_shard(const analyze_args *a, const vd_result *r, const vd_run_stats *s)
{
	cli_print_diags(r, VD_DIAG_WARNING);
	if (!a->quiet)
		printf("shard %d/%d: %zu translation unit%s (%zu from the cache) stored in %s; "
		       "join the shards with 'vidya merge'\n",
		       a->an.run.extract.shard_k, a->an.run.extract.shard_n, s->tus,
		       s->tus == 1 ? "" : "s", s->tus_cached, a->db);
	return s->tus_failed ? VD_EXIT_PARTIAL : VD_EXIT_OK;
}

/* --timings: one line on stderr (wall seconds; the walk's phases with
 * their evaluation steps and CPU seconds) */
static void print_timings(const vd_result *r, const vd_run_stats *s)
{
	fprintf(stderr, "timings: run key %.2f s", s->key_s);
	if (r->cached_from > 0) {
		fprintf(stderr, ", results of run %ld copied %.2f s\n", r->cached_from, s->save_s);
		return;
	}
	const vd_walk_stats *w = &s->walk;
	static const char *const what[4] = { NULL, "entry", "unreached code",
					     "budget-cut functions" };
	static const int order[3] = { 1, 3, 2 };
	double walked = 0;
	fprintf(stderr, ", parse %.2f s (%zu of %zu units parsed), walk:", s->parse_s,
		s->tus - s->tus_cached, s->tus);
	for (int i = 0; i < 3; i++) {
		int ph = order[i];
		walked += w->wall_s[ph];
		fprintf(stderr, "%s %s", i ? ";" : "", what[ph]);
		if (ph != 1)
			fprintf(stderr, " %ld walk%s", w->walks[ph], w->walks[ph] == 1 ? "" : "s");
		fprintf(stderr, " %ld steps %.2f s (%.2f CPU s)", w->steps[ph], w->wall_s[ph],
			w->cpu_s[ph]);
	}
	double figures = s->analyze_s - walked;
	fprintf(stderr, ", figures %.2f s, model %.2f s, store %.2f s\n", figures > 0 ? figures : 0,
		s->score_s, s->save_s);
}

static int print_run(const analyze_args *a, const vd_result *r, const vd_run_stats *s)
{
	if (a->timings)
		print_timings(r, s);
	cli_print_diags(r, a->quiet ? VD_DIAG_WARNING : VD_DIAG_NOTE);
	if (!a->quiet) {
		vd_buf out = VD_BUF_INIT;
		/* the table names the findings of the blocks (default rules) */
		vd_findings *f = NULL;
		vd_rules_config cfg;
		vd_rules_config_init(&cfg);
		if (a->ro.format == VD_FMT_TABLE && vd_findings_from_result(r, &cfg, NULL, &f) != 0)
			f = NULL; /* the table without them */
		int rr = cli_render_report(&out, r, &a->ro, f);
		vd_findings_free(f);
		if (rr != 0) {
			cli_error("%s", vd_error_last());
			vd_buf_release(&out);
			return VD_EXIT_ERROR;
		}
		fwrite(vd_buf_cstr(&out), 1, out.len, stdout);
		vd_buf_release(&out);
		if (a->ro.format == VD_FMT_TABLE) {
			printf("run %ld stored in %s (%d translation unit%s, %zu from the cache, %.2f s",
			       r->run_id, a->db, r->tus_total, r->tus_total == 1 ? "" : "s",
			       s->tus_cached, r->elapsed_s);
			if (r->cached_from > 0)
				printf("; inputs unchanged: results of run %ld", r->cached_from);
			printf(")\n");
		}
	}
	if (r->tus_failed > 0) {
		cli_error(
			"%d of %d translation units could not be parsed; results for the rest are stored",
			r->tus_failed, r->tus_total);
		return VD_EXIT_PARTIAL;
	}
	return VD_EXIT_OK;
}

/* ---- the shared analysis (cli_analysis.h) ---------------------------------------- */

void cli_analysis_init(cli_analysis *a)
{
	memset(a, 0, sizeof *a);
	vd_run_opts_init(&a->run);
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	a->run.extract.jobs = ncpu > 0 ? (int)ncpu : 1;
	if (a->run.extract.jobs > cli_max_jobs())
		a->run.extract.jobs = cli_max_jobs();
}

int cli_analysis_prepare(cli_analysis *a)
{
	/* a copy: cli_data_file's buffer is reused for the model below */
	const char *cat = cli_data_file("catalog.xml");
	if (!cat) {
		cli_error("I/O catalog 'catalog.xml' not found (set VIDYA_DATADIR)");
		return -1;
	}
	snprintf(a->catalog, sizeof a->catalog, "%s", cat);
	if (!a->no_model && !a->model_path)
		a->model_path = cli_data_file("model.xml"); /* none installed: the estimate */
	vd_extract_opts *eo = &a->run.extract;
	eo->catalog = a->catalog;
	eo->defines = a->defines.v;
	eo->ndefines = a->defines.n;
	if (a->env_inherit) { /* after the --env bindings: the first match wins */
		extern char **environ;
		for (char **e = environ; e && *e; e++)
			/* `_` is the shell's last command (vidya itself, or time,
			 * perf, strace running it): not the program's setting, and
			 * it would make every such run a cache miss */
			if (strchr(*e, '=') && strncmp(*e, "_=", 2) != 0)
				cli_strings_push(&a->envs, *e);
		eo->env_complete = 1;
	}
	eo->envs = a->envs.v;
	eo->nenvs = a->envs.n;
	eo->user_catalogs = a->catalogs.v;
	eo->nuser_catalogs = a->catalogs.n;
	a->run.model_path = a->no_model ? NULL : a->model_path;
	return 0;
}

int cli_analysis_run(cli_analysis *a, vd_store *st, int quiet, vd_result **r, vd_run_stats *stats)
{
	progress_state ps = { .t0 = vd_now(),
			      .show = cli_stderr_is_tty() && !quiet,
			      .quiet = quiet };
	a->run.progress = on_event;
	a->run.payload = &ps;
	a->run.cancel = &interrupted;
	int rc = vd_run_analysis(r, st, &a->run, stats);
	a->run.progress = NULL;
	a->run.payload = NULL;
	if (rc != 0)
		cli_error("%s", vd_error_last());
	return rc;
}

void cli_analysis_free(cli_analysis *a)
{
	free(a->defines.v);
	free(a->envs.v);
	free(a->catalogs.v);
	a->defines = a->envs = a->catalogs = (cli_strings){ 0 };
}

/* ---- the command --------------------------------------------------------------- */

void cli_remove_db(const char *db)
{
	static const char *const side[] = { "", "-journal", "-wal", "-shm" };
	for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
		char path[PATH_MAX];
		if ((size_t)snprintf(path, sizeof path, "%s%s", db, side[i]) < sizeof path)
			unlink(path);
	}
}

/* the operands: 0, or -1 with the error and the help printed */
static int check_operands(analyze_args *a, int argc, char **argv, int first, int merge)
{
	if (merge ? first > argc - 2 : first != argc - 1) {
		cli_error(first >= argc ? "missing compile_commands.json"
			  : merge       ? "missing shard databases"
					: "too many arguments");
		parse_analyze(a, argc, argv, merge ? "merge" : "analyze", stderr);
		return -1;
	}
	return 0;
}

static int run_analyze(int argc, char **argv, int merge)
{
	analyze_args a = { .db = "vidya.db" };
	cli_analysis_init(&a.an);
	cli_report_opts_init(&a.ro);
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
	if (check_operands(&a, argc, argv, first, merge) != 0 || cli_analysis_prepare(&a.an) != 0)
		goto cleanup;
	a.an.run.compdb = argv[first];
	a.an.run.shards = (const char *const *)argv + first + 1;
	a.an.run.nshards = merge ? (size_t)(argc - first - 1) : 0;
	a.an.run.db_path = a.db;
	/* a database this run creates is removed again if the run fails
	 * before anything is stored in it */
	struct stat dbst;
	created = stat(a.db, &dbst) != 0 && errno == ENOENT;
	if (vd_store_open(&st, a.db) != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	if (cli_analysis_run(&a.an, st, a.quiet, &r, &stats) != 0)
		goto cleanup;
	rc = a.an.run.extract.shard_n > 1 ? print_shard(&a, r, &stats) : print_run(&a, r, &stats);
cleanup:;
	long saved = r ? r->run_id : 0;
	vd_result_free(r);
	vd_store_close(st);
	if (rc == VD_EXIT_ERROR && created && !saved && stats.db_writes == 0)
		cli_remove_db(a.db);
	cli_analysis_free(&a.an);
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
