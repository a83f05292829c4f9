/*
 * store.c - the sqlite database users query: runs, blocks, I/O sites,
 * diagnostics, system profiles and the parameter glossary.
 *
 * The schema is public (docs/schema.md) and versioned twice over: PRAGMA
 * user_version for a cheap check and a `meta` table (application='vidya',
 * schema_version) so that a database can be recognised as vidya's before
 * anything is written to it.  Every column that names a parameter or a
 * feature is generated from the X-macros in vd_params.h when the CREATE
 * statements are built, so the schema cannot drift from the analyzer.
 *
 * A run is written in one BEGIN IMMEDIATE transaction with one prepared
 * statement per table reused for every row: readers see all of a run or
 * none of it, and 100k blocks save in well under a second.  The database
 * keeps sqlite's default rollback journal rather than WAL because vidya's
 * users keep projects on NFS and Lustre home directories, where WAL's
 * shared-memory index does not work; a busy timeout lets a report wait for
 * a running analysis instead of failing.
 */
#define _GNU_SOURCE
#include "vd_store.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#ifndef VD_VERSION
#define VD_VERSION "unknown"
#endif

#define BUSY_TIMEOUT_MS 15000
#define CACHE_KIB 65536

struct vd_store {
	sqlite3 *db;
	char *path;
	int tu_txn;          /* a tu_cache write transaction is open */
	sqlite3_stmt *tu_put;
};

/* ---- column tables ----------------------------------------------------------- */

/* vd_device, field by field: runs stores them as device_<name>,
 * system_profiles as <name> */
typedef enum { DEV_DOUBLE, DEV_INT, DEV_TEXT } dev_type;

static const struct {
	const char *name;
	size_t off;
	dev_type type;
	size_t size;
} dev_fields[] = {
#define DD_(f) { #f, offsetof(vd_device, f), DEV_DOUBLE, 0 }
#define DS_(f) { #f, offsetof(vd_device, f), DEV_TEXT, sizeof(((vd_device *)0)->f) }
	DD_(seq_read_Bps),
	DD_(seq_write_Bps),
	DD_(rand_read_iops),
	DD_(rand_write_iops),
	DD_(latency_s),
	DD_(fsync_latency_s),
	DD_(meta_latency_s),
	DD_(small_io_threshold),
	DD_(concurrency),
	DD_(cpu_ns_per_op),
	DD_(stdio_call_s),
	DD_(cache_read_Bps),
	DD_(cache_write_Bps),
	DD_(flush_Bps),
	DD_(dirty_limit_bytes),
	DD_(cache_bytes),
	DD_(scan_ns),
	DD_(format_ns),
	DD_(strtod_ns),
	DD_(atoi_ns),
	DD_(mem_ns_per_byte),
	DD_(sort_ns_per_cmp),
	DD_(math_ns),
	DD_(create_latency_s),
	DD_(unlink_latency_s),
	{ "is_default", offsetof(vd_device, is_default), DEV_INT, 0 },
	DS_(mount),
	DS_(fstype),
	DS_(method),
	DS_(profile),
#undef DD_
#undef DS_
};
#define NDEV (sizeof(dev_fields) / sizeof(dev_fields[0]))

/* io_sites expands vd_iosite.flags into one 0/1 column per flag, named
 * by the VD_IO_FLAGS list (vd_io_flag_table) */
#define NFLAGS VD_NIO_FLAGS

/* run facts that are not the device, in table order */
#define RUN_COLS                                                                         \
	"created_at, vidya_version, project_root, compdb, entry, args, defines, nprocs, "  \
	"assume_trip, assume_bytes, tus_total, tus_failed, elapsed_s, nblocks, nsites, "   \
	"ndiags, model"
#define RUN_NCOLS 17

#define BLOCK_HEAD "block_id, kind, file, function, label, line, end_line, parent_id"
#define BLOCK_TAIL \
	"cioc, io_s, compute_s, ops, executions, unknown_mask, unknowns, reachable, analytic, cioc_note"
#define SITE_HEAD "block_id, api, call, op, file, line, bytes_per_call, count, bytes_total, flags"
#define SITE_TAIL "path, unknowns"

/* ", p1, p2, ..., x16" with each name between pre and post; the
 * parameters and the features each on a line of their own, so that
 * `.schema` stays readable */
static int put_px(vd_buf *b, const char *pre, const char *post)
{
	int rc = 0;
	for (int i = 0; !rc && i < VD_NPARAMS; i++)
		rc = vd_buf_printf(b, ",%s%s%s%s", i ? " " : "\n  ", pre, vd_param_column[i], post);
	for (int i = 0; !rc && i < VD_NFEATURES; i++)
		rc = vd_buf_printf(b, ",%s%s%s%s", i ? " " : "\n  ", pre, vd_feature_column[i],
				   post);
	return rc;
}

static int put_dev(vd_buf *b, const char *pre, int with_types)
{
	static const char *const types[] = { "REAL", "INTEGER", "TEXT" };
	int rc = 0;
	for (size_t i = 0; !rc && i < NDEV; i++)
		rc = vd_buf_printf(b, ",%s%s%s%s%s", i ? " " : "\n  ", pre, dev_fields[i].name,
				   with_types ? " " : "", with_types ? types[dev_fields[i].type] : "");
	return rc;
}

static int put_flags(vd_buf *b, int with_types)
{
	int rc = 0;
	for (size_t i = 0; !rc && i < NFLAGS; i++)
		rc = vd_buf_printf(b, ",%s%s%s", with_types || !i ? "\n  " : " ", vd_io_flag_table[i].name,
				   with_types ? " INTEGER NOT NULL DEFAULT 0" : "");
	return rc;
}

static int put_params(vd_buf *b, int n)
{
	int rc = vd_buf_puts(b, " VALUES (?");
	for (int i = 1; !rc && i < n; i++)
		rc = vd_buf_puts(b, ", ?");
	return rc ? rc : vd_buf_putc(b, ')');
}

/* ---- errors and small helpers ------------------------------------------------------ */

static int db_fail(vd_store *s, const char *what)
{
	vd_error_set("%s '%s': %s", what, s->path, sqlite3_errmsg(s->db));
	return VD_ERROR;
}

static int prepare(vd_store *s, sqlite3_stmt **st, const char *sql, const char *what)
{
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK)
		return db_fail(s, what);
	return 0;
}

static int exec(vd_store *s, const char *sql, const char *what)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return db_fail(s, what);
	return 0;
}

/* ends an open transaction; callers have already put what failed (and
 * sqlite's message for it) into vd_error, which ROLLBACK would overwrite */
static void rollback(vd_store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

static int bind_text(sqlite3_stmt *st, int i, const char *v)
{
	return v ? sqlite3_bind_text(st, i, v, -1, SQLITE_STATIC) : sqlite3_bind_null(st, i);
}

static const char *col_text(sqlite3_stmt *st, int i, vd_arena *a, int *oom)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	if (!t)
		return NULL;
	char *c = vd_arena_strndup(a, (const char *)t, (size_t)sqlite3_column_bytes(st, i));
	if (!c)
		*oom = 1;
	return c;
}

/* SQL NULL reads back as NaN: sqlite stores a NaN as NULL */
static double col_double(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}

