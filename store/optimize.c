/*
 * optimize.c - the before/after pairs of `vidya optimize --measure`: the
 * tables optimize_pairs and optimize_runs (schema version 6), the views
 * v_optimize_gain (per pair), v_optimize_gain_blocks (per measured block)
 * and v_optimize_gain_functions (per function that made I/O calls), and
 * the trace figures the command compares.  docs/schema.md documents them.
 */
#define _GNU_SOURCE
#include "vd_store_int.h"

#include <stdlib.h>

/* a / b when b > 0, else NULL */
#define RATIO(a, b) "CASE WHEN " b " > 0 THEN " a " / " b " END"

void vd_store_optimize_schema(vd_buf *b)
{
	vd_buf_puts(
		b,
		"CREATE TABLE IF NOT EXISTS optimize_pairs (\n"
		"  pair_id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
		"  label TEXT, created_at TEXT NOT NULL, vidya_version TEXT,\n"
		"  before_command TEXT, after_command TEXT, runs INTEGER NOT NULL,\n"
		"  before_trace INTEGER REFERENCES traces(trace_id) ON DELETE SET NULL,\n"
		"  after_trace INTEGER REFERENCES traces(trace_id) ON DELETE SET NULL,\n"
		"  before_wall_s REAL, after_wall_s REAL, before_io_s REAL, after_io_s REAL,\n"
		"  before_all_io_s REAL, after_all_io_s REAL,\n"
		"  outputs INTEGER, identical INTEGER NOT NULL, differing TEXT);\n"
		"CREATE TABLE IF NOT EXISTS optimize_runs (\n"
		"  pair_id INTEGER NOT NULL REFERENCES optimize_pairs(pair_id) ON DELETE CASCADE,\n"
		"  side TEXT NOT NULL CHECK (side IN ('before', 'after')), run INTEGER NOT NULL,\n"
		"  trace_id INTEGER REFERENCES traces(trace_id) ON DELETE SET NULL,\n"
		"  wall_s REAL, io_s REAL, all_io_s REAL, exit_status INTEGER,\n"
		"  PRIMARY KEY (pair_id, side, run));\n"
		/* per pair: the medians, their ratios, and all threads' I/O time
		 * of the median runs (the optimized program's background
		 * thread does I/O its main thread no longer waits for) */
		"CREATE VIEW IF NOT EXISTS v_optimize_gain AS SELECT p.pair_id AS pair_id,\n"
		"  p.label AS label, p.runs AS runs,\n"
		"  p.before_wall_s AS before_wall_s, p.after_wall_s AS after_wall_s,\n"
		"  " RATIO(
			"p.before_wall_s",
			"p.after_wall_s") " AS wall_ratio,\n"
					  "  p.before_io_s AS before_io_s, p.after_io_s AS after_io_s,\n"
					  "  " RATIO(
						  "p.before_io_s",
						  "p.after_io_s") " AS io_ratio,\n"
								  "  p.before_all_io_s AS before_all_io_s, p.after_all_io_s AS after_all_io_s,\n"
								  "  p.outputs AS outputs, p.identical AS identical, p.differing AS differing,\n"
								  "  p.before_trace AS before_trace, p.after_trace AS after_trace,\n"
								  "  p.before_command AS before_command, p.after_command AS after_command,\n"
								  "  p.created_at AS created_at\n"
								  "  FROM optimize_pairs p;\n"
								  /* per block of the analysis each median trace was mapped to */
								  "CREATE VIEW IF NOT EXISTS v_optimize_gain_blocks AS SELECT x.pair_id AS pair_id,\n"
								  "  x.block_id AS block_id, b.kind AS kind, b.function AS function,\n"
								  "  b.file AS file, b.line AS line,\n"
								  "  x.before_wall_s AS before_wall_s, x.after_wall_s AS after_wall_s,\n"
								  "  " RATIO(
									  "x.before_wall_s",
									  "x.after_wall_s") " AS wall_ratio,\n"
											    "  x.before_io_s AS before_io_s, x.after_io_s AS after_io_s,\n"
											    "  " RATIO(
												    "x.before_io_s",
												    "x.after_io_s") " AS io_ratio,\n"
														    "  CASE WHEN x.before_wall_s > 0 THEN min(1.0, x.before_io_s / x.before_wall_s) END"
														    " AS before_intensity,\n"
														    "  CASE WHEN x.after_wall_s > 0 THEN min(1.0, x.after_io_s / x.after_wall_s) END"
														    " AS after_intensity\n"
														    "  FROM (SELECT p.pair_id AS pair_id, tb.block_id AS block_id,\n"
														    "    sum(CASE WHEN tb.trace_id = p.before_trace THEN tb.wall_s END) AS before_wall_s,\n"
														    "    sum(CASE WHEN tb.trace_id = p.after_trace THEN tb.wall_s END) AS after_wall_s,\n"
														    "    sum(CASE WHEN tb.trace_id = p.before_trace THEN tb.io_s END) AS before_io_s,\n"
														    "    sum(CASE WHEN tb.trace_id = p.after_trace THEN tb.io_s END) AS after_io_s,\n"
														    "    max(CASE WHEN tb.trace_id = p.after_trace THEN t.run_id END) AS after_run,\n"
														    "    max(t.run_id) AS any_run\n"
														    "    FROM optimize_pairs p\n"
														    "    JOIN trace_blocks tb ON tb.trace_id IN (p.before_trace, p.after_trace)\n"
														    "    JOIN traces t ON t.trace_id = tb.trace_id\n"
														    "    GROUP BY p.pair_id, tb.block_id) x\n"
														    "  LEFT JOIN blocks b ON b.run_id = coalesce(x.after_run, x.any_run)"
														    " AND b.block_id = x.block_id;\n"
														    /* per function that made I/O calls (its call sites, every
		 * thread; the application's own calls, not a layer's inside
		 * another): needs call stacks, not an analysis */
														    "CREATE VIEW IF NOT EXISTS v_optimize_gain_functions AS SELECT p.pair_id AS pair_id,\n"
														    "  s.function AS function, s.file AS file,\n"
														    "  sum(CASE WHEN s.trace_id = p.before_trace THEN s.call_s END) AS before_io_s,\n"
														    "  sum(CASE WHEN s.trace_id = p.after_trace THEN s.call_s END) AS after_io_s,\n"
														    "  " RATIO(
															    "sum(CASE WHEN s.trace_id = p.before_trace THEN s.call_s END)",
															    "sum(CASE WHEN s.trace_id = p.after_trace THEN s.call_s END)") " AS io_ratio,\n"
																							   "  sum(CASE WHEN s.trace_id = p.before_trace THEN s.calls END) AS before_calls,\n"
																							   "  sum(CASE WHEN s.trace_id = p.after_trace THEN s.calls END) AS after_calls\n"
																							   "  FROM optimize_pairs p\n"
																							   "  JOIN trace_sites s ON s.trace_id IN (p.before_trace, p.after_trace)\n"
																							   "  WHERE s.parent_api IS NULL\n"
																							   "  GROUP BY p.pair_id, s.function, s.file;\n");
}

