/*
 * test_findings.c - the rule registry on hand-built runs: thresholds and
 * rules files, evidence and gains, fingerprints, escalation, and the JSON
 * and SARIF renderers parsed back with jansson.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <jansson.h>

#include "vd_findings.h"

static vd_block *add_block(vd_result *r, const char *id, vd_kind kind, const char *parent,
			   int line, int end_line, double executions, double io_s)
{
	r->blocks = realloc(r->blocks, (r->nblocks + 1) * sizeof(vd_block));
	assert_non_null(r->blocks);
	vd_block *b = &r->blocks[r->nblocks++];
	memset(b, 0, sizeof *b);
	b->id = vd_arena_strdup(r->arena, id);
	b->kind = kind;
	b->file = kind == VD_KIND_PROGRAM ? NULL : vd_arena_strdup(r->arena, "src/\"odd\"\n.c");
	b->function = kind >= VD_KIND_FUNCTION ? "main" : NULL;
	b->label = kind == VD_KIND_LOOP ? "for" : NULL;
	b->parent_id = parent ? vd_arena_strdup(r->arena, parent) : NULL;
	b->line = line;
	b->end_line = end_line;
	b->executions = executions;
	b->io_s = io_s;
	r->index_ = NULL;
	return b;
}

static void add_site(vd_result *r, const char *block, const char *api, const char *call,
		     const char *op, int line, double bytes, double count, unsigned flags)
{
	r->sites = realloc(r->sites, (r->nsites + 1) * sizeof(vd_iosite));
	assert_non_null(r->sites);
	vd_iosite *s = &r->sites[r->nsites++];
	memset(s, 0, sizeof *s);
	s->block_id = vd_arena_strdup(r->arena, block);
	s->api = api;
	s->call = call;
	s->op = op;
	s->file = "src/\"odd\"\n.c";
	s->line = line;
	s->bytes_per_call = bytes;
	s->count = count;
	s->bytes_total = bytes * count;
	s->flags = flags;
}

/* main: a loop of 1000 iterations writing 512 bytes each, then an fsync
 * per iteration; `shift` moves every line (a re-indented copy) */
static vd_result *run_with(int shift)
{
	vd_result *r = vd_result_new();
	assert_non_null(r);
	vd_device_defaults(&r->device);
	r->nprocs = 1;
	r->run_id = 7;
	add_block(r, "program", VD_KIND_PROGRAM, NULL, 0, 0, 1, 2.0)->compute_s = 0.5;
	add_block(r, "src/odd.c", VD_KIND_FILE, "program", 1, 40 + shift, 0, 2.0);
	add_block(r, "src/odd.c:main", VD_KIND_FUNCTION, "src/odd.c", 5 + shift, 30 + shift, 1, 2.0);
	add_block(r, "src/odd.c:main/loop#1", VD_KIND_LOOP, "src/odd.c:main", 10 + shift, 14 + shift,
		  1000, 2.0);
	add_block(r, "src/odd.c:main/loop#1/io#1", VD_KIND_IO, "src/odd.c:main/loop#1", 12 + shift,
		  12 + shift, 1000, 0.5);
	add_block(r, "src/odd.c:main/loop#1/io#2", VD_KIND_IO, "src/odd.c:main/loop#1", 13 + shift,
		  13 + shift, 1000, 1.5);
	add_site(r, "src/odd.c:main/loop#1/io#1", "posix", "write", "write", 12 + shift, 512, 1000,
		 VD_IO_BINARY | VD_IO_SMALL);
	add_site(r, "src/odd.c:main/loop#1/io#2", "posix", "fsync", "sync", 13 + shift, 0, 1000, 0);
	return r;
}

static const vd_finding *find(const vd_findings *f, vd_rule_id rule)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->items[i].rule == rule)
			return &f->items[i];
	return NULL;
}

static void test_registry(void **state)
{
	(void)state;
	for (int i = 0; i < VD_NRULES; i++) {
		assert_int_equal(vd_rule_find(vd_rule_table[i].id), i);
		assert_true(strlen(vd_rule_table[i].help) > 40);
		for (int j = 0; j < i; j++)
			assert_string_not_equal(vd_rule_table[i].id, vd_rule_table[j].id);
	}
	assert_int_equal(vd_rule_find("no-such-rule"), -1);
	vd_diag_severity sv;
	assert_int_equal(vd_finding_severity_parse("warning", &sv), 0);
	assert_int_equal(sv, VD_DIAG_WARNING);
	assert_int_equal(vd_finding_severity_parse("fatal", &sv), -1);
}