static void iso_utc(char *dst, size_t n)
{
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(dst, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* binds the device's fields from column `first` on; returns the next column */
static int bind_device(sqlite3_stmt *st, int first, const vd_device *d)
{
	int c = first;
	for (size_t i = 0; i < NDEV; i++, c++) {
		const char *p = (const char *)d + dev_fields[i].off;
		switch (dev_fields[i].type) {
		case DEV_DOUBLE: sqlite3_bind_double(st, c, *(const double *)p); break;
		case DEV_INT: sqlite3_bind_int(st, c, *(const int *)p); break;
		case DEV_TEXT:
			/* fixed arrays: bounded copy, empty is NULL */
			if (memchr(p, '\0', dev_fields[i].size) && p[0])
				sqlite3_bind_text(st, c, p, -1, SQLITE_STATIC);
			else
				sqlite3_bind_null(st, c);
			break;
		}
	}
	return c;
}

static void read_device(sqlite3_stmt *st, int first, vd_device *d)
{
	int c = first;
	for (size_t i = 0; i < NDEV; i++, c++) {
		char *p = (char *)d + dev_fields[i].off;
		switch (dev_fields[i].type) {
		case DEV_DOUBLE: *(double *)p = col_double(st, c); break;
		case DEV_INT: *(int *)p = sqlite3_column_int(st, c); break;
		case DEV_TEXT: {
			const unsigned char *t = sqlite3_column_text(st, c);
			snprintf(p, dev_fields[i].size, "%s", t ? (const char *)t : "");
			break;
		}
		}
	}
}

/* ---- schema ------------------------------------------------------------------------ */

/* the latest trace is the largest trace_id */
#define LATEST_TRACE "(SELECT max(trace_id) FROM traces)"

static int build_v_blocks(vd_buf *b)
{
	int rc = vd_buf_puts(b, "CREATE VIEW v_blocks AS SELECT " BLOCK_HEAD);
	rc = rc || put_px(b, "", "");
	rc = rc || vd_buf_puts(b, ",\n  " BLOCK_TAIL ", seq, run_id\n"
				  "  FROM blocks WHERE run_id = (SELECT max(run_id) FROM runs);\n");
	return rc;
}

static int build_v_runs(vd_buf *b)
{
	int rc = vd_buf_puts(b, "CREATE VIEW v_runs AS SELECT run_id, " RUN_COLS);
	rc = rc || put_dev(b, "device_", 0);
	rc = rc || vd_buf_puts(b, ",\n  run_id = (SELECT max(run_id) FROM runs) AS is_latest\n"
				  "  FROM runs;\n");
	return rc;
}

/* the view of the latest trace's calls (changed in schema version 3) */
#define V_TRACE_OPS                                                                          \
	"CREATE VIEW v_trace_ops AS SELECT trace_id, op_id, pid, rank, thread, api, call,\n"  \
	"  class, path, handle, offset, bytes, req_bytes, start_s, dur_s, call_s, err,\n"      \
	"  parent_op, parent_api, parent_call, block_id, file, line, function\n"              \
	"  FROM trace_ops WHERE trace_id = " LATEST_TRACE ";\n"

/* the view of the latest trace's per-file counters (changed in schema
 * version 4: errors) */
static int build_v_trace_files(vd_buf *b)
{
	int rc = vd_buf_puts(b, "CREATE VIEW v_trace_files AS SELECT trace_id, path, api,\n"
				"  count(DISTINCT rank || ':' || pid) AS nprocs");
	for (int i = 0; !rc && i < VD_NTRACE_COUNTERS; i++) {
		const char *c = vd_trace_counter_name[i];
		rc = vd_buf_printf(b, ",\n  %s(%s) AS %s", strncmp(c, "max_", 4) ? "sum" : "max", c, c);
	}
	return rc || vd_buf_puts(b,
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
static int build_trace_sites(vd_buf *b)
{
	/* IF NOT EXISTS: a migration may meet them made already */
	int rc = vd_buf_puts(b, "CREATE TABLE IF NOT EXISTS trace_sites (\n"
				"  trace_id INTEGER NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,\n"
				"  pid INTEGER, rank INTEGER, api TEXT, call TEXT, class TEXT, path TEXT,\n"
				"  parent_api TEXT, block_id TEXT, file TEXT, line INTEGER, function TEXT,\n"
				"  calls INTEGER, errors INTEGER, bytes INTEGER, call_s REAL, dur_s REAL");
	for (int k = 0; !rc && k < VD_TRACE_NBINS; k++)
		rc = vd_buf_printf(b, ", size_%s INTEGER", bin_suffix(k));
	rc = rc || vd_buf_puts(b, ");\n"
				  "CREATE INDEX IF NOT EXISTS trace_sites_trace ON trace_sites (trace_id);\n"
				  "CREATE VIEW IF NOT EXISTS v_trace_sites AS SELECT trace_id, api, call, class, path,\n"
				  "  parent_api, block_id, file, line, function,\n"
				  "  count(DISTINCT rank || ':' || pid) AS nprocs, sum(calls) AS calls,\n"
				  "  sum(errors) AS errors, sum(bytes) AS bytes, sum(call_s) AS call_s,\n"
				  "  sum(dur_s) AS dur_s");
	for (int k = 0; !rc && k < VD_TRACE_NBINS; k++)
		rc = vd_buf_printf(b, ", sum(size_%s) AS size_%s", bin_suffix(k), bin_suffix(k));
	return rc || vd_buf_puts(b, "\n  FROM trace_sites WHERE trace_id = " LATEST_TRACE "\n"
				    "  GROUP BY trace_id, api, call, class, path, parent_api, block_id,"
				    " file, line, function;\n");
}

/*
 * The latest trace's counters under Darshan's names, one row per process,
 * file and counter, as darshan-parser prints them (module, rank, file,
 * counter, value): only the counters that mean the same here.  POSIX_OPENS
 * counts the dups, as Darshan's does.  Times are seconds.
 */
static int build_v_trace_darshan(vd_buf *b)
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
	static const char *const bin_upper[VD_TRACE_NBINS] = {
		"0_100", "100_1K", "1K_10K", "10K_100K", "100K_1M",
		"1M_4M", "4M_10M", "10M_100M", "100M_1G", "1G_PLUS"
	};
	int rc = vd_buf_puts(b, "CREATE VIEW IF NOT EXISTS v_trace_darshan AS\n");
	const char *sep = "";
	for (size_t i = 0; !rc && i < sizeof map / sizeof map[0]; i++) {
		rc = vd_buf_printf(b, "%sSELECT '%s' AS module, rank, path, '%s_%s' AS counter,"
				      " %s AS value FROM trace_files WHERE api = '%s'"
				      " AND trace_id = " LATEST_TRACE "\n",
				   sep, map[i].module, map[i].module, map[i].name, map[i].expr,
				   map[i].api);
		sep = "UNION ALL ";
	}
	/* size histograms: POSIX's by call, MPI-IO's by aggregate request */
	for (int rw = 0; rw < 2 && !rc; rw++)
		for (int k = 0; k < VD_TRACE_NBINS && !rc; k++) {
			const char *col = vd_trace_counter_name[(rw ? VD_TC_write_0_100
								    : VD_TC_read_0_100) + k];
			rc = vd_buf_printf(b, "UNION ALL SELECT 'POSIX', rank, path,"
					      " 'POSIX_SIZE_%s_%s', %s FROM trace_files"
					      " WHERE api = 'posix' AND trace_id = " LATEST_TRACE "\n"
					      "UNION ALL SELECT 'MPIIO', rank, path,"
					      " 'MPIIO_SIZE_%s_AGG_%s', %s FROM trace_files"
					      " WHERE api = 'mpiio' AND trace_id = " LATEST_TRACE "\n",
					   rw ? "WRITE" : "READ", bin_upper[k], col,
					   rw ? "WRITE" : "READ", bin_upper[k], col);
		}
	return rc || vd_buf_puts(b, ";\n");
}

/* The latest trace's reads and writes as Darshan's DXT traces them
 * (darshan-dxt-parser's columns): successful POSIX and MPI-IO transfers,
 * numbered per process, file, layer and direction (schema version 4). */
#define V_TRACE_DXT                                                                          \
	"CREATE VIEW IF NOT EXISTS v_trace_dxt AS SELECT\n"                                  \
	"  CASE api WHEN 'posix' THEN 'X_POSIX' ELSE 'X_MPIIO' END AS module, rank, pid,\n"   \
	"  class AS wt_rd,\n"                                                                 \
	"  row_number() OVER (PARTITION BY pid, api, path, class ORDER BY start_s, op_id) - 1" \
	" AS segment,\n"                                                                      \
	"  offset, bytes AS length, start_s AS start_time, start_s + dur_s AS end_time, path\n" \
	"  FROM trace_ops WHERE trace_id = " LATEST_TRACE " AND err = 0\n"                     \
	"  AND api IN ('posix', 'mpiio') AND class IN ('read', 'write');\n"

/* vidya trace's tables and views (schema version 4) */
static int build_trace_schema(vd_buf *b)
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
			       "  FROM traces t;\n" V_TRACE_OPS);
	rc = rc || build_v_trace_files(b);
	rc = rc || build_trace_sites(b);
	rc = rc || build_v_trace_darshan(b) || vd_buf_puts(b, V_TRACE_DXT);
	rc = rc || vd_buf_puts(b,
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

static int build_schema(vd_buf *b)
{
	int rc = 0;
	/* meta first: its presence is what marks the file as vidya's */
	rc = rc || vd_buf_puts(b, "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);\n");
	rc = rc || vd_buf_printf(b,
				 "INSERT INTO meta VALUES ('application', 'vidya');\n"
				 "INSERT INTO meta VALUES ('schema_version', '%d');\n"
				 "INSERT INTO meta VALUES ('created_by', '%s');\n",
				 VD_SCHEMA_VERSION, VD_VERSION);

	rc = rc || vd_buf_puts(b,
			       "CREATE TABLE runs (\n"
			       "  run_id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
			       "  created_at TEXT NOT NULL, vidya_version TEXT, project_root TEXT,\n"
			       "  compdb TEXT, entry TEXT, args TEXT, defines TEXT,\n"
			       "  nprocs INTEGER, assume_trip REAL, assume_bytes REAL,\n"
			       "  tus_total INTEGER, tus_failed INTEGER, elapsed_s REAL,\n"
			       "  nblocks INTEGER, nsites INTEGER, ndiags INTEGER, model TEXT");
	rc = rc || put_dev(b, "device_", 1);
	rc = rc || vd_buf_puts(b, ");\n");

	rc = rc || vd_buf_puts(b,
			       "CREATE TABLE blocks (\n"
			       "  run_id INTEGER NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE,\n"
			       "  seq INTEGER NOT NULL, block_id TEXT NOT NULL, kind TEXT NOT NULL,\n"
			       "  file TEXT, function TEXT, label TEXT, line INTEGER, end_line INTEGER,\n"
			       "  parent_id TEXT");
	rc = rc || put_px(b, "", " REAL");
	rc = rc || vd_buf_puts(b,
			       ",\n  cioc REAL, io_s REAL, compute_s REAL, ops REAL, executions REAL,\n"
			       "  unknown_mask INTEGER NOT NULL DEFAULT 0, unknowns TEXT,\n"
			       "  reachable INTEGER NOT NULL DEFAULT 1, analytic REAL, cioc_note TEXT,\n"
			       "  PRIMARY KEY (run_id, block_id));\n"
			       /* tree order: loading a run is a range scan, not a sort */
			       "CREATE INDEX blocks_seq ON blocks (run_id, seq);\n");

	rc = rc || vd_buf_puts(b,
			       "CREATE TABLE io_sites (\n"
			       "  run_id INTEGER NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE,\n"
			       "  seq INTEGER NOT NULL, block_id TEXT, api TEXT, call TEXT, op TEXT,\n"
			       "  file TEXT, line INTEGER, bytes_per_call REAL, count REAL,\n"
			       "  bytes_total REAL, flags INTEGER NOT NULL DEFAULT 0");
	rc = rc || put_flags(b, 1);
	rc = rc || vd_buf_puts(b, ",\n  path TEXT, unknowns TEXT,\n  PRIMARY KEY (run_id, seq));\n"
				  "CREATE INDEX io_sites_block ON io_sites (run_id, block_id);\n");

	rc = rc || vd_buf_puts(b,
			       "CREATE TABLE diagnostics (\n"
			       "  run_id INTEGER NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE,\n"
			       "  seq INTEGER NOT NULL,\n"
			       "  severity TEXT NOT NULL CHECK (severity IN ('note', 'warning', 'error')),\n"
			       "  file TEXT, line INTEGER, message TEXT,\n"
			       "  PRIMARY KEY (run_id, seq));\n");

	rc = rc || vd_buf_puts(b,
			       "CREATE TABLE system_profiles (\n"
			       "  profile_id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
			       "  created_at TEXT NOT NULL, mount TEXT, fstype TEXT, method TEXT");
	for (size_t i = 0; !rc && i < NDEV; i++)
		if (dev_fields[i].type == DEV_DOUBLE)
			rc = vd_buf_printf(b, ",\n  %s REAL", dev_fields[i].name);
	rc = rc || vd_buf_puts(b, ",\n  is_default INTEGER NOT NULL DEFAULT 0, json TEXT, profile TEXT);\n"
				  "CREATE INDEX system_profiles_mount ON system_profiles (mount, profile_id);\n");

	rc = rc || vd_buf_puts(b,
			       "CREATE TABLE tu_cache (\n"
			       "  key TEXT PRIMARY KEY, file TEXT NOT NULL, deps TEXT NOT NULL,\n"
			       "  ir BLOB NOT NULL, vidya_version TEXT, created_at TEXT);\n");

	rc = rc || vd_buf_puts(b,
			       "CREATE TABLE param_info (\n"
			       "  name TEXT PRIMARY KEY, column TEXT NOT NULL UNIQUE,\n"
			       "  kind TEXT NOT NULL, unit TEXT, description TEXT NOT NULL);\n");
	/* the glossary comes from the X-macros; quotes in descriptions doubled */
	for (int i = 0; !rc && i < VD_NPARAMS + VD_NFEATURES; i++) {
		int feat = i >= VD_NPARAMS;
		int k = feat ? i - VD_NPARAMS : i;
		char *sql = sqlite3_mprintf("INSERT INTO param_info VALUES (%Q, %Q, %Q, %Q, %Q);\n",
					    feat ? vd_feature_name[k] : vd_param_name[k],
					    feat ? vd_feature_column[k] : vd_param_column[k],
					    feat ? "feature" : "parameter",
					    feat ? "ratio" : vd_param_unit[k],
					    feat ? vd_feature_desc[k] : vd_param_desc[k]);
		rc = !sql || vd_buf_puts(b, sql);
		sqlite3_free(sql);
	}

	/* views: the latest run is the largest run_id */
	rc = rc || build_v_runs(b);

	rc = rc || build_v_blocks(b);

	rc = rc || vd_buf_puts(b, "CREATE VIEW v_io_sites AS SELECT " SITE_HEAD);
	rc = rc || put_flags(b, 0);
	rc = rc || vd_buf_puts(b, ",\n  " SITE_TAIL ", seq, run_id\n"
				  "  FROM io_sites WHERE run_id = (SELECT max(run_id) FROM runs);\n");

	rc = rc || vd_buf_puts(b, "CREATE VIEW v_diagnostics AS SELECT severity, file, line, message,"
				  " seq, run_id\n"
				  "  FROM diagnostics WHERE run_id = (SELECT max(run_id) FROM runs);\n");
	rc = rc || build_trace_schema(b);
	rc = rc || vd_buf_printf(b, "PRAGMA user_version = %d;\n", VD_SCHEMA_VERSION);
	if (rc)
		vd_error_set("out of memory");
	return rc ? -1 : 0;
}

/* -1 on error; otherwise the count of schema objects */
static long count_objects(vd_store *s)
{
	sqlite3_stmt *st = NULL;
	long n = -1;
	if (sqlite3_prepare_v2(s->db, "SELECT count(*) FROM sqlite_master", -1, &st, NULL) ==
		    SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	if (n < 0)
		vd_error_set("'%s' is not a vidya database: %s", s->path, sqlite3_errmsg(s->db));
	sqlite3_finalize(st);
	return n;
}

/* the value of meta `key`, copied into dst; 0, or -1 when there is none */
static int meta_get(vd_store *s, const char *key, char *dst, size_t n)
{
	sqlite3_stmt *st = NULL;
	int rc = -1;
	if (sqlite3_prepare_v2(s->db, "SELECT value FROM meta WHERE key = ?", -1, &st, NULL) !=
	    SQLITE_OK)
		goto cleanup;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
		snprintf(dst, n, "%s", (const char *)sqlite3_column_text(st, 0));
		rc = 0;
	}
cleanup:
	sqlite3_finalize(st);
	return rc;
}

/*
 * Migrations: one step per version, each run in the caller's transaction.
 * Version N adds `case N - 1:` steps that ALTER/CREATE and fall through;
 * the end bumps meta and user_version.
 */
/* "ALTER TABLE t ADD COLUMN <pre><name> type" appended to sql, unless the
 * column is there already */
static int add_column(vd_store *s, vd_buf *sql, const char *table, const char *pre,
		      const char *name, const char *type)
{
	sqlite3_stmt *st = NULL;
	char col[128];
	snprintf(col, sizeof col, "%s%s", pre, name);
	if (sqlite3_prepare_v2(s->db, "SELECT 1 FROM pragma_table_info(?) WHERE name = ?", -1, &st,
			       NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, col, -1, SQLITE_STATIC);
	int have = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return have ? 0 : vd_buf_printf(sql, "ALTER TABLE %s ADD COLUMN %s %s;\n", table, col, type);
}

static int migrate(vd_store *s, int from)
{
	vd_buf sql = VD_BUF_INIT;
	int rc = 0;
	switch (from) {
	case 1: /* 2 adds vidya trace's tables and views, and runs.model */
		rc = build_trace_schema(&sql);
		rc = rc || vd_buf_puts(&sql, "ALTER TABLE runs ADD COLUMN model TEXT;\n"
					     "DROP VIEW IF EXISTS v_runs;\n");
		rc = rc || build_v_runs(&sql);
		/* the trace tables are created as version 3 has them */
		goto device;
	case 2: /* 3: deferred and unattributed sampled time of a process; time
		 * inside a call that started a longer transfer */
		rc = vd_buf_puts(&sql, "ALTER TABLE trace_procs ADD COLUMN deferred_s REAL;\n"
				       "ALTER TABLE trace_procs ADD COLUMN unattributed_s REAL;\n"
				       "ALTER TABLE trace_ops ADD COLUMN call_s REAL;\n"
				       "UPDATE trace_ops SET call_s = dur_s;\n"
				       "DROP VIEW IF EXISTS v_trace_ops;\n" V_TRACE_OPS);
		/* fall through */
	device: /* 3 also adds the page-cache and libc figures of the device,
		 * the profile a run used, and each block's analytic estimate and
		 * the note on its score (each column only where it is missing) */
		for (size_t i = 0; !rc && i < NDEV; i++)
			if (dev_fields[i].off >= offsetof(vd_device, stdio_call_s)) {
				const char *type = dev_fields[i].type == DEV_TEXT ? "TEXT" : "REAL";
				rc = add_column(s, &sql, "runs", "device_", dev_fields[i].name, type) ||
				     add_column(s, &sql, "system_profiles", "", dev_fields[i].name, type);
			}
		rc = rc || add_column(s, &sql, "blocks", "", "analytic", "REAL") ||
		     add_column(s, &sql, "blocks", "", "cioc_note", "TEXT");
		rc = rc || vd_buf_puts(&sql, "DROP VIEW IF EXISTS v_runs;\n"
					     "DROP VIEW IF EXISTS v_blocks;\n");
		rc = rc || build_v_runs(&sql);
		rc = rc || build_v_blocks(&sql);
		/* fall through */
	case 3: /* 4: the errors and dups counters of a file, the call sites,
		 * the Darshan-named view; from 1 the trace tables were just
		 * created with them */
		if (from != 1)
			rc = rc || add_column(s, &sql, "trace_files", "", "errors", "INTEGER") ||
			     add_column(s, &sql, "trace_files", "", "dups", "INTEGER") ||
			     vd_buf_puts(&sql, "DROP VIEW IF EXISTS v_trace_files;\n") ||
			     build_v_trace_files(&sql) || build_trace_sites(&sql) ||
			     build_v_trace_darshan(&sql) || vd_buf_puts(&sql, V_TRACE_DXT);
		/* fall through */
	case VD_SCHEMA_VERSION:
		break;
	default:
		vd_error_set("'%s' has an unknown vidya schema version %d", s->path, from);
		return VD_ERROR;
	}
	rc = rc || vd_buf_printf(&sql, "UPDATE meta SET value = '%d' WHERE key = 'schema_version';\n"
				 "PRAGMA user_version = %d;\n", VD_SCHEMA_VERSION, VD_SCHEMA_VERSION);
	if (rc) {
		vd_error_set("out of memory");
		rc = VD_ERROR;
	} else if (exec(s, sql.ptr, "unable to migrate")) {
		rc = VD_ERROR;
	}
	vd_buf_release(&sql);
	return rc;
}

static int check_schema(vd_store *s)
{
	vd_buf sql = VD_BUF_INIT;
	char val[64];
	int rc = VD_ERROR, in_txn = 0;
	long n = count_objects(s);

	if (n < 0)
		goto cleanup;
	if (n == 0) {
		/* a new database: create under a write lock, re-checking in
		 * case another vidya created it meanwhile */
		if (exec(s, "BEGIN IMMEDIATE", "unable to initialise database"))
			goto cleanup;
		in_txn = 1;
		n = count_objects(s);
		if (n < 0)
			goto cleanup;
		if (n == 0) {
			if (build_schema(&sql) || exec(s, sql.ptr, "unable to create schema in"))
				goto cleanup;
		}
		if (exec(s, "COMMIT", "unable to initialise database"))
			goto cleanup;
		in_txn = 0;
	}
	if (meta_get(s, "application", val, sizeof(val)) || strcmp(val, "vidya") != 0) {
		vd_error_set("'%s' is not a vidya database (it has tables but no vidya meta table)",
			     s->path);
		goto cleanup;
	}
	if (meta_get(s, "schema_version", val, sizeof(val))) {
		vd_error_set("'%s' is not a vidya database (no schema_version in its meta table)",
			     s->path);
		goto cleanup;
	}
	int version = atoi(val);
	if (version > VD_SCHEMA_VERSION) {
		vd_error_set("'%s' was written by a newer vidya (schema version %d; this vidya "
			     "reads up to %d)", s->path, version, VD_SCHEMA_VERSION);
		goto cleanup;
	}
	if (version < VD_SCHEMA_VERSION) {
		if (exec(s, "BEGIN IMMEDIATE", "unable to migrate database"))
			goto cleanup;
		in_txn = 1;
		if (migrate(s, version) || exec(s, "COMMIT", "unable to migrate database"))
			goto cleanup;
		in_txn = 0;
	}
	rc = 0;
cleanup:
	if (in_txn)
		rollback(s);
	vd_buf_release(&sql);
	return rc;
}

/* ---- open / close ------------------------------------------------------------------ */

static const char *file_kind(mode_t m)
{
	return S_ISDIR(m)    ? "a directory"
	       : S_ISCHR(m)  ? "a character device"
	       : S_ISBLK(m)  ? "a block device"
	       : S_ISFIFO(m) ? "a FIFO"
	       : S_ISSOCK(m) ? "a socket"
			     : "not a regular file";
}

int vd_store_open(vd_store **out, const char *path)
{
	vd_store *s = NULL;
	int rc = VD_ERROR;
	char pragma[64];

	*out = NULL;
	/* a database is a regular file: sqlite would happily "open" /dev/null
	 * and leave a world-writable /dev/null-journal next to it */
	struct stat sb;
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		vd_error_set("'%s' is %s, not a database file (a vidya database is a regular file)",
			     path, file_kind(sb.st_mode));
		goto cleanup;
	}
	if (stat(path, &sb) != 0 && errno != ENOENT) {
		vd_error_set("unable to open database '%s': %s", path, strerror(errno));
		goto cleanup;
	}
	s = calloc(1, sizeof(*s));
	if (!s || !(s->path = strdup(path))) {
		vd_error_set("out of memory");
		goto cleanup;
	}
	if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
	    SQLITE_OK) {
		vd_error_set("unable to open database '%s': %s", path,
			     s->db ? sqlite3_errmsg(s->db) : "out of memory");
		goto cleanup;
	}
	sqlite3_extended_result_codes(s->db, 1);
	sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
	snprintf(pragma, sizeof(pragma), "PRAGMA cache_size = -%d", CACHE_KIB);
	/* the schema check comes first: any statement that reads the file,
	 * even a PRAGMA, fails on a non-database with a less helpful message */
	if (check_schema(s) || exec(s, pragma, "unable to configure database"))
		goto cleanup;
	*out = s;
	s = NULL;
	rc = 0;
cleanup:
	vd_store_close(s);
	return rc;
}

int vd_store_check_writable(vd_store *s)
{
	if (sqlite3_db_readonly(s->db, "main") == 1) {
		vd_error_set("database '%s' is read-only: %s", s->path,
			     access(s->path, W_OK) != 0 ? strerror(errno) : "sqlite opened it read-only");
		return VD_ERROR;
	}
	/* a write that is rolled back: the rollback journal is created next to
	 * the database on the first changed page, so a directory that refuses
	 * it is found now too */
	if (exec(s, "BEGIN IMMEDIATE", "unable to write to database"))
		return VD_ERROR;
	int rc = exec(s, "INSERT OR REPLACE INTO meta VALUES ('write_check', '')",
		      "unable to write to database");
	rollback(s);
	if (rc) {
		char dir[4096];
		snprintf(dir, sizeof dir, "%s", s->path);
		char *slash = strrchr(dir, '/');
		if (!slash)
			snprintf(dir, sizeof dir, ".");
		else if (slash == dir)
			slash[1] = 0;
		else
			*slash = 0;
		if (access(dir, W_OK) != 0)
			vd_error_set("unable to write to database '%s': its directory '%s' is not "
				     "writable (%s), and sqlite writes its journal there",
				     s->path, dir, strerror(errno));
	}
	return rc ? VD_ERROR : 0;
}

void vd_store_close(vd_store *s)
{
	if (!s)
		return;
	vd_store_tu_commit(s);
	sqlite3_finalize(s->tu_put);
	sqlite3_close(s->db);
	free(s->path);
	free(s);
}

/* ---- saving a run ------------------------------------------------------------------- */

static int save_blocks(vd_store *s, const vd_result *r, long run_id)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = VD_ERROR;
	const int ncols = 2 + 8 + VD_NPARAMS + VD_NFEATURES + 10;

	if (vd_buf_puts(&sql, "INSERT INTO blocks (run_id, seq, " BLOCK_HEAD) ||
	    put_px(&sql, "", "") || vd_buf_puts(&sql, ", " BLOCK_TAIL ")") ||
	    put_params(&sql, ncols))
		goto cleanup;
	if (prepare(s, &st, sql.ptr, "unable to save run to"))
		goto cleanup;
	for (size_t i = 0; i < r->nblocks; i++) {
		const vd_block *b = &r->blocks[i];
		int c = 1;
		sqlite3_bind_int64(st, c++, run_id);
		sqlite3_bind_int64(st, c++, (sqlite3_int64)i);
		bind_text(st, c++, b->id);
		bind_text(st, c++, vd_kind_name(b->kind));
		bind_text(st, c++, b->file);
		bind_text(st, c++, b->function);
		bind_text(st, c++, b->label);
		sqlite3_bind_int(st, c++, b->line);
		sqlite3_bind_int(st, c++, b->end_line);
		bind_text(st, c++, b->parent_id);
		for (int k = 0; k < VD_NPARAMS; k++)
			sqlite3_bind_double(st, c++, b->p[k]);
		for (int k = 0; k < VD_NFEATURES; k++)
			sqlite3_bind_double(st, c++, b->x[k]);
		sqlite3_bind_double(st, c++, b->cioc);
		sqlite3_bind_double(st, c++, b->io_s);
		sqlite3_bind_double(st, c++, b->compute_s);
		sqlite3_bind_double(st, c++, b->ops);
		sqlite3_bind_double(st, c++, b->executions);
		sqlite3_bind_int64(st, c++, (sqlite3_int64)b->unknown_mask);
		bind_text(st, c++, b->unknowns);
		sqlite3_bind_int(st, c++, b->reachable ? 1 : 0);
		sqlite3_bind_double(st, c++, b->analytic);
		bind_text(st, c++, b->cioc_note);
		if (sqlite3_step(st) != SQLITE_DONE) {
			vd_error_set("unable to save block '%s' to '%s': %s",
				     b->id ? b->id : "(null)", s->path, sqlite3_errmsg(s->db));
			goto cleanup;
		}
		sqlite3_reset(st);
	}
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	vd_buf_release(&sql);
	return rc;
}

static int save_sites(vd_store *s, const vd_result *r, long run_id)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = VD_ERROR;
	const int ncols = 2 + 10 + (int)NFLAGS + 2;

	if (vd_buf_puts(&sql, "INSERT INTO io_sites (run_id, seq, " SITE_HEAD) ||
	    put_flags(&sql, 0) || vd_buf_puts(&sql, ", " SITE_TAIL ")") || put_params(&sql, ncols))
		goto cleanup;
	if (prepare(s, &st, sql.ptr, "unable to save run to"))
		goto cleanup;
	for (size_t i = 0; i < r->nsites; i++) {
		const vd_iosite *t = &r->sites[i];
		int c = 1;
		sqlite3_bind_int64(st, c++, run_id);
		sqlite3_bind_int64(st, c++, (sqlite3_int64)i);
		bind_text(st, c++, t->block_id);
		bind_text(st, c++, t->api);
		bind_text(st, c++, t->call);
		bind_text(st, c++, t->op);
		bind_text(st, c++, t->file);
		sqlite3_bind_int(st, c++, t->line);
		sqlite3_bind_double(st, c++, t->bytes_per_call);
		sqlite3_bind_double(st, c++, t->count);
		sqlite3_bind_double(st, c++, t->bytes_total);
		sqlite3_bind_int64(st, c++, (sqlite3_int64)t->flags);
		for (size_t k = 0; k < NFLAGS; k++)
			sqlite3_bind_int(st, c++, (t->flags & vd_io_flag_table[k].bit) ? 1 : 0);
		bind_text(st, c++, t->path);
		bind_text(st, c++, t->unknowns);
		if (sqlite3_step(st) != SQLITE_DONE) {
			vd_error_set("unable to save I/O site %s:%d to '%s': %s",
				     t->file ? t->file : "?", t->line, s->path,
				     sqlite3_errmsg(s->db));
			goto cleanup;
		}
		sqlite3_reset(st);
	}
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	vd_buf_release(&sql);
	return rc;
}