static int bind_trace(sqlite3_stmt *st, int i, long id)
{
	return id > 0 ? sqlite3_bind_int64(st, i, id) : sqlite3_bind_null(st, i);
}

int vd_store_save_optimize_pair(vd_store *s, vd_optimize_pair *p)
{
	sqlite3_stmt *st = NULL;
	char now[32];
	iso_utc(now, sizeof now);
	if (exec(s, "BEGIN IMMEDIATE", "unable to save the measurement to"))
		return VD_ERROR;
	int rc = VD_ERROR;
	if (prepare(s, &st,
		    "INSERT INTO optimize_pairs (label, created_at, vidya_version, before_command,"
		    " after_command, runs, before_trace, after_trace, before_wall_s, after_wall_s,"
		    " before_io_s, after_io_s, before_all_io_s, after_all_io_s, outputs, identical,"
		    " differing) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
		    "unable to save the measurement to"))
		goto done;
	int c = 1;
	bind_text(st, c++, p->label);
	bind_text(st, c++, now);
	bind_text(st, c++, VD_VERSION);
	bind_text(st, c++, p->before_cmd);
	bind_text(st, c++, p->after_cmd);
	sqlite3_bind_int(st, c++, p->runs);
	bind_trace(st, c++, p->before_trace);
	bind_trace(st, c++, p->after_trace);
	sqlite3_bind_double(st, c++, p->before_wall_s);
	sqlite3_bind_double(st, c++, p->after_wall_s);
	sqlite3_bind_double(st, c++, p->before_io_s);
	sqlite3_bind_double(st, c++, p->after_io_s);
	sqlite3_bind_double(st, c++, p->before_all_io_s);
	sqlite3_bind_double(st, c++, p->after_all_io_s);
	sqlite3_bind_int(st, c++, p->outputs);
	sqlite3_bind_int(st, c++, p->identical);
	bind_text(st, c++, p->differing);
	if (sqlite3_step(st) != SQLITE_DONE) {
		db_fail(s, "unable to save the measurement to");
		goto done;
	}
	p->pair_id = (long)sqlite3_last_insert_rowid(s->db);
	sqlite3_finalize(st);
	st = NULL;
	if (prepare(s, &st,
		    "INSERT INTO optimize_runs (pair_id, side, run, trace_id, wall_s, io_s,"
		    " all_io_s, exit_status) VALUES (?,?,?,?,?,?,?,?)",
		    "unable to save the measurement to"))
		goto done;
	for (size_t i = 0; i < p->n; i++) {
		const vd_optimize_run *r = &p->v[i];
		sqlite3_bind_int64(st, 1, p->pair_id);
		bind_text(st, 2, r->after ? "after" : "before");
		sqlite3_bind_int(st, 3, r->run);
		bind_trace(st, 4, r->trace_id);
		sqlite3_bind_double(st, 5, r->wall_s);
		sqlite3_bind_double(st, 6, r->io_s);
		sqlite3_bind_double(st, 7, r->all_io_s);
		sqlite3_bind_int(st, 8, r->status);
		if (sqlite3_step(st) != SQLITE_DONE) {
			db_fail(s, "unable to save the measurement to");
			goto done;
		}
		sqlite3_reset(st);
	}
	if (exec(s, "COMMIT", "unable to save the measurement to"))
		goto done;
	rc = 0;
done:
	sqlite3_finalize(st);
	if (rc)
		rollback(s);
	return rc;
}

