/*
 * test_scan.c - cmocka tests for the scanf simulation (vd_scan.h) the walk
 * runs sscanf/fscanf with on inputs read at analysis time.  The expected
 * results are glibc's own: every case is also run through the real
 * sscanf, and the two must agree on the return value, each assigned
 * value and (through a trailing %n) the characters consumed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "vd_scan.h"

typedef union {
	int i;
	double d;
	char s[64];
} slot;

/* formats use int conversions (%d %i %u %o %x), %lf/%le/%lg, and %s %c %[
 * (width < 64); the real sscanf writes each into its own slot */
static void agree(const char *in, const char *fmt)
{
	slot real[6];
	memset(real, 0, sizeof real);
	int rrc = sscanf(in, fmt, &real[0], &real[1], &real[2], &real[3], &real[4], &real[5]);
	vd_scan_item it[6];
	int n = 0;
	size_t used = 0;
	int rc = vd_scan(in, strlen(in), fmt, it, 6, &n, &used);
	if (rc != rrc)
		fail_msg("'%s' with \"%s\": %d, glibc %d", in, fmt, rc, rrc);
	for (int k = 0; k < n; k++) {
		switch (it[k].kind) {
		case VD_SCAN_INT:
			if ((int)it[k].i != real[k].i)
				fail_msg("'%s' with \"%s\": item %d = %lld, glibc %d", in, fmt, k,
					 it[k].i, real[k].i);
			break;
		case VD_SCAN_FLT:
			assert_true(it[k].f == real[k].d);
			break;
		case VD_SCAN_STR:
			assert_int_equal(memcmp(in + it[k].off, real[k].s, it[k].len), 0);
			if (it[k].nul)
				assert_int_equal(real[k].s[it[k].len], '\0');
			break;
		}
	}
}

/* the characters consumed: vd_scan's *used against a %n appended */
static void consumed(const char *in, const char *fmt)
{
	char f2[128];
	snprintf(f2, sizeof f2, "%s%%n", fmt);
	slot real[6];
	memset(real, 0, sizeof real);
	int pos = -1;
	vd_scan_item it[6];
	int n = 0;
	size_t used = 0;
	int rc = vd_scan(in, strlen(in), fmt, it, 6, &n, &used);
	/* %n is stored only when the format runs to it: compare then */
	int conv = 0;
	for (const char *p = fmt; *p; p++)
		if (*p == '%' && p[1] != '%' && p[1] != '*')
			conv++;
	int rrc = sscanf(in, f2, &real[0], &real[1], &real[2], &real[3], &pos);
	(void)rrc;
	if (rc == conv && pos >= 0)
		assert_int_equal((int)used, pos);
}

static void test_numbers(void **state)
{
	(void)state;
	agree("42", "%d");
	agree("  -17 3.5e2 x", "%d %lf");
	agree("0x1f 017 99", "%i %i %i");
	agree("ff 17", "%x %o");
	agree("123456", "%3d%d");
	agree("nx = 40", "nx = %d");
	agree("nx=40", "nx = %d");
	agree("ny: 12", "nx: %d");
	agree("abc", "%d");
	agree("", "%d");
	agree("   ", "%d");
	agree("7,8", "%d,%d");
	agree("7 ,8", "%d,%d");
	agree("1.5 2.5 3.5", "%lf %lg %le");
	agree("-", "%d");
	agree("+", "%lf");
	agree("4294967295", "%u");
	consumed("  12 abc", "%d");
	consumed("3.25rest", "%lf");
	consumed("10 20", "%d %d");
}

static void test_strings_and_sets(void **state)
{
	(void)state;
	agree("key value", "%s %s");
	agree("temp=300.5", "%[^=]=%lf");
	agree("  abc", "%c");
	agree("abcdef", "%3c%s");
	agree("name: vidya rest", "name: %63s");
	agree("a]b", "%[]a]");
	agree("abc123", "%[a-c]%d");
	agree("# comment", "%d");
	agree("x", "%s%d");
	agree("100%", "%d%%");
	agree("5 %", "%d %%");
	consumed("key value tail", "%s %s");
	consumed("temp=300.5\n", "%[^=]=%lf");
}

static void test_suppress_and_count(void **state)
{
	(void)state;
	agree("skip 12", "%*s %d");
	agree("1 2 3", "%*d %*d %d");
	vd_scan_item it[4];
	int n = 0;
	size_t used = 0;
	/* %n is an item but not counted */
	assert_int_equal(vd_scan("ab 7", 4, "%s%n %d", it, 4, &n, &used), 2);
	assert_int_equal(n, 3);
	assert_int_equal(it[1].i, 2);
	assert_int_equal(it[2].i, 7);
	/* the input need not be terminated: only inlen characters are read */
	assert_int_equal(vd_scan("12345", 2, "%d", it, 4, &n, &used), 1);
	assert_int_equal(it[0].i, 12);
	assert_int_equal((int)used, 2);
	/* unknown conversions are refused, not guessed */
	assert_int_equal(vd_scan("x", 1, "%p", it, 4, &n, &used), -2);
	assert_int_equal(vd_scan("x", 1, "%[abc", it, 4, &n, &used), -2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_strings_and_sets),
		cmocka_unit_test(test_suppress_and_count),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
