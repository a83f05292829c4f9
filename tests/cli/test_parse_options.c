/*
 * test_parse_options.c - cmocka tests for cli/parse_options.c: values of
 * every entry type land where the table says, operands are returned after
 * the options, bad options and values give one message, --help is made
 * from the table, and --top/--format/--sort are shared.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "printer_stub.h"
#include "parse_options.h"
#include "vd_analyzer.h"

/* the CLI's printer is printer_stub.c's */

static const cli_usage usage = { "demo", "usage: vidya demo [options] FILE\n", NULL,
				  "closing text\n" };

/* the values a demo command's table fills */
typedef struct demo {
	const char *db;
	int quiet, jobs, mode;
	long run;
	double trip;
	cli_strings defs;
	vd_report_opts ro;
} demo;

static int opt_even(const cli_option *opt, const char *arg)
{
	int v = atoi(arg);
	if (v % 2) {
		cli_error("--even '%s': not even", arg);
		return -1;
	}
	*(int *)opt->value = v;
	return 0;
}

static int even;

/* parses argv (NULL-terminated) against the demo table */
static int parse(demo *d, char **argv, int flags)
{
	int argc = 0;
	while (argv[argc])
		argc++;
	memset(d, 0, sizeof *d);
	d->db = "vidya.db";
	cli_report_opts_init(&d->ro);
	const cli_option opts[] = {
		CLI_STRING(0, "db", &d->db, "FILE", "database"),
		CLI_BOOL('q', "quiet", &d->quiet, "print nothing"),
		CLI_INT('j', "jobs", &d->jobs, "N", 1, 8, "at most 8", "parallel\njobs"),
		CLI_LONG(0, "run", &d->run, "N", 1, LONG_MAX, "a run"),
		CLI_DOUBLE(0, "trip", &d->trip, "N", 0, 1e3, "trip count"),
		CLI_STRINGS(0, "define", &d->defs, "NAME=V", "repeatable"),
		CLI_SET_INT(0, "full", &d->mode, 2, "mode 2"),
		CLI_CALLBACK(0, "even", &even, "N", opt_even, "an even number"),
		CLI_REPORT_OPTIONS(&d->ro),
		CLI_END(),
	};
	stub_reset();
	int rc = cli_parse_options(argc, argv, 1, opts, &usage, flags);
	if (rc >= 0)
		cli_report_opts_done(&d->ro);
	return rc;
}

static void test_values(void **state)
{
	demo d;
	char *argv[] = { "demo", "--db", "x.db", "a.json", "-q", "-j", "3", "--run=7",
			 "--trip", "2.5", "--define", "A=1", "--define", "B=2", "--full",
			 "--even", "4", "b", NULL };
	int first = parse(&d, argv, 0);
	/* the operands, moved behind the options */
	assert_int_equal(first, 16);
	assert_string_equal(argv[first], "a.json");
	assert_string_equal(argv[first + 1], "b");
	assert_string_equal(d.db, "x.db");
	assert_int_equal(d.quiet, 1);
	assert_int_equal(d.jobs, 3);
	assert_int_equal(d.run, 7);
	assert_true(d.trip == 2.5);
	assert_int_equal(d.defs.n, 2);
	assert_string_equal(d.defs.v[1], "B=2");
	assert_int_equal(d.mode, 2);
	assert_int_equal(even, 4);
	assert_int_equal(stub_nerrors, 0);
	free(d.defs.v);
}

static void test_stop_at_operand(void **state)
{
	demo d;
	char *argv[] = { "demo", "-q", "prog", "--db", "y.db", NULL };
	int first = parse(&d, argv, CLI_PARSE_STOP_AT_NON_OPTION);
	assert_int_equal(first, 2);
	assert_string_equal(argv[first], "prog");
	assert_string_equal(d.db, "vidya.db"); /* the program's own option */
}

static void expect_error(char **argv, const char *fragment)
{
	demo d;
	assert_int_equal(parse(&d, argv, 0), CLI_PARSE_ERROR);
	stub_expect_msg(fragment);
	free(d.defs.v);
}

