/*
 * parse_options.h - the one option parser of every vidya subcommand, after
 * git's parse-options: a command declares a table of cli_option entries
 * (name, value pointer, value name, help) and calls cli_parse_options(),
 * which reads argv with getopt_long, checks and stores every value, prints
 * `--help` generated from the same table and turns a bad option into the
 * one-line message of cli_bad_option().
 *
 *   static int top;
 *   const cli_option opts[] = {
 *           CLI_STRING(0, "db", &db, "FILE", "database (default ./vidya.db)"),
 *           CLI_INT('j', "jobs", &jobs, "N", 1, 256, NULL, "parallel parses"),
 *           CLI_BOOL(0, "quiet", &quiet, "print nothing on success"),
 *           CLI_END(),
 *   };
 *   int rest = cli_parse_options(argc, argv, 1, opts, &usage);
 *   if (rest < 0) return rest == CLI_PARSE_HELP ? VD_EXIT_OK : VD_EXIT_ERROR;
 *   ... argv[rest..argc-1] are the operands ...
 *
 * Help is the usage lines, the options (one per entry, in table order,
 * "-j, --jobs N" then the help text; a '\n' in a help text continues it on
 * the next line, aligned) and an optional closing text.  `-h, --help` is
 * always there and needs no entry.
 */
#ifndef VD_CLI_PARSE_OPTIONS_H
#define VD_CLI_PARSE_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

typedef enum {
	CLI_OPT_END,
	CLI_OPT_BOOL,     /* int *: set to 1 */
	CLI_OPT_SET_INT,  /* int *: set to `min` (--quick, --full: one variable) */
	CLI_OPT_STRING,   /* const char **: the argument */
	CLI_OPT_STRINGS,  /* cli_strings *: every occurrence appended (repeatable) */
	CLI_OPT_INT,      /* int *: cli_opt_int within [min, max] */
	CLI_OPT_LONG,     /* long *: cli_opt_int within [min, max] */
	CLI_OPT_DOUBLE,   /* double *: cli_opt_double within [dmin, dmax] */
	CLI_OPT_CALLBACK, /* cb(opt, arg) reads the argument itself */
	CLI_OPT_TEXT      /* no option: a line of text in the help between options */
} cli_opt_type;

typedef struct cli_option cli_option;

/* returns 0, or -1 after printing one error (cli_error) */
typedef int (*cli_opt_cb)(const cli_option *opt, const char *arg);

struct cli_option {
	cli_opt_type type;
	int short_name;        /* 0: none */
	const char *long_name; /* NULL only for CLI_OPT_TEXT */
	void *value;
	const char *argh; /* the value's name in the help ("FILE"); NULL: takes none */
	const char *help;
	long long min, max;           /* CLI_OPT_INT, CLI_OPT_LONG */
	const char *why;              /* explains the range in the out-of-range message, or NULL */
	double dmin, dmax;            /* CLI_OPT_DOUBLE */
	cli_opt_cb cb;                /* CLI_OPT_CALLBACK (value is the callback's) */
	const char *(*help_fn)(void); /* when set: the help text, made when printed */
};

/* a repeatable option's values, in order; free v with free() */
typedef struct cli_strings {
	const char **v;
	size_t n;
} cli_strings;
void cli_strings_push(cli_strings *l, const char *s);

#define CLI_END()                                                                    \
	{                                                                            \
		CLI_OPT_END, 0, NULL, NULL, NULL, NULL, 0, 0, NULL, 0, 0, NULL, NULL \
	}
#define CLI_BOOL(s, l, v, h)                                                 \
	{                                                                    \
		CLI_OPT_BOOL, s, l, v, NULL, h, 0, 0, NULL, 0, 0, NULL, NULL \
	}
#define CLI_SET_INT(s, l, v, val, h)                                              \
	{                                                                         \
		CLI_OPT_SET_INT, s, l, v, NULL, h, val, 0, NULL, 0, 0, NULL, NULL \
	}
#define CLI_STRING(s, l, v, a, h)                                           \
	{                                                                   \
		CLI_OPT_STRING, s, l, v, a, h, 0, 0, NULL, 0, 0, NULL, NULL \
	}
