/*
 * findings.c - the findings of the bottleneck identifier in the database
 * (table `findings`, view `v_findings`, docs/schema.md), and
 * vd_findings_compute: a stored run (and the latest trace, when there is
 * one) through the rule registry.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "vd_store_int.h"

int vd_store_findings_schema(vd_buf *b)
{
	return vd_buf_puts(
		b,
		"CREATE TABLE IF NOT EXISTS findings (\n"
		"  run_id INTEGER NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE,\n"
		"  seq INTEGER NOT NULL, rule TEXT NOT NULL, severity TEXT NOT NULL,\n"
		"  block_id TEXT, file TEXT, line INTEGER, end_line INTEGER,\n"
		"  site_line INTEGER, call TEXT, evidence TEXT, recommendation TEXT,\n"
		"  io_s REAL, share REAL, gain_s REAL, fingerprint TEXT, confirmed TEXT,\n"
		"  PRIMARY KEY (run_id, seq));\n"
		"CREATE VIEW IF NOT EXISTS v_findings AS SELECT rule, severity, block_id, file, line,\n"
		"  end_line, site_line, call, evidence, recommendation, io_s, share, gain_s,\n"
		"  fingerprint, confirmed, seq, run_id\n"
		"  FROM findings WHERE run_id = (SELECT max(run_id) FROM runs);\n");
}

static int fail(vd_store *s, const char *what)
{
	vd_error_set("%s '%s': %s", what, vd_store_path(s), sqlite3_errmsg(vd_store_sqlite(s)));
	return VD_ERROR;
}

int vd_store_save_findings(vd_store *s, const vd_findings *f)
{
	sqlite3 *db = vd_store_sqlite(s);
	sqlite3_stmt *del = NULL, *ins = NULL;
	int rc = VD_ERROR;
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return fail(s, "unable to save findings in");
	if (sqlite3_prepare_v2(db, "DELETE FROM findings WHERE run_id = ?", -1, &del, NULL) !=
		    SQLITE_OK ||
	    sqlite3_prepare_v2(db,
			       "INSERT INTO findings VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
			       -1, &ins, NULL) != SQLITE_OK)
		goto cleanup;
	sqlite3_bind_int64(del, 1, f->run_id);
	if (sqlite3_step(del) != SQLITE_DONE)
		goto cleanup;
	for (size_t i = 0; i < f->n; i++) {
		const vd_finding *x = &f->items[i];
		int c = 1;
		sqlite3_reset(ins);
		sqlite3_bind_int64(ins, c++, f->run_id);
		sqlite3_bind_int64(ins, c++, (sqlite3_int64)i);
		sqlite3_bind_text(ins, c++, vd_rule_table[x->rule].id, -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, c++, vd_severity_name(x->severity), -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, c++, x->block_id, -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, c++, x->file, -1, SQLITE_STATIC);
		sqlite3_bind_int(ins, c++, x->line);
		sqlite3_bind_int(ins, c++, x->end_line);
		sqlite3_bind_int(ins, c++, x->site_line);
		sqlite3_bind_text(ins, c++, x->call, -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, c++, x->evidence, -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, c++, x->recommendation, -1, SQLITE_STATIC);
		sqlite3_bind_double(ins, c++, x->io_s);
		sqlite3_bind_double(ins, c++, x->share);
		sqlite3_bind_double(ins, c++, x->gain_s);
		sqlite3_bind_text(ins, c++, x->fingerprint, -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, c++, x->confirmed, -1, SQLITE_STATIC);
		if (sqlite3_step(ins) != SQLITE_DONE)
			goto cleanup;
	}
	if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK)
		rc = 0;
cleanup:
	if (rc)
		fail(s, "unable to save findings in");
	sqlite3_finalize(del);
	sqlite3_finalize(ins);
	if (rc)
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}

/* the calls the application itself made in the latest trace, per source
 * line (from the call sites, which both trace modes store); *n = 0 when
 * there is no trace */
