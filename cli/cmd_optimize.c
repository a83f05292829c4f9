/*
 * cmd_optimize.c - `vidya optimize`: analyze, take the rules' findings
 * (the registry `vidya lint` uses), turn those the rewriter knows into
 * source edits (optimizer/vd_rewrite.h) and print them as unified diffs;
 * with --apply write them (originals kept, each changed unit re-compiled,
 * --verify run, all restored on a failure); --revert undoes the latest
 * apply (docs/optimize.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_analysis.h"
#include "vd_findings.h"
#include "vd_rewrite.h"
#include "vd_store.h"

static const cli_usage optimize_usage = {
	"optimize",
	"usage: vidya optimize [options] compile_commands.json|DIR\n"
	"       vidya optimize --revert [--force] [--db FILE | --backup-dir DIR]\n",
	"Analyzes the project (the analysis options are those of 'vidya analyze'),\n"
	"prints the rules' findings and, for those the rewriter knows (stdio-buffer,\n"
	"prefetch, small-io-loop, sync-in-loop with --allow-durability), a unified\n"
	"diff of the change, each hunk labelled with its rule id.  Nothing is\n"
	"written without --apply.\n",
	"--apply keeps the originals in DIR/<time>-<pid>/ (DIR: --backup-dir, default\n"
	".vidya/optimize next to the database); it refuses files changed since the\n"
	"analysis or read-only, re-compiles each changed file with its own command\n"
	"from compile_commands.json, runs --verify, and restores every file when a\n"
	"step fails.  --revert restores the latest apply byte for byte.\n\n"
	"exit codes: 0 ok (also: no finding, or nothing to rewrite), 1 error (the\n"
	"sources are unchanged), 3 some translation units could not be parsed\n",
};

typedef struct opt_args {
	cli_analysis an;
	const char *db, *rules_path, *verify, *backup_dir;
	cli_strings rules;
	int apply, revert, force, durability;
} opt_args;

/* the directory the originals are kept in */
static char *store_dir(const opt_args *o, const char *db)
{
	if (o->backup_dir)
		return vd_xstrdup(o->backup_dir);
	const char *sl = strrchr(db, '/');
	if (!sl)
		return vd_xstrdup(".vidya/optimize");
	return cli_xasprintf("%.*s/.vidya/optimize", (int)(sl - db), db);
}

static int do_revert(const opt_args *o, const char *db)
{
	char *store = store_dir(o, db), *dir = NULL;
	vd_buf log = VD_BUF_INIT;
	int r = vd_optimize_revert(store, o->force, &dir, &log);
	fputs(vd_buf_cstr(&log), stdout);
	if (r == 0)
		printf("reverted the changes applied in %s\n", dir);
	else
		cli_error("%s", vd_error_last());
	vd_buf_release(&log);
	free(store);
	free(dir);
	return r == 0 ? VD_EXIT_OK : VD_EXIT_ERROR;
}

static void print_findings(const vd_plan *p)
{
	for (size_t i = 0; i < p->nitems; i++) {
		const vd_plan_item *it = &p->items[i];
		const vd_finding *x = it->finding;
		printf("%s:%d: %s: [%s] %s\n", x->file ? x->file : "-", x->site_line,
		       vd_severity_name(x->severity), vd_rule_table[x->rule].id, x->evidence);
		if (it->action == VD_PLAN_REWRITTEN)
			printf("    rewritten (gain %.3g s predicted): %s\n", x->gain_s,
			       it->reason);
		else if (it->action == VD_PLAN_ADVICE)
			printf("    advice only%s: %s\n",
			       vd_rewrite_rule(x->rule) ? " (not selected by --rule)" : "",
			       x->recommendation);
		else
			printf("    not rewritten: %s\n", it->reason ? it->reason : "-");
	}
}

/* analysis -> findings -> plan; prints them.  VD_EXIT_* with *plan set
 * on success */
