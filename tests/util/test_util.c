/*
 * test_util.c - cmocka tests for util/: vd_split_words, the one splitter
 * of --args strings (the CLI checks with it, the evaluator builds argv
 * with it) - and the out-of-memory policy (vd_xmalloc calls the handler).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "vd_util.h"

/* Splits `s`, which must succeed, and compares with the expected words
 * (NULL-terminated). */
static void expect_words(const char *s, ...)
{
	vd_arena *a = vd_arena_new();
	char **w = NULL;
	size_t n = 99;
	assert_int_equal(vd_split_words(a, s, &w, &n), VD_OK);
	assert_non_null(w);
	va_list ap;
	va_start(ap, s);
	size_t i = 0;
	for (const char *x = va_arg(ap, const char *); x; x = va_arg(ap, const char *), i++) {
		assert_true(i < n);
		assert_string_equal(w[i], x);
	}
	va_end(ap);
	assert_int_equal(n, i);
	assert_null(w[n]);
	vd_arena_free(a);
}

static void expect_error(const char *s, const char *fragment)
{
	vd_arena *a = vd_arena_new();
	char **w = (char **)0x1;
	size_t n = 99;
	vd_error_clear();
	assert_int_equal(vd_split_words(a, s, &w, &n), VD_EPARSE);
	assert_null(w);
	assert_int_equal(n, 0);
	if (!strstr(vd_error_last(), fragment))
		fail_msg("expected \"%s\" in \"%s\"", fragment, vd_error_last());
	vd_arena_free(a);
}

static void test_blanks(void **state)
{
	expect_words(NULL, NULL);
	expect_words("", NULL);
	expect_words("   \t\n ", NULL);
	expect_words("5", "5", NULL);
	expect_words("  in.dat \t 16\nout ", "in.dat", "16", "out", NULL);
}

static void test_quotes(void **state)
{
	expect_words("'a b' \"c d\"", "a b", "c d", NULL);
	expect_words("x'y z'w", "xy zw", NULL);                 /* quotes join a word */
	expect_words("'' \"\"", "", "", NULL);                  /* empty words stay */
	expect_words("'a\\b' \"a\\\"b\"", "a\\b", "a\"b", NULL); /* \ is literal in '' */
	expect_words("\"it's\" 'say \"hi\"'", "it's", "say \"hi\"", NULL);
}

static void test_backslash(void **state)
{
	expect_words("a\\ b c", "a b", "c", NULL);
	expect_words("\\'x", "'x", NULL);
	expect_words("end\\", "end\\", NULL); /* a final backslash is itself */
}

static void test_unbalanced(void **state)
{
	expect_error("a \"b", "unterminated double quote (opened at character 3)");
	expect_error("it's", "unterminated single quote (opened at character 3)");
	expect_error("'ok' \"x\\\"", "double quote (opened at character 6)");
	expect_error("\"", "character 1");
}

/* out of memory: the installed handler is called with the size, and
 * vd_xmalloc never returns NULL to its caller */
static jmp_buf oom_jump;
static size_t oom_size;

static void oom_catch(size_t size)
{
	oom_size = size;
	longjmp(oom_jump, 1);
}

static void test_oom_handler(void **state)
{
	(void)state;
	vd_oom_handler old = vd_set_oom_handler(oom_catch);
	volatile int reached = 0;
	size_t huge = SIZE_MAX / 2;
	if (setjmp(oom_jump) == 0) {
		void *p = vd_xmalloc(huge);
		reached = 1; /* not reached: the allocation cannot succeed */
		free(p);
	}
	assert_int_equal(reached, 0);
	assert_true(oom_size == huge);
	assert_ptr_equal(vd_set_oom_handler(old), oom_catch);
	/* the ordinary path still works */
	char *s = vd_xstrdup("abc");
	assert_string_equal(s, "abc");
	free(s);
	assert_null(vd_xstrdup(NULL));
	s = vd_xasprintf("%s/%s-%d", "dir", "run", 42);
	assert_string_equal(s, "dir/run-42");
	free(s);
	s = vd_xasprintf("%s", "");
	assert_string_equal(s, "");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blanks),
		cmocka_unit_test(test_quotes),
		cmocka_unit_test(test_backslash),
		cmocka_unit_test(test_unbalanced),
		cmocka_unit_test(test_oom_handler),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