static void test_rules_file(void **state)
{
	(void)state;
	vd_rules_config c;
	vd_rules_config_init(&c);
	assert_int_equal(c.param[VD_RP_SMALL_IO_LOOP_min_calls], 64);
	assert_int_equal(vd_rules_config_parse(&c,
					       "# comment\n\n  small-io-loop.min_calls = 10 # why\n"
					       "sync-in-loop.severity = error\nprefetch.enabled = 0\n"
					       "all.min_gain_s = 0.5\n",
					       "t.rules"),
			 0);
	assert_true(c.param[VD_RP_SMALL_IO_LOOP_min_calls] == 10);
	assert_int_equal(c.severity[VD_RULE_SYNC_IN_LOOP], VD_DIAG_ERROR);
	assert_int_equal(c.enabled[VD_RULE_PREFETCH], 0);
	assert_true(c.param[VD_RP_ALL_min_gain_s] == 0.5);
	static const struct {
		const char *text, *msg;
	} bad[] = {
		{ "small-io-loop.min_calls 10\n", "t.rules:1: expected RULE-ID.NAME = VALUE" },
		{ "\n\nnope.min_calls = 1\n", "t.rules:3: unknown rule 'nope'" },
		{ "reread.min_calls = 1\n", "t.rules:1: rule 'reread' has no setting 'min_calls'" },
		{ "reread.min_ratio = two\n", "t.rules:1: reread.min_ratio = 'two'" },
		{ "reread.min_ratio = 1e999\n", "t.rules:1: reread.min_ratio" },
		{ "reread.min_ratio = -1\n", "t.rules:1: reread.min_ratio" },
		{ "reread.severity = loud\n", "t.rules:1: severity 'loud'" },
		{ "reread.enabled = yes\n", "t.rules:1: enabled 'yes'" },
		{ "all.severity = note\n", "t.rules:1: rule 'all' has no setting 'severity'" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		vd_rules_config_init(&c);
		assert_int_equal(vd_rules_config_parse(&c, bad[i].text, "t.rules"), VD_ERROR);
		assert_non_null(strstr(vd_error_last(), bad[i].msg));
	}
	assert_int_equal(vd_rules_config_load(&c, "/nonexistent/x.rules"), VD_ERROR);
	assert_non_null(strstr(vd_error_last(), "/nonexistent/x.rules"));
}

static void test_findings(void **state)
{
	(void)state;
	vd_rules_config c;
	vd_rules_config_init(&c);
	vd_result *r = run_with(0);
	vd_findings *f = NULL;
	assert_int_equal(vd_findings_from_result(r, &c, NULL, &f), 0);
	assert_int_equal(f->run_id, 7);
	const vd_finding *w = find(f, VD_RULE_SMALL_IO_LOOP), *s = find(f, VD_RULE_SYNC_IN_LOOP);
	assert_non_null(w);
	assert_non_null(s);
	assert_string_equal(w->block_id, "src/odd.c:main/loop#1");
	assert_int_equal(w->line, 10);
	assert_int_equal(w->end_line, 14);
	assert_int_equal(w->site_line, 12);
	assert_non_null(strstr(w->evidence, "1000 synchronous `write` calls of 512 bytes"));
	assert_non_null(strstr(w->recommendation, "500 KiB"));
	assert_true(w->io_s == 0.5 && w->share == 0.25);
	assert_true(w->gain_s > 0 && w->gain_s < w->io_s);
	/* the fsync: 1.5 s of a 2.5 s program, all but one sync saved: an error */
	assert_true(s->gain_s > 1.49 && s->gain_s < 1.5);
	assert_int_equal(s->severity, VD_DIAG_ERROR);
	assert_ptr_equal(&f->items[0], s); /* errors first */
	assert_null(w->confirmed);
	assert_int_equal(vd_findings_count_at(f, VD_DIAG_ERROR), 1);
	assert_int_equal(vd_findings_count_at(f, VD_DIAG_NOTE), f->n);

	/* the same code shifted: same fingerprints, other lines */
	vd_result *r2 = run_with(3);
	vd_findings *f2 = NULL;
	assert_int_equal(vd_findings_from_result(r2, &c, NULL, &f2), 0);
	const vd_finding *w2 = find(f2, VD_RULE_SMALL_IO_LOOP);
	assert_non_null(w2);
	assert_string_equal(w2->fingerprint, w->fingerprint);
	assert_string_not_equal(find(f2, VD_RULE_SYNC_IN_LOOP)->fingerprint, w->fingerprint);
	assert_int_equal(w2->site_line, 15);
	vd_findings_free(f2);
	vd_result_free(r2);

	/* a trace: measured calls at the site confirm it */
	vd_measured_site ts[] = { { "src/\"odd\"\n.c", 12, "write", 1000, 512000, 0.4 } };
	vd_trace_input ti = { .sites = ts, .nsites = 1 };
	assert_int_equal(vd_findings_from_result(r, &c, &ti, &f2), 0);
	assert_non_null(strstr(find(f2, VD_RULE_SMALL_IO_LOOP)->confirmed, "confirmed by the trace: 1000 calls"));
	assert_string_equal(find(f2, VD_RULE_SYNC_IN_LOOP)->confirmed, "not seen in the trace");
	vd_findings_free(f2);

	/* thresholds, disabled rules, escalation off, the gain floor */
	c.param[VD_RP_SMALL_IO_LOOP_min_calls] = 1001;
	c.enabled[VD_RULE_SYNC_IN_LOOP] = 0;
	assert_int_equal(vd_findings_from_result(r, &c, NULL, &f2), 0);
	assert_int_equal(f2->n, 0);
	vd_findings_free(f2);
	vd_rules_config_init(&c);
	c.param[VD_RP_ALL_escalate_share] = 0;
	c.param[VD_RP_ALL_min_gain_s] = 1.0;
	assert_int_equal(vd_findings_from_result(r, &c, NULL, &f2), 0);
	assert_int_equal(f2->n, 1);
	assert_int_equal(f2->items[0].rule, VD_RULE_SYNC_IN_LOOP);
	assert_int_equal(f2->items[0].severity, VD_DIAG_WARNING);
	vd_findings_free(f2);

	/* a byte count that rests on --assume-bytes is no evidence of smallness */
	vd_rules_config_init(&c);
	r->sites[0].flags |= VD_IO_BYTES_UNKNOWN;
	assert_int_equal(vd_findings_from_result(r, &c, NULL, &f2), 0);
	assert_null(find(f2, VD_RULE_SMALL_IO_LOOP));
	vd_findings_free(f2);

	vd_findings_free(f);
	vd_result_free(r);
}

static void test_render(void **state)
{
	(void)state;
	vd_rules_config c;
	vd_rules_config_init(&c);
	vd_result *r = run_with(0);
	vd_findings *f = NULL;
	assert_int_equal(vd_findings_from_result(r, &c, NULL, &f), 0);
	assert_int_equal(f->n, 2);
	vd_findings_format fmt;
	assert_int_equal(vd_findings_format_parse("xml", &fmt), -1);

	vd_buf b = VD_BUF_INIT;
	assert_int_equal(vd_findings_render(&b, f, VD_FINDINGS_JSON, "1.2"), 0);
	json_error_t err;
	json_t *j = json_loads(vd_buf_cstr(&b), 0, &err);
	assert_non_null(j);
	json_t *arr = json_object_get(j, "findings");
	assert_int_equal(json_array_size(arr), 2);
	assert_string_equal(json_string_value(json_object_get(json_array_get(arr, 0), "file")),
			    "src/\"odd\"\n.c");
	assert_string_equal(json_string_value(json_object_get(json_array_get(arr, 1), "rule")),
			    "small-io-loop");
	json_decref(j);

	vd_buf_clear(&b);
	assert_int_equal(vd_findings_render(&b, f, VD_FINDINGS_SARIF, "1.2"), 0);
	j = json_loads(vd_buf_cstr(&b), 0, &err);
	assert_non_null(j);
	assert_string_equal(json_string_value(json_object_get(j, "version")), "2.1.0");
	json_t *run = json_array_get(json_object_get(j, "runs"), 0);
	json_t *driver = json_object_get(json_object_get(run, "tool"), "driver");
	assert_string_equal(json_string_value(json_object_get(driver, "version")), "1.2");
	assert_int_equal(json_array_size(json_object_get(driver, "rules")), VD_NRULES);
	json_t *res = json_object_get(run, "results");
	assert_int_equal(json_array_size(res), 2);
	json_t *r0 = json_array_get(res, 0);
	assert_string_equal(json_string_value(json_object_get(r0, "ruleId")), "sync-in-loop");
	assert_string_equal(json_string_value(json_object_get(r0, "level")), "error");
	json_t *loc = json_object_get(json_array_get(json_object_get(r0, "locations"), 0),
				      "physicalLocation");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(loc, "region"), "startLine")),
			 13);
	assert_string_equal(json_string_value(json_object_get(json_object_get(loc, "artifactLocation"), "uri")),
			    "src/\"odd\"\n.c");
	assert_string_equal(
		json_string_value(json_object_get(json_object_get(r0, "partialFingerprints"), "vidyaBlockRule/v1")),
		f->items[0].fingerprint);
	json_decref(j);

	vd_buf_clear(&b);
	assert_int_equal(vd_findings_render(&b, f, VD_FINDINGS_TEXT, "1.2"), 0);
	assert_non_null(strstr(vd_buf_cstr(&b), ":13:1: error: 1000 `fsync` calls"));
	assert_non_null(strstr(vd_buf_cstr(&b), "[sync-in-loop]\n"));
	vd_buf_release(&b);
	vd_findings_free(f);
	vd_result_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registry),
		cmocka_unit_test(test_rules_file),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_render),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