static const char *severity_name(vd_diag_severity sev)
{
	return sev == VD_DIAG_ERROR ? "error" : sev == VD_DIAG_WARNING ? "warning" : "note";
}

static int save_diags(vd_store *s, const vd_result *r, long run_id)
{
	sqlite3_stmt *st = NULL;
	int rc = VD_ERROR;

	if (prepare(s, &st,
		    "INSERT INTO diagnostics (run_id, seq, severity, file, line, message) "
		    "VALUES (?, ?, ?, ?, ?, ?)",
		    "unable to save run to"))
		goto cleanup;
	for (size_t i = 0; i < r->ndiags; i++) {
		const vd_diag *d = &r->diags[i];
		sqlite3_bind_int64(st, 1, run_id);
		sqlite3_bind_int64(st, 2, (sqlite3_int64)i);
		bind_text(st, 3, severity_name(d->severity));
		bind_text(st, 4, d->file);
		sqlite3_bind_int(st, 5, d->line);
		bind_text(st, 6, d->message);
		if (sqlite3_step(st) != SQLITE_DONE) {
			db_fail(s, "unable to save diagnostics to");
			goto cleanup;
		}
		sqlite3_reset(st);
	}
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	return rc;
}

int vd_store_save_run(vd_store *s, vd_result *r)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	char now[32];
	char *created = NULL;
	long run_id = 0;
	int rc = VD_ERROR, c = 1;

	if (!s || !r) {
		vd_error_set("no database or no result to save");
		return VD_ERROR;
	}
	iso_utc(now, sizeof(now));
	created = vd_arena_strdup(r->arena, now);
	if (!created)
		goto cleanup;
	if (exec(s, "BEGIN IMMEDIATE", "unable to save run to"))
		goto cleanup;

	if (vd_buf_puts(&sql, "INSERT INTO runs (" RUN_COLS) || put_dev(&sql, "device_", 0) ||
	    vd_buf_putc(&sql, ')') || put_params(&sql, RUN_NCOLS + (int)NDEV))
		goto cleanup;
	if (prepare(s, &st, sql.ptr, "unable to save run to"))
		goto cleanup;
	bind_text(st, c++, created);
	/* the version that wrote the run, when the producer did not say */
	bind_text(st, c++, r->vidya_version ? r->vidya_version : VD_VERSION);
	bind_text(st, c++, r->project_root);
	bind_text(st, c++, r->compdb);
	bind_text(st, c++, r->entry);
	bind_text(st, c++, r->args);
	bind_text(st, c++, r->defines);
	sqlite3_bind_int(st, c++, r->nprocs);
	sqlite3_bind_double(st, c++, r->assume_trip);
	sqlite3_bind_double(st, c++, r->assume_bytes);
	sqlite3_bind_int(st, c++, r->tus_total);
	sqlite3_bind_int(st, c++, r->tus_failed);
	sqlite3_bind_double(st, c++, r->elapsed_s);
	sqlite3_bind_int64(st, c++, (sqlite3_int64)r->nblocks);
	sqlite3_bind_int64(st, c++, (sqlite3_int64)r->nsites);
	sqlite3_bind_int64(st, c++, (sqlite3_int64)r->ndiags);
	bind_text(st, c++, r->model);
	bind_device(st, c, &r->device);
	if (sqlite3_step(st) != SQLITE_DONE) {
		db_fail(s, "unable to save run to");
		goto cleanup;
	}
	run_id = (long)sqlite3_last_insert_rowid(s->db);

	if (save_blocks(s, r, run_id) || save_sites(s, r, run_id) || save_diags(s, r, run_id))
		goto cleanup;
	if (exec(s, "COMMIT", "unable to save run to"))
		goto cleanup;
	r->run_id = run_id;
	r->created_at = created;
	rc = 0;
