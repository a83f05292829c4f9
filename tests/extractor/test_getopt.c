/*
 * test_getopt.c - cmocka tests for the getopt()/getopt_long() simulation
 * the walk uses to run option loops with the user's --args.  Expected
 * results are glibc's documented behaviour (getopt(3)).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "vd_getopt.h"

#define ARGC(a) ((int)(sizeof(a) / sizeof((a)[0])))

static void test_short_clusters_and_arguments(void **state)
{
	(void)state;
	const char *argv[] = { "ior", "-a", "POSIX", "-b16m", "-Fv", "-t", "1m", "file" };
	vd_getopt_result r;
	assert_int_equal(vd_getopt_sim(argv, ARGC(argv), "a:b:Ft:v", NULL, 0, 0, &r), 0);
	assert_int_equal(r.n, 5);
	assert_int_equal(r.ev[0].ch, 'a');
	assert_string_equal(r.ev[0].optarg, "POSIX");
	assert_int_equal(r.ev[1].ch, 'b');
	assert_string_equal(r.ev[1].optarg, "16m");
	assert_int_equal(r.ev[2].ch, 'F');
	assert_null(r.ev[2].optarg);
	assert_int_equal(r.ev[3].ch, 'v');
	assert_int_equal(r.ev[4].ch, 't');
	assert_string_equal(r.ev[4].optarg, "1m");
	assert_int_equal(r.optind, 7);
	assert_string_equal(r.perm[r.optind], "file");
	vd_getopt_result_free(&r);
}

static void test_permutes_non_options(void **state)
{
	(void)state;
	const char *argv[] = { "prog", "in.nc", "-v", "out.nc", "-k", "3" };
	vd_getopt_result r;
	assert_int_equal(vd_getopt_sim(argv, ARGC(argv), "vk:", NULL, 0, 0, &r), 0);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.ev[0].ch, 'v');
	assert_int_equal(r.ev[1].ch, 'k');
	assert_string_equal(r.ev[1].optarg, "3");
	/* prog -v -k 3 in.nc out.nc, optind at in.nc */
	assert_int_equal(r.nperm, 6);
	assert_int_equal(r.optind, 4);
	assert_string_equal(r.perm[4], "in.nc");
	assert_string_equal(r.perm[5], "out.nc");
	vd_getopt_result_free(&r);
}

static void test_plus_stops_and_double_dash(void **state)
{
	(void)state;
	const char *a1[] = { "prog", "-x", "cmd", "-y" };
	vd_getopt_result r;
	assert_int_equal(vd_getopt_sim(a1, ARGC(a1), "+xy", NULL, 0, 0, &r), 0);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.optind, 2);
	assert_string_equal(r.perm[2], "cmd");
	vd_getopt_result_free(&r);

	const char *a2[] = { "prog", "-x", "--", "-y", "z" };
	assert_int_equal(vd_getopt_sim(a2, ARGC(a2), "xy", NULL, 0, 0, &r), 0);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.optind, 3);
	assert_string_equal(r.perm[3], "-y");
	vd_getopt_result_free(&r);
}

static void test_unknown_and_missing(void **state)
{
	(void)state;
	const char *argv[] = { "prog", "-q", "-o" };
	vd_getopt_result r;
	assert_int_equal(vd_getopt_sim(argv, ARGC(argv), "o:", NULL, 0, 0, &r), 0);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.ev[0].ch, '?');
	assert_int_equal(r.ev[1].ch, '?');
	vd_getopt_result_free(&r);
	assert_int_equal(vd_getopt_sim(argv, ARGC(argv), ":o:", NULL, 0, 0, &r), 0);
	assert_int_equal(r.ev[1].ch, ':');
	vd_getopt_result_free(&r);
}