static int load_trace_sites(vd_store *s, vd_arena *a, vd_measured_site **out, size_t *n)
{
	sqlite3 *db = vd_store_sqlite(s);
	sqlite3_stmt *st = NULL;
	VD_VEC(vd_measured_site) v = { 0 };
	*out = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(
		    db,
		    "SELECT file, line, call, sum(calls), sum(bytes), sum(call_s)\n"
		    "  FROM trace_sites WHERE trace_id = (SELECT max(trace_id) FROM traces)\n"
		    "  AND parent_api IS NULL AND file IS NOT NULL\n"
		    "  GROUP BY file, line, call",
		    -1, &st, NULL) != SQLITE_OK)
		return fail(s, "unable to read the trace from");
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		vd_measured_site t = {
			.file = vd_arena_strdup(a, (const char *)sqlite3_column_text(st, 0)),
			.line = sqlite3_column_int(st, 1),
			.call = vd_arena_strdup(a, (const char *)sqlite3_column_text(st, 2)),
			.calls = sqlite3_column_double(st, 3),
			.bytes = sqlite3_column_double(st, 4),
			.seconds = sqlite3_column_double(st, 5),
		};
		vd_vec_push(v, t);
	}
	sqlite3_finalize(st);
	if (step != SQLITE_DONE) {
		vd_vec_free(v);
		return fail(s, "unable to read the trace from");
	}
	/* a trace with no mapped calls is no trace for this purpose */
	int have = 0;
	if (sqlite3_prepare_v2(db, "SELECT count(*) FROM traces", -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		have = sqlite3_column_int(st, 0) > 0;
	sqlite3_finalize(st);
	if (!have) {
		vd_vec_free(v);
		return 0;
	}
	*out = vd_arena_alloc(a, (v.n ? v.n : 1) * sizeof **out);
	if (v.n)
		memcpy(*out, v.v, v.n * sizeof **out);
	*n = v.n;
	vd_vec_free(v);
	return 1;
}

static const char *col(vd_arena *a, sqlite3_stmt *st, int i)
{
	return vd_arena_strdup(a, (const char *)sqlite3_column_text(st, i));
}

/* the latest trace's counters per file and layer (POSIX and MPI-IO: what
 * reaches the file system), with the spread over processes, misaligned
 * requests and the busiest application call site */
static int load_trace_files(vd_store *s, vd_arena *a, vd_trace_counters **out, size_t *n)
{
	static const char *const q_files =
		"WITH f AS (SELECT path, api, reads, writes,\n"
		"  opens + seeks + flushes + syncs + metas AS meta_calls,\n"
		"  bytes_read + bytes_written AS bytes,\n"
		"  read_0_100 + read_100_1k + read_1k_10k + write_0_100 + write_100_1k + write_1k_10k AS small,\n"
		"  random_ops, read_s + write_s AS data_s, meta_s, not_aligned\n"
		"  FROM trace_files WHERE trace_id = (SELECT max(trace_id) FROM traces)\n"
		"  AND path IS NOT NULL AND api IN ('posix', 'mpiio'))\n"
		"SELECT path, api, count(*), sum(reads), sum(writes), sum(meta_calls), sum(bytes),\n"
		"  sum(small), sum(random_ops), sum(data_s), sum(meta_s), max(bytes), min(bytes),\n"
		"  max(data_s + meta_s), min(data_s + meta_s), avg(data_s + meta_s),\n"
		"  sum(not_aligned)\n"
		"  FROM f GROUP BY path, api ORDER BY path, api";
	static const char *const q_site =
		"SELECT file, line, call, block_id, sum(calls) AS n FROM trace_sites\n"
		"  WHERE trace_id = (SELECT max(trace_id) FROM traces) AND path = ? AND api = ?\n"
		"  AND file IS NOT NULL GROUP BY file, line, call\n"
		"  ORDER BY max(block_id IS NOT NULL) DESC, n DESC, file, line LIMIT 1";
	sqlite3 *db = vd_store_sqlite(s);
	sqlite3_stmt *st = NULL, *site = NULL;
	VD_VEC(vd_trace_counters) v = { 0 };
	int rc = VD_ERROR, step;
	*out = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(db, q_files, -1, &st, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, q_site, -1, &site, NULL) != SQLITE_OK)
		goto cleanup;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		vd_trace_counters t = { 0 };
		int c = 0;
		t.path = col(a, st, c++);
		t.api = col(a, st, c++);
		t.nprocs = sqlite3_column_int(st, c++);
		t.reads = sqlite3_column_double(st, c++);
		t.writes = sqlite3_column_double(st, c++);
		t.meta_calls = sqlite3_column_double(st, c++);
		t.bytes = sqlite3_column_double(st, c++);
		t.small = sqlite3_column_double(st, c++);
		t.random = sqlite3_column_double(st, c++);
		t.data_s = sqlite3_column_double(st, c++);
		t.meta_s = sqlite3_column_double(st, c++);
		t.proc_bytes_max = sqlite3_column_double(st, c++);
		t.proc_bytes_min = sqlite3_column_double(st, c++);
		t.proc_s_max = sqlite3_column_double(st, c++);
		t.proc_s_min = sqlite3_column_double(st, c++);
		t.proc_s_mean = sqlite3_column_double(st, c++);
		t.misaligned = sqlite3_column_double(st, c++);
		sqlite3_reset(site);
		sqlite3_bind_text(site, 1, t.path, -1, SQLITE_STATIC);
		sqlite3_bind_text(site, 2, t.api, -1, SQLITE_STATIC);
		if (sqlite3_step(site) == SQLITE_ROW) {
			t.file = col(a, site, 0);
			t.line = sqlite3_column_int(site, 1);
			t.call = col(a, site, 2);
			t.block_id = col(a, site, 3);
		}
		vd_vec_push(v, t);
	}
	if (step != SQLITE_DONE)
		goto cleanup;
	*out = vd_arena_alloc(a, (v.n ? v.n : 1) * sizeof **out);
	if (v.n)
		memcpy(*out, v.v, v.n * sizeof **out);
	*n = v.n;
	rc = 0;
cleanup:
	if (rc)
		fail(s, "unable to read the trace from");
	vd_vec_free(v);
	sqlite3_finalize(st);
	sqlite3_finalize(site);
	return rc;
}

int vd_findings_compute(vd_store *s, long run_id, const vd_rules_config *c, vd_findings **out,
			int *traced)
{
	vd_result *r = NULL;
	*out = NULL;
	if (traced)
		*traced = 0;
	int rc = vd_store_load_run(s, run_id, &r);
	if (rc != 0)
		return rc;
	vd_measured_site *ts = NULL;
	vd_trace_counters *tf = NULL;
	size_t nts = 0, ntf = 0;
	int have = load_trace_sites(s, r->arena, &ts, &nts);
	if (have < 0 || (have && load_trace_files(s, r->arena, &tf, &ntf) != 0)) {
		vd_result_free(r);
		return VD_ERROR;
	}
	if (traced)
		*traced = have;
	vd_trace_input ti = { ts, nts, tf, ntf };
	rc = vd_findings_from_result(r, c, have ? &ti : NULL, out);
	vd_result_free(r);
	return rc;
}