cleanup:
	if (rc)
		rollback(s);
	sqlite3_finalize(st);
	vd_buf_release(&sql);
	return rc;
}

/* ---- loading a run ------------------------------------------------------------------- */

static int load_facts(vd_store *s, long run_id, vd_result *r)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = VD_ERROR, oom = 0, c = 0;

	if (vd_buf_puts(&sql, "SELECT " RUN_COLS) || put_dev(&sql, "device_", 0) ||
	    vd_buf_puts(&sql, " FROM runs WHERE run_id = ?"))
		goto cleanup;
	if (prepare(s, &st, sql.ptr, "unable to read run from"))
		goto cleanup;
	sqlite3_bind_int64(st, 1, run_id);
	int step = sqlite3_step(st);
	if (step == SQLITE_DONE) {
		vd_error_set("run %ld not found in '%s'", run_id, s->path);
		rc = VD_ENOTFOUND;
		goto cleanup;
	}
	if (step != SQLITE_ROW) {
		db_fail(s, "unable to read run from");
		goto cleanup;
	}
	r->run_id = run_id;
	r->created_at = col_text(st, c++, r->arena, &oom);
	r->vidya_version = col_text(st, c++, r->arena, &oom);
	r->project_root = col_text(st, c++, r->arena, &oom);
	r->compdb = col_text(st, c++, r->arena, &oom);
	r->entry = col_text(st, c++, r->arena, &oom);
	r->args = col_text(st, c++, r->arena, &oom);
	r->defines = col_text(st, c++, r->arena, &oom);
	r->nprocs = sqlite3_column_int(st, c++);
	r->assume_trip = col_double(st, c++);
	r->assume_bytes = col_double(st, c++);
	r->tus_total = sqlite3_column_int(st, c++);
	r->tus_failed = sqlite3_column_int(st, c++);
	r->elapsed_s = col_double(st, c++);
	c += 3; /* nblocks, nsites, ndiags: counted again from the rows */
	r->model = col_text(st, c++, r->arena, &oom);
	read_device(st, c, &r->device);
	if (oom) {
		vd_error_set("out of memory");
		goto cleanup;
	}
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	vd_buf_release(&sql);
	return rc;
}

