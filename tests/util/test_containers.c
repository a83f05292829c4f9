/*
 * test_containers.c - cmocka tests for util/'s containers and helpers:
 * vd_buf, VD_VEC, vd_map, the arena, vd_path_join / vd_path_relative and
 * the vocabularies of vd_vocab.h.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vd_util.h"
#include "vd_vocab.h"

/* ---- vd_buf ---------------------------------------------------------------- */

static void test_buf(void **state)
{
	(void)state;
	vd_buf b = VD_BUF_INIT;
	assert_string_equal(vd_buf_cstr(&b), ""); /* empty, never NULL */
	vd_buf_puts(&b, "ab");
	vd_buf_putc(&b, 'c');
	vd_buf_put(&b, "dexx", 2);
	assert_string_equal(b.ptr, "abcde");
	assert_int_equal(b.len, 5);
	/* growth well past the first allocation keeps every byte */
	for (int i = 0; i < 1000; i++)
		vd_buf_printf(&b, "%d,", i);
	assert_int_equal(b.len, strlen(b.ptr));
	assert_true(b.cap > b.len);
	assert_memory_equal(b.ptr, "abcde0,1,2,", 11);
	assert_string_equal(b.ptr + b.len - 4, "999,");
	/* clear keeps the memory */
	size_t cap = b.cap;
	vd_buf_clear(&b);
	assert_int_equal(b.len, 0);
	assert_string_equal(vd_buf_cstr(&b), "");
	assert_int_equal(b.cap, cap);
	/* detach hands the string over and leaves an empty buffer */
	vd_buf_puts(&b, "kept");
	char *s = vd_buf_detach(&b);
	assert_string_equal(s, "kept");
	assert_null(b.ptr);
	assert_int_equal(b.len, 0);
	free(s);
	s = vd_buf_detach(&b); /* nothing added: still a string */
	assert_string_equal(s, "");
	free(s);
	vd_buf_release(&b);
}

/* ---- VD_VEC ---------------------------------------------------------------- */

static void test_vec(void **state)
{
	(void)state;
	VD_VEC(long) v = { 0 };
	for (long i = 0; i < 10000; i++)
		assert_int_equal(vd_vec_push(v, i * 3), 0);
	assert_int_equal(v.n, 10000);
	assert_true(v.cap >= v.n);
	for (long i = 0; i < 10000; i++)
		assert_int_equal(v.v[i], i * 3);
	vd_vec_free(v);
	assert_null(v.v);
	assert_int_equal(v.n, 0);
	assert_int_equal(v.cap, 0);

	VD_VEC(int) r = { 0 };
	vd_vec_reserve(r, 100);
	assert_true(r.cap >= 100);
	assert_int_equal(r.n, 0);
	vd_vec_free(r);
}

/* ---- vd_map ---------------------------------------------------------------- */

static void test_map(void **state)
{
	(void)state;
	vd_map *m = vd_map_new();
	char key[32];
	/* enough keys for several rehashes */
	for (uintptr_t i = 1; i <= 5000; i++) {
		snprintf(key, sizeof key, "key-%lu", (unsigned long)i);
		assert_int_equal(vd_map_put(m, key, (void *)i), 0);
	}
	assert_int_equal(vd_map_count(m), 5000);
	for (uintptr_t i = 1; i <= 5000; i++) {
		snprintf(key, sizeof key, "key-%lu", (unsigned long)i);
		assert_true(vd_map_has(m, key));
		assert_ptr_equal(vd_map_get(m, key), (void *)i);
	}
	assert_false(vd_map_has(m, "key-0"));
	assert_null(vd_map_get(m, "key-5001"));
	/* the key is copied: changing the caller's buffer changes nothing */
	snprintf(key, sizeof key, "key-7");
	key[4] = '8';
	assert_ptr_equal(vd_map_get(m, "key-7"), (void *)(uintptr_t)7);
	/* a second put replaces the value, not the count */
	vd_map_put(m, "key-7", (void *)(uintptr_t)70);
	assert_ptr_equal(vd_map_get(m, "key-7"), (void *)(uintptr_t)70);
	assert_int_equal(vd_map_count(m), 5000);
	/* a NULL value is stored: has() sees it, get() cannot tell */
	vd_map_put(m, "null", NULL);
	assert_true(vd_map_has(m, "null"));
	assert_int_equal(vd_map_count(m), 5001);
	/* iteration visits every key once */
	size_t it = 0, seen = 0;
	const char *k;
	void *val;
	uintptr_t sum = 0;
	while (vd_map_next(m, &it, &k, &val)) {
		seen++;
		sum += (uintptr_t)val;
	}
	assert_int_equal(seen, 5001);
	assert_int_equal(sum, 5000 * 5001 / 2 - 7 + 70);
	vd_map_free(m);
	vd_map_free(NULL);
}

