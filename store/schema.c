/*
 * schema.c - the tables and views of vidya.db, built from the X-macros, and
 * the migrations from older schema versions.
 *
 * The schema is public (docs/schema.md) and versioned twice over: PRAGMA
 * user_version for a cheap check and a `meta` table (application='vidya',
 * schema_version) so that a database can be recognised as vidya's before
 * anything is written to it.  Every column that names a parameter or a
 * feature is generated from the X-macros in vd_params.h when the CREATE
 * statements are built, so the schema cannot drift from the analyzer.
 */
#define _GNU_SOURCE
#include "vd_store_int.h"

#include <stdlib.h>

/* ---- column tables ----------------------------------------------------------- */

/* vd_device, field by field */
const vd_store_dev_field vd_store_dev_fields[] = {
#define DD_(f)                                            \
	{                                                 \
#f, offsetof(vd_device, f), DEV_DOUBLE, 0 \
	}
#define DS_(f)                                                                    \
	{                                                                         \
#f, offsetof(vd_device, f), DEV_TEXT, sizeof(((vd_device *)0)->f) \
	}
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
const size_t vd_store_ndev = sizeof(vd_store_dev_fields) / sizeof(vd_store_dev_fields[0]);
#define dev_fields vd_store_dev_fields
#define NDEV vd_store_ndev

/* ", p1, p2, ..., x16" with each name between pre and post; the
 * parameters and the features each on a line of their own, so that
 * `.schema` stays readable */
void vd_store_put_px(vd_buf *b, const char *pre, const char *post)
{
	for (int i = 0; i < VD_NPARAMS; i++)
		vd_buf_printf(b, ",%s%s%s%s", i ? " " : "\n  ", pre, vd_param_column[i], post);
	for (int i = 0; i < VD_NFEATURES; i++)
		vd_buf_printf(b, ",%s%s%s%s", i ? " " : "\n  ", pre, vd_feature_column[i], post);
}

void vd_store_put_dev(vd_buf *b, const char *pre, int with_types)
{
	static const char *const types[] = { "REAL", "INTEGER", "TEXT" };
	for (size_t i = 0; i < NDEV; i++)
		vd_buf_printf(b, ",%s%s%s%s%s", i ? " " : "\n  ", pre, dev_fields[i].name,
			      with_types ? " " : "", with_types ? types[dev_fields[i].type] : "");
}

void vd_store_put_flags(vd_buf *b, int with_types)
{
	for (size_t i = 0; i < NFLAGS; i++)
		vd_buf_printf(b, ",%s%s%s", with_types || !i ? "\n  " : " ",
			      vd_io_flag_table[i].name,
			      with_types ? " INTEGER NOT NULL DEFAULT 0" : "");
}

/* ---- schema ------------------------------------------------------------------------ */

/* s as an SQL string literal ('' inside doubled), NULL as NULL: what
 * sqlite3_mprintf's %Q does, without an allocation that can fail */
static void put_quoted(vd_buf *b, const char *s)
{
	if (!s) {
		vd_buf_puts(b, "NULL");
		return;
	}
	vd_buf_putc(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			vd_buf_putc(b, '\'');
		vd_buf_putc(b, *s);
	}
	vd_buf_putc(b, '\'');
}

/* unchanged re-runs are looked up by their run-level cache key */
#define RUNS_KEY_INDEX "CREATE INDEX IF NOT EXISTS runs_run_key ON runs (run_key);\n"

static void build_v_blocks(vd_buf *b)
{
	vd_buf_puts(b, "CREATE VIEW v_blocks AS SELECT " BLOCK_HEAD);
	vd_store_put_px(b, "", "");
	vd_buf_puts(b, ",\n  " BLOCK_TAIL ", seq, run_id\n"
		       "  FROM blocks WHERE run_id = (SELECT max(run_id) FROM runs);\n");
}

static void build_v_runs(vd_buf *b)
{
	vd_buf_puts(b, "CREATE VIEW v_runs AS SELECT run_id, " RUN_COLS);
	vd_store_put_dev(b, "device_", 0);
	vd_buf_puts(b, ",\n  run_id = (SELECT max(run_id) FROM runs) AS is_latest\n"
		       "  FROM runs;\n");
}

static void build_schema(vd_buf *b)
{
	/* meta first: its presence is what marks the file as vidya's */
	vd_buf_puts(b, "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);\n");
	vd_buf_printf(b,
		      "INSERT INTO meta VALUES ('application', 'vidya');\n"
		      "INSERT INTO meta VALUES ('schema_version', '%d');\n"
		      "INSERT INTO meta VALUES ('created_by', '%s');\n",
		      VD_SCHEMA_VERSION, VD_VERSION);

	vd_buf_puts(b, "CREATE TABLE runs (\n"
		       "  run_id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
		       "  created_at TEXT NOT NULL, vidya_version TEXT, project_root TEXT,\n"
		       "  compdb TEXT, entry TEXT, args TEXT, defines TEXT,\n"
		       "  nprocs INTEGER, assume_trip REAL, assume_bytes REAL,\n"
		       "  tus_total INTEGER, tus_failed INTEGER, elapsed_s REAL,\n"
		       "  nblocks INTEGER, nsites INTEGER, ndiags INTEGER, model TEXT,\n"
		       "  run_key TEXT, cached_from INTEGER");
	vd_store_put_dev(b, "device_", 1);
	vd_buf_puts(b, ");\n" RUNS_KEY_INDEX);

	vd_buf_puts(b, "CREATE TABLE blocks (\n"
		       "  run_id INTEGER NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE,\n"
		       "  seq INTEGER NOT NULL, block_id TEXT NOT NULL, kind TEXT NOT NULL,\n"
		       "  file TEXT, function TEXT, label TEXT, line INTEGER, end_line INTEGER,\n"
		       "  parent_id TEXT");
	vd_store_put_px(b, "", " REAL");
	vd_buf_puts(b, ",\n  cioc REAL, io_s REAL, compute_s REAL, ops REAL, executions REAL,\n"
		       "  unknown_mask INTEGER NOT NULL DEFAULT 0, unknowns TEXT,\n"
		       "  reachable INTEGER NOT NULL DEFAULT 1, analytic REAL, cioc_note TEXT,\n"
		       "  PRIMARY KEY (run_id, block_id));\n"
		       /* tree order: loading a run is a range scan, not a sort */
		       "CREATE INDEX blocks_seq ON blocks (run_id, seq);\n");

	vd_buf_puts(b, "CREATE TABLE io_sites (\n"
		       "  run_id INTEGER NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE,\n"
		       "  seq INTEGER NOT NULL, block_id TEXT, api TEXT, call TEXT, op TEXT,\n"
		       "  file TEXT, line INTEGER, bytes_per_call REAL, count REAL,\n"
		       "  bytes_total REAL, flags INTEGER NOT NULL DEFAULT 0");
	vd_store_put_flags(b, 1);
	vd_buf_puts(b, ",\n  path TEXT, unknowns TEXT,\n  PRIMARY KEY (run_id, seq));\n"
		       "CREATE INDEX io_sites_block ON io_sites (run_id, block_id);\n");

	vd_buf_puts(b,
		    "CREATE TABLE diagnostics (\n"
		    "  run_id INTEGER NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE,\n"
		    "  seq INTEGER NOT NULL,\n"
		    "  severity TEXT NOT NULL CHECK (severity IN ('note', 'warning', 'error')),\n"
		    "  file TEXT, line INTEGER, message TEXT,\n"
		    "  PRIMARY KEY (run_id, seq));\n");

	vd_buf_puts(b, "CREATE TABLE system_profiles (\n"
		       "  profile_id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
		       "  created_at TEXT NOT NULL, mount TEXT, fstype TEXT, method TEXT");
	for (size_t i = 0; i < NDEV; i++)
		if (dev_fields[i].type == DEV_DOUBLE)
			vd_buf_printf(b, ",\n  %s REAL", dev_fields[i].name);
	vd_buf_puts(b,
		    ",\n  is_default INTEGER NOT NULL DEFAULT 0, json TEXT, profile TEXT);\n"
		    "CREATE INDEX system_profiles_mount ON system_profiles (mount, profile_id);\n");

	vd_buf_puts(b, "CREATE TABLE tu_cache (\n"
		       "  key TEXT PRIMARY KEY, file TEXT NOT NULL, deps TEXT NOT NULL,\n"
		       "  ir BLOB NOT NULL, vidya_version TEXT, created_at TEXT);\n");

	vd_buf_puts(b, "CREATE TABLE param_info (\n"
		       "  name TEXT PRIMARY KEY, column TEXT NOT NULL UNIQUE,\n"
		       "  kind TEXT NOT NULL, unit TEXT, description TEXT NOT NULL);\n");
	/* the glossary comes from the X-macros; quotes in descriptions doubled */
	for (int i = 0; i < VD_NPARAMS + VD_NFEATURES; i++) {
		int feat = i >= VD_NPARAMS;
		int k = feat ? i - VD_NPARAMS : i;
		const char *v[] = { feat ? vd_feature_name[k] : vd_param_name[k],
				    feat ? vd_feature_column[k] : vd_param_column[k],
				    feat ? "feature" : "parameter",
				    feat ? "ratio" : vd_param_unit[k],
				    feat ? vd_feature_desc[k] : vd_param_desc[k] };
		vd_buf_puts(b, "INSERT INTO param_info VALUES (");
		for (size_t j = 0; j < sizeof v / sizeof v[0]; j++) {
			vd_buf_puts(b, j ? ", " : "");
			put_quoted(b, v[j]);
		}
		vd_buf_puts(b, ");\n");
	}

	/* views: the latest run is the largest run_id */
	build_v_runs(b);

	build_v_blocks(b);

	vd_buf_puts(b, "CREATE VIEW v_io_sites AS SELECT " SITE_HEAD);
	vd_store_put_flags(b, 0);
	vd_buf_puts(b, ",\n  " SITE_TAIL ", seq, run_id\n"
		       "  FROM io_sites WHERE run_id = (SELECT max(run_id) FROM runs);\n");

	vd_buf_puts(b, "CREATE VIEW v_diagnostics AS SELECT severity, file, line, message,"
		       " seq, run_id\n"
		       "  FROM diagnostics WHERE run_id = (SELECT max(run_id) FROM runs);\n");
	build_trace_schema(b);
	vd_store_findings_schema(b);
	vd_store_optimize_schema(b);
	vd_buf_printf(b, "PRAGMA user_version = %d;\n", VD_SCHEMA_VERSION);
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
	if (prepare(s, &st, "SELECT 1 FROM pragma_table_info(?) WHERE name = ?",
		    "unable to migrate"))
		return VD_ERROR;
	sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, col, -1, SQLITE_STATIC);
	int have = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	if (!have)
		vd_buf_printf(sql, "ALTER TABLE %s ADD COLUMN %s %s;\n", table, col, type);
	return 0;
}