static int load_blocks(vd_store *s, long run_id, vd_result *r)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	VD_VEC(vd_block) v = { NULL, 0, 0 };
	int rc = VD_ERROR, oom = 0, step;

	if (vd_buf_puts(&sql, "SELECT " BLOCK_HEAD) || put_px(&sql, "", "") ||
	    vd_buf_puts(&sql, ", " BLOCK_TAIL " FROM blocks WHERE run_id = ? ORDER BY seq"))
		goto cleanup;
	if (prepare(s, &st, sql.ptr, "unable to read blocks from"))
		goto cleanup;
	sqlite3_bind_int64(st, 1, run_id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		vd_block b;
		vd_kind kind;
		int c = 0;
		memset(&b, 0, sizeof(b));
		b.id = col_text(st, c++, r->arena, &oom);
		const char *k = (const char *)sqlite3_column_text(st, c++);
		if (vd_kind_parse(k, &kind)) {
			vd_error_set("block '%s' in '%s' has an unknown kind '%s'",
				     b.id ? b.id : "?", s->path, k ? k : "");
			goto cleanup;
		}
		b.kind = kind;
		b.file = col_text(st, c++, r->arena, &oom);
		b.function = col_text(st, c++, r->arena, &oom);
		b.label = col_text(st, c++, r->arena, &oom);
		b.line = sqlite3_column_int(st, c++);
		b.end_line = sqlite3_column_int(st, c++);
		b.parent_id = col_text(st, c++, r->arena, &oom);
		for (int i = 0; i < VD_NPARAMS; i++)
			b.p[i] = col_double(st, c++);
		for (int i = 0; i < VD_NFEATURES; i++)
			b.x[i] = col_double(st, c++);
		b.cioc = col_double(st, c++);
		b.io_s = col_double(st, c++);
		b.compute_s = col_double(st, c++);
		b.ops = col_double(st, c++);
		b.executions = col_double(st, c++);
		b.unknown_mask = (unsigned)sqlite3_column_int64(st, c++);
		b.unknowns = col_text(st, c++, r->arena, &oom);
		b.reachable = sqlite3_column_int(st, c++);
		b.analytic = col_double(st, c++);
		b.cioc_note = col_text(st, c++, r->arena, &oom);
		if (oom || vd_vec_push(v, b)) {
			vd_error_set("out of memory");
			goto cleanup;
		}
	}
	if (step != SQLITE_DONE) {
		db_fail(s, "unable to read blocks from");
		goto cleanup;
	}
	r->blocks = v.v;
	r->nblocks = v.n;
	v.v = NULL;
	rc = 0;
