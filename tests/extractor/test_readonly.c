/*
 * test_readonly.c - cmocka tests for ir_var.read_only: a global whose type
 * is const-qualified (an array: its elements, at any depth) is read-only,
 * in the lowering and after the IR blob round trip of the TU cache (the
 * walks of unreached code do not save and restore what such globals lead
 * to: the program never writes them).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "project.h"
#include "vd_extractor.h"
#include "vd_util.h"

static const char src[] =
	"struct row { int a; const char *s; };\n"
	"const int primes[4] = { 2, 3, 5, 7 };\n"
	"static const struct row rows[2] = { { 1, \"x\" }, { 2, \"y\" } };\n"
	"const unsigned char grid[2][3] = { { 1 } };\n"
	"char *const fixed = 0;\n"
	"const char *moving = \"m\";\n"
	"int counts[4];\n"
	"struct row one;\n"
	"int main(void) { return primes[0] + rows[1].a + grid[1][2] + counts[0] + "
	"one.a + (fixed != moving); }\n";

static char dir[64];

static int write_file(const char *name, const char *text)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/vd-readonly-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	char cdb[512];
	snprintf(cdb, sizeof cdb,
		 "[{\"directory\": \"%s\", \"command\": \"cc -c ro.c\", \"file\": \"ro.c\"}]\n",
		 dir);
	return write_file("ro.c", src) || write_file("compile_commands.json", cdb) ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	char path[256];
	snprintf(path, sizeof path, "%s/ro.c", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/compile_commands.json", dir);
	unlink(path);
	rmdir(dir);
	return 0;
}

static const ir_var *global(const vd_project *p, const char *name)
{
	for (size_t i = 0; i < p->globals.n; i++)
		if (!strcmp(p->globals.v[i]->name, name))
			return p->globals.v[i];
	return NULL;
}

static void check(const vd_project *p)
{
	static const struct {
		const char *name;
		int ro;
	} want[] = { { "primes", 1 }, { "rows", 1 },   { "grid", 1 }, { "fixed", 1 },
		     { "moving", 0 }, { "counts", 0 }, { "one", 0 } };
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const ir_var *v = global(p, want[i].name);
		if (!v)
			fail_msg("no global %s", want[i].name);
		if (v->read_only != want[i].ro)
			fail_msg("%s: read_only %d, expected %d", want[i].name, v->read_only,
				 want[i].ro);
	}
}

/* an in-memory TU cache: the second load decodes the first one's blob */
static struct {
	char *key, *deps;
	void *blob;
	size_t len;
} mem;

static int mem_get(void *payload, const char *key, char **deps, void **blob, size_t *len)
{
	(void)payload;
	if (!mem.key || strcmp(mem.key, key))
		return VD_ENOTFOUND;
	*deps = vd_xstrdup(mem.deps);
	*blob = vd_xmalloc(mem.len ? mem.len : 1);
	memcpy(*blob, mem.blob, mem.len);
	*len = mem.len;
	return 0;
}

static int mem_put(void *payload, const char *key, const char *file, const char *deps,
		   const void *blob, size_t len)
{
	(void)payload;
	(void)file;
	free(mem.key);
	free(mem.deps);
	free(mem.blob);
	mem.key = vd_xstrdup(key);
	mem.deps = vd_xstrdup(deps ? deps : "");
	mem.blob = vd_xmalloc(len ? len : 1);
	memcpy(mem.blob, blob, len);
	mem.len = len;
	return 0;
}

static vd_project *load(size_t *cached)
{
	static const vd_tu_cache cache = { NULL, mem_get, mem_put, NULL };
	vd_extract_opts o;
	vd_extract_opts_init(&o);
	o.catalog = VD_TEST_DATADIR "/catalog.xml";
	o.cache = &cache;
	char cdb[256];
	snprintf(cdb, sizeof cdb, "%s/compile_commands.json", dir);
	vd_project *p = NULL;
	assert_int_equal(vd_project_load(&p, cdb, &o), 0);
	assert_non_null(p);
	*cached = vd_project_tus_cached(p);
	return p;
}

static void test_lowered_then_cached(void **state)
{
	(void)state;
	size_t cached = 0;
	vd_project *p = load(&cached);
	assert_int_equal(cached, 0);
	check(p);
	vd_project_free(p);
	assert_non_null(mem.blob);
	p = load(&cached); /* from the blob the first load stored */
	assert_int_equal(cached, 1);
	check(p);
	vd_project_free(p);
	free(mem.key);
	free(mem.deps);
	free(mem.blob);
	memset(&mem, 0, sizeof mem);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lowered_then_cached),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