/* ---- the arena ------------------------------------------------------------- */

static void test_arena(void **state)
{
	(void)state;
	vd_arena *a = vd_arena_new();
	assert_int_equal(vd_arena_bytes(a), 0);
	for (size_t n = 1; n < 300; n += 7) {
		unsigned char *p = vd_arena_alloc(a, n);
		assert_int_equal((uintptr_t)p % 16, 0);
		for (size_t i = 0; i < n; i++)
			assert_int_equal(p[i], 0); /* zeroed */
		memset(p, 0xff, n);
	}
	/* larger than a chunk: its own chunk */
	unsigned char *big = vd_arena_alloc(a, 200000);
	assert_int_equal(big[199999], 0);
	assert_true(vd_arena_bytes(a) >= 200000);
	assert_string_equal(vd_arena_strdup(a, "text"), "text");
	assert_null(vd_arena_strdup(a, NULL));
	assert_string_equal(vd_arena_strndup(a, "abcdef", 3), "abc");
	assert_string_equal(vd_arena_printf(a, "%s-%d", "x", 42), "x-42");
	vd_arena_free(a);
	vd_arena_free(NULL);
}

/* ---- paths ----------------------------------------------------------------- */

/* a directory or root, a path, and what vd_path_join / vd_path_relative
 * make of them */
typedef struct {
	const char *base, *path, *want;
} path_case;

static void check_paths(char *(*f)(vd_arena *, const char *, const char *), const path_case *c,
			size_t n)
{
	vd_arena *a = vd_arena_new();
	for (size_t i = 0; i < n; i++)
		assert_string_equal(f(a, c[i].base, c[i].path), c[i].want);
	vd_arena_free(a);
}

static void test_path_join(void **state)
{
	(void)state;
	static const path_case cases[] = {
		{ "/proj", "src/a.c", "/proj/src/a.c" },
		{ "/proj", "/abs/b.c", "/abs/b.c" },
		{ "/proj/build", "../src/./a.c", "/proj/src/a.c" },
		{ "/proj//x/", "y//z/", "/proj/x/y/z" },
		{ "/", "../../etc", "/etc" }, /* no parent of / */
		{ "rel", "../../x", "../x" }, /* relative: kept */
		{ NULL, "a/b/..", "a" },
		{ "", "a/..", "." },
		{ "/a", "..", "/" },
	};
	check_paths(vd_path_join, cases, sizeof cases / sizeof cases[0]);
}

static void test_path_relative(void **state)
{
	(void)state;
	static const path_case cases[] = {
		{ "/proj", "/proj/src/a.c", "src/a.c" },
		{ "/proj/", "/proj/src/a.c", "src/a.c" },
		/* a sibling with the root as its prefix is not inside it */
		{ "/proj", "/project/a.c", "/project/a.c" },
		{ "/proj", "/other/a.c", "/other/a.c" },
		{ "/", "/usr/include/stdio.h", "usr/include/stdio.h" },
		{ NULL, "/x/y", "/x/y" },
	};
	check_paths(vd_path_relative, cases, sizeof cases / sizeof cases[0]);
}

