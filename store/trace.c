/*
 * trace.c - what vidya trace measured: its tables and views, and saving a
 * trace in one transaction.
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "vd_store_int.h"

/* the view of the latest trace's per-file counters (changed in schema
 * version 4: errors, dups) */
static void build_v_trace_files(vd_buf *b)
{
	vd_buf_puts(b, "CREATE VIEW v_trace_files AS SELECT trace_id, path, api,\n"
		       "  count(DISTINCT rank || ':' || pid) AS nprocs");
	for (int i = 0; i < VD_NTRACE_COUNTERS; i++) {
		const char *c = vd_trace_counter_name[i];
		vd_buf_printf(b, ",\n  %s(%s) AS %s", strncmp(c, "max_", 4) ? "sum" : "max", c, c);
	}
	vd_buf_puts(b,
		    ",\n  sum(read_s) AS read_s, sum(write_s) AS write_s, sum(meta_s) AS meta_s\n"
		    "  FROM trace_files WHERE trace_id = " LATEST_TRACE "\n"
		    "  GROUP BY trace_id, path, api;\n");
}

/* the size-bin suffixes of the histograms: "0_100" ... "1g_plus" */
static const char *bin_suffix(int k)
{
	return vd_trace_counter_name[VD_TC_read_0_100 + k] + 5; /* after "read_" */
}

/* per call site and file (schema version 4) */
static void build_trace_sites(vd_buf *b)
{
	/* IF NOT EXISTS: a migration may meet them made already */
	vd_buf_puts(b,
		    "CREATE TABLE IF NOT EXISTS trace_sites (\n"
		    "  trace_id INTEGER NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,\n"
		    "  pid INTEGER, rank INTEGER, api TEXT, call TEXT, class TEXT, path TEXT,\n"
		    "  parent_api TEXT, block_id TEXT, file TEXT, line INTEGER, function TEXT,\n"
		    "  calls INTEGER, errors INTEGER, bytes INTEGER, call_s REAL, dur_s REAL");
	for (int k = 0; k < VD_TRACE_NBINS; k++)
		vd_buf_printf(b, ", size_%s INTEGER", bin_suffix(k));
	vd_buf_puts(
		b,
		");\n"
		"CREATE INDEX IF NOT EXISTS trace_sites_trace ON trace_sites (trace_id);\n"
		"CREATE VIEW IF NOT EXISTS v_trace_sites AS SELECT trace_id, api, call, class, path,\n"
		"  parent_api, block_id, file, line, function,\n"
		"  count(DISTINCT rank || ':' || pid) AS nprocs, sum(calls) AS calls,\n"
		"  sum(errors) AS errors, sum(bytes) AS bytes, sum(call_s) AS call_s,\n"
		"  sum(dur_s) AS dur_s");
	for (int k = 0; k < VD_TRACE_NBINS; k++)
		vd_buf_printf(b, ", sum(size_%s) AS size_%s", bin_suffix(k), bin_suffix(k));
	vd_buf_puts(b, "\n  FROM trace_sites WHERE trace_id = " LATEST_TRACE "\n"
		       "  GROUP BY trace_id, api, call, class, path, parent_api, block_id,"
		       " file, line, function;\n");
}

/*
 * The latest trace's counters under Darshan's names, one row per process,
 * file and counter, as darshan-parser prints them (module, rank, file,
 * counter, value): only the counters that mean the same here.  POSIX_OPENS
 * counts the dups, as Darshan's does.  Times are seconds.
 */
