/*
 * cmd_lint.c - `vidya lint`: analyze (or take a stored run) and report the
 * rule registry's findings (optimizer/vd_findings.h) as gcc-style text,
 * JSON or SARIF, store them (v_findings), and gate CI with --fail-on.
 * Also the findings section of `vidya report` (cli_report_findings).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_analysis.h"
#include "vd_findings.h"
#include "vd_store.h"

static const cli_usage lint_usage = {
	"lint",
	"usage: vidya lint [options] compile_commands.json|DIR\n"
	"       vidya lint [options] --db FILE [--run N]   (a run already in the database)\n",
	"Analyzes the project (the analysis options are those of 'vidya analyze') and\n"
	"reports the rules' findings; or reports them for a run already stored.\n",
	"Findings are stored in the database (view v_findings).\n\n"
	"A comment 'vidya: ignore(RULE-ID)' (or 'vidya: ignore') on the call's line,\n"
	"the block's first line or the line before either suppresses a finding.\n\n"
	"exit codes: 0 ok (no finding at or above --fail-on), 1 error, 2 findings at\n"
	"or above --fail-on or CIOC above --max-cioc, 3 some translation units could\n"
	"not be parsed\n",
};

static void list_rules(void)
{
	for (int i = 0; i < VD_NRULES; i++) {
		const vd_rule_info *r = &vd_rule_table[i];
		printf("%-20s %-8s %s\n", r->id, vd_severity_name(r->severity), r->title);
		for (int j = 0; j < VD_NRULE_PARAMS; j++)
			if (vd_rule_param_table[j].rule == i)
				printf("%-20s   %s.%s = %.10g  (%s)\n", "", r->id,
				       vd_rule_param_table[j].name, vd_rule_param_table[j].def,
				       vd_rule_param_table[j].desc);
	}
	for (int j = 0; j < VD_NRULE_PARAMS; j++)
		if (vd_rule_param_table[j].rule == VD_RULE_ALL)
			printf("%-20s   all.%s = %.10g  (%s)\n", "", vd_rule_param_table[j].name,
			       vd_rule_param_table[j].def, vd_rule_param_table[j].desc);
}

static int write_output(const char *path, const vd_buf *b)
{
	if (!path) {
		fwrite(vd_buf_cstr(b), 1, b->len, stdout);
		return fflush(stdout) == 0 ? 0 : -1;
	}
	FILE *fp = fopen(path, "w");
	if (!fp) {
		cli_error("unable to write '%s': %s", path, strerror(errno));
		return -1;
	}
	size_t n = fwrite(vd_buf_cstr(b), 1, b->len, fp);
	if (fclose(fp) != 0 || n != b->len) {
		cli_error("unable to write '%s': %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

typedef struct lint_args {
	cli_analysis an;
	const char *db, *out_path, *rules_path, *baseline, *write_baseline;
	double max_cioc;
	int fail_set, list;
	long run;
	vd_diag_severity fail_on;
	vd_findings_format fmt;
} lint_args;

static int opt_format(const cli_option *opt, const char *arg)
{
	if (vd_findings_format_parse(arg, opt->value) != 0) {
		cli_error("--format '%s': expected text, gcc, json or sarif", arg);
		return -1;
	}
	return 0;
}

static int opt_fail_on(const cli_option *opt, const char *arg)
{
	lint_args *l = opt->value;
	if (vd_finding_severity_parse(arg, &l->fail_on) != 0) {
		cli_error("--fail-on '%s': expected note, warning or error", arg);
		return -1;
	}
	l->fail_set = 1;
	return 0;
}

/*
 * The analysis lint runs on `compdb`: vd_run_analysis() into the store `st`
 * (the database named by --db), quietly (warnings only), saved as a run so
 * that its findings are stored with it.  Returns VD_EXIT_OK with *run_id
 * set, VD_EXIT_PARTIAL (some translation units failed; *run_id set) or
 * VD_EXIT_ERROR after printing why; *db_writes: the rows it wrote.
 */
