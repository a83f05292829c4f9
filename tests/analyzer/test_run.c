/*
 * test_run.c - vd_run_analysis (analyzer/run.c), the pipeline behind
 * `vidya analyze` and `vidya merge`, called as a library: a one-file
 * project in a temporary directory, a database beside it.
 *
 * The project writes ten lines in a loop of 10 iterations, so the
 * fprintf site runs exactly 10 times; fopen and fclose once each.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "vd_run.h"
#include "vd_store.h"

static char dir[64];
static char compdb[128];

static void write_file(const char *name, const char *text)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	snprintf(dir, sizeof dir, "/tmp/vd_test_run.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	write_file("main.c", "#include <stdio.h>\n"
			     "int main(void)\n"
			     "{\n"
			     "\tFILE *f = fopen(\"out.txt\", \"w\");\n"
			     "\tif (!f)\n"
			     "\t\treturn 1;\n"
			     "\tfor (int i = 0; i < 10; i++)\n"
			     "\t\tfprintf(f, \"%d\\n\", i);\n"
			     "\tfclose(f);\n"
			     "\treturn 0;\n"
			     "}\n");
	char json[512];
	snprintf(json, sizeof json,
		 "[{\"directory\": \"%s\", \"file\": \"main.c\", "
		 "\"arguments\": [\"cc\", \"-c\", \"main.c\"]}]\n", dir);
	write_file("compile_commands.json", json);
	snprintf(compdb, sizeof compdb, "%s/compile_commands.json", dir);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* what the callback saw */
typedef struct seen {
	int parse, parse_end, merged, probe;
	long merged_tus;
} seen;

static void on_event(void *payload, const vd_run_event *ev)
{
	seen *s = payload;
	switch (ev->kind) {
	case VD_RUN_PARSE:
		if (ev->text)
			s->parse++;
		else
			s->parse_end++;
		break;
	case VD_RUN_MERGED:
		s->merged++;
		s->merged_tus += ev->count;
		break;
	case VD_RUN_PROBE_BEGIN:
		s->probe++;
		break;
	default:
		break;
	}
}

static void opts_for(vd_run_opts *o, seen *s)
{
	vd_run_opts_init(o);
	o->compdb = compdb;
	o->extract.catalog = VD_TEST_DATADIR "/catalog.xml";
	o->extract.jobs = 1;
	o->no_probe = 1; /* device defaults: no probe, no user cache */
	o->progress = on_event;
	o->payload = s;
}

static vd_store *open_db(const char *name)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	vd_store *st = NULL;
	assert_int_equal(vd_store_open(&st, path), 0);
	return st;
}

static const vd_iosite *site_of(const vd_result *r, const char *call)
{
	for (size_t i = 0; i < r->nsites; i++)
		if (!strcmp(r->sites[i].call, call))
			return &r->sites[i];
	return NULL;
}

/* a run: scored, stored with every fact, and the cache used the second time */
static void test_run_saves(void **state)
{
	static const char *const defines[] = { "A=1", "B=2" };
	vd_store *st = open_db("run.db");
	seen s = { 0 };
	vd_run_opts o;
	opts_for(&o, &s);
	o.extract.args = "x y";
	o.extract.defines = defines;
	o.extract.ndefines = 2;
	vd_result *r = NULL;
	vd_run_stats stats;
	assert_int_equal(vd_run_analysis(&r, st, &o, &stats), 0);
	assert_non_null(r);
	assert_true(r->run_id >= 1);
	assert_true(r->nblocks > 0);
	assert_int_equal(r->tus_total, 1);
	assert_int_equal(r->tus_failed, 0);
	/* the facts vidya analyze used to fill in by hand */
	assert_string_equal(r->compdb, compdb);
	assert_string_equal(r->entry, "main");
	assert_string_equal(r->args, "x y");
	assert_string_equal(r->defines, "A=1,B=2");
	assert_string_equal(r->vidya_version, VD_VERSION);
	assert_null(r->model); /* no model: the analytic estimate */
	assert_true(r->device.is_default);
	assert_true(r->elapsed_s >= 0);
	/* the loop ran 10 times */
	const vd_iosite *fp = site_of(r, "fprintf");
	assert_non_null(fp);
	assert_true(fp->count == 10);
	assert_true(site_of(r, "fopen")->count == 1);
	/* the callback: one TU parsed, then the end of the parse; no probe */
	assert_int_equal(s.parse, 1);
	assert_int_equal(s.parse_end, 1);
	assert_int_equal(s.probe, 0);
	assert_int_equal(stats.tus, 1);
	assert_int_equal(stats.tus_cached, 0);
	assert_true(stats.db_writes >= 1); /* the TU's cache entry */
	/* what was stored is what came back */
	vd_result *back = NULL;
	assert_int_equal(vd_store_load_run(st, r->run_id, &back), 0);
	assert_int_equal(back->nblocks, r->nblocks);
	assert_string_equal(back->defines, "A=1,B=2");
	long first = r->run_id;
	vd_result_free(back);
	vd_result_free(r);
	/* again: a new run, its TU from the cache and, the inputs unchanged,
	 * its results those of the first run (the run-level cache) */
	assert_int_equal(vd_run_analysis(&r, st, &o, &stats), 0);
	assert_int_equal(r->run_id, first + 1);
	assert_int_equal(stats.tus_cached, 1);
	assert_int_equal(r->cached_from, first);
	assert_non_null(r->run_key);
	assert_int_equal(strlen(r->run_key), 32);
	assert_true(site_of(r, "fprintf")->count == 10);
	vd_result_free(r);
	/* no_cache: analyzed again, nothing reused */
	o.no_cache = 1;
	assert_int_equal(vd_run_analysis(&r, st, &o, &stats), 0);
	assert_int_equal(r->cached_from, 0);
	assert_int_equal(stats.tus_cached, 0);
	assert_int_equal(r->run_id, first + 2);
	vd_result_free(r);
	o.no_cache = 0;
	/* no_save: the same result, not stored (the latest run is still first + 2) */
	o.no_save = 1;
	assert_int_equal(vd_run_analysis(&r, st, &o, &stats), 0);
	assert_int_equal(r->run_id, 0);
	assert_true(site_of(r, "fprintf")->count == 10);
	vd_result_free(r);
	assert_int_equal(vd_store_load_run(st, 0, &back), 0);
	assert_int_equal(back->run_id, first + 2);
	vd_result_free(back);
	vd_store_close(st);
}

