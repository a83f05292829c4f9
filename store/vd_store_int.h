/*
 * vd_store_int.h - what the files of store/ share and nobody else sees: the
 * handle, the column lists of the tables, and the small sqlite helpers.
 *
 *   store.c    open / close, the write check, system profiles
 *   schema.c   the CREATE statements, the device column table, migrations
 *   runs.c     saving and loading a run (runs, blocks, io_sites, diagnostics)
 *   cache.c    the per-TU cache (tu_cache) and shard import
 *   trace.c    vidya trace's tables: schema and saving
 *   optimize.c vidya optimize --measure's before/after pairs
 */
#ifndef VD_STORE_INT_H
#define VD_STORE_INT_H

#include "vd_store.h"

#include <stddef.h>
#include <stdio.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

struct vd_store {
	sqlite3 *db;
	char *path;
	int tu_txn; /* a tu_cache write transaction is open */
	sqlite3_stmt *tu_put;
	struct vd_trace_ctxs *tctx; /* a trace being saved: its contexts (trace.c) */
};

/* how long a call waits for another process's lock by default (a trace
 * being saved waits longer, see trace.c) */
#define BUSY_TIMEOUT_MS 15000

/* ---- column tables (schema.c) ---------------------------------------------------- */

/* vd_device, field by field: runs stores them as device_<name>,
 * system_profiles as <name> */
typedef enum { DEV_DOUBLE, DEV_INT, DEV_TEXT } vd_store_dev_type;

typedef struct {
	const char *name;
	size_t off;
	vd_store_dev_type type;
	size_t size;
} vd_store_dev_field;

extern const vd_store_dev_field vd_store_dev_fields[];
extern const size_t vd_store_ndev;

/* io_sites expands vd_iosite.flags into one 0/1 column per flag, named
 * by the VD_IO_FLAGS list (vd_io_flag_table) */
#define NFLAGS VD_NIO_FLAGS

/* run facts that are not the device, in table order */
#define RUN_COLS                                                                          \
	"created_at, vidya_version, project_root, compdb, entry, args, defines, nprocs, " \
	"assume_trip, assume_bytes, tus_total, tus_failed, elapsed_s, nblocks, nsites, "  \
	"ndiags, model, run_key, cached_from"
#define RUN_NCOLS 19

#define BLOCK_HEAD "block_id, kind, file, function, label, line, end_line, parent_id"
#define BLOCK_TAIL \
	"cioc, io_s, compute_s, ops, executions, unknown_mask, unknowns, reachable, analytic, cioc_note"
#define SITE_HEAD "block_id, api, call, op, file, line, bytes_per_call, count, bytes_total, flags"
#define SITE_TAIL "path, unknowns"

/* the latest trace is the largest trace_id */
#define LATEST_TRACE "(SELECT max(trace_id) FROM traces)"

/* the view of the latest trace's calls (changed in schema version 3) */
#define V_TRACE_OPS                                                                          \
	"CREATE VIEW v_trace_ops AS SELECT trace_id, op_id, pid, rank, thread, api, call,\n" \
	"  class, path, handle, offset, bytes, req_bytes, start_s, dur_s, call_s, err,\n"    \
	"  parent_op, parent_api, parent_call, block_id, file, line, function\n"             \
	"  FROM trace_ops WHERE trace_id = " LATEST_TRACE ";\n"

/* ", p1, p2, ..., x16" with each name between pre and post */
void vd_store_put_px(vd_buf *b, const char *pre, const char *post);
/* the device columns, each prefixed with pre, with their SQL types or not */
void vd_store_put_dev(vd_buf *b, const char *pre, int with_types);
/* the io_sites flag columns */
void vd_store_put_flags(vd_buf *b, int with_types);

/* creates the schema of a new database, recognises and migrates an old one */
int vd_store_check_schema(vd_store *s);

/* trace.c: vidya trace's tables and views, appended to b */
void build_trace_schema(vd_buf *b);
/* trace.c: the views and tables schema version 4 added to them (the
 * migration from 3 drops v_trace_files first) */
void build_trace_v4(vd_buf *b);
/* trace.c: the migration to version 8 (trace_ops, a table, into
 * trace_ctx and trace_calls, trace_ops a view) */
