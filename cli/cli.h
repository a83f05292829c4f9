/*
 * cli.h - the vidya command line: one cmd_<name>.c per subcommand, a table
 * in main.c.  Only the CLI prints and decides exit codes (docs/analysis.md, README):
 * 0 success, 1 usage or tool error, 3 some translation units could not be
 * parsed, 2 findings (`vidya lint --fail-on`, `--max-cioc`).
 */
#ifndef VD_CLI_H
#define VD_CLI_H

enum { VD_EXIT_OK = 0, VD_EXIT_ERROR = 1, VD_EXIT_FINDINGS = 2, VD_EXIT_PARTIAL = 3 };

int cmd_analyze(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_sysprobe(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_model(int argc, char **argv);
int cmd_dfg(int argc, char **argv);
int cmd_lint(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_optimize(int argc, char **argv);

/* the findings section of `vidya report` (cmd_lint.c): the rules' findings
 * for run `run_id` on stdout; 0, or -1 with vd_error_last() */
struct vd_store;
int cli_report_findings(struct vd_store *st, long run_id);

/* "vidya: " + message on stderr */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* a malloc'ed formatted string (out of memory is fatal, as everywhere) */
char *cli_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* data/NAME (catalog.xml, model.xml): $VIDYA_DATADIR (or the older
 * $VIDYA_DATA_DIR) when set, else share/vidya relative to the running binary
 * (<prefix>/bin/vidya -> <prefix>/share/vidya), else the build tree's data
 * link (build/data -> the source tree's data/); NULL when none has it.  No
 * absolute path is compiled in.  The result is a static buffer, overwritten
 * by the next call. */
const char *cli_data_file(const char *name);
/* 1 when stderr is a terminal (progress displays) */
int cli_stderr_is_tty(void);

/* ---- option values (opt.c) ------------------------------------------------
 * Every numeric option of every command is read by one of these.  On a bad
 * value each prints one error naming the option and the value and returns
 * -1; on success it stores the value and returns 0.
 *   cli_opt_int     an optional sign and decimal digits, min <= v <= max
 *                   (`why`, when not NULL, explains the range in the message)
 *   cli_opt_double  a number strtod reads whole, finite, min <= v <= max
 *   cli_opt_shard   K/N, two decimal integers, 1 <= K <= N
 *   cli_opt_words   a shell-like word list (--args): quotes must close
 */
int cli_opt_int(const char *opt, const char *s, long long min, long long max, const char *why,
		long long *out);
int cli_opt_double(const char *opt, const char *s, double min, double max, double *out);
int cli_opt_shard(const char *opt, const char *s, int *k, int *n);
int cli_opt_words(const char *opt, const char *s);

/* -j/--jobs: at most 4 x the online CPUs, and never more than this */
#define CLI_MAX_JOBS 256
int cli_max_jobs(void);

/* getopt_long returned '?' or ':' (commands use opterr = 0 and an
 * optstring starting with ':'): prints one line naming the option (unknown,
 * ambiguous among `opts`, missing its value or given one it does not take)
 * with "try 'vidya CMD --help'", and returns VD_EXIT_ERROR */
struct option;
int cli_bad_option(const char *cmd, int c, char **argv, const struct option *opts);

#endif
