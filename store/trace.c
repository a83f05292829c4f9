/*
 * trace.c - what vidya trace measured: its tables and views, and saving a
 * trace in one transaction.
 */
#define _GNU_SOURCE
#include "vd_store_int.h"

/* vidya trace's tables and views (schema version 3) */
int build_trace_schema(vd_buf *b)
{
	int rc = 0;
	rc = rc || vd_buf_puts(b,
			       "CREATE TABLE traces (\n"
			       "  trace_id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
			       "  key TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL, vidya_version TEXT,\n"
			       "  command TEXT, run_id INTEGER, started_ns INTEGER, wall_s REAL,\n"
			       "  exit_status INTEGER, sample_hz INTEGER);\n"
			       "CREATE TABLE trace_procs (\n"
			       "  trace_id INTEGER NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,\n"
			       "  pid INTEGER, ppid INTEGER, rank INTEGER, host TEXT, exe TEXT,\n"
			       "  threads INTEGER, start_s REAL, end_s REAL, clean_exit INTEGER,\n"
			       "  ops INTEGER, samples INTEGER, debug_info INTEGER, mapped INTEGER,\n"
			       "  deferred_s REAL, unattributed_s REAL);\n"
			       "CREATE INDEX trace_procs_trace ON trace_procs (trace_id);\n"
			       "CREATE TABLE trace_ops (\n"
			       "  trace_id INTEGER NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,\n"
			       "  pid INTEGER, op_id INTEGER, parent_op INTEGER, rank INTEGER, thread INTEGER,\n"
			       "  api TEXT, call TEXT, class TEXT, path TEXT, handle INTEGER,\n"
			       "  offset INTEGER, bytes INTEGER, req_bytes INTEGER, start_s REAL, dur_s REAL,\n"
			       "  err INTEGER, parent_api TEXT, parent_call TEXT, block_id TEXT,\n"
			       "  file TEXT, line INTEGER, function TEXT, call_s REAL);\n"
			       "CREATE INDEX trace_ops_trace ON trace_ops (trace_id, pid, op_id);\n"
			       "CREATE TABLE trace_files (\n"
			       "  trace_id INTEGER NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,\n"
			       "  pid INTEGER, rank INTEGER, path TEXT, api TEXT");
	for (int i = 0; !rc && i < VD_NTRACE_COUNTERS; i++)
		rc = vd_buf_printf(b, ", %s INTEGER", vd_trace_counter_name[i]);
	rc = rc || vd_buf_puts(b,
			       ",\n  read_s REAL, write_s REAL, meta_s REAL);\n"
			       "CREATE INDEX trace_files_trace ON trace_files (trace_id);\n"
			       "CREATE TABLE trace_blocks (\n"
			       "  trace_id INTEGER NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,\n"
			       "  pid INTEGER, rank INTEGER, block_id TEXT NOT NULL,\n"
			       "  wall_s REAL, io_s REAL, io_ops INTEGER, io_bytes REAL,\n"
			       "  samples INTEGER, io_samples INTEGER);\n"
			       "CREATE INDEX trace_blocks_trace ON trace_blocks (trace_id, block_id);\n");

	rc = rc || vd_buf_puts(b,
			       "CREATE VIEW v_traces AS SELECT trace_id, created_at, vidya_version,\n"
			       "  command, run_id, wall_s, exit_status, sample_hz,\n"
			       "  (SELECT count(*) FROM trace_procs p WHERE p.trace_id = t.trace_id) AS nprocs,\n"
			       "  (SELECT count(DISTINCT rank) FROM trace_procs p WHERE p.trace_id = t.trace_id)"
			       " AS nranks,\n"
			       "  trace_id = " LATEST_TRACE " AS is_latest\n"
			       "  FROM traces t;\n" V_TRACE_OPS
			       "CREATE VIEW v_trace_files AS SELECT trace_id, path, api,\n"
			       "  count(DISTINCT rank || ':' || pid) AS nprocs");
	for (int i = 0; !rc && i < VD_NTRACE_COUNTERS; i++) {
		const char *c = vd_trace_counter_name[i];
		rc = vd_buf_printf(b, ",\n  %s(%s) AS %s", strncmp(c, "max_", 4) ? "sum" : "max", c, c);
	}
	rc = rc || vd_buf_puts(b,
			       ",\n  sum(read_s) AS read_s, sum(write_s) AS write_s, sum(meta_s) AS meta_s\n"
			       "  FROM trace_files WHERE trace_id = " LATEST_TRACE "\n"
			       "  GROUP BY trace_id, path, api;\n"
			       "CREATE VIEW v_measured_blocks AS SELECT tb.block_id AS block_id,\n"
			       "  b.kind AS kind, b.file AS file, b.function AS function, b.line AS line,\n"
			       "  sum(tb.wall_s) AS wall_s, sum(tb.io_s) AS io_s, sum(tb.io_ops) AS io_ops,\n"
			       "  sum(tb.io_bytes) AS io_bytes,\n"
			       "  CASE WHEN sum(tb.wall_s) > 0 THEN min(1.0, sum(tb.io_s) / sum(tb.wall_s)) END"
			       " AS intensity,\n"
			       "  sum(tb.samples) AS samples, count(DISTINCT tb.rank || ':' || tb.pid) AS nprocs,\n"
			       "  tb.trace_id AS trace_id, t.run_id AS run_id\n"
			       "  FROM trace_blocks tb JOIN traces t ON t.trace_id = tb.trace_id\n"
			       "  LEFT JOIN blocks b ON b.run_id = t.run_id AND b.block_id = tb.block_id\n"
			       "  WHERE tb.trace_id = " LATEST_TRACE "\n"
			       "  GROUP BY tb.trace_id, tb.block_id;\n"
			       "CREATE VIEW v_predicted_vs_measured AS SELECT m.block_id AS block_id,\n"
			       "  m.kind AS kind, m.function AS function, m.line AS line, m.wall_s AS wall_s,\n"
			       "  b.cioc AS predicted, m.intensity AS measured,\n"
			       "  b.cioc - m.intensity AS error, m.file AS file, m.trace_id AS trace_id,\n"
			       "  m.run_id AS run_id\n"
			       "  FROM v_measured_blocks m JOIN blocks b\n"
			       "  ON b.run_id = m.run_id AND b.block_id = m.block_id;\n");
	return rc;
}