void build_trace_calls_migration(vd_buf *b);
/* trace.c: frees what a trace being saved keeps between batches */
void vd_store_trace_ctx_free(vd_store *s);

/* ---- errors and small helpers ------------------------------------------------------ */

/* " VALUES (?, ?, ...)" for n columns (always 0) */
static inline int put_params(vd_buf *b, int n)
{
	vd_buf_puts(b, " VALUES (?");
	for (int i = 1; i < n; i++)
		vd_buf_puts(b, ", ?");
	vd_buf_putc(b, ')');
	return 0;
}

static inline int db_fail(vd_store *s, const char *what)
{
	vd_error_set("%s '%s': %s", what, s->path, sqlite3_errmsg(s->db));
	return VD_ERROR;
}

static inline int prepare(vd_store *s, sqlite3_stmt **st, const char *sql, const char *what)
{
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK)
		return db_fail(s, what);
	return 0;
}

static inline int exec(vd_store *s, const char *sql, const char *what)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return db_fail(s, what);
	return 0;
}

/* ends an open transaction; callers have already put what failed (and
 * sqlite's message for it) into vd_error, which ROLLBACK would overwrite */
static inline void rollback(vd_store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

static inline int bind_text(sqlite3_stmt *st, int i, const char *v)
{
	return v ? sqlite3_bind_text(st, i, v, -1, SQLITE_STATIC) : sqlite3_bind_null(st, i);
}

/* ---- a row's columns, described once (runs.c, trace.c) ---- */

typedef enum {
	COL_TEXT,   /* const char *, NULL as NULL */
	COL_INT,    /* int */
	COL_BOOL,   /* int, bound as 0 or 1 */
	COL_MASK,   /* unsigned, as an int64 */
	COL_DOUBLE, /* double */
	COL_INT64,  /* int64_t */
	COL_U64,    /* uint64_t, as an int64 */
	COL_RANK,   /* int, a negative one (no MPI) bound as 0 */
	COL_LINE,   /* int, 0 or less (unknown) bound as NULL */
	COL_ID,     /* uint64_t, 0 (none) bound as NULL */
	COL_OFFSET  /* int64_t, negative (unknown) bound as NULL */
} col_type;

typedef struct col_field {
	col_type type;
	size_t off; /* in the row's struct */
	int n;      /* consecutive values (an array), else 1 */
} col_field;

#define COL(type, T, f)                 \
	{                               \
		type, offsetof(T, f), 1 \
	}
#define COL_ARRAY(type, T, f)                                                             \
	{                                                                                 \
		type, offsetof(T, f), (int)(sizeof(((T *)0)->f) / sizeof(((T *)0)->f[0])) \
	}
#define NCOLS(a) (sizeof(a) / sizeof((a)[0]))

/* binds the fields of `row` from column c on; returns the next column */
int vd_store_bind_cols(sqlite3_stmt *st, int c, const void *row, const col_field *f, size_t nf);
/* reads them back (COL_TEXT, COL_INT, COL_BOOL, COL_MASK and COL_DOUBLE;
 * texts into a); returns the next column */
int vd_store_read_cols(sqlite3_stmt *st, int c, void *row, const col_field *f, size_t nf,
		       vd_arena *a);

/* SQL NULL reads back as NaN: sqlite stores a NaN as NULL */
static inline double col_double(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? (double)NAN
							 : sqlite3_column_double(st, i);
}

static inline void iso_utc(char *dst, size_t n)
{
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(dst, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* ---- shared with the findings code (findings.c, tracediff.c) ---- */

/* the connection and the file name of an open store */
static inline sqlite3 *vd_store_sqlite(vd_store *s)
{
	return s->db;
}

static inline const char *vd_store_path(vd_store *s)
{
	return s->path;
}

/* CREATE statements of the findings table and v_findings (findings.c),
 * for a new database and for the migration from version 3 */
int vd_store_findings_schema(vd_buf *b);

/* optimize.c: the tables and views of vidya optimize --measure (schema
 * version 6), for a new database and for the migration from 5 */
void vd_store_optimize_schema(vd_buf *b);

#endif
