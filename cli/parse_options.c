/*
 * parse_options.c - cli_parse_options() and the help it generates
 * (parse_options.h), plus the --top/--format/--sort options every command
 * that renders a report shares.
 *
 * getopt_long does the reading: the table is turned into its optstring and
 * struct option array (a long-only option's val is 256 + its index), so
 * abbreviations, "--opt=value", "--" and the message for a bad option
 * (cli_bad_option) are what every command had before the table.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <sys/ioctl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "parse_options.h"
#include "vd_analyzer.h"

#define HELP_COLUMN 24 /* where help texts start */

static size_t count_options(const cli_option *opts)
{
	size_t n = 0;
	while (opts[n].type != CLI_OPT_END)
		n++;
	return n;
}

static int takes_value(const cli_option *o)
{
	return o->type != CLI_OPT_BOOL && o->type != CLI_OPT_SET_INT && o->type != CLI_OPT_TEXT;
}

void cli_strings_push(cli_strings *l, const char *s)
{
	l->v = vd_xrealloc(l->v, (l->n + 1) * sizeof *l->v);
	l->v[l->n++] = s;
}

/* stores one option's value; 0, or -1 with the error printed */
static int set_value(const cli_option *o, const char *arg)
{
	char name[80];
	long long iv;
	snprintf(name, sizeof name, "--%s", o->long_name);
	switch (o->type) {
	case CLI_OPT_BOOL:
		*(int *)o->value = 1;
		return 0;
	case CLI_OPT_SET_INT:
		*(int *)o->value = (int)o->min;
		return 0;
	case CLI_OPT_STRING:
		*(const char **)o->value = arg;
		return 0;
	case CLI_OPT_STRINGS:
		cli_strings_push(o->value, arg);
		return 0;
	case CLI_OPT_INT:
		if (cli_opt_int(name, arg, o->min, o->max, o->why, &iv) != 0)
			return -1;
		*(int *)o->value = (int)iv;
		return 0;
	case CLI_OPT_LONG:
		if (cli_opt_int(name, arg, o->min, o->max, o->why, &iv) != 0)
			return -1;
		*(long *)o->value = (long)iv;
		return 0;
	case CLI_OPT_DOUBLE:
		return cli_opt_double(name, arg, o->dmin, o->dmax, (double *)o->value);
	case CLI_OPT_CALLBACK:
		return o->cb(o, arg);
	case CLI_OPT_TEXT:
	case CLI_OPT_END:
		break;
	}
	return 0;
}

int cli_parse_options(int argc, char **argv, int first, const cli_option *opts,
		      const cli_usage *usage, int flags)
{
	size_t n = count_options(opts);
	struct option *lo = vd_xcalloc(n + 2, sizeof *lo);
	char *shorts = vd_xmalloc(3 * n + 8);
	size_t nl = 0, ns = 0;
	if (flags & CLI_PARSE_STOP_AT_NON_OPTION)
		shorts[ns++] = '+';
	shorts[ns++] = ':'; /* a missing value is ':', told apart from '?' */
	shorts[ns++] = 'h';
	for (size_t i = 0; i < n; i++) {
		const cli_option *o = &opts[i];
		if (o->type == CLI_OPT_TEXT)
			continue;
		lo[nl++] = (struct option){ o->long_name,
					    takes_value(o) ? required_argument : no_argument, NULL,
					    o->short_name ? o->short_name : 256 + (int)i };
		if (o->short_name) {
			shorts[ns++] = (char)o->short_name;
			if (takes_value(o))
				shorts[ns++] = ':';
		}
	}
	lo[nl++] = (struct option){ "help", no_argument, NULL, 'h' };
	shorts[ns] = '\0';
	int rc = 0, c;
	/* optind 0 makes glibc start afresh (a '+' in a later call counts);
	 * argv is shifted so that argv[first] is the first one read */
	char **av = argv + first - 1;
	int ac = argc - first + 1;
	optind = 0;
	opterr = 0;
	while (rc == 0 && (c = getopt_long(ac, av, shorts, lo, NULL)) != -1) {
		if (c == 'h') {
			cli_usage_print(stdout, opts, usage);
			rc = CLI_PARSE_HELP;
			break;
		}
		const cli_option *o = NULL;
		if (c >= 256 && (size_t)(c - 256) < n)
			o = &opts[c - 256];
		for (size_t i = 0; !o && c > 0 && c < 256 && i < n; i++)
			if (opts[i].short_name == c && opts[i].type != CLI_OPT_TEXT)
				o = &opts[i];
		if (!o) {
			cli_bad_option(usage->cmd, c, av, lo);
			rc = CLI_PARSE_ERROR;
		} else if (set_value(o, optarg) != 0) {
			rc = CLI_PARSE_ERROR;
		}
	}
	free(lo);
	free(shorts);
	return rc ? rc : optind + first - 1;
}