static int make_plan(opt_args *o, const char *compdb, const char *db, const int *rules,
		     vd_plan **plan, int *partial)
{
	vd_store *st = NULL;
	vd_result *r = NULL;
	vd_findings *f = NULL;
	vd_run_stats stats = { 0 };
	int rc = VD_EXIT_ERROR;
	vd_rules_config cfg;
	vd_rules_config_init(&cfg);
	if (o->rules_path && vd_rules_config_load(&cfg, o->rules_path) != 0) {
		cli_error("%s", vd_error_last());
		return VD_EXIT_ERROR;
	}
	int created = access(db, F_OK) != 0 && errno == ENOENT;
	if (vd_store_open(&st, db) != 0) {
		cli_error("%s", vd_error_last());
		return VD_EXIT_ERROR;
	}
	o->an.run.compdb = compdb;
	o->an.run.db_path = db;
	if (cli_analysis_run(&o->an, st, 1, &r, &stats) != 0) {
		vd_store_close(st);
		if (created && stats.db_writes == 0)
			cli_remove_db(db);
		return VD_EXIT_ERROR;
	}
	cli_print_diags(r, VD_DIAG_WARNING);
	if (r->tus_failed > 0) {
		cli_error("%d of %d translation units could not be parsed; optimizing the rest",
			  r->tus_failed, r->tus_total);
		*partial = 1;
	}
	if (vd_findings_compute(st, r->run_id, &cfg, &f, NULL) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	vd_plan_opts po = { compdb, r->project_root, o->durability, rules };
	if (vd_plan_build(f, &po, plan) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	if (f->n == 0)
		printf("no findings in run %ld: nothing to optimize\n", r->run_id);
	else
		print_findings(*plan);
	/* the plan's items borrow the findings, freed here */
	(*plan)->nitems = 0;
	rc = VD_EXIT_OK;
done:
	vd_findings_free(f);
	vd_result_free(r);
	vd_store_close(st);
	return rc;
}

/* --rule IDs: rules[r] set for the rules to rewrite (all without --rule) */
static int select_rules(const opt_args *o, int *rules)
{
	for (int i = 0; i < VD_NRULES; i++)
		rules[i] = o->rules.n == 0;
	for (size_t i = 0; i < o->rules.n; i++) {
		int r = vd_rule_find(o->rules.v[i]);
		if (r < 0 || !vd_rewrite_rule((vd_rule_id)r)) {
			cli_error(
				"--rule '%s': expected a rule the rewriter rewrites: stdio-buffer, "
				"prefetch, small-io-loop or sync-in-loop",
				o->rules.v[i]);
			return -1;
		}
		rules[r] = 1;
	}
	return 0;
}

/* --apply: the plan written, the originals kept; what was done printed */
static int do_apply(const opt_args *o, const char *db, const vd_plan *plan)
{
	char *store = store_dir(o, db), *dir = NULL;
	vd_buf log = VD_BUF_INIT;
	vd_apply_opts ao = { store, o->verify, 0 };
	int ar = vd_plan_apply(plan, &ao, &dir, &log);
	if (log.len)
		fputs(vd_buf_cstr(&log), stderr);
	vd_buf_release(&log);
	free(store);
	if (ar != 0) {
		cli_error("%s", vd_error_last());
		return VD_EXIT_ERROR;
	}
	for (size_t i = 0; i < plan->nfiles; i++)
		printf("applied: %s%s\n", plan->files[i].rel,
		       plan->files[i].runtime ? " (vd_rt.h next to it)" : "");
	printf("originals kept in %s; 'vidya optimize --revert' restores them\n", dir);
	free(dir);
	return VD_EXIT_OK;
}

int cmd_optimize(int argc, char **argv)
{
	/* --measure is its own mode with its own options (cmd_optimize_measure.c) */
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--measure"))
			return cmd_optimize_measure(argc, (const char **)argv);
	opt_args o = { 0 };
	cli_analysis_init(&o.an);
	const cli_option opts[] = {
		CLI_STRINGS(0, "rule", &o.rules, "ID",
			    "rewrite only this rule's findings (repeatable;\n"
			    "'vidya lint --list-rules' lists the ids)"),
		CLI_STRING(0, "rules", &o.rules_path, "FILE",
			   "thresholds, severities and enabled rules (as lint)"),
		CLI_BOOL(0, "allow-durability", &o.durability,
			 "sync-in-loop: defer fsync/fdatasync to the\n"
			 "background (a crash can lose synced records)"),
		CLI_BOOL(0, "apply", &o.apply, "write the changes (originals kept)"),
		CLI_STRING(0, "verify", &o.verify, "CMD",
			   "with --apply: run CMD with /bin/sh -c after\n"
			   "applying; restore everything when it fails"),
		CLI_BOOL(0, "revert", &o.revert, "restore the originals of the latest --apply"),
		CLI_BOOL(0, "force", &o.force,
			 "with --revert: restore files changed since the\napply too"),
		CLI_STRING(
			0, "backup-dir", &o.backup_dir, "DIR",
			"where originals are kept (default\n.vidya/optimize next to the database)"),
		CLI_STRING(0, "db", &o.db, "FILE",
			   "database the analysis run is added to\n(default ./vidya.db)"),
		CLI_TEXT("before/after measurement: vidya optimize --measure --before PROG\n"
			 "[--db FILE] -- ./app ARGS (see 'vidya optimize --measure --help')"),
		CLI_TEXT("analysis options (as in 'vidya analyze --help'):"),
		CLI_ANALYSIS_OPTIONS(&o.an),
		CLI_END(),
	};
	int rc = VD_EXIT_ERROR, partial = 0;
	vd_plan *plan = NULL;
	vd_buf out = VD_BUF_INIT;
	int rules[VD_NRULES];
	const char *db;
	int first = cli_parse_options(argc, argv, 1, opts, &optimize_usage, 0);
	if (first < 0) {
		rc = first == CLI_PARSE_HELP ? VD_EXIT_OK : VD_EXIT_ERROR;
		goto done;
	}
	db = o.db ? o.db : "vidya.db";
	if (o.revert) {
		if (first < argc || o.apply || o.verify) {
			cli_error("--revert takes no compile_commands.json, --apply or --verify");
			goto done;
		}
		rc = do_revert(&o, db);
		goto done;
	}
	if (o.force) {
		cli_error("--force goes with --revert");
		goto done;
	}
	if (o.verify && !o.apply) {
		cli_error("--verify goes with --apply");
		goto done;
	}
	if (first >= argc) {
		cli_error("give compile_commands.json (or a directory holding it); try 'vidya "
			  "optimize --help'");
		goto done;
	}
	if (first + 1 < argc) {
		cli_error("unexpected argument '%s'", argv[first + 1]);
		goto done;
	}
	if (select_rules(&o, rules) != 0)
		goto done;
	if (cli_analysis_prepare(&o.an) != 0)
		goto done;
	rc = make_plan(&o, argv[first], db, rules, &plan, &partial);
	if (rc != VD_EXIT_OK)
		goto done;
	rc = VD_EXIT_ERROR;
	if (plan->nfiles == 0) {
		printf("nothing to rewrite\n");
		rc = partial ? VD_EXIT_PARTIAL : VD_EXIT_OK;
		goto done;
	}
	vd_plan_diff(plan, &out);
	fputs(vd_buf_cstr(&out), stdout);
	fflush(stdout);
	if (!o.apply) {
		fprintf(stderr, "vidya: %zu file%s would change; --apply writes %s\n", plan->nfiles,
			plan->nfiles == 1 ? "" : "s", plan->nfiles == 1 ? "it" : "them");
		rc = partial ? VD_EXIT_PARTIAL : VD_EXIT_OK;
		goto done;
	}
	rc = do_apply(&o, db, plan);
	if (rc == VD_EXIT_OK && partial)
		rc = VD_EXIT_PARTIAL;
done:
	vd_buf_release(&out);
	vd_plan_free(plan);
	free(o.rules.v);
	cli_analysis_free(&o.an);
	return rc;
}