static void build_v_trace_darshan(vd_buf *b)
{
	static const struct {
		const char *api, *module, *name, *expr;
	} map[] = {
		{ "posix", "POSIX", "OPENS", "opens + coalesce(dups, 0)" },
		{ "posix", "POSIX", "DUPS", "dups" },
		{ "posix", "POSIX", "READS", "reads" },
		{ "posix", "POSIX", "WRITES", "writes" },
		{ "posix", "POSIX", "SEEKS", "seeks" },
		{ "posix", "POSIX", "BYTES_READ", "bytes_read" },
		{ "posix", "POSIX", "BYTES_WRITTEN", "bytes_written" },
		{ "posix", "POSIX", "MAX_BYTE_READ", "max_byte_read" },
		{ "posix", "POSIX", "MAX_BYTE_WRITTEN", "max_byte_written" },
		{ "posix", "POSIX", "CONSEC_READS", "consec_reads" },
		{ "posix", "POSIX", "CONSEC_WRITES", "consec_writes" },
		{ "posix", "POSIX", "SEQ_READS", "seq_reads" },
		{ "posix", "POSIX", "SEQ_WRITES", "seq_writes" },
		{ "posix", "POSIX", "FILE_NOT_ALIGNED", "not_aligned" },
		{ "posix", "POSIX", "F_READ_TIME", "read_s" },
		{ "posix", "POSIX", "F_WRITE_TIME", "write_s" },
		{ "posix", "POSIX", "F_META_TIME", "meta_s" },
		{ "stdio", "STDIO", "OPENS", "opens" },
		{ "stdio", "STDIO", "READS", "reads" },
		{ "stdio", "STDIO", "WRITES", "writes" },
		{ "stdio", "STDIO", "SEEKS", "seeks" },
		{ "stdio", "STDIO", "FLUSHES", "flushes" },
		{ "stdio", "STDIO", "BYTES_READ", "bytes_read" },
		{ "stdio", "STDIO", "BYTES_WRITTEN", "bytes_written" },
		{ "stdio", "STDIO", "MAX_BYTE_READ", "max_byte_read" },
		{ "stdio", "STDIO", "MAX_BYTE_WRITTEN", "max_byte_written" },
		{ "stdio", "STDIO", "F_READ_TIME", "read_s" },
		{ "stdio", "STDIO", "F_WRITE_TIME", "write_s" },
		{ "stdio", "STDIO", "F_META_TIME", "meta_s" },
		{ "mpiio", "MPIIO", "SYNCS", "syncs" },
		{ "mpiio", "MPIIO", "BYTES_READ", "bytes_read" },
		{ "mpiio", "MPIIO", "BYTES_WRITTEN", "bytes_written" },
		{ "mpiio", "MPIIO", "F_READ_TIME", "read_s" },
		{ "mpiio", "MPIIO", "F_WRITE_TIME", "write_s" },
		{ "mpiio", "MPIIO", "F_META_TIME", "meta_s" },
	};
	static const char *const bin_upper[VD_TRACE_NBINS] = { "0_100",    "100_1K",   "1K_10K",
							       "10K_100K", "100K_1M",  "1M_4M",
							       "4M_10M",   "10M_100M", "100M_1G",
							       "1G_PLUS" };
	vd_buf_puts(b, "CREATE VIEW IF NOT EXISTS v_trace_darshan AS\n");
	const char *sep = "";
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
		vd_buf_printf(b,
			      "%sSELECT '%s' AS module, rank, path, '%s_%s' AS counter,"
			      " %s AS value FROM trace_files WHERE api = '%s'"
			      " AND trace_id = " LATEST_TRACE "\n",
			      sep, map[i].module, map[i].module, map[i].name, map[i].expr,
			      map[i].api);
		sep = "UNION ALL ";
	}
	/* size histograms: POSIX's by call, MPI-IO's by aggregate request */
	for (int rw = 0; rw < 2; rw++)
		for (int k = 0; k < VD_TRACE_NBINS; k++) {
			const char *col =
				vd_trace_counter_name[(rw ? VD_TC_write_0_100 : VD_TC_read_0_100) +
						      k];
			vd_buf_printf(b,
				      "UNION ALL SELECT 'POSIX', rank, path,"
				      " 'POSIX_SIZE_%s_%s', %s FROM trace_files"
				      " WHERE api = 'posix' AND trace_id = " LATEST_TRACE "\n"
				      "UNION ALL SELECT 'MPIIO', rank, path,"
				      " 'MPIIO_SIZE_%s_AGG_%s', %s FROM trace_files"
				      " WHERE api = 'mpiio' AND trace_id = " LATEST_TRACE "\n",
				      rw ? "WRITE" : "READ", bin_upper[k], col,
				      rw ? "WRITE" : "READ", bin_upper[k], col);
		}
	vd_buf_puts(b, ";\n");
}

/* The latest trace's reads and writes as Darshan's DXT traces them
 * (darshan-dxt-parser's columns): successful POSIX and MPI-IO transfers,
 * numbered per process, file, layer and direction (schema version 4). */
#define V_TRACE_DXT                                                                             \
	"CREATE VIEW IF NOT EXISTS v_trace_dxt AS SELECT\n"                                     \
	"  CASE api WHEN 'posix' THEN 'X_POSIX' ELSE 'X_MPIIO' END AS module, rank, pid,\n"     \
	"  class AS wt_rd,\n"                                                                   \
	"  row_number() OVER (PARTITION BY pid, api, path, class ORDER BY start_s, op_id) - 1"  \
	" AS segment,\n"                                                                        \
	"  offset, bytes AS length, start_s AS start_time, start_s + dur_s AS end_time, path\n" \
	"  FROM trace_ops WHERE trace_id = " LATEST_TRACE " AND err = 0\n"                      \
	"  AND api IN ('posix', 'mpiio') AND class IN ('read', 'write');\n"