/* ---- the help -------------------------------------------------------------- */

/* `text` with every line after the first indented to the help column */
static void print_help_text(FILE *out, const char *text)
{
	for (const char *s = text; *s; s++) {
		fputc(*s, out);
		if (*s == '\n' && s[1])
			fprintf(out, "%*s", HELP_COLUMN, "");
	}
	fputc('\n', out);
}

void cli_usage_print(FILE *out, const cli_option *opts, const cli_usage *usage)
{
	fputs(usage->synopsis, out);
	if (usage->intro)
		fprintf(out, "\n%s", usage->intro);
	fputc('\n', out);
	for (const cli_option *o = opts; o->type != CLI_OPT_END; o++) {
		if (o->type == CLI_OPT_TEXT) {
			fprintf(out, "%s\n", o->help);
			continue;
		}
		char head[96];
		int len = snprintf(head, sizeof head, "  %c%c%s--%s%s%s", o->short_name ? '-' : ' ',
				   o->short_name ? o->short_name : ' ', o->short_name ? ", " : "  ",
				   o->long_name, o->argh ? " " : "", o->argh ? o->argh : "");
		fputs(head, out);
		if (len >= HELP_COLUMN - 1)
			fprintf(out, "\n%*s", HELP_COLUMN, "");
		else
			fprintf(out, "%*s", HELP_COLUMN - len, "");
		print_help_text(out, o->help_fn ? o->help_fn() : o->help ? o->help : "");
	}
	fprintf(out, "  -h, --help%*sshow this help\n", HELP_COLUMN - 12, "");
	if (usage->outro)
		fprintf(out, "\n%s", usage->outro);
}

/* ---- --top, --format, --sort ------------------------------------------------- */

/* the columns tables fit in: $COLUMNS when it is a number, else the
 * terminal's width when stdout is one, else 80 */
int cli_terminal_width(void)
{
	const char *c = getenv("COLUMNS");
	char *end;
	long n = c ? strtol(c, &end, 10) : 0;
	if (c && *c && !*end && n >= 20 && n <= 10000)
		return (int)n;
	struct winsize ws;
	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

void cli_report_opts_init(vd_report_opts *ro)
{
	vd_report_opts_init(ro);
	ro->width = cli_terminal_width();
	ro->color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
	ro->top = -1; /* not given: cli_report_opts_done chooses */
}

void cli_report_opts_done(vd_report_opts *ro)
{
	if (ro->top < 0) /* exports carry every block unless --top says otherwise */
		ro->top = ro->format == VD_FMT_TABLE ? 20 : 0;
}

const char *cli_format_help(void)
{
	static char help[256];
	size_t len = 0;
	for (int f = 0; vd_report_format_name(f); f++)
		len += (size_t)snprintf(help + len, sizeof help - len, "%s%s%s",
					f == 0                         ? ""
					: vd_report_format_name(f + 1) ? ", "
								       : " or ",
					vd_report_format_name(f), f == 0 ? " (default)" : "");
	return help;
}

int cli_opt_format(const cli_option *opt, const char *arg)
{
	vd_report_opts *ro = opt->value;
	if (vd_report_format_parse(arg, &ro->format) != 0) {
		cli_error("unknown format '%s'", arg);
		return -1;
	}
	return 0;
}

int cli_opt_sort(const cli_option *opt, const char *arg)
{
	vd_report_opts *ro = opt->value;
	if (strcmp(arg, "io") && strcmp(arg, "cioc")) {
		cli_error("--sort '%s': expected io or cioc", arg);
		return -1;
	}
	ro->sort_by_cioc = !strcmp(arg, "cioc");
	return 0;
}

int cli_opt_top(const cli_option *opt, const char *arg)
{
	vd_report_opts *ro = opt->value;
	long long iv;
	if (cli_opt_int("--top", arg, 0, INT_MAX, NULL, &iv) != 0)
		return -1;
	ro->top = (int)iv;
	return 0;
}
