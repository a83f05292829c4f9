/*
 * cli.h - the vidya command line: one cmd_<name>.c per subcommand, a table
 * in main.c.  Only the CLI prints and decides exit codes (DESIGN.md):
 * 0 success, 1 usage or tool error, 2 lint findings at or above --fail-on,
 * 3 some translation units could not be parsed.
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

/* "vidya: " + message on stderr */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* data/NAME (catalog.xml, model.xml): $VIDYA_DATA_DIR, the install
 * prefix's share/vidya, or the source tree; NULL when none has it.  The
 * result is a static buffer, overwritten by the next call. */
const char *cli_data_file(const char *name);
/* 1 when stderr is a terminal (progress displays) */
int cli_stderr_is_tty(void);

#endif