cleanup:
	free(v.v);
	sqlite3_finalize(st);
	vd_buf_release(&sql);
	return rc;
}

static int load_sites(vd_store *s, long run_id, vd_result *r)
{
	sqlite3_stmt *st = NULL;
	VD_VEC(vd_iosite) v = { NULL, 0, 0 };
	int rc = VD_ERROR, oom = 0, step;

	if (prepare(s, &st,
		    "SELECT " SITE_HEAD ", " SITE_TAIL
		    " FROM io_sites WHERE run_id = ? ORDER BY seq",
		    "unable to read I/O sites from"))
		goto cleanup;
	sqlite3_bind_int64(st, 1, run_id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		vd_iosite t;
		int c = 0;
		memset(&t, 0, sizeof(t));
		t.block_id = col_text(st, c++, r->arena, &oom);
		t.api = col_text(st, c++, r->arena, &oom);
		t.call = col_text(st, c++, r->arena, &oom);
		t.op = col_text(st, c++, r->arena, &oom);
		t.file = col_text(st, c++, r->arena, &oom);
		t.line = sqlite3_column_int(st, c++);
		t.bytes_per_call = col_double(st, c++);
		t.count = col_double(st, c++);
		t.bytes_total = col_double(st, c++);
		t.flags = (unsigned)sqlite3_column_int64(st, c++);
		t.path = col_text(st, c++, r->arena, &oom);
		t.unknowns = col_text(st, c++, r->arena, &oom);
		if (oom || vd_vec_push(v, t)) {
			vd_error_set("out of memory");
			goto cleanup;
		}
	}
	if (step != SQLITE_DONE) {
		db_fail(s, "unable to read I/O sites from");
		goto cleanup;
	}
	r->sites = v.v;
	r->nsites = v.n;
	v.v = NULL;
	rc = 0;
cleanup:
	free(v.v);
	sqlite3_finalize(st);
	return rc;
}

static int load_diags(vd_store *s, long run_id, vd_result *r)
{
	sqlite3_stmt *st = NULL;
	VD_VEC(vd_diag) v = { NULL, 0, 0 };
	int rc = VD_ERROR, oom = 0, step;

	if (prepare(s, &st,
		    "SELECT severity, file, line, message FROM diagnostics "
		    "WHERE run_id = ? ORDER BY seq",
		    "unable to read diagnostics from"))
		goto cleanup;
	sqlite3_bind_int64(st, 1, run_id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		vd_diag d;
		const char *sev = (const char *)sqlite3_column_text(st, 0);
		memset(&d, 0, sizeof(d));
		d.severity = sev && strcmp(sev, "error") == 0     ? VD_DIAG_ERROR
			     : sev && strcmp(sev, "warning") == 0 ? VD_DIAG_WARNING
								  : VD_DIAG_NOTE;
		d.file = col_text(st, 1, r->arena, &oom);
		d.line = sqlite3_column_int(st, 2);
		d.message = col_text(st, 3, r->arena, &oom);
		if (oom || vd_vec_push(v, d)) {
			vd_error_set("out of memory");
			goto cleanup;
		}
	}
	if (step != SQLITE_DONE) {
		db_fail(s, "unable to read diagnostics from");
		goto cleanup;
	}
	r->diags = v.v;
	r->ndiags = v.n;
	v.v = NULL;
	rc = 0;
cleanup:
	free(v.v);
	sqlite3_finalize(st);
	return rc;
}