/* ---- traces ---------------------------------------------------------------------------- */

static int bind_int_or_null(sqlite3_stmt *st, int i, long long v, int is_null)
{
	return is_null ? sqlite3_bind_null(st, i) : sqlite3_bind_int64(st, i, v);
}

/* the trace with t->key, created when it does not exist yet */
static int trace_row(vd_store *s, vd_trace *t)
{
	sqlite3_stmt *st = NULL;
	char now[32];
	int rc = VD_ERROR;
	if (prepare(s, &st, "SELECT trace_id FROM traces WHERE key = ?", "unable to save trace to"))
		return VD_ERROR;
	bind_text(st, 1, t->key);
	if (sqlite3_step(st) == SQLITE_ROW) {
		t->trace_id = (long)sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
		/* a later rank: the job's wall time and status are the worst seen */
		if (prepare(s, &st,
			    "UPDATE traces SET wall_s = max(coalesce(wall_s, 0), ?),"
			    " exit_status = CASE WHEN coalesce(exit_status, 0) = 0 THEN ?"
			    " ELSE exit_status END WHERE trace_id = ?",
			    "unable to save trace to"))
			return VD_ERROR;
		sqlite3_bind_double(st, 1, t->wall_s);
		sqlite3_bind_int(st, 2, t->exit_status);
		sqlite3_bind_int64(st, 3, t->trace_id);
		rc = sqlite3_step(st) == SQLITE_DONE ? 0 : db_fail(s, "unable to save trace to");
		sqlite3_finalize(st);
		return rc;
	}
	sqlite3_finalize(st);
	iso_utc(now, sizeof now);
	if (prepare(s, &st,
		    "INSERT INTO traces (key, created_at, vidya_version, command, run_id,"
		    " started_ns, wall_s, exit_status, sample_hz) VALUES (?,?,?,?,?,?,?,?,?)",
		    "unable to save trace to"))
		return VD_ERROR;
	bind_text(st, 1, t->key);
	bind_text(st, 2, now);
	bind_text(st, 3, VD_VERSION);
	bind_text(st, 4, t->command);
	bind_int_or_null(st, 5, t->run_id, t->run_id <= 0);
	sqlite3_bind_int64(st, 6, t->started_ns);
	sqlite3_bind_double(st, 7, t->wall_s);
	sqlite3_bind_int(st, 8, t->exit_status);
	sqlite3_bind_int(st, 9, (int)t->sample_hz);
	if (sqlite3_step(st) == SQLITE_DONE) {
		t->trace_id = (long)sqlite3_last_insert_rowid(s->db);
		rc = 0;
	} else {
		db_fail(s, "unable to save trace to");
	}
	sqlite3_finalize(st);
	return rc;
}