static int lint_analyze(lint_args *l, vd_store *st, const char *compdb, long *run_id,
			long *db_writes)
{
	vd_result *r = NULL;
	vd_run_stats stats = { 0 };
	l->an.run.compdb = compdb;
	l->an.run.db_path = l->db;
	int ar = cli_analysis_run(&l->an, st, 1, &r, &stats);
	*db_writes = stats.db_writes;
	if (ar != 0)
		return VD_EXIT_ERROR;
	cli_print_diags(r, VD_DIAG_WARNING);
	*run_id = r->run_id;
	int rc = VD_EXIT_OK;
	if (r->tus_failed > 0) {
		cli_error(
			"%d of %d translation units could not be parsed; results for the rest are stored",
			r->tus_failed, r->tus_total);
		rc = VD_EXIT_PARTIAL;
	}
	vd_result_free(r);
	return rc;
}

/* The findings out (file or standard output, and the baseline file), the
 * summary lines on stderr, and the exit code the gates give. */
static int lint_emit(const lint_args *l, const vd_findings *f, vd_buf *out, int partial)
{
	if (l->write_baseline) {
		vd_buf bl = VD_BUF_INIT;
		int wr = vd_findings_write_baseline(f, &bl);
		wr = wr || write_output(l->write_baseline, &bl);
		vd_buf_release(&bl);
		if (wr)
			return VD_EXIT_ERROR;
	}
	if (write_output(l->out_path, out) != 0)
		return VD_EXIT_ERROR;
	if (l->fmt == VD_FINDINGS_TEXT && !l->out_path && f->n == 0)
		printf("no findings in run %ld\n", f->run_id);
	if (f->suppressed)
		fprintf(stderr, "vidya: %zu finding%s suppressed (inline comments or --baseline)\n",
			f->suppressed, f->suppressed == 1 ? "" : "s");
	int cioc_over = l->max_cioc >= 0 && f->program_cioc > l->max_cioc;
	if (cioc_over)
		fprintf(stderr, "vidya: the program's CIOC %.3f is above --max-cioc %g\n",
			f->program_cioc, l->max_cioc);
	return partial ? VD_EXIT_PARTIAL
	       : (l->fail_set && vd_findings_count_at(f, l->fail_on) > 0) || cioc_over
		       ? VD_EXIT_FINDINGS
		       : VD_EXIT_OK;
}