int vd_store_load_run(vd_store *s, long run_id, vd_result **out)
{
	sqlite3_stmt *st = NULL;
	vd_result *r = NULL;
	int rc = VD_ERROR, in_txn = 0;

	*out = NULL;
	/* one read transaction: a run saved meanwhile cannot mix in */
	if (exec(s, "BEGIN", "unable to read"))
		goto cleanup;
	in_txn = 1;
	if (run_id <= 0) {
		if (prepare(s, &st, "SELECT max(run_id) FROM runs", "unable to read"))
			goto cleanup;
		if (sqlite3_step(st) != SQLITE_ROW) {
			db_fail(s, "unable to read");
			goto cleanup;
		}
		if (sqlite3_column_type(st, 0) == SQLITE_NULL) {
			vd_error_set("no analysis run in '%s' (run vidya analyze first)", s->path);
			rc = VD_ENOTFOUND;
			goto cleanup;
		}
		run_id = (long)sqlite3_column_int64(st, 0);
	}
	r = vd_result_new();
	if (!r)
		goto cleanup;
	rc = load_facts(s, run_id, r);
	if (rc)
		goto cleanup;
	rc = VD_ERROR;
	if (load_blocks(s, run_id, r) || load_sites(s, run_id, r) || load_diags(s, run_id, r))
		goto cleanup;
	if (exec(s, "COMMIT", "unable to read"))
		goto cleanup;
	in_txn = 0;
	*out = r;
	r = NULL;
	rc = 0;
cleanup:
	if (in_txn)
		rollback(s);
	sqlite3_finalize(st);
	vd_result_free(r);
	return rc;
}

/* ---- system profiles ------------------------------------------------------------------ */

int vd_store_save_profile(vd_store *s, const vd_device *d, const char *json, long *id_out)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	char now[32];
	int rc = VD_ERROR, c = 1, n = 0;

	if (vd_buf_puts(&sql, "INSERT INTO system_profiles (created_at, mount, fstype, method"))
		goto cleanup;
	for (size_t i = 0; i < NDEV; i++)
		if (dev_fields[i].type == DEV_DOUBLE) {
			if (vd_buf_printf(&sql, ", %s", dev_fields[i].name))
				goto cleanup;
			n++;
		}
	if (vd_buf_puts(&sql, ", is_default, json, profile)") || put_params(&sql, 4 + n + 3))
		goto cleanup;
	if (prepare(s, &st, sql.ptr, "unable to save system profile to"))
		goto cleanup;
	iso_utc(now, sizeof(now));
	bind_text(st, c++, now);
	/* the fixed arrays are always terminated by the producers' snprintf */
	bind_text(st, c++, d->mount[0] ? d->mount : NULL);
	bind_text(st, c++, d->fstype[0] ? d->fstype : NULL);
	bind_text(st, c++, d->method[0] ? d->method : NULL);
	for (size_t i = 0; i < NDEV; i++)
		if (dev_fields[i].type == DEV_DOUBLE)
			sqlite3_bind_double(st, c++,
					    *(const double *)((const char *)d + dev_fields[i].off));
	sqlite3_bind_int(st, c++, d->is_default ? 1 : 0);
	bind_text(st, c++, json);
	bind_text(st, c++, d->profile[0] ? d->profile : NULL);
	if (sqlite3_step(st) != SQLITE_DONE) {
		db_fail(s, "unable to save system profile to");
		goto cleanup;
	}
	if (id_out)
		*id_out = (long)sqlite3_last_insert_rowid(s->db);
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	vd_buf_release(&sql);
	return rc;
}

int vd_store_load_profile(vd_store *s, const char *mount, vd_device *out, int *found)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = VD_ERROR, step;

	*found = 0;
	if (vd_buf_puts(&sql, "SELECT mount, fstype, method"))
		goto cleanup;
	for (size_t i = 0; i < NDEV; i++)
		if (dev_fields[i].type == DEV_DOUBLE && vd_buf_printf(&sql, ", %s", dev_fields[i].name))
			goto cleanup;
	if (vd_buf_puts(&sql, ", is_default, profile FROM system_profiles") ||
	    (mount && vd_buf_puts(&sql, " WHERE mount = ?")) ||
	    vd_buf_puts(&sql, " ORDER BY profile_id DESC LIMIT 1"))
		goto cleanup;
	if (prepare(s, &st, sql.ptr, "unable to read system profile from"))
		goto cleanup;
	if (mount)
		bind_text(st, 1, mount);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW) {
		vd_device d;
		int c = 0;
		memset(&d, 0, sizeof(d));
		const unsigned char *t;
		t = sqlite3_column_text(st, c++);
		snprintf(d.mount, sizeof(d.mount), "%s", t ? (const char *)t : "");
		t = sqlite3_column_text(st, c++);
		snprintf(d.fstype, sizeof(d.fstype), "%s", t ? (const char *)t : "");
		t = sqlite3_column_text(st, c++);
		snprintf(d.method, sizeof(d.method), "%s", t ? (const char *)t : "");
		for (size_t i = 0; i < NDEV; i++)
			if (dev_fields[i].type == DEV_DOUBLE)
				*(double *)((char *)&d + dev_fields[i].off) = col_double(st, c++);
		d.is_default = sqlite3_column_int(st, c++);
		t = sqlite3_column_text(st, c++);
		snprintf(d.profile, sizeof(d.profile), "%s", t ? (const char *)t : "");
		*out = d;
		*found = 1;
	} else if (step != SQLITE_DONE) {
		db_fail(s, "unable to read system profile from");
		goto cleanup;
	}
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	vd_buf_release(&sql);
	return rc;
}

/* ---- the per-TU cache -------------------------------------------------------------- */

int vd_store_tu_get(vd_store *s, const char *key, char **deps, void **blob, size_t *len)
{
	sqlite3_stmt *st = NULL;
	int rc = VD_ENOTFOUND;
	*deps = NULL;
	*blob = NULL;
	*len = 0;
	if (prepare(s, &st, "SELECT deps, ir FROM tu_cache WHERE key = ?", "unable to read cache of"))
		return VD_ERROR;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		const char *d = (const char *)sqlite3_column_text(st, 0);
		const void *b = sqlite3_column_blob(st, 1);
		int n = sqlite3_column_bytes(st, 1);
		*deps = strdup(d ? d : "");
		*blob = malloc(n > 0 ? (size_t)n : 1);
		if (!*deps || !*blob) {
			free(*deps);
			free(*blob);
			*deps = NULL;
			*blob = NULL;
			vd_error_set("out of memory");
			rc = VD_ERROR;
		} else {
			memcpy(*blob, b, (size_t)n);
			*len = (size_t)n;
			rc = 0;
		}
	}
	sqlite3_finalize(st);
	return rc;
}