#define CLI_STRINGS(s, l, v, a, h)                                           \
	{                                                                    \
		CLI_OPT_STRINGS, s, l, v, a, h, 0, 0, NULL, 0, 0, NULL, NULL \
	}
#define CLI_INT(s, l, v, a, lo, hi, why, h)                               \
	{                                                                 \
		CLI_OPT_INT, s, l, v, a, h, lo, hi, why, 0, 0, NULL, NULL \
	}
#define CLI_LONG(s, l, v, a, lo, hi, h)                                     \
	{                                                                   \
		CLI_OPT_LONG, s, l, v, a, h, lo, hi, NULL, 0, 0, NULL, NULL \
	}
#define CLI_DOUBLE(s, l, v, a, lo, hi, h)                                     \
	{                                                                     \
		CLI_OPT_DOUBLE, s, l, v, a, h, 0, 0, NULL, lo, hi, NULL, NULL \
	}
#define CLI_CALLBACK(s, l, v, a, cb, h)                                     \
	{                                                                   \
		CLI_OPT_CALLBACK, s, l, v, a, h, 0, 0, NULL, 0, 0, cb, NULL \
	}
/* a callback option whose help text is made when printed (a list of names) */
#define CLI_CALLBACK_FN(s, l, v, a, cb, hfn)                                  \
	{                                                                     \
		CLI_OPT_CALLBACK, s, l, v, a, NULL, 0, 0, NULL, 0, 0, cb, hfn \
	}
#define CLI_TEXT(h)                                                                \
	{                                                                          \
		CLI_OPT_TEXT, 0, NULL, NULL, NULL, h, 0, 0, NULL, 0, 0, NULL, NULL \
	}

typedef struct cli_usage {
	const char *cmd;      /* "analyze", "model": named in "try 'vidya CMD --help'" */
	const char *synopsis; /* "usage: vidya analyze [options] FILE\n" (one or more lines) */
	const char *intro;    /* text between the synopsis and the options, or NULL */
	const char *outro;    /* text after the options, or NULL */
} cli_usage;

enum {
	CLI_PARSE_HELP = -2, /* --help was printed on stdout */
	CLI_PARSE_ERROR = -1 /* one error was printed on stderr */
};

enum {
	CLI_PARSE_STOP_AT_NON_OPTION = 1 /* the first operand ends the options (vidya trace) */
};

/*
 * Parses argv[first..argc-1] against `opts`: options and operands may mix
 * (operands are moved to the end) unless CLI_PARSE_STOP_AT_NON_OPTION;
 * "--" ends the options.  Returns the index of the first operand, or
 * CLI_PARSE_HELP / CLI_PARSE_ERROR.
 */
int cli_parse_options(int argc, char **argv, int first, const cli_option *opts,
		      const cli_usage *usage, int flags);
/* the generated help of `opts` */
void cli_usage_print(FILE *out, const cli_option *opts, const cli_usage *usage);

/* ---- --top, --format and --sort: shared by every command that renders a
 * vd_report_opts (report.c's formats).  CLI_REPORT_OPTIONS(ro) expands to
 * their three entries; cli_report_opts_done() then applies the default of
 * --top (20 rows for the table, every block for the exports). */
struct vd_report_opts;
void cli_report_opts_init(
	struct vd_report_opts *ro); /* vd_report_opts_init, colour, width, --top unset */
int cli_terminal_width(void);       /* $COLUMNS, else the terminal's when stdout is one, else 80 */
const char *cli_format_help(void);  /* "table (default), json, ..." from the formats table */
int cli_opt_format(const cli_option *opt, const char *arg);
int cli_opt_sort(const cli_option *opt, const char *arg);
int cli_opt_top(const cli_option *opt, const char *arg);
void cli_report_opts_done(struct vd_report_opts *ro);

#define CLI_REPORT_OPTIONS(ro)                                                             \
	CLI_CALLBACK(0, "top", (ro), "N", cli_opt_top,                                     \
		     "rows of the hotspot table (default 20; 0 = all;\n0 to 2147483647)"), \
		CLI_CALLBACK_FN(0, "format", (ro), "F", cli_opt_format, cli_format_help),  \
		CLI_CALLBACK(0, "sort", (ro), "KEY", cli_opt_sort,                         \
			     "io (default: I/O-bound blocks by predicted I/O\ntime) or cioc")

#endif