int vd_store_trace_times(vd_store *s, long trace_id, double *wall_s, int *status, double *main_io_s,
			 double *io_s)
{
	sqlite3_stmt *st = NULL;
	if (prepare(s, &st,
		    "SELECT t.wall_s, t.exit_status,"
		    " (SELECT coalesce(sum(main_io_s), 0) FROM trace_procs p"
		    " WHERE p.trace_id = t.trace_id),"
		    " (SELECT coalesce(sum(io_s), 0) FROM trace_procs p"
		    " WHERE p.trace_id = t.trace_id)"
		    " FROM traces t WHERE t.trace_id = ?",
		    "unable to read the trace from"))
		return VD_ERROR;
	sqlite3_bind_int64(st, 1, trace_id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*wall_s = sqlite3_column_double(st, 0);
		*status = sqlite3_column_int(st, 1);
		*main_io_s = sqlite3_column_double(st, 2);
		*io_s = sqlite3_column_double(st, 3);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		vd_error_set("'%s' has no trace %ld", s->path, trace_id);
		rc = VD_ENOTFOUND;
	} else {
		rc = db_fail(s, "unable to read the trace from");
	}
	sqlite3_finalize(st);
	return rc;
}

int vd_store_trace_written(vd_store *s, long trace_id, vd_arena *a, const char ***paths, size_t *n)
{
	sqlite3_stmt *st = NULL;
	*paths = NULL;
	*n = 0;
	if (prepare(s, &st,
		    "SELECT DISTINCT path FROM trace_files WHERE trace_id = ? AND path LIKE '/%'"
		    " AND (writes > 0 OR bytes_written > 0) ORDER BY path",
		    "unable to read the trace from"))
		return VD_ERROR;
	sqlite3_bind_int64(st, 1, trace_id);
	VD_VEC(const char *) v = { 0 };
	int rc = 0, step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		const char *p = vd_arena_strdup(a, (const char *)sqlite3_column_text(st, 0));
		vd_vec_push(v, p);
	}
	if (!rc && step != SQLITE_DONE)
		rc = db_fail(s, "unable to read the trace from");
	sqlite3_finalize(st);
	if (rc) {
		free(v.v);
		return rc;
	}
	/* the caller's: copied into the arena so that one free releases all */
	if (v.n) {
		const char **out = vd_arena_alloc(a, v.n * sizeof *out);
		memcpy(out, v.v, v.n * sizeof *out);
		*paths = out;
	}
	*n = v.n;
	free(v.v);
	return 0;
}
