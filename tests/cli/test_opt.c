/*
 * test_opt.c - cmocka tests for cli/opt.c: every numeric option of every
 * command goes through cli_opt_int, cli_opt_double or cli_opt_shard, and
 * --args through cli_opt_words; a refused value must leave the output
 * untouched and produce one message naming the option and the value.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "printer_stub.h"

/* the CLI's printer is printer_stub.c's */
#define reset stub_reset
#define expect_msg stub_expect_msg
#define nerrors stub_nerrors

static void bad_int(const char *s, long long min, long long max, const char *fragment)
{
	long long v = 42;
	reset();
	assert_int_equal(cli_opt_int("--top", s, min, max, NULL, &v), -1);
	assert_int_equal(v, 42);
	expect_msg(fragment);
}

static void test_int(void **state)
{
	long long v = 0;
	reset();
	assert_int_equal(cli_opt_int("--top", "0", 0, INT_MAX, NULL, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(cli_opt_int("--top", "2147483647", 0, INT_MAX, NULL, &v), 0);
	assert_int_equal(v, INT_MAX);
	assert_int_equal(cli_opt_int("--x", "-5", -10, 10, NULL, &v), 0);
	assert_int_equal(v, -5);
	assert_int_equal(cli_opt_int("--x", "+7", 0, 10, NULL, &v), 0);
	assert_int_equal(v, 7);
	assert_int_equal(cli_opt_int("--x", "007", 0, 10, NULL, &v), 0);
	assert_int_equal(v, 7);
	assert_int_equal(nerrors, 0);

	bad_int("abc", 0, INT_MAX, "--top: 'abc' is not an integer");
	bad_int("1e3", 0, INT_MAX, "'1e3' is not an integer");
	bad_int("0x10", 0, INT_MAX, "'0x10' is not an integer");
	bad_int("", 0, INT_MAX, "'' is not an integer");
	bad_int(" 5", 0, INT_MAX, "' 5' is not an integer");
	bad_int("5 ", 0, INT_MAX, "'5 ' is not an integer");
	bad_int("-", 0, INT_MAX, "'-' is not an integer");
	bad_int("1.5", 0, INT_MAX, "'1.5' is not an integer");
	bad_int("-1", 0, INT_MAX, "--top: '-1' is out of range (0 to 2147483647)");
	bad_int("2147483648", 0, INT_MAX, "'2147483648' is out of range");
	bad_int("4294967297", 1, INT_MAX, "'4294967297' is out of range");
	bad_int("99999999999999999999", 0, LLONG_MAX, "is out of range");
	bad_int("-99999999999999999999", LLONG_MIN, 0, "is out of range");

	reset();
	assert_int_equal(cli_opt_int("--jobs", "9", 1, 8, "4 x online CPUs", &v), -1);
	expect_msg("--jobs: '9' is out of range (1 to 8: 4 x online CPUs)");
}

static void bad_double(const char *s, const char *fragment)
{
	double v = 42;
	reset();
	assert_int_equal(cli_opt_double("--assume-trip", s, 0, 1e15, &v), -1);
	assert_true(v == 42);
	expect_msg(fragment);
}

static void test_double(void **state)
{
	double v = 0;
	reset();
	assert_int_equal(cli_opt_double("--assume-trip", "12.5", 0, 1e15, &v), 0);
	assert_true(v == 12.5);
	assert_int_equal(cli_opt_double("--assume-trip", "1e3", 0, 1e15, &v), 0);
	assert_true(v == 1000);
	assert_int_equal(cli_opt_double("--assume-trip", "0", 0, 1e15, &v), 0);
	assert_true(v == 0);
	assert_int_equal(cli_opt_double("--assume-trip", "1e15", 0, 1e15, &v), 0);
	assert_int_equal(nerrors, 0);

	bad_double("nan", "--assume-trip: 'nan' is not a finite number");
	bad_double("NAN", "is not a finite number");
	bad_double("inf", "'inf' is not a finite number");
	bad_double("-infinity", "is not a finite number");
	bad_double("1e999", "'1e999' is not a finite number");
	bad_double("abc", "--assume-trip: 'abc' is not a number");
	bad_double("", "'' is not a number");
	bad_double(" 5", "' 5' is not a number");
	bad_double("5x", "'5x' is not a number");
	bad_double("-1", "'-1' is out of range (0 to 1e+15)");
	bad_double("2e15", "'2e15' is out of range");
}

static void bad_shard(const char *s, const char *fragment)
{
	int k = 42, n = 43;
	reset();
	assert_int_equal(cli_opt_shard("--shard", s, &k, &n), -1);
	assert_int_equal(k, 42);
	assert_int_equal(n, 43);
	expect_msg(fragment);
}

static void test_shard(void **state)
{
	int k = 0, n = 0;
	reset();
	assert_int_equal(cli_opt_shard("--shard", "1/2", &k, &n), 0);
	assert_int_equal(k, 1);
	assert_int_equal(n, 2);
	assert_int_equal(cli_opt_shard("--shard", "7/7", &k, &n), 0);
	assert_int_equal(k, 7);
	assert_int_equal(n, 7);
	assert_int_equal(nerrors, 0);

	bad_shard("1/2x", "--shard: '1/2x' is not K/N");
	bad_shard("x1/2", "is not K/N");
	bad_shard("1/", "is not K/N");
	bad_shard("/2", "is not K/N");
	bad_shard("12", "is not K/N");
	bad_shard("1/2/3", "is not K/N");
	bad_shard("-1/2", "is not K/N");
	bad_shard("1 /2", "is not K/N");
	bad_shard("", "is not K/N");
	bad_shard("3/2", "'3/2' is out of range");
	bad_shard("0/2", "'0/2' is out of range");
	bad_shard("1/0", "'1/0' is out of range");
	bad_shard("1/4294967297", "is out of range");
	bad_shard("1/99999999999999999999999", "is not K/N");
}

static void test_words(void **state)
{
	reset();
	assert_int_equal(cli_opt_words("--args", "in.dat 'a b' \"c\""), 0);
	assert_int_equal(nerrors, 0);
	assert_int_equal(cli_opt_words("--args", "a \"b"), -1);
	expect_msg("--args: 'a \"b': unterminated double quote");
	reset();
	assert_int_equal(cli_opt_words("--args", "it's"), -1);
	expect_msg("unterminated single quote");
}

static void test_max_jobs(void **state)
{
	int m = cli_max_jobs();
	assert_true(m >= 4);
	assert_true(m <= CLI_MAX_JOBS);
	assert_true(m % 4 == 0 || m == CLI_MAX_JOBS);
}

/* cli_bad_option after a real getopt_long, as the commands call it */
static const struct option opts[] = {
	{ "top", required_argument, NULL, 't' },     { "quiet", no_argument, NULL, 'q' },
	{ "no-probe", no_argument, NULL, 'P' },      { "no-cache", no_argument, NULL, 'C' },
	{ NULL, 0, NULL, 0 },
};

static void bad_option(const char *arg, const char *fragment)
{
	char *argv[] = { (char *)"analyze", (char *)arg, NULL };
	reset();
	optind = 0; /* a full reset of getopt's state */
	opterr = 0;
	int c = getopt_long(2, argv, ":hj:", opts, NULL);
	assert_true(c == '?' || c == ':');
	assert_int_equal(cli_bad_option("analyze", c, argv, opts), VD_EXIT_ERROR);
	expect_msg(fragment);
	if (!strstr(stub_last, "try 'vidya analyze --help'"))
		fail_msg("no hint in \"%s\"", stub_last);
}

static void test_bad_option(void **state)
{
	bad_option("--frob", "unknown option '--frob'");
	bad_option("--frob=3", "unknown option '--frob'");
	bad_option("-x", "unknown option '-x'");
	bad_option("--quiet=1", "option '--quiet' takes no value");
	bad_option("--top", "option '--top' needs a value");
	bad_option("-j", "option '-j' needs a value");
	bad_option("--no", "ambiguous option '--no' (--no-probe, --no-cache)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_int),        cmocka_unit_test(test_double),
		cmocka_unit_test(test_shard),      cmocka_unit_test(test_words),
		cmocka_unit_test(test_max_jobs),   cmocka_unit_test(test_bad_option),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