/* 1 when `name` is a table (not a view, not missing) */
static int is_table(vd_store *s, const char *name)
{
	sqlite3_stmt *st = NULL;
	if (prepare(s, &st, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
		    "unable to migrate"))
		return 0;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	int yes = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return yes;
}

static int migrate(vd_store *s, int from)
{
	vd_buf sql = VD_BUF_INIT;
	/* 5 adds the run-level cache key and the run a cached run reuses;
	 * added first (where missing), as every rebuilt v_runs lists them */
	int rc = from >= 1 && from < 5 &&
		 (add_column(s, &sql, "runs", "", "run_key", "TEXT") ||
		  add_column(s, &sql, "runs", "", "cached_from", "INTEGER"));
	switch (from) {
	case 1: /* 2 adds vidya trace's tables and views, and runs.model */
		build_trace_schema(&sql);
		vd_buf_puts(&sql, "ALTER TABLE runs ADD COLUMN model TEXT;\n"
				  "DROP VIEW IF EXISTS v_runs;\n");
		build_v_runs(&sql);
		/* the trace tables are created as version 4 has them */
		goto device;
	case 2: /* 3: deferred and unattributed sampled time of a process; time
		 * inside a call that started a longer transfer */
		vd_buf_puts(&sql, "ALTER TABLE trace_procs ADD COLUMN deferred_s REAL;\n"
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
				rc = add_column(s, &sql, "runs", "device_", dev_fields[i].name,
						type) ||
				     add_column(s, &sql, "system_profiles", "", dev_fields[i].name,
						type);
			}
		if (!rc)
			rc = add_column(s, &sql, "blocks", "", "analytic", "REAL") ||
			     add_column(s, &sql, "blocks", "", "cioc_note", "TEXT");
		vd_buf_puts(&sql, "DROP VIEW IF EXISTS v_runs;\n"
				  "DROP VIEW IF EXISTS v_blocks;\n");
		build_v_runs(&sql);
		build_v_blocks(&sql);
		/* fall through */
	case 3: /* 4: the findings of the rule registry; the errors and dups
		 * counters of a file, the call sites, the Darshan-named views
		 * (from 1 the trace tables were just created with them) */
		vd_store_findings_schema(&sql);
		if (from != 1 && !rc) {
			rc = add_column(s, &sql, "trace_files", "", "errors", "INTEGER") ||
			     add_column(s, &sql, "trace_files", "", "dups", "INTEGER") ||
			     add_column(s, &sql, "trace_files", "", "not_aligned", "INTEGER");
			vd_buf_puts(&sql, "DROP VIEW IF EXISTS v_trace_files;\n");
			build_trace_v4(&sql);
		}
		/* fall through */
	case 4: /* 5: runs.run_key and runs.cached_from (added above) */
		vd_buf_puts(&sql, RUNS_KEY_INDEX "DROP VIEW IF EXISTS v_runs;\n");
		build_v_runs(&sql);
		/* fall through */
	case 5: /* 6: each process's time inside I/O calls (all threads, main
		 * thread), and vidya optimize --measure's before/after pairs
		 * (from 1 trace_procs was just created with the columns) */
		if (from != 1 && !rc)
			rc = add_column(s, &sql, "trace_procs", "", "io_s", "REAL") ||
			     add_column(s, &sql, "trace_procs", "", "main_io_s", "REAL");
		vd_store_optimize_schema(&sql);
		/* fall through */
	case 6: /* 7: the not_aligned counter of a file (from 1 and 3 it was
		 * added above, with the views that list it) */
		if (from >= 4 && !rc) {
			rc = add_column(s, &sql, "trace_files", "", "not_aligned", "INTEGER");
			vd_buf_puts(&sql, "DROP VIEW IF EXISTS v_trace_files;\n"
					  "DROP VIEW IF EXISTS v_trace_darshan;\n");
			build_trace_v4(&sql);
		}
		/* fall through */
	case 7: /* 8: every call compactly: trace_ctx and trace_calls, trace_ops
		 * a view (from 1 the trace tables were just created so) */
		if (from != 1 && !rc && is_table(s, "trace_ops"))
			build_trace_calls_migration(&sql);
		/* fall through */
	case VD_SCHEMA_VERSION:
		break;
	default:
		vd_error_set("'%s' has an unknown vidya schema version %d", s->path, from);
		return VD_ERROR;
	}
	vd_buf_printf(&sql,
		      "UPDATE meta SET value = '%d' WHERE key = 'schema_version';\n"
		      "PRAGMA user_version = %d;\n",
		      VD_SCHEMA_VERSION, VD_SCHEMA_VERSION);
	if (rc || exec(s, sql.ptr, "unable to migrate"))
		rc = VD_ERROR;
	vd_buf_release(&sql);
	return rc;
}

int vd_store_check_schema(vd_store *s)
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
			build_schema(&sql);
			if (exec(s, sql.ptr, "unable to create schema in"))
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
			     "reads up to %d)",
			     s->path, version, VD_SCHEMA_VERSION);
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
