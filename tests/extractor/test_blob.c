/*
 * test_blob.c - cmocka tests for the IR blob decoder (vd_blob_read): every
 * seed of the fuzz target decodes, the blobs fuzz_blob found crashing are
 * "corrupt IR blob" errors, and so is every truncation of a valid blob.
 * Runs in every build (tests/fuzz/ only with VD_FUZZ=ON).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "project.h"
#include "vd_extractor.h"
#include "vd_util.h"

#ifndef VD_TEST_BLOBS
#error "VD_TEST_BLOBS must name tests/fuzz/corpus/blob"
#endif

static int decode(const void *data, size_t len)
{
	vd_project *p = vd_project_alloc();
	assert_non_null(p);
	vd_extract_opts_init(&p->opts);
	/* an exact heap copy: ASan sees a read past the end */
	void *copy = malloc(len ? len : 1);
	assert_non_null(copy);
	memcpy(copy, data, len);
	int rc = vd_blob_read(p, copy, len, "test");
	free(copy);
	vd_project_free(p);
	return rc;
}

static void load(const char *name, char **text, size_t *len)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", VD_TEST_BLOBS, name);
	assert_int_equal(vd_read_file(text, len, path), 0);
}

static void test_seeds_decode(void **state)
{
	(void)state;
	static const char *const seeds[] = { "main.ir", "stencil.ir", "checkpoint.ir", "log.ir" };
	for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
		char *b = NULL;
		size_t n = 0;
		load(seeds[i], &b, &n);
		assert_int_equal(decode(b, n), 0);
		free(b);
	}
}

static void test_global_without_usr(void **state)
{
	(void)state;
	char *b = NULL;
	size_t n = 0;
	load("regress_global_without_usr.ir", &b, &n);
	assert_int_not_equal(decode(b, n), 0);
	free(b);
}

static void test_truncations(void **state)
{
	(void)state;
	char *b = NULL;
	size_t n = 0;
	load("log.ir", &b, &n);
	for (size_t cut = 0; cut < n; cut += 7)
		assert_int_not_equal(decode(b, cut), 0);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeds_decode),
		cmocka_unit_test(test_global_without_usr),
		cmocka_unit_test(test_truncations),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