int cmd_lint(int argc, char **argv)
{
	lint_args l = { .max_cioc = -1, .fail_on = VD_DIAG_ERROR, .fmt = VD_FINDINGS_TEXT };
	cli_analysis_init(&l.an);
	const cli_option opts[] = {
		CLI_CALLBACK(0, "format", &l.fmt, "F", opt_format,
			     "text (default), gcc, json or sarif\n"
			     "(text and gcc: gcc-style file:line:col lines;\n"
			     "sarif: SARIF 2.1.0, for code scanning)"),
		CLI_STRING('o', "output", &l.out_path, "F",
			   "write the findings to F instead of standard output"),
		CLI_STRING(0, "rules", &l.rules_path, "FILE",
			   "thresholds, severities and enabled rules (docs/lint.md)"),
		CLI_CALLBACK(0, "fail-on", &l, "SEV", opt_fail_on,
			     "exit 2 when a finding of severity SEV or above\n"
			     "exists (note, warning or error; default: never)"),
		CLI_DOUBLE(0, "max-cioc", &l.max_cioc, "X", 0, 1,
			   "exit 2 when the program's CIOC is above X (0 to 1)"),
		CLI_STRING(0, "baseline", &l.baseline, "FILE",
			   "leave out the findings FILE lists (known ones)"),
		CLI_STRING(0, "write-baseline", &l.write_baseline, "FILE",
			   "write the findings' fingerprints to FILE, for\n--baseline"),
		CLI_STRING(0, "db", &l.db, "FILE",
			   "database the run is added to, or (with no\n"
			   "compile_commands.json) holding the run to lint\n(default ./vidya.db)"),
		CLI_LONG(0, "run", &l.run, "N", 1, LONG_MAX,
			 "with --db alone: lint run N (default: the latest)"),
		CLI_BOOL(0, "list-rules", &l.list,
			 "print the rules and their thresholds, then exit"),
		CLI_TEXT("analysis options (as in 'vidya analyze --help'):"),
		CLI_ANALYSIS_OPTIONS(&l.an),
		CLI_END(),
	};
	vd_store *st = NULL;
	vd_findings *f = NULL;
	vd_buf out = VD_BUF_INIT;
	int rc = VD_EXIT_ERROR, partial = 0, created = 0, written = 0;
	const char *db = "vidya.db";
	long run = 0;
	int first = cli_parse_options(argc, argv, 1, opts, &lint_usage, 0);
	if (first < 0) {
		rc = first == CLI_PARSE_HELP ? VD_EXIT_OK : VD_EXIT_ERROR;
		goto done;
	}
	if (l.list) {
		list_rules();
		rc = VD_EXIT_OK;
		goto done;
	}
	if (l.db)
		db = l.db;
	vd_rules_config cfg;
	vd_rules_config_init(&cfg);
	if (l.rules_path && vd_rules_config_load(&cfg, l.rules_path) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	int analyze = first < argc;
	if (analyze) {
		if (first + 1 < argc) {
			cli_error("unexpected argument '%s'", argv[first + 1]);
			goto done;
		}
		if (l.run) {
			cli_error(
				"--run lints a stored run: give it with --db and no compile_commands.json");
			goto done;
		}
		if (cli_analysis_prepare(&l.an) != 0)
			goto done;
		/* a database this run creates is removed again if the analysis
		 * fails before anything is stored in it (as vidya analyze does) */
		created = access(db, F_OK) != 0 && errno == ENOENT;
	} else if (!l.db) {
		cli_error(
			"give compile_commands.json (or a directory holding it) to analyze, or --db "
			"FILE to lint a stored run; try 'vidya lint --help'");
		goto done;
	} else if (access(db, F_OK) != 0) {
		cli_error("no database '%s': %s", db, strerror(errno));
		goto done;
	}
	if (vd_store_open(&st, db) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	run = l.run;
	if (analyze) {
		l.an.run.db_path = db;
		long writes = 0;
		int arc = lint_analyze(&l, st, argv[first], &run, &writes);
		written = arc != VD_EXIT_ERROR || writes > 0;
		if (arc == VD_EXIT_ERROR)
			goto done;
		partial = arc == VD_EXIT_PARTIAL;
	}
	int lr = vd_findings_compute(st, run, &cfg, &f, NULL);
	if (lr == VD_ENOTFOUND) {
		cli_error("'%s' holds no analysis run%s", db, run ? " with that number" : "");
		goto done;
	}
	if (lr != 0 || (l.baseline && vd_findings_apply_baseline(f, l.baseline) != 0) ||
	    vd_store_save_findings(st, f) != 0 ||
	    vd_findings_render(&out, f, l.fmt, VD_VERSION) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	rc = lint_emit(&l, f, &out, partial);
done:
	vd_buf_release(&out);
	vd_findings_free(f);
	vd_store_close(st);
	if (created && !written)
		cli_remove_db(db);
	cli_analysis_free(&l.an);
	return rc;
}

int cli_report_findings(struct vd_store *st, long run_id)
{
	vd_rules_config cfg;
	vd_rules_config_init(&cfg);
	vd_findings *f = NULL;
	int rc = vd_findings_compute(st, run_id, &cfg, &f, NULL);
	if (rc == 0 && f->n) {
		printf("\nfindings (%zu; 'vidya lint --db FILE' for the full text):\n", f->n);
		for (size_t i = 0; i < f->n; i++) {
			const vd_finding *x = &f->items[i];
			printf("  %-7s %s:%d [%s] %s\n", vd_severity_name(x->severity),
			       x->file ? x->file : "-", x->site_line, vd_rule_table[x->rule].id,
			       x->evidence);
			printf("          -> %s (gain %.3g s)\n", x->recommendation, x->gain_s);
		}
	}
	vd_findings_free(f);
	return rc == 0 ? 0 : -1;
}
