/*
 * main.c - the vidya command: a table of subcommands, one cmd_<name>.c
 * each.  Only the CLI prints and chooses exit codes (see cli.h).
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "vd_util.h"

typedef struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} command;

static const command commands[] = {
	{ "analyze", cmd_analyze, "predict per-block I/O intensity from compile_commands.json" },
	{ "dfg", cmd_dfg,
	  "directly-follows graph of I/O activity from vidya traces or strace logs" },
	{ "diff", cmd_diff, "compare two runs block by block: CIOC, calls, bytes, findings" },
	{ "lint", cmd_lint, "analyze and report I/O findings: text, JSON or SARIF, CI gates" },
	{ "merge", cmd_merge,
	  "join 'analyze --shard K/N' databases and analyze the whole project" },
	{ "model", cmd_model, "fit, evaluate or show the CIOC regression model" },
	{ "optimize", cmd_optimize,
	  "rewrite I/O-bound code from the findings: diffs, --apply, --revert; --measure"
	  " the optimized program against the original" },
	{ "report", cmd_report, "show the latest analysis from the database (no re-parsing)" },
	{ "sysprobe", cmd_sysprobe, "measure this machine's CPU, memory and storage" },
	{ "trace", cmd_trace, "run a program and record its real I/O, per layer and per block" },
};

void cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("vidya: error: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

void cli_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("vidya: warning: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

char *cli_xasprintf(const char *fmt, ...)
{
	vd_buf b = VD_BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	vd_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	char *s = vd_xstrdup(vd_buf_cstr(&b));
	vd_buf_release(&b);
	return s;
}

/* the directory holding the running vidya binary (/proc/self/exe, symlinks
 * resolved), or NULL */
static const char *self_dir(void)
{
	static char dir[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
	if (n <= 0)
		return NULL;
	dir[n] = 0;
	char *slash = strrchr(dir, '/');
	if (!slash)
		return NULL;
	if (slash == dir)
		slash[1] = 0; /* the root directory */
	else
		*slash = 0;
	return dir;
}

const char *cli_data_file(const char *name)
{
	static char path[PATH_MAX];
	const char *env = getenv("VIDYA_DATADIR");
	if (!env || !*env)
		env = getenv("VIDYA_DATA_DIR"); /* the older spelling */
	if (env && *env) {
		/* an explicit directory is never second-guessed */
		int len = snprintf(path, sizeof(path), "%s/%s", env, name);
		return len > 0 && (size_t)len < sizeof(path) && access(path, R_OK) == 0 ? path
											: NULL;
	}
	const char *bin = self_dir();
	if (!bin)
		return NULL;
	/* installed: <prefix>/bin/vidya reads <prefix>/share/vidya (the path
	 * from bindir to datadir, relative, so a moved prefix still works);
	 * build tree: ./build/vidya reads ./build/data, a link to the
	 * source tree's data/ that is never installed */
	const char *rel[] = { VD_REL_DATADIR, "data" };
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		int len = snprintf(path, sizeof(path), "%s/%s/%s", bin, rel[i], name);
		if (len > 0 && (size_t)len < sizeof(path) && access(path, R_OK) == 0)
			return path;
	}
	return NULL;
}

int cli_stderr_is_tty(void)
{
	return isatty(STDERR_FILENO);
}

static void usage(FILE *out)
{
	fprintf(out, "usage: vidya <command> [options]\n\ncommands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].help);
	fprintf(out, "\n'vidya <command> --help' describes a command's options.\n"
		     "exit codes: 0 ok, 1 usage or tool error, "
		     "3 some translation units could not be parsed\n");
}

/* the one place out of memory is reported (vd_util.h) */
static void die_oom(size_t size)
{
	static const char msg[] = "vidya: error: out of memory\n";
	(void)size;
	if (write(2, msg, sizeof(msg) - 1) < 0) {
		/* nothing left to report it with */
	}
	_exit(VD_EXIT_ERROR);
}

int main(int argc, char **argv)
{
	vd_set_oom_handler(die_oom);
	if (argc < 2) {
		usage(stderr);
		return VD_EXIT_ERROR;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return VD_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("vidya %s\n", VD_VERSION);
		return VD_EXIT_OK;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	cli_error("unknown %s '%s'; try 'vidya --help'", argv[1][0] == '-' ? "option" : "command",
		  argv[1]);
	return VD_EXIT_ERROR;
}
