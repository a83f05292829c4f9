/*
 * cmd_lint.c - `vidya lint`: analyze (or take a stored run) and report the
 * rule registry's findings (optimizer/vd_findings.h) as gcc-style text,
 * JSON or SARIF, store them (v_findings), and gate CI with --fail-on.
 * Also the findings section of `vidya report` (cli_report_findings).
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
#include "vd_findings.h"
#include "vd_store.h"

static void lint_usage(FILE *out)
{
	fprintf(out,
		"usage: vidya lint [options] [analyze options] compile_commands.json|DIR\n"
		"       vidya lint [options] --db FILE [--run N]   (a run already in the database)\n\n"
		"  --format F       text (gcc-style file:line:col lines; also 'gcc'), json or\n"
		"                   sarif (SARIF 2.1.0, for code scanning); default text\n"
		"  -o, --output F   write the findings to F instead of standard output\n"
		"  --rules FILE     thresholds, severities and enabled rules (docs/lint.md)\n"
		"  --fail-on SEV    exit 2 when a finding of severity SEV or above exists\n"
		"                   (note, warning or error; default: never)\n"
		"  --max-cioc X     exit 2 when the program's CIOC is above X (0 to 1)\n"
		"  --baseline FILE  leave out the findings FILE lists (known ones)\n"
		"  --write-baseline FILE\n"
		"                   write the findings' fingerprints to FILE, for --baseline\n"
		"  --run N          with --db alone: lint run N (default: the latest)\n"
		"  --list-rules     print the rules and their thresholds, then exit\n\n"
		"The analysis options of 'vidya analyze' are accepted and passed on: --db,\n"
		"--entry, --args, --define, --env, --nprocs, --assume-trip, --assume-bytes,\n"
		"--max-depth, --paths, --catalog, --root, --no-probe, --model, --no-model,\n"
		"-j/--jobs, --no-cache, --no-memo (see 'vidya analyze --help').\n"
		"Findings are stored in the database (view v_findings).\n\n"
		"A comment 'vidya: ignore(RULE-ID)' (or 'vidya: ignore') on the call's line,\n"
		"the block's first line or the line before either suppresses a finding.\n\n"
		"exit codes: 0 ok (no finding at or above --fail-on), 1 error, 2 findings at\n"
		"or above --fail-on or CIOC above --max-cioc, 3 some translation units could\n"
		"not be parsed\n");
}

static void list_rules(void)
{
	for (int i = 0; i < VD_NRULES; i++) {
		const vd_rule_info *r = &vd_rule_table[i];
		printf("%-20s %-8s %s\n", r->id, vd_severity_name(r->severity), r->title);
		for (int j = 0; j < VD_NRULE_PARAMS; j++)
			if (vd_rule_param_table[j].rule == i)
				printf("%-20s   %s.%s = %.10g  (%s)\n", "", r->id, vd_rule_param_table[j].name,
				       vd_rule_param_table[j].def, vd_rule_param_table[j].desc);
	}
	for (int j = 0; j < VD_NRULE_PARAMS; j++)
		if (vd_rule_param_table[j].rule == VD_RULE_ALL)
			printf("%-20s   all.%s = %.10g  (%s)\n", "", vd_rule_param_table[j].name,
			       vd_rule_param_table[j].def, vd_rule_param_table[j].desc);
}

/*
 * The analysis lint runs: for now `vidya analyze --quiet ARGS`, which adds
 * a run to the database.  One function, so that it can call the analysis
 * pipeline directly once there is one to call.  Returns an exit code.
 */