/* ---- vocabularies ---------------------------------------------------------- */

static void test_vocab(void **state)
{
	(void)state;
	/* every name parses back to itself; the names users see are fixed */
	for (int k = 0; k < VD_KIND__COUNT; k++) {
		vd_kind back = VD_KIND__COUNT;
		assert_int_equal(vd_kind_parse(vd_kind_name((vd_kind)k), &back), 0);
		assert_int_equal(back, k);
	}
	assert_string_equal(vd_kind_name(VD_KIND_PROGRAM), "program");
	assert_string_equal(vd_kind_name(VD_KIND_IO), "io");
	assert_string_equal(vd_kind_name(VD_KIND__COUNT), "unknown");
	vd_kind k = VD_KIND_FILE;
	assert_int_equal(vd_kind_parse("Loop", &k), 0); /* case-insensitive */
	assert_int_equal(k, VD_KIND_LOOP);
	assert_int_equal(vd_kind_parse("loops", &k), -1);
	assert_non_null(strstr(vd_error_last(), "loops"));
	assert_int_equal(k, VD_KIND_LOOP);

	for (int op = 0; op < VD_OP__COUNT; op++) {
		vd_opclass back = VD_OP__COUNT;
		assert_int_equal(vd_opclass_parse(vd_opclass_name((vd_opclass)op), &back), 0);
		assert_int_equal(back, op);
	}
	assert_string_equal(vd_opclass_name(VD_OP_NONE), "none");
	assert_string_equal(vd_opclass_name(VD_OP_META), "meta");
	assert_string_equal(vd_opclass_name(VD_OP_WAIT), "wait");
	vd_opclass op = VD_OP_READ;
	assert_true(vd_opclass_parse("READ", &op) < 0); /* exact */
	assert_true(vd_opclass_parse(NULL, &op) < 0);
	assert_int_equal(op, VD_OP_READ);

	assert_string_equal(vd_severity_name(VD_DIAG_NOTE), "note");
	assert_string_equal(vd_severity_name(VD_DIAG_WARNING), "warning");
	assert_string_equal(vd_severity_name(VD_DIAG_ERROR), "error");
	assert_int_equal(vd_severity_parse("error"), VD_DIAG_ERROR);
	assert_int_equal(vd_severity_parse("warning"), VD_DIAG_WARNING);
	assert_int_equal(vd_severity_parse("bogus"), VD_DIAG_NOTE);
	assert_int_equal(vd_severity_parse(NULL), VD_DIAG_NOTE);
}

/* vd_buf_json_str: the short escapes, \u00XX for the other control
 * characters, UTF-8 kept, a stray byte as U+FFFD, NULL as null */
static void test_json_str(void **state)
{
	(void)state;
	vd_buf b = VD_BUF_INIT;
	vd_buf_json_str(&b, "a\"b\\c\nd\re\tf\bg\fh\x01i\x7fj");
	assert_string_equal(vd_buf_cstr(&b),
			    "\"a\\\"b\\\\c\\nd\\re\\tf\\bg\\fh\\u0001i\\u007fj\"");
	vd_buf_clear(&b);
	vd_buf_json_str(&b, "\xc3\xa9x\xff" "y");
	assert_string_equal(vd_buf_cstr(&b), "\"\xc3\xa9x\\ufffdy\"");
	vd_buf_clear(&b);
	vd_buf_json_str(&b, NULL);
	assert_string_equal(vd_buf_cstr(&b), "null");
	vd_buf_clear(&b);
	vd_buf_json_str(&b, "");
	assert_string_equal(vd_buf_cstr(&b), "\"\"");
	vd_buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buf),
		cmocka_unit_test(test_vec),
		cmocka_unit_test(test_map),
		cmocka_unit_test(test_arena),
		cmocka_unit_test(test_path_join),
		cmocka_unit_test(test_path_relative),
		cmocka_unit_test(test_vocab),
		cmocka_unit_test(test_json_str),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