static void test_long_options(void **state)
{
	(void)state;
	const vd_longopt lo[] = {
		{ "size", 1, 0, 's' },
		{ "verbose", 0, 1, 1 },
		{ "output", 2, 0, 'o' },
		{ "output-dir", 1, 0, 'D' },
	};
	const char *argv[] = { "fio",  "--size=4m", "--verb",  "--output-dir",
			       "/tmp", "--output",  "job.fio", "--bogus" };
	vd_getopt_result r;
	assert_int_equal(vd_getopt_sim(argv, ARGC(argv), "s:", lo, 4, 0, &r), 0);
	assert_int_equal(r.n, 5);
	assert_int_equal(r.ev[0].ch, 's');
	assert_string_equal(r.ev[0].optarg, "4m");
	assert_int_equal(r.ev[1].ch, 0); /* a flag: stored, 0 returned */
	assert_int_equal(r.ev[1].longindex, 1);
	assert_int_equal(r.ev[2].ch, 'D');
	assert_string_equal(r.ev[2].optarg, "/tmp");
	assert_int_equal(r.ev[3].ch, 'o'); /* optional argument: only with = */
	assert_null(r.ev[3].optarg);
	assert_int_equal(r.ev[4].ch, '?');
	assert_string_equal(r.perm[r.optind], "job.fio");
	vd_getopt_result_free(&r);
}

static void test_long_only(void **state)
{
	(void)state;
	const vd_longopt lo[] = { { "bs", 1, 0, 'b' } };
	const char *argv[] = { "prog", "-bs", "8k", "-x" };
	vd_getopt_result r;
	assert_int_equal(vd_getopt_sim(argv, ARGC(argv), "x", lo, 1, 1, &r), 0);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.ev[0].ch, 'b');
	assert_string_equal(r.ev[0].optarg, "8k");
	assert_int_equal(r.ev[1].ch, 'x');
	vd_getopt_result_free(&r);
}

static void test_unknown_long_table(void **state)
{
	(void)state;
	/* fio builds its long options at run time: each is one option */
	const char *argv[] = { "fio", "--name=seq", "--rw=write", "-v", "--bs=64k", "job.fio" };
	vd_getopt_result r;
	assert_int_equal(vd_getopt_sim(argv, ARGC(argv), "v", NULL, -1, 1, &r), 0);
	assert_int_equal(r.n, 4);
	assert_int_equal(r.ev[0].ch, VD_OPT_UNKNOWN);
	assert_string_equal(r.ev[0].optarg, "seq");
	assert_int_equal(r.ev[2].ch, 'v');
	assert_int_equal(r.ev[3].ch, VD_OPT_UNKNOWN);
	assert_string_equal(r.ev[3].optarg, "64k");
	assert_string_equal(r.perm[r.optind], "job.fio");
	vd_getopt_result_free(&r);
	/* and an option string built at run time too */
	assert_int_equal(vd_getopt_sim(argv, ARGC(argv), NULL, NULL, -1, 1, &r), 0);
	assert_int_equal(r.n, 4);
	assert_int_equal(r.ev[2].ch, VD_OPT_UNKNOWN);
	assert_int_equal(r.optind, 5);
	vd_getopt_result_free(&r);
}

static void test_known_table_unknown_string(void **state)
{
	(void)state;
	/* the option string built at run time, the long table known: long
	 * words are named by the table, short ones stay unknown */
	const vd_longopt lo[] = { { "name", 1, 0, 0x1000 }, { "stonewall", 0, 0, 0x1000 } };
	const char *argv[] = { "fio", "--name=seq", "-stonewall", "--bogus", "-v", "job.fio" };
	vd_getopt_result r;
	assert_int_equal(vd_getopt_sim(argv, ARGC(argv), NULL, lo, 2, 1, &r), 0);
	assert_int_equal(r.n, 4);
	assert_int_equal(r.ev[0].ch, 0x1000);
	assert_string_equal(r.ev[0].optarg, "seq");
	assert_int_equal(r.ev[0].longindex, 0);
	assert_int_equal(r.ev[1].ch, 0x1000);
	assert_int_equal(r.ev[1].longindex, 1);
	assert_int_equal(r.ev[2].ch, '?');
	assert_int_equal(r.ev[3].ch, VD_OPT_UNKNOWN);
	assert_string_equal(r.perm[r.optind], "job.fio");
	vd_getopt_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short_clusters_and_arguments),
		cmocka_unit_test(test_permutes_non_options),
		cmocka_unit_test(test_plus_stops_and_double_dash),
		cmocka_unit_test(test_unknown_and_missing),
		cmocka_unit_test(test_long_options),
		cmocka_unit_test(test_long_only),
		cmocka_unit_test(test_unknown_long_table),
		cmocka_unit_test(test_known_table_unknown_string),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