static void test_errors(void **state)
{
	expect_error((char *[]){ "demo", "--bogus", NULL },
		     "unknown option '--bogus'; try 'vidya demo --help'");
	expect_error((char *[]){ "demo", "-Z", NULL }, "unknown option '-Z'");
	expect_error((char *[]){ "demo", "--db", NULL }, "option '--db' needs a value");
	expect_error((char *[]){ "demo", "--quiet=1", NULL }, "option '--quiet' takes no value");
	expect_error((char *[]){ "demo", "--d", NULL }, "ambiguous option '--d' (--db, --define)");
	expect_error((char *[]){ "demo", "-j", "9", NULL },
		     "--jobs: '9' is out of range (1 to 8: at most 8)");
	expect_error((char *[]){ "demo", "--run", "0", NULL }, "--run: '0' is out of range");
	expect_error((char *[]){ "demo", "--trip", "1e9", NULL }, "--trip: '1e9' is out of range");
	expect_error((char *[]){ "demo", "--even", "3", NULL }, "--even '3': not even");
	expect_error((char *[]){ "demo", "--format", "pdf", NULL }, "unknown format 'pdf'");
	expect_error((char *[]){ "demo", "--sort", "name", NULL }, "--sort 'name': expected io or cioc");
	expect_error((char *[]){ "demo", "--top", "-1", NULL }, "--top: '-1' is out of range");
}

/* --top: 20 rows of the table unless given, every block in an export */
static void test_report_options(void **state)
{
	demo d;
	assert_int_equal(parse(&d, (char *[]){ "demo", NULL }, 0), 1);
	assert_int_equal(d.ro.format, VD_FMT_TABLE);
	assert_int_equal(d.ro.top, 20);
	assert_int_equal(d.ro.sort_by_cioc, 0);
	assert_int_equal(parse(&d, (char *[]){ "demo", "--format", "json", NULL }, 0), 3);
	assert_int_equal(d.ro.format, VD_FMT_JSON);
	assert_int_equal(d.ro.top, 0);
	assert_int_equal(parse(&d, (char *[]){ "demo", "--format=CSV", "--top", "5", "--sort",
					       "cioc", NULL }, 0), 6);
	assert_int_equal(d.ro.format, VD_FMT_CSV);
	assert_int_equal(d.ro.top, 5);
	assert_int_equal(d.ro.sort_by_cioc, 1);
}

/* the help: synopsis, one line per entry in table order, continuation
 * lines aligned, -h last, the closing text; --format lists the formats */
static void test_help(void **state)
{
	const cli_option opts[] = {
		CLI_STRING(0, "db", NULL, "FILE", "database"),
		CLI_INT('j', "jobs", NULL, "N", 1, 8, NULL, "parallel\njobs"),
		CLI_TEXT("group:"),
		CLI_BOOL(0, "a-very-long-option-name", NULL, "long"),
		CLI_REPORT_OPTIONS(NULL),
		CLI_END(),
	};
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	cli_usage_print(f, opts, &usage);
	fclose(f);
	const char *want =
		"usage: vidya demo [options] FILE\n"
		"\n"
		"      --db FILE         database\n"
		"  -j, --jobs N          parallel\n"
		"                        jobs\n"
		"group:\n"
		"      --a-very-long-option-name\n"
		"                        long\n"
		"      --top N           rows of the hotspot table (default 20; 0 = all;\n"
		"                        0 to 2147483647)\n"
		"      --format F        table (default), json, csv, dot or graphml\n"
		"      --sort KEY        io (default: I/O-bound blocks by predicted I/O\n"
		"                        time) or cioc\n"
		"  -h, --help            show this help\n"
		"\n"
		"closing text\n";
	assert_string_equal(text, want);
	free(text);
	/* the formats come from the table in analyzer/report.c */
	assert_string_equal(vd_report_format_name(0), "table");
	assert_null(vd_report_format_name(5));
	assert_string_equal(cli_format_help(), "table (default), json, csv, dot or graphml");
}

static void test_help_returns(void **state)
{
	demo d;
	FILE *saved = stdout;
	char *text = NULL;
	size_t len = 0;
	stdout = open_memstream(&text, &len);
	int rc = parse(&d, (char *[]){ "demo", "--db", "x", "--help", NULL }, 0);
	fclose(stdout);
	stdout = saved;
	assert_int_equal(rc, CLI_PARSE_HELP);
	assert_non_null(strstr(text, "usage: vidya demo"));
	assert_int_equal(stub_nerrors, 0);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values),	       cmocka_unit_test(test_stop_at_operand),
		cmocka_unit_test(test_errors),	       cmocka_unit_test(test_report_options),
		cmocka_unit_test(test_help),	       cmocka_unit_test(test_help_returns),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