static int save_trace_procs(vd_store *s, const vd_trace *t)
{
	sqlite3_stmt *st = NULL;
	if (prepare(s, &st,
		    "INSERT INTO trace_procs (trace_id, pid, ppid, rank, host, exe, threads, start_s,"
		    " end_s, clean_exit, ops, samples, debug_info, mapped, deferred_s, unattributed_s)"
		    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
		    "unable to save trace to"))
		return VD_ERROR;
	int rc = 0;
	for (size_t i = 0; i < t->procs.n && !rc; i++) {
		const vd_trace_proc *p = &t->procs.v[i];
		int c = 1;
		sqlite3_bind_int64(st, c++, t->trace_id);
		sqlite3_bind_int(st, c++, p->pid);
		sqlite3_bind_int(st, c++, p->ppid);
		sqlite3_bind_int(st, c++, p->rank < 0 ? 0 : p->rank);
		bind_text(st, c++, p->host);
		bind_text(st, c++, p->exe);
		sqlite3_bind_int(st, c++, p->threads);
		sqlite3_bind_double(st, c++, p->start_s);
		sqlite3_bind_double(st, c++, p->end_s);
		sqlite3_bind_int(st, c++, p->clean_exit);
		sqlite3_bind_int64(st, c++, p->ops);
		sqlite3_bind_int64(st, c++, p->samples);
		sqlite3_bind_int(st, c++, p->debug_info);
		sqlite3_bind_int(st, c++, p->mapped);
		sqlite3_bind_double(st, c++, p->deferred_s);
		sqlite3_bind_double(st, c++, p->unattributed_s);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = db_fail(s, "unable to save trace to");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return rc;
}

static int save_trace_ops(vd_store *s, const vd_trace *t)
{
	sqlite3_stmt *st = NULL;
	if (prepare(s, &st,
		    "INSERT INTO trace_ops (trace_id, pid, op_id, parent_op, rank, thread, api, call,"
		    " class, path, handle, offset, bytes, req_bytes, start_s, dur_s, err, parent_api,"
		    " parent_call, block_id, file, line, function, call_s)"
		    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
		    "unable to save trace to"))
		return VD_ERROR;
	int rc = 0;
	for (size_t i = 0; i < t->ops.n && !rc; i++) {
		const vd_trace_op *o = &t->ops.v[i];
		int c = 1;
		sqlite3_bind_int64(st, c++, t->trace_id);
		sqlite3_bind_int(st, c++, o->pid);
		sqlite3_bind_int64(st, c++, (sqlite3_int64)o->op_id);
		bind_int_or_null(st, c++, (long long)o->parent_op, o->parent_op == 0);
		sqlite3_bind_int(st, c++, o->rank < 0 ? 0 : o->rank);
		sqlite3_bind_int(st, c++, o->thread);
		bind_text(st, c++, o->api);
		bind_text(st, c++, o->call);
		bind_text(st, c++, o->cls);
		bind_text(st, c++, o->path);
		sqlite3_bind_int64(st, c++, o->handle);
		bind_int_or_null(st, c++, o->offset, o->offset < 0);
		sqlite3_bind_int64(st, c++, o->bytes);
		sqlite3_bind_int64(st, c++, o->req_bytes);
		sqlite3_bind_double(st, c++, o->start_s);
		sqlite3_bind_double(st, c++, o->dur_s);
		sqlite3_bind_int(st, c++, o->err);
		bind_text(st, c++, o->parent_api);
		bind_text(st, c++, o->parent_call);
		bind_text(st, c++, o->block_id);
		bind_text(st, c++, o->file);
		bind_int_or_null(st, c++, o->line, o->line <= 0);
		bind_text(st, c++, o->function);
		sqlite3_bind_double(st, c++, o->call_s);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = db_fail(s, "unable to save trace to");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return rc;
}

static int save_trace_files(vd_store *s, const vd_trace *t)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = vd_buf_puts(&sql, "INSERT INTO trace_files (trace_id, pid, rank, path, api");
	for (int i = 0; !rc && i < VD_NTRACE_COUNTERS; i++)
		rc = vd_buf_printf(&sql, ", %s", vd_trace_counter_name[i]);
	rc = rc || vd_buf_puts(&sql, ", read_s, write_s, meta_s)") ||
	     put_params(&sql, 5 + VD_NTRACE_COUNTERS + 3);
	if (rc) {
		vd_buf_release(&sql);
		vd_error_set("out of memory");
		return VD_ERROR;
	}
	if (prepare(s, &st, sql.ptr, "unable to save trace to")) {
		vd_buf_release(&sql);
		return VD_ERROR;
	}
	for (size_t i = 0; i < t->files.n && !rc; i++) {
		const vd_trace_file *f = &t->files.v[i];
		int c = 1;
		sqlite3_bind_int64(st, c++, t->trace_id);
		sqlite3_bind_int(st, c++, f->pid);
		sqlite3_bind_int(st, c++, f->rank < 0 ? 0 : f->rank);
		bind_text(st, c++, f->path);
		bind_text(st, c++, f->api);
		for (int k = 0; k < VD_NTRACE_COUNTERS; k++)
			sqlite3_bind_int64(st, c++, f->c[k]);
		sqlite3_bind_double(st, c++, f->read_s);
		sqlite3_bind_double(st, c++, f->write_s);
		sqlite3_bind_double(st, c++, f->meta_s);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = db_fail(s, "unable to save trace to");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	vd_buf_release(&sql);
	return rc;
}

static int save_trace_blocks(vd_store *s, const vd_trace *t)
{
	sqlite3_stmt *st = NULL;
	if (prepare(s, &st,
		    "INSERT INTO trace_blocks (trace_id, pid, rank, block_id, wall_s, io_s, io_ops,"
		    " io_bytes, samples, io_samples) VALUES (?,?,?,?,?,?,?,?,?,?)",
		    "unable to save trace to"))
		return VD_ERROR;
	int rc = 0;
	for (size_t i = 0; i < t->blocks.n && !rc; i++) {
		const vd_trace_block *b = &t->blocks.v[i];
		int c = 1;
		sqlite3_bind_int64(st, c++, t->trace_id);
		sqlite3_bind_int(st, c++, b->pid);
		sqlite3_bind_int(st, c++, b->rank < 0 ? 0 : b->rank);
		bind_text(st, c++, b->block_id);
		sqlite3_bind_double(st, c++, b->wall_s);
		sqlite3_bind_double(st, c++, b->io_s);
		sqlite3_bind_int64(st, c++, b->io_ops);
		sqlite3_bind_double(st, c++, b->io_bytes);
		sqlite3_bind_int64(st, c++, b->samples);
		sqlite3_bind_int64(st, c++, b->io_samples);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = db_fail(s, "unable to save trace to");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return rc;
}

int vd_store_save_trace(vd_store *s, vd_trace *t)
{
	if (!s || !t || !t->key) {
		vd_error_set("no database or no trace to save");
		return VD_ERROR;
	}
	if (exec(s, "BEGIN IMMEDIATE", "unable to save trace to"))
		return VD_ERROR;
	int rc = trace_row(s, t);
	rc = rc || save_trace_procs(s, t) || save_trace_ops(s, t) || save_trace_files(s, t) ||
	     save_trace_blocks(s, t);
	rc = rc || exec(s, "COMMIT", "unable to save trace to");
	if (rc) {
		rollback(s);
		return VD_ERROR;
	}
	return 0;
}