/*
 * Every call (--ops), compactly (schema version 8): what many calls share
 * (layer, call, file, handle, thread, caller layer and call, block, source
 * line) is a row of trace_ctx, stored once and referred to by ctx_id; a
 * call's own row in trace_calls holds integers only: times in ns since the
 * trace started, its parent as a distance back in op ids, req_bytes and
 * call_ns only where they differ from bytes and dur_ns.  The primary key is
 * the order readers read in (a process's calls by op id), with no other
 * index; start_ns in it keeps two processes that had the same pid (reused,
 * or on two hosts) apart.  trace_ops is a view with the columns and
 * meanings of the table it was up to version 7.
 */
#define TRACE_CTX_COLS                                                                     \
	"rank, thread, api, call, class, path, handle, parent_api, parent_call, block_id," \
	" file, line, function"
#define TRACE_CALLS_TABLES                                                                 \
	"CREATE TABLE trace_ctx (\n"                                                       \
	"  trace_id INTEGER NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,\n"     \
	"  ctx_id INTEGER NOT NULL, rank INTEGER, thread INTEGER, api TEXT, call TEXT,\n"  \
	"  class TEXT, path TEXT, handle INTEGER, parent_api TEXT, parent_call TEXT,\n"    \
	"  block_id TEXT, file TEXT, line INTEGER, function TEXT,\n"                       \
	"  PRIMARY KEY (trace_id, ctx_id)) WITHOUT ROWID;\n"                               \
	"CREATE TABLE trace_calls (\n"                                                     \
	"  trace_id INTEGER NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,\n"     \
	"  pid INTEGER NOT NULL, op_id INTEGER NOT NULL, start_ns INTEGER NOT NULL,\n"     \
	"  ctx_id INTEGER NOT NULL, parent_back INTEGER, offset INTEGER, bytes INTEGER,\n" \
	"  req_bytes INTEGER, dur_ns INTEGER, call_ns INTEGER, err INTEGER,\n"             \
	"  PRIMARY KEY (trace_id, pid, op_id, start_ns)) WITHOUT ROWID;\n"
#define TRACE_OPS_VIEW                                                                            \
	"CREATE VIEW trace_ops AS SELECT o.trace_id AS trace_id, o.pid AS pid,\n"                 \
	"  o.op_id AS op_id, o.op_id - o.parent_back AS parent_op, c.rank AS rank,\n"             \
	"  c.thread AS thread, c.api AS api, c.call AS call, c.class AS class, c.path AS path,\n" \
	"  c.handle AS handle, o.offset AS offset, o.bytes AS bytes,\n"                           \
	"  coalesce(o.req_bytes, o.bytes) AS req_bytes, o.start_ns / 1e9 AS start_s,\n"           \
	"  o.dur_ns / 1e9 AS dur_s, o.err AS err, c.parent_api AS parent_api,\n"                  \
	"  c.parent_call AS parent_call, c.block_id AS block_id, c.file AS file,\n"               \
	"  c.line AS line, c.function AS function,\n"                                             \
	"  coalesce(o.call_ns, o.dur_ns) / 1e9 AS call_s\n"                                       \
	"  FROM trace_calls o JOIN trace_ctx c ON c.trace_id = o.trace_id AND c.ctx_id = o.ctx_id;\n"

/* The migration to version 8: the calls of trace_ops (a table up to
 * version 7) into trace_ctx and trace_calls, trace_ops made the view. */