int vd_store_tu_put(vd_store *s, const char *key, const char *file, const char *deps,
		    const void *blob, size_t len)
{
	char now[32];
	if (!s->tu_txn) {
		/* one transaction for all of a run's entries */
		if (exec(s, "BEGIN IMMEDIATE", "unable to write cache of"))
			return VD_ERROR;
		s->tu_txn = 1;
	}
	if (!s->tu_put &&
	    prepare(s, &s->tu_put,
		    "INSERT OR REPLACE INTO tu_cache (key, file, deps, ir, vidya_version, created_at) "
		    "VALUES (?, ?, ?, ?, ?, ?)",
		    "unable to write cache of"))
		return VD_ERROR;
	iso_utc(now, sizeof(now));
	sqlite3_reset(s->tu_put);
	sqlite3_bind_text(s->tu_put, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(s->tu_put, 2, file, -1, SQLITE_STATIC);
	sqlite3_bind_text(s->tu_put, 3, deps, -1, SQLITE_STATIC);
	sqlite3_bind_blob(s->tu_put, 4, blob, (int)len, SQLITE_STATIC);
	sqlite3_bind_text(s->tu_put, 5, VD_VERSION, -1, SQLITE_STATIC);
	sqlite3_bind_text(s->tu_put, 6, now, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(s->tu_put) != SQLITE_DONE)
		return db_fail(s, "unable to write cache of");
	return 0;
}

int vd_store_tu_commit(vd_store *s)
{
	if (!s || !s->tu_txn)
		return 0;
	s->tu_txn = 0;
	return exec(s, "COMMIT", "unable to write cache of");
}

int vd_store_tu_import(vd_store *s, const char *other, long *count)
{
	sqlite3_stmt *st = NULL;
	int rc = VD_ERROR;
	vd_store *o = NULL;
	*count = 0;
	/* open it as a store first: a file that is not a vidya database is
	 * refused with the usual message, and never modified */
	if (vd_store_open(&o, other))
		return VD_ERROR;
	vd_store_close(o);
	if (vd_store_tu_commit(s))
		return VD_ERROR;
	char *sql = sqlite3_mprintf("ATTACH DATABASE %Q AS shard", other);
	int a = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
	sqlite3_free(sql);
	if (a != SQLITE_OK)
		return db_fail(s, "unable to attach a shard to");
	if (exec(s, "BEGIN IMMEDIATE", "unable to merge into"))
		goto detach;
	if (prepare(s, &st, "INSERT OR REPLACE INTO main.tu_cache SELECT * FROM shard.tu_cache",
		    "unable to merge into") ||
	    sqlite3_step(st) != SQLITE_DONE) {
		if (st)
			db_fail(s, "unable to merge into");
		rollback(s);
		goto detach;
	}
	*count = (long)sqlite3_changes(s->db);
	if (exec(s, "COMMIT", "unable to merge into"))
		goto detach;
	rc = 0;
detach:
	sqlite3_finalize(st);
	sqlite3_exec(s->db, "DETACH DATABASE shard", NULL, NULL, NULL);
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

/* Binds row i of one of t's vectors from column 2 on (1 is the trace). */
typedef void (*trace_binder)(sqlite3_stmt *st, const vd_trace *t, size_t i);

/* INSERTs n rows with `sql`, one per call of `bind` */
static int save_trace_rows(vd_store *s, const vd_trace *t, const char *sql, size_t n,
			   trace_binder bind)
{
	sqlite3_stmt *st = NULL;
	if (prepare(s, &st, sql, "unable to save trace to"))
		return VD_ERROR;
	int rc = 0;
	for (size_t i = 0; i < n && !rc; i++) {
		sqlite3_bind_int64(st, 1, t->trace_id);
		bind(st, t, i);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = db_fail(s, "unable to save trace to");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return rc;
}

/* "INSERT INTO table (trace_id, head, <prefix>name..., tail) VALUES (?...)":
 * NULL when out of memory (the error is set) */
static char *insert_sql(vd_buf *sql, const char *table, const char *head, int nhead,
			const char *prefix, const char *const *names, int nnames, const char *tail,
			int ntail)
{
	int rc = vd_buf_printf(sql, "INSERT INTO %s (trace_id, %s", table, head);
	for (int i = 0; !rc && i < nnames; i++)
		rc = vd_buf_printf(sql, ", %s%s", prefix, names[i]);
	rc = rc || vd_buf_printf(sql, "%s%s)", ntail ? ", " : "", tail) ||
	     put_params(sql, 1 + nhead + nnames + ntail);
	if (rc) {
		vd_error_set("out of memory");
		return NULL;
	}
	return sql->ptr;
}

static void bind_proc(sqlite3_stmt *st, const vd_trace *t, size_t i)
{
	const vd_trace_proc *p = &t->procs.v[i];
	int c = 2;
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
}

static void bind_op(sqlite3_stmt *st, const vd_trace *t, size_t i)
{
	const vd_trace_op *o = &t->ops.v[i];
	int c = 2;
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
}

static void bind_file(sqlite3_stmt *st, const vd_trace *t, size_t i)
{
	const vd_trace_file *f = &t->files.v[i];
	int c = 2;
	sqlite3_bind_int(st, c++, f->pid);
	sqlite3_bind_int(st, c++, f->rank < 0 ? 0 : f->rank);
	bind_text(st, c++, f->path);
	bind_text(st, c++, f->api);
	for (int k = 0; k < VD_NTRACE_COUNTERS; k++)
		sqlite3_bind_int64(st, c++, f->c[k]);
	sqlite3_bind_double(st, c++, f->read_s);
	sqlite3_bind_double(st, c++, f->write_s);
	sqlite3_bind_double(st, c++, f->meta_s);
}

static void bind_site(sqlite3_stmt *st, const vd_trace *t, size_t i)
{
	const vd_trace_site *x = &t->sites.v[i];
	int c = 2;
	sqlite3_bind_int(st, c++, x->pid);
	sqlite3_bind_int(st, c++, x->rank < 0 ? 0 : x->rank);
	bind_text(st, c++, x->api);
	bind_text(st, c++, x->call);
	bind_text(st, c++, x->cls);
	bind_text(st, c++, x->path);
	bind_text(st, c++, x->parent_api);
	bind_text(st, c++, x->block_id);
	bind_text(st, c++, x->file);
	bind_int_or_null(st, c++, x->line, x->line <= 0);
	bind_text(st, c++, x->function);
	sqlite3_bind_int64(st, c++, x->calls);
	sqlite3_bind_int64(st, c++, x->errors);
	sqlite3_bind_int64(st, c++, x->bytes);
	sqlite3_bind_double(st, c++, x->call_s);
	sqlite3_bind_double(st, c++, x->dur_s);
	for (int k = 0; k < VD_TRACE_NBINS; k++)
		sqlite3_bind_int64(st, c++, x->bins[k]);
}

static void bind_block(sqlite3_stmt *st, const vd_trace *t, size_t i)
{
	const vd_trace_block *b = &t->blocks.v[i];
	int c = 2;
	sqlite3_bind_int(st, c++, b->pid);
	sqlite3_bind_int(st, c++, b->rank < 0 ? 0 : b->rank);
	bind_text(st, c++, b->block_id);
	sqlite3_bind_double(st, c++, b->wall_s);
	sqlite3_bind_double(st, c++, b->io_s);
	sqlite3_bind_int64(st, c++, b->io_ops);
	sqlite3_bind_double(st, c++, b->io_bytes);
	sqlite3_bind_int64(st, c++, b->samples);
	sqlite3_bind_int64(st, c++, b->io_samples);
}

static int save_trace_tables(vd_store *s, const vd_trace *t)
{
	const char *bins[VD_TRACE_NBINS];
	for (int k = 0; k < VD_TRACE_NBINS; k++)
		bins[k] = bin_suffix(k);
	vd_buf files = VD_BUF_INIT, sites = VD_BUF_INIT;
	const char *files_sql = insert_sql(&files, "trace_files", "pid, rank, path, api", 4, "",
					   vd_trace_counter_name, VD_NTRACE_COUNTERS,
					   "read_s, write_s, meta_s", 3);
	const char *sites_sql = insert_sql(&sites, "trace_sites",
					   "pid, rank, api, call, class, path, parent_api, block_id,"
					   " file, line, function, calls, errors, bytes, call_s, dur_s",
					   16, "size_", bins, VD_TRACE_NBINS, "", 0);
	int rc = !files_sql || !sites_sql ? VD_ERROR : 0;
	rc = rc || save_trace_rows(s, t,
				   "INSERT INTO trace_procs (trace_id, pid, ppid, rank, host, exe,"
				   " threads, start_s, end_s, clean_exit, ops, samples, debug_info,"
				   " mapped, deferred_s, unattributed_s)"
				   " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
				   t->procs.n, bind_proc);
	rc = rc || save_trace_rows(s, t,
				   "INSERT INTO trace_ops (trace_id, pid, op_id, parent_op, rank,"
				   " thread, api, call, class, path, handle, offset, bytes, req_bytes,"
				   " start_s, dur_s, err, parent_api, parent_call, block_id, file, line,"
				   " function, call_s)"
				   " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
				   t->ops.n, bind_op);
	rc = rc || save_trace_rows(s, t, files_sql, t->files.n, bind_file);
	rc = rc || save_trace_rows(s, t, sites_sql, t->sites.n, bind_site);
	rc = rc || save_trace_rows(s, t,
				   "INSERT INTO trace_blocks (trace_id, pid, rank, block_id, wall_s,"
				   " io_s, io_ops, io_bytes, samples, io_samples)"
				   " VALUES (?,?,?,?,?,?,?,?,?,?)",
				   t->blocks.n, bind_block);
	vd_buf_release(&files);
	vd_buf_release(&sites);
	return rc;
}

void vd_store_set_busy_timeout(vd_store *s, int ms)
{
	if (s && s->db)
		sqlite3_busy_timeout(s->db, ms);
}

/* A trace is saved after its program ran: its run cannot be repeated, so
 * a database another writer holds (the other ranks of the job storing
 * theirs, a long report) is waited for much longer than elsewhere. */
#define TRACE_BUSY_TIMEOUT_MS (10 * 60 * 1000)

int vd_store_save_trace(vd_store *s, vd_trace *t)
{
	if (!s || !t || !t->key) {
		vd_error_set("no database or no trace to save");
		return VD_ERROR;
	}
	sqlite3_busy_timeout(s->db, TRACE_BUSY_TIMEOUT_MS);
	int rc = exec(s, "BEGIN IMMEDIATE", "unable to save trace to");
	if (!rc) {
		rc = trace_row(s, t);
		rc = rc || save_trace_tables(s, t);
		rc = rc || exec(s, "COMMIT", "unable to save trace to");
		if (rc)
			rollback(s);
	}
	sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
	return rc ? VD_ERROR : 0;
}