/* a model file scores CIOC and is named in the run; a bad one is an error */
static void test_run_model(void **state)
{
	vd_store *st = open_db("model.db");
	seen s = { 0 };
	vd_run_opts o;
	opts_for(&o, &s);
	o.model_path = VD_TEST_DATADIR "/model.xml";
	vd_result *r = NULL;
	assert_int_equal(vd_run_analysis(&r, st, &o, NULL), 0);
	assert_string_equal(r->model, VD_TEST_DATADIR "/model.xml");
	vd_result_free(r);
	char bad[256];
	snprintf(bad, sizeof bad, "%s/main.c", dir); /* not a model */
	o.model_path = bad;
	assert_int_equal(vd_run_analysis(&r, st, &o, NULL), -1);
	assert_null(r);
	assert_non_null(strstr(vd_error_last(), "main.c"));
	vd_store_close(st);
}

/* two shards parse into their own databases without a run; the merge
 * imports them and analyzes from the cache alone */
static void test_run_shards(void **state)
{
	char paths[2][256];
	size_t tus = 0;
	for (int k = 1; k <= 2; k++) {
		char name[32];
		snprintf(name, sizeof name, "shard%d.db", k);
		snprintf(paths[k - 1], sizeof paths[0], "%s/%s", dir, name);
		vd_store *st = open_db(name);
		seen s = { 0 };
		vd_run_opts o;
		opts_for(&o, &s);
		o.extract.shard_k = k;
		o.extract.shard_n = 2;
		vd_result *r = NULL;
		vd_run_stats stats;
		assert_int_equal(vd_run_analysis(&r, st, &o, &stats), 0);
		assert_int_equal(r->run_id, 0); /* nothing saved as a run */
		assert_int_equal(r->nblocks, 0);
		tus += stats.tus;
		vd_result_free(r);
		vd_store_close(st);
	}
	assert_int_equal(tus, 1); /* one TU, in exactly one shard */

	vd_store *st = open_db("merged.db");
	seen s = { 0 };
	vd_run_opts o;
	opts_for(&o, &s);
	const char *const shards[] = { paths[0], paths[1] };
	o.shards = shards;
	o.nshards = 2;
	vd_result *r = NULL;
	vd_run_stats stats;
	assert_int_equal(vd_run_analysis(&r, st, &o, &stats), 0);
	assert_true(r->run_id >= 1);
	assert_int_equal(s.merged, 2);
	assert_int_equal(s.merged_tus, 1);
	assert_int_equal(stats.tus_cached, 1);
	assert_true(site_of(r, "fprintf")->count == 10);
	vd_result_free(r);
	vd_store_close(st);
}

/* bad input: an error naming the file, no result */
static void test_run_errors(void **state)
{
	vd_store *st = open_db("errors.db");
	seen s = { 0 };
	vd_run_opts o;
	vd_result *r = NULL;

	opts_for(&o, &s);
	o.compdb = "/nonexistent/compile_commands.json";
	assert_int_equal(vd_run_analysis(&r, st, &o, NULL), -1);
	assert_null(r);
	assert_non_null(strstr(vd_error_last(), "/nonexistent/compile_commands.json"));

	opts_for(&o, &s);
	const char *const missing[] = { "/nonexistent/shard.db" };
	o.shards = missing;
	o.nshards = 1;
	assert_int_equal(vd_run_analysis(&r, st, &o, NULL), -1);
	assert_non_null(strstr(vd_error_last(), "unable to read shard database '/nonexistent/shard.db'"));

	char self[256];
	snprintf(self, sizeof self, "%s/errors.db", dir);
	const char *const itself[] = { self };
	o.shards = itself;
	o.db_path = self;
	assert_int_equal(vd_run_analysis(&r, st, &o, NULL), -1);
	assert_non_null(strstr(vd_error_last(), "cannot be merged into itself"));

	o.db_path = NULL;
	o.extract.shard_k = 1;
	o.extract.shard_n = 2;
	assert_int_equal(vd_run_analysis(&r, st, &o, NULL), -1);
	assert_non_null(strstr(vd_error_last(), "--shard and merge"));

	opts_for(&o, &s);
	o.extract.catalog = NULL;
	assert_int_equal(vd_run_analysis(&r, st, &o, NULL), -1);
	assert_null(r);
	vd_store_close(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_saves),
		cmocka_unit_test(test_run_model),
		cmocka_unit_test(test_run_shards),
		cmocka_unit_test(test_run_errors),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