void build_trace_calls_migration(vd_buf *b)
{
	vd_buf_puts(
		b, TRACE_CALLS_TABLES
		"INSERT INTO trace_ctx (trace_id, ctx_id, " TRACE_CTX_COLS ")\n"
		"  SELECT trace_id, row_number() OVER (PARTITION BY trace_id), " TRACE_CTX_COLS "\n"
		"  FROM (SELECT DISTINCT trace_id, " TRACE_CTX_COLS " FROM trace_ops);\n"
		"INSERT OR IGNORE INTO trace_calls (trace_id, pid, op_id, start_ns, ctx_id,\n"
		"  parent_back, offset, bytes, req_bytes, dur_ns, call_ns, err)\n"
		"  SELECT o.trace_id, coalesce(o.pid, 0), coalesce(o.op_id, 0),\n"
		"  coalesce(CAST(round(o.start_s * 1e9) AS INTEGER), 0), c.ctx_id,\n"
		"  CASE WHEN o.parent_op > 0 THEN o.op_id - o.parent_op END, o.offset, o.bytes,\n"
		"  nullif(o.req_bytes, o.bytes), CAST(round(o.dur_s * 1e9) AS INTEGER),\n"
		"  nullif(CAST(round(o.call_s * 1e9) AS INTEGER), CAST(round(o.dur_s * 1e9) AS INTEGER)),\n"
		"  o.err FROM trace_ops o JOIN trace_ctx c ON c.trace_id = o.trace_id\n"
		"  AND c.rank IS o.rank AND c.thread IS o.thread AND c.api IS o.api\n"
		"  AND c.call IS o.call AND c.class IS o.class AND c.path IS o.path\n"
		"  AND c.handle IS o.handle AND c.parent_api IS o.parent_api\n"
		"  AND c.parent_call IS o.parent_call AND c.block_id IS o.block_id\n"
		"  AND c.file IS o.file AND c.line IS o.line AND c.function IS o.function;\n"
		"DROP VIEW IF EXISTS v_trace_ops;\n"
		"DROP VIEW IF EXISTS v_trace_dxt;\n"
		"DROP TABLE trace_ops;\n" TRACE_OPS_VIEW V_TRACE_OPS V_TRACE_DXT);
}

/* vidya trace's tables and views (schema version 4) */

/* what schema version 4 added to vidya trace's schema: v_trace_files with
 * the errors and dups counters, trace_sites, v_trace_darshan, v_trace_dxt
 * (a migration drops the old v_trace_files first) */
void build_trace_v4(vd_buf *b)
{
	build_v_trace_files(b);
	build_trace_sites(b);
	build_v_trace_darshan(b);
	vd_buf_puts(b, V_TRACE_DXT);
}

/* vidya trace's tables and views (schema version 6: trace_procs.io_s and
 * main_io_s) */