static int lint_analyze(int argc, char **argv)
{
	return cmd_analyze(argc, argv);
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

int cmd_lint(int argc, char **argv)
{
	enum { PASS_ARG = 1, PASS_FLAG, O_FORMAT, O_RULES, O_FAIL, O_RUN, O_LIST, O_DB, O_MAXC,
	       O_BASE, O_WBASE };
	/* lint's own options, then analyze's, which are passed on */
	static const struct option opts[] = {
		{ "format", required_argument, NULL, O_FORMAT },
		{ "output", required_argument, NULL, 'o' },
		{ "rules", required_argument, NULL, O_RULES },
		{ "fail-on", required_argument, NULL, O_FAIL },
		{ "run", required_argument, NULL, O_RUN },
		{ "list-rules", no_argument, NULL, O_LIST },
		{ "max-cioc", required_argument, NULL, O_MAXC },
		{ "baseline", required_argument, NULL, O_BASE },
		{ "write-baseline", required_argument, NULL, O_WBASE },
		{ "help", no_argument, NULL, 'h' },
		{ "db", required_argument, NULL, O_DB },
		{ "entry", required_argument, NULL, PASS_ARG },
		{ "args", required_argument, NULL, PASS_ARG },
		{ "define", required_argument, NULL, PASS_ARG },
		{ "env", required_argument, NULL, PASS_ARG },
		{ "nprocs", required_argument, NULL, PASS_ARG },
		{ "assume-trip", required_argument, NULL, PASS_ARG },
		{ "assume-bytes", required_argument, NULL, PASS_ARG },
		{ "max-depth", required_argument, NULL, PASS_ARG },
		{ "catalog", required_argument, NULL, PASS_ARG },
		{ "root", required_argument, NULL, PASS_ARG },
		{ "paths", required_argument, NULL, PASS_ARG },
		{ "model", required_argument, NULL, PASS_ARG },
		{ "jobs", required_argument, NULL, 'j' },
		{ "no-probe", no_argument, NULL, PASS_FLAG },
		{ "no-cache", no_argument, NULL, PASS_FLAG },
		{ "no-memo", no_argument, NULL, PASS_FLAG },
		{ "no-model", no_argument, NULL, PASS_FLAG },
		{ NULL, 0, NULL, 0 },
	};
	const char *db = "vidya.db", *out_path = NULL, *rules_path = NULL;
	const char *baseline = NULL, *write_baseline = NULL;
	double max_cioc = -1;
	int db_set = 0, fail_set = 0, run_set = 0;
	long run = 0;
	vd_diag_severity fail_on = VD_DIAG_ERROR;
	vd_findings_format fmt = VD_FINDINGS_TEXT;
	char **pass = vd_xcalloc((size_t)argc + 4, sizeof *pass);
	char *owned = vd_xcalloc((size_t)argc + 4, 1); /* pass[i] was allocated here */
	int npass = 0, c, idx, rc = VD_EXIT_ERROR;
	long long iv;
	pass[npass++] = (char *)"analyze";
	pass[npass++] = (char *)"--quiet";
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:j:", opts, &idx)) != -1) {
		switch (c) {
		case O_FORMAT:
			if (vd_findings_format_parse(optarg, &fmt) != 0) {
				cli_error("--format '%s': expected text, gcc, json or sarif", optarg);
				goto done;
			}
			break;
		case 'o':
			out_path = optarg;
			break;
		case O_RULES:
			rules_path = optarg;
			break;
		case O_FAIL:
			if (vd_finding_severity_parse(optarg, &fail_on) != 0) {
				cli_error("--fail-on '%s': expected note, warning or error", optarg);
				goto done;
			}
			fail_set = 1;
			break;
		case O_RUN:
			if (cli_opt_int("--run", optarg, 1, LONG_MAX, NULL, &iv) != 0)
				goto done;
			run = (long)iv;
			run_set = 1;
			break;
		case O_MAXC:
			if (cli_opt_double("--max-cioc", optarg, 0, 1, &max_cioc) != 0)
				goto done;
			break;
		case O_BASE:
			baseline = optarg;
			break;
		case O_WBASE:
			write_baseline = optarg;
			break;
		case O_LIST:
			list_rules();
			rc = VD_EXIT_OK;
			goto done;
		case O_DB:
			db = optarg;
			db_set = 1;
			pass[npass++] = (char *)"--db";
			pass[npass++] = optarg;
			break;
		case 'j':
			pass[npass++] = (char *)"--jobs";
			pass[npass++] = optarg;
			break;
		case PASS_ARG:
			/* "--name=value" keeps the value attached for analyze */
			owned[npass] = 1;
			pass[npass] = vd_xmalloc(strlen(opts[idx].name) + strlen(optarg) + 4);
			sprintf(pass[npass++], "--%s=%s", opts[idx].name, optarg);
			break;
		case PASS_FLAG:
			pass[npass++] = argv[optind - 1];
			break;
		case 'h':
			lint_usage(stdout);
			rc = VD_EXIT_OK;
			goto done;
		default:
			rc = cli_bad_option("lint", c, argv, opts);
			goto done;
		}
	}
	vd_rules_config cfg;
	vd_rules_config_init(&cfg);
	if (rules_path && vd_rules_config_load(&cfg, rules_path) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	int partial = 0;
	if (optind < argc) {
		if (optind + 1 < argc) {
			cli_error("unexpected argument '%s'", argv[optind + 1]);
			goto done;
		}
		if (run_set) {
			cli_error("--run lints a stored run: give it with --db and no compile_commands.json");
			goto done;
		}
		pass[npass++] = argv[optind];
		int arc = lint_analyze(npass, pass);
		if (arc == VD_EXIT_PARTIAL)
			partial = 1;
		else if (arc != VD_EXIT_OK)
			goto done;
	} else if (!db_set) {
		cli_error("give compile_commands.json (or a directory holding it) to analyze, or --db "
			  "FILE to lint a stored run; try 'vidya lint --help'");
		goto done;
	} else if (access(db, F_OK) != 0) {
		cli_error("no database '%s': %s", db, strerror(errno));
		goto done;
	}
	vd_store *st = NULL;
	vd_findings *f = NULL;
	vd_buf out = VD_BUF_INIT;
	if (vd_store_open(&st, db) != 0) {
		cli_error("%s", vd_error_last());
		goto close;
	}
	int lr = vd_findings_compute(st, run, &cfg, &f, NULL);
	if (lr == VD_ENOTFOUND) {
		cli_error("'%s' holds no analysis run%s", db, run ? " with that number" : "");
		goto close;
	}
	if (lr != 0 || (baseline && vd_findings_apply_baseline(f, baseline) != 0) ||
	    vd_store_save_findings(st, f) != 0 || vd_findings_render(&out, f, fmt, VD_VERSION) != 0) {
		cli_error("%s", vd_error_last());
		goto close;
	}
	if (write_baseline) {
		vd_buf bl = VD_BUF_INIT;
		int wr = vd_findings_write_baseline(f, &bl);
		wr = wr || write_output(write_baseline, &bl);
		vd_buf_release(&bl);
		if (wr)
			goto close;
	}
	if (write_output(out_path, &out) != 0)
		goto close;
	if (fmt == VD_FINDINGS_TEXT && !out_path && f->n == 0)
		printf("no findings in run %ld\n", f->run_id);
	if (f->suppressed)
		fprintf(stderr, "vidya: %zu finding%s suppressed (inline comments or --baseline)\n",
			f->suppressed, f->suppressed == 1 ? "" : "s");
	int cioc_over = max_cioc >= 0 && f->program_cioc > max_cioc;
	if (cioc_over)
		fprintf(stderr, "vidya: the program's CIOC %.3f is above --max-cioc %g\n", f->program_cioc,
			max_cioc);
	rc = partial ? VD_EXIT_PARTIAL
	     : (fail_set && vd_findings_count_at(f, fail_on) > 0) || cioc_over ? VD_EXIT_FINDINGS
									    : VD_EXIT_OK;
close:
	vd_buf_release(&out);
	vd_findings_free(f);
	vd_store_close(st);
done:
	for (int i = 0; i < npass; i++)
		if (owned[i])
			free(pass[i]);
	free(owned);
	free(pass);
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