void build_trace_schema(vd_buf *b)
{
	vd_buf_puts(b,
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
		    "  deferred_s REAL, unattributed_s REAL, io_s REAL, main_io_s REAL);\n"
		    "CREATE INDEX trace_procs_trace ON trace_procs (trace_id);\n" TRACE_CALLS_TABLES
			    TRACE_OPS_VIEW "CREATE TABLE trace_files (\n"
		    "  trace_id INTEGER NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,\n"
		    "  pid INTEGER, rank INTEGER, path TEXT, api TEXT");
	for (int i = 0; i < VD_NTRACE_COUNTERS; i++)
		vd_buf_printf(b, ", %s INTEGER", vd_trace_counter_name[i]);
	vd_buf_puts(b,
		    ",\n  read_s REAL, write_s REAL, meta_s REAL);\n"
		    "CREATE INDEX trace_files_trace ON trace_files (trace_id);\n"
		    "CREATE TABLE trace_blocks (\n"
		    "  trace_id INTEGER NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,\n"
		    "  pid INTEGER, rank INTEGER, block_id TEXT NOT NULL,\n"
		    "  wall_s REAL, io_s REAL, io_ops INTEGER, io_bytes REAL,\n"
		    "  samples INTEGER, io_samples INTEGER);\n"
		    "CREATE INDEX trace_blocks_trace ON trace_blocks (trace_id, block_id);\n");

	vd_buf_puts(
		b,
		"CREATE VIEW v_traces AS SELECT trace_id, created_at, vidya_version,\n"
		"  command, run_id, wall_s, exit_status, sample_hz,\n"
		"  (SELECT count(*) FROM trace_procs p WHERE p.trace_id = t.trace_id) AS nprocs,\n"
		"  (SELECT count(DISTINCT rank) FROM trace_procs p WHERE p.trace_id = t.trace_id)"
		" AS nranks,\n"
		"  trace_id = " LATEST_TRACE " AS is_latest\n"
		"  FROM traces t;\n" V_TRACE_OPS);
	build_trace_v4(b);
	vd_buf_puts(
		b,
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

/////
/* INSERTs the n rows of `rows` (each `size` bytes) with `sql`: the trace
 * id, then the columns `cols` */
static int save_trace_rows(vd_store *s, const vd_trace *t, const char *sql, const void *rows,
			   size_t n, size_t size, const col_field *cols, size_t ncols)
{
	sqlite3_stmt *st = NULL;
	if (prepare(s, &st, sql, "unable to save trace to"))
		return VD_ERROR;
	int rc = 0;
	for (size_t i = 0; i < n && !rc; i++) {
		sqlite3_bind_int64(st, 1, t->trace_id);
		vd_store_bind_cols(st, 2, (const char *)rows + i * size, cols, ncols);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = db_fail(s, "unable to save trace to");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return rc;
}

/* "INSERT INTO table (trace_id, head, <prefix>name..., tail) VALUES (?...)",
 * built in sql */
static const char *insert_sql(vd_buf *sql, const char *table, const char *head, int nhead,
			      const char *prefix, const char *const *names, int nnames,
			      const char *tail, int ntail)
{
	vd_buf_printf(sql, "INSERT INTO %s (trace_id, %s", table, head);
	for (int i = 0; i < nnames; i++)
		vd_buf_printf(sql, ", %s%s", prefix, names[i]);
	vd_buf_printf(sql, "%s%s)", ntail ? ", " : "", tail);
	put_params(sql, 1 + nhead + nnames + ntail);
	return sql->ptr;
}

/* the columns of each table after trace_id, in the order of its INSERT */
static const col_field proc_cols[] = {
	COL(COL_INT, vd_trace_proc, pid),
	COL(COL_INT, vd_trace_proc, ppid),
	COL(COL_RANK, vd_trace_proc, rank),
	COL(COL_TEXT, vd_trace_proc, host),
	COL(COL_TEXT, vd_trace_proc, exe),
	COL(COL_INT, vd_trace_proc, threads),
	COL(COL_DOUBLE, vd_trace_proc, start_s),
	COL(COL_DOUBLE, vd_trace_proc, end_s),
	COL(COL_INT, vd_trace_proc, clean_exit),
	COL(COL_INT64, vd_trace_proc, ops),
	COL(COL_INT64, vd_trace_proc, samples),
	COL(COL_INT, vd_trace_proc, debug_info),
	COL(COL_INT, vd_trace_proc, mapped),
	COL(COL_DOUBLE, vd_trace_proc, deferred_s),
	COL(COL_DOUBLE, vd_trace_proc, unattributed_s),
	COL(COL_DOUBLE, vd_trace_proc, io_s),
	COL(COL_DOUBLE, vd_trace_proc, main_io_s),
};

static const col_field file_cols[] = {
	COL(COL_INT, vd_trace_file, pid),        COL(COL_RANK, vd_trace_file, rank),
	COL(COL_TEXT, vd_trace_file, path),      COL(COL_TEXT, vd_trace_file, api),
	COL_ARRAY(COL_INT64, vd_trace_file, c),  COL(COL_DOUBLE, vd_trace_file, read_s),
	COL(COL_DOUBLE, vd_trace_file, write_s), COL(COL_DOUBLE, vd_trace_file, meta_s),
};

static const col_field site_cols[] = {
	COL(COL_INT, vd_trace_site, pid),          COL(COL_RANK, vd_trace_site, rank),
	COL(COL_TEXT, vd_trace_site, api),         COL(COL_TEXT, vd_trace_site, call),
	COL(COL_TEXT, vd_trace_site, cls),         COL(COL_TEXT, vd_trace_site, path),
	COL(COL_TEXT, vd_trace_site, parent_api),  COL(COL_TEXT, vd_trace_site, block_id),
	COL(COL_TEXT, vd_trace_site, file),        COL(COL_LINE, vd_trace_site, line),
	COL(COL_TEXT, vd_trace_site, function),    COL(COL_INT64, vd_trace_site, calls),
	COL(COL_INT64, vd_trace_site, errors),     COL(COL_INT64, vd_trace_site, bytes),
	COL(COL_DOUBLE, vd_trace_site, call_s),    COL(COL_DOUBLE, vd_trace_site, dur_s),
	COL_ARRAY(COL_INT64, vd_trace_site, bins),
};

static const col_field block_cols[] = {
	COL(COL_INT, vd_trace_block, pid),          COL(COL_RANK, vd_trace_block, rank),
	COL(COL_TEXT, vd_trace_block, block_id),    COL(COL_DOUBLE, vd_trace_block, wall_s),
	COL(COL_DOUBLE, vd_trace_block, io_s),      COL(COL_INT64, vd_trace_block, io_ops),
	COL(COL_DOUBLE, vd_trace_block, io_bytes),  COL(COL_INT64, vd_trace_block, samples),
	COL(COL_INT64, vd_trace_block, io_samples),
};

/* the rows of vector vec with their columns */
#define ROWS(vec, cols) (vec).v, (vec).n, sizeof(*(vec).v), cols, NCOLS(cols)

static int exec_trace_end(vd_store *s, const vd_trace *t)
{
	sqlite3_stmt *st = NULL;
	if (prepare(s, &st,
		    "UPDATE traces SET wall_s = max(coalesce(wall_s, 0), ?),"
		    " sample_hz = max(coalesce(sample_hz, 0), ?) WHERE trace_id = ?",
		    "unable to save trace to"))
		return VD_ERROR;
	sqlite3_bind_double(st, 1, t->wall_s);
	sqlite3_bind_int(st, 2, (int)t->sample_hz);
	sqlite3_bind_int64(st, 3, t->trace_id);
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : db_fail(s, "unable to save trace to");
	sqlite3_finalize(st);
	return rc;
}

/* ---- every call (--ops) ---------------------------------------------------------------- */

/* A call's context: what trace_ctx holds.  The strings are the trace's
 * interned copies (vd_trace), so the same text is the same pointer. */
typedef struct tctx {
	const char *api, *call, *cls, *path, *parent_api, *parent_call, *block_id, *file, *function;
	int rank, thread, line;
	int64_t handle;
	long id; /* 0: a free slot */
} tctx;

/* the contexts of the trace being saved: an open-addressing table */
struct vd_trace_ctxs {
	tctx *slot;
	size_t cap, n;
	long next_id;
	size_t last; /* the last call's slot + 1, 0: none */
	sqlite3_stmt *put;
};

static void ctx_of(tctx *c, const vd_trace_op *o)
{
	*c = (tctx){ .api = o->api,
		     .call = o->call,
		     .cls = o->cls,
		     .path = o->path,
		     .parent_api = o->parent_api,
		     .parent_call = o->parent_call,
		     .block_id = o->block_id,
		     .file = o->file,
		     .function = o->function,
		     .rank = o->rank,
		     .thread = o->thread,
		     .line = o->line,
		     .handle = o->handle };
}

static int same_ctx(const tctx *a, const tctx *b)
{
	return a->api == b->api && a->call == b->call && a->cls == b->cls && a->path == b->path &&
	       a->parent_api == b->parent_api && a->parent_call == b->parent_call &&
	       a->block_id == b->block_id && a->file == b->file && a->function == b->function &&
	       a->rank == b->rank && a->thread == b->thread && a->line == b->line &&
	       a->handle == b->handle;
}

static size_t ctx_hash(const tctx *c)
{
	const void *k[] = { c->api,         c->call,     c->cls,  c->path,    c->parent_api,
			    c->parent_call, c->block_id, c->file, c->function };
	uint64_t h =
		((uint64_t)(unsigned)c->line << 32 | (unsigned)c->thread) * 0x9e3779b97f4a7c15ull;
	h ^= (uint64_t)c->handle * 0xff51afd7ed558ccdull ^ (uint64_t)(unsigned)c->rank;
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
		h = (h ^ (uint64_t)(uintptr_t)k[i]) * 0x100000001b3ull;
	return (size_t)(h ^ (h >> 29));
}

static size_t ctx_slot(const struct vd_trace_ctxs *x, const tctx *c)
{
	size_t j = ctx_hash(c) & (x->cap - 1);
	while (x->slot[j].id && !same_ctx(&x->slot[j], c))
		j = (j + 1) & (x->cap - 1);
	return j;
}

void vd_store_trace_ctx_free(vd_store *s)
{
	if (!s || !s->tctx)
		return;
	sqlite3_finalize(s->tctx->put);
	free(s->tctx->slot);
	free(s->tctx);
	s->tctx = NULL;
}

/* the contexts of trace t, its ids going on from those a rank saved before
 * (the trace exists already) */
static int ctx_begin(vd_store *s, const vd_trace *t)
{
	vd_store_trace_ctx_free(s);
	struct vd_trace_ctxs *x = vd_xcalloc(1, sizeof *x);
	s->tctx = x;
	x->cap = 1024;
	x->slot = vd_xcalloc(x->cap, sizeof *x->slot);
	x->next_id = 1;
	sqlite3_stmt *st = NULL;
	if (prepare(s, &st, "SELECT coalesce(max(ctx_id), 0) + 1 FROM trace_ctx WHERE trace_id = ?",
		    "unable to save trace to"))
		return VD_ERROR;
	sqlite3_bind_int64(st, 1, t->trace_id);
	if (sqlite3_step(st) == SQLITE_ROW)
		x->next_id = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return prepare(s, &x->put,
		       "INSERT INTO trace_ctx (trace_id, ctx_id, " TRACE_CTX_COLS
		       ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
		       "unable to save trace to");
}

/* trace_ctx's columns after trace_id and ctx_id (TRACE_CTX_COLS) */
static const col_field ctx_cols[] = {
	COL(COL_RANK, tctx, rank),        COL(COL_INT, tctx, thread),
	COL(COL_TEXT, tctx, api),         COL(COL_TEXT, tctx, call),
	COL(COL_TEXT, tctx, cls),         COL(COL_TEXT, tctx, path),
	COL(COL_INT64, tctx, handle),     COL(COL_TEXT, tctx, parent_api),
	COL(COL_TEXT, tctx, parent_call), COL(COL_TEXT, tctx, block_id),
	COL(COL_TEXT, tctx, file),        COL(COL_LINE, tctx, line),
	COL(COL_TEXT, tctx, function),
};

/* the id of call o's context, a new trace_ctx row the first time; 0 on a
 * database error */
static long ctx_id(vd_store *s, const vd_trace *t, const vd_trace_op *o)
{
	struct vd_trace_ctxs *x = s->tctx;
	tctx c;
	ctx_of(&c, o);
	/* a loop's calls: the previous call's context again */
	if (x->last && same_ctx(&x->slot[x->last - 1], &c))
		return x->slot[x->last - 1].id;
	size_t j = ctx_slot(x, &c);
	if (!x->slot[j].id) {
		c.id = x->next_id;
		sqlite3_stmt *st = x->put;
		sqlite3_bind_int64(st, 1, t->trace_id);
		sqlite3_bind_int64(st, 2, c.id);
		vd_store_bind_cols(st, 3, &c, ctx_cols, NCOLS(ctx_cols));
		int ok = sqlite3_step(st) == SQLITE_DONE;
		sqlite3_reset(st);
		if (!ok) {
			db_fail(s, "unable to save trace to");
			return 0;
		}
		x->next_id++;
		x->slot[j] = c;
		if (++x->n * 2 > x->cap) {
			/* grown: every context to its slot in a table twice the size */
			struct vd_trace_ctxs old = *x;
			x->cap *= 2;
			x->slot = vd_xcalloc(x->cap, sizeof *x->slot);
			for (size_t k = 0; k < old.cap; k++)
				if (old.slot[k].id)
					x->slot[ctx_slot(x, &old.slot[k])] = old.slot[k];
			free(old.slot);
			j = ctx_slot(x, &c);
		}
	}
	x->last = j + 1;
	return x->slot[j].id;
}

static int64_t to_ns(double s)
{
	return (int64_t)llround(s * 1e9);
}

#define CALLS_INSERT                                                                    \
	"INSERT INTO trace_calls (trace_id, pid, op_id, start_ns, ctx_id, parent_back," \
	" offset, bytes, req_bytes, dur_ns, call_ns, err) VALUES "
#define CALLS_ROW "(?,?,?,?,?,?,?,?,?,?,?,?)"
#define CALLS_NCOLS 12
#define CALLS_PER_INSERT 64 /* rows per statement: less of sqlite's per-statement work */

/* binds call o's row from parameter c on: the next parameter, or -1 on a
 * database error (its context could not be saved) */
static int bind_call(vd_store *s, const vd_trace *t, sqlite3_stmt *st, int c, const vd_trace_op *o)
{
	long ctx = ctx_id(s, t, o);
	if (!ctx)
		return -1;
	int64_t start = to_ns(o->start_s), dur = to_ns(o->dur_s), call = to_ns(o->call_s);
	sqlite3_bind_int64(st, c++, t->trace_id);
	sqlite3_bind_int(st, c++, o->pid);
	sqlite3_bind_int64(st, c++, (sqlite3_int64)o->op_id);
	sqlite3_bind_int64(st, c++, start);
	sqlite3_bind_int64(st, c++, ctx);
	bind_int_or_null(st, c++, (long long)(o->op_id - o->parent_op), !o->parent_op);
	bind_int_or_null(st, c++, o->offset, o->offset < 0); /* as COL_OFFSET binds it */
	sqlite3_bind_int64(st, c++, o->bytes);
	bind_int_or_null(st, c++, o->req_bytes, o->req_bytes == o->bytes);
	sqlite3_bind_int64(st, c++, dur);
	bind_int_or_null(st, c++, call, call == dur);
	sqlite3_bind_int(st, c++, o->err);
	return c;
}

/* the calls [from, to) of t with the statement st of (to - from) rows */
static int put_calls(vd_store *s, const vd_trace *t, sqlite3_stmt *st, size_t from, size_t to)
{
	int c = 1;
	for (size_t r = from; r < to && c > 0; r++)
		c = bind_call(s, t, st, c, &t->ops.v[r]);
	if (c < 0)
		return VD_ERROR;
	int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : db_fail(s, "unable to save trace to");
	sqlite3_reset(st);
	return rc;
}

int vd_store_trace_ops(vd_store *s, const vd_trace *t)
{
	size_t n = t->ops.n, full = n / CALLS_PER_INSERT * CALLS_PER_INSERT;
	if (!s->tctx && ctx_begin(s, t))
		return VD_ERROR;
	int rc = 0;
	for (int pass = 0; pass < 2 && !rc; pass++) {
		/* full statements of CALLS_PER_INSERT rows, then the rest a row each */
		size_t from = pass ? full : 0, to = pass ? n : full;
		size_t per = pass ? 1 : CALLS_PER_INSERT;
		if (from == to)
			continue;
		vd_buf sql = VD_BUF_INIT;
		vd_buf_puts(&sql, CALLS_INSERT);
		for (size_t r = 0; r < per; r++)
			vd_buf_puts(&sql, r ? "," CALLS_ROW : CALLS_ROW);
		sqlite3_stmt *st = NULL;
		rc = prepare(s, &st, vd_buf_cstr(&sql), "unable to save trace to");
		vd_buf_release(&sql);
		for (size_t i = from; i < to && !rc; i += per)
			rc = put_calls(s, t, st, i, i + per);
		sqlite3_finalize(st);
	}
	return rc ? VD_ERROR : 0;
}

static int save_trace_tables(vd_store *s, const vd_trace *t)
{
	const char *bins[VD_TRACE_NBINS];
	for (int k = 0; k < VD_TRACE_NBINS; k++)
		bins[k] = bin_suffix(k);
	vd_buf files = VD_BUF_INIT, sites = VD_BUF_INIT;
	const char *files_sql =
		insert_sql(&files, "trace_files", "pid, rank, path, api", 4, "",
			   vd_trace_counter_name, VD_NTRACE_COUNTERS, "read_s, write_s, meta_s", 3);
	const char *sites_sql =
		insert_sql(&sites, "trace_sites",
			   "pid, rank, api, call, class, path, parent_api, block_id,"
			   " file, line, function, calls, errors, bytes, call_s, dur_s",
			   16, "size_", bins, VD_TRACE_NBINS, "", 0);
	/* the wall time and sampling rate, known once the logs are loaded */
	int rc = exec_trace_end(s, t);
	rc = rc || save_trace_rows(s, t,
				   "INSERT INTO trace_procs (trace_id, pid, ppid, rank, host, exe,"
				   " threads, start_s, end_s, clean_exit, ops, samples, debug_info,"
				   " mapped, deferred_s, unattributed_s, io_s, main_io_s)"
				   " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
				   ROWS(t->procs, proc_cols));
	rc = rc || save_trace_rows(s, t, files_sql, ROWS(t->files, file_cols));
	rc = rc || save_trace_rows(s, t, sites_sql, ROWS(t->sites, site_cols));
	rc = rc ||
	     save_trace_rows(s, t,
			     "INSERT INTO trace_blocks (trace_id, pid, rank, block_id, wall_s,"
			     " io_s, io_ops, io_bytes, samples, io_samples)"
			     " VALUES (?,?,?,?,?,?,?,?,?,?)",
			     ROWS(t->blocks, block_cols));
	vd_buf_release(&files);
	vd_buf_release(&sites);
	return rc;
}

/* A trace is saved after its program ran: its run cannot be repeated, so
 * a database another writer holds (the other ranks of the job storing
 * theirs, a long report) is waited for much longer than elsewhere. */
#define TRACE_BUSY_TIMEOUT_MS (10 * 60 * 1000)

int vd_store_trace_begin(vd_store *s, vd_trace *t)
{
	if (!s || !t || !t->key) {
		vd_error_set("no database or no trace to save");
		return VD_ERROR;
	}
	sqlite3_busy_timeout(s->db, TRACE_BUSY_TIMEOUT_MS);
	vd_store_trace_ctx_free(s);
	if (exec(s, "BEGIN IMMEDIATE", "unable to save trace to") || trace_row(s, t)) {
		vd_store_trace_abort(s);
		return VD_ERROR;
	}
	return 0;
}

void vd_store_trace_abort(vd_store *s)
{
	if (!s)
		return;
	vd_store_trace_ctx_free(s);
	if (!sqlite3_get_autocommit(s->db))
		rollback(s);
	sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
}

int vd_store_trace_end(vd_store *s, vd_trace *t)
{
	vd_store_trace_ctx_free(s);
	int rc = save_trace_tables(s, t) || exec(s, "COMMIT", "unable to save trace to");
	if (rc) {
		vd_store_trace_abort(s);
		return VD_ERROR;
	}
	sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
	return 0;
}

int vd_store_save_trace(vd_store *s, vd_trace *t)
{
	if (vd_store_trace_begin(s, t) != 0)
		return VD_ERROR;
	if (vd_store_trace_ops(s, t) != 0) {
		vd_store_trace_abort(s);
		return VD_ERROR;
	}
	return vd_store_trace_end(s, t);
}
