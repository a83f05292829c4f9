/*
 * test_store.c - the sqlite store: round trips, history, atomic saves,
 * refusing foreign files, system profiles, the glossary table, speed, and
 * docs/schema.md covering every column users can query.
 */
#define _GNU_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "vd_store.h"

#ifndef VD_TEST_DOCDIR
#error "VD_TEST_DOCDIR must name the docs/ directory"
#endif

/* ---- fixtures ------------------------------------------------------------------ */

typedef struct {
	char dir[64];
	char db[128];
} tmpdb;

static void tmpdb_init(tmpdb *t)
{
	snprintf(t->dir, sizeof(t->dir), "/tmp/vd_store_XXXXXX");
	assert_non_null(mkdtemp(t->dir));
	snprintf(t->db, sizeof(t->db), "%s/vidya.db", t->dir);
}

static void tmpdb_remove(tmpdb *t)
{
	static const char *const sfx[] = { "", "-journal", "-wal", "-shm" };
	char p[160];
	for (size_t i = 0; i < sizeof(sfx) / sizeof(sfx[0]); i++) {
		snprintf(p, sizeof(p), "%s%s", t->db, sfx[i]);
		unlink(p);
	}
	snprintf(p, sizeof(p), "%s/notes.txt", t->dir);
	unlink(p);
	rmdir(t->dir);
}

static vd_block *add_block(vd_result *r, const char *id, vd_kind kind, const char *parent,
			   const char *function, const char *label, int line)
{
	r->blocks = realloc(r->blocks, (r->nblocks + 1) * sizeof(vd_block));
	assert_non_null(r->blocks);
	vd_block *b = &r->blocks[r->nblocks];
	size_t i = r->nblocks++;
	memset(b, 0, sizeof(*b));
	b->id = vd_arena_strdup(r->arena, id);
	b->kind = kind;
	b->file = kind == VD_KIND_PROGRAM ? NULL : "src/ckpt.c";
	b->function = function;
	b->label = label;
	b->line = line;
	b->end_line = line ? line + 5 : 0;
	b->parent_id = parent;
	/* values that do not print exactly in decimal test the round trip */
	for (int k = 0; k < VD_NPARAMS; k++)
		b->p[k] = (double)(i + 1) * 1000.0 + k / 3.0;
	for (int k = 0; k < VD_NFEATURES; k++)
		b->x[k] = 1.0 / (double)(k + 2 + i);
	b->cioc = 0.1 * (double)i + 0.01;
	b->io_s = 3.25 / (double)(i + 1);
	b->compute_s = 0.7 * (double)i;
	b->ops = 1e9 + (double)i;
	b->executions = (double)(i * 10);
	b->reachable = 1;
	return b;
}

/* program -> file -> main -> loop -> io, main -> call -> io; an unused function */
static vd_result *make_result(void)
{
	vd_result *r = vd_result_new();
	assert_non_null(r);
	r->project_root = "/home/u/proj";
	r->compdb = "/home/u/proj/build/compile_commands.json";
	r->entry = "main";
	r->args = "-n 1000 out.dat";
	r->defines = "NSTEPS=10,RANK=0";
	r->vidya_version = "0.1.0";
	r->nprocs = 4;
	r->assume_trip = 100;
	r->assume_bytes = 4096;
	r->tus_total = 3;
	r->tus_failed = 1;
	r->elapsed_s = 0.125;
	vd_device_defaults(&r->device);
	r->device.is_default = 0;
	r->device.seq_write_Bps = 1.5e9;
	snprintf(r->device.mount, sizeof(r->device.mount), "/scratch");
	snprintf(r->device.fstype, sizeof(r->device.fstype), "lustre");
	snprintf(r->device.method, sizeof(r->device.method), "O_DIRECT");

	add_block(r, "<program>", VD_KIND_PROGRAM, NULL, NULL, NULL, 0);
	add_block(r, "src/ckpt.c", VD_KIND_FILE, "<program>", NULL, NULL, 0);
	add_block(r, "src/ckpt.c:main", VD_KIND_FUNCTION, "src/ckpt.c", "main", NULL, 10);
	vd_block *loop = add_block(r, "src/ckpt.c:main/loop#1", VD_KIND_LOOP, "src/ckpt.c:main",
				   "main", "for", 12);
	loop->unknown_mask = (1u << VD_p1) | (1u << VD_p3);
	loop->unknowns = "trip count of 'for' at src/ckpt.c:12 assumed 100 (--assume-trip)";
	add_block(r, "src/ckpt.c:main/loop#1/io#1", VD_KIND_IO, "src/ckpt.c:main/loop#1", "main",
		  "fwrite", 13);
	add_block(r, "src/ckpt.c:main/call#1", VD_KIND_CALL, "src/ckpt.c:main", "main",
		  "write_step", 20);
	vd_block *io2 = add_block(r, "src/ckpt.c:main/call#1/io#1", VD_KIND_IO,
				  "src/ckpt.c:main/call#1", "write_step", "fsync", 31);
	io2->compute_s = NAN; /* NaN is stored as NULL and read back as NaN */
	vd_block *un = add_block(r, "src/ckpt.c:unused", VD_KIND_FUNCTION, "src/ckpt.c", "unused",
				 NULL, 40);
	un->reachable = 0;

	r->sites = calloc(2, sizeof(vd_iosite));
	assert_non_null(r->sites);
	r->nsites = 2;
	r->sites[0] = (vd_iosite){ "src/ckpt.c:main/loop#1/io#1",
				   "stdio",
				   "fwrite",
				   "write",
				   "src/ckpt.c",
				   13,
				   4096,
				   100,
				   409600,
				   VD_IO_BINARY | VD_IO_SMALL | VD_IO_BYTES_UNKNOWN,
				   "out.dat",
				   "bytes of \"fwrite\" assumed 4096, see --assume-bytes" };
	r->sites[1] = (vd_iosite){ "src/ckpt.c:main/call#1/io#1",
				   "posix",
				   "fsync",
				   "sync",
				   "src/ckpt.c",
				   31,
				   0,
				   1,
				   0,
				   VD_IO_CONDITIONAL,
				   NULL,
				   NULL };
	r->diags = calloc(2, sizeof(vd_diag));
	assert_non_null(r->diags);
	r->ndiags = 2;
	r->diags[0] = (vd_diag){ VD_DIAG_WARNING, "src/ckpt.c", 12, "trip count unknown" };
	r->diags[1] = (vd_diag){ VD_DIAG_ERROR, NULL, 0, "src/broken.c: could not be parsed" };
	return r;
}

static void assert_str_eq(const char *a, const char *b)
{
	if (!a || !b)
		assert_ptr_equal(a, b);
	else
		assert_string_equal(a, b);
}

static void assert_num_eq(double a, double b)
{
	if (isnan(a) || isnan(b))
		assert_true(isnan(a) && isnan(b));
	else
		assert_true(a == b);
}

static void assert_results_equal(const vd_result *a, const vd_result *b)
{
	assert_str_eq(a->project_root, b->project_root);
	assert_str_eq(a->compdb, b->compdb);
	assert_str_eq(a->entry, b->entry);
	assert_str_eq(a->args, b->args);
	assert_str_eq(a->defines, b->defines);
	assert_str_eq(a->vidya_version, b->vidya_version);
	assert_int_equal(a->nprocs, b->nprocs);
	assert_num_eq(a->assume_trip, b->assume_trip);
	assert_num_eq(a->assume_bytes, b->assume_bytes);
	assert_int_equal(a->tus_total, b->tus_total);
	assert_int_equal(a->tus_failed, b->tus_failed);
	assert_num_eq(a->elapsed_s, b->elapsed_s);
	assert_num_eq(a->device.seq_read_Bps, b->device.seq_read_Bps);
	assert_num_eq(a->device.seq_write_Bps, b->device.seq_write_Bps);
	assert_num_eq(a->device.rand_read_iops, b->device.rand_read_iops);
	assert_num_eq(a->device.rand_write_iops, b->device.rand_write_iops);
	assert_num_eq(a->device.latency_s, b->device.latency_s);
	assert_num_eq(a->device.fsync_latency_s, b->device.fsync_latency_s);
	assert_num_eq(a->device.meta_latency_s, b->device.meta_latency_s);
	assert_num_eq(a->device.small_io_threshold, b->device.small_io_threshold);
	assert_num_eq(a->device.concurrency, b->device.concurrency);
	assert_num_eq(a->device.cpu_ns_per_op, b->device.cpu_ns_per_op);
	assert_int_equal(a->device.is_default, b->device.is_default);
	assert_string_equal(a->device.mount, b->device.mount);
	assert_string_equal(a->device.fstype, b->device.fstype);
	assert_string_equal(a->device.method, b->device.method);

	assert_int_equal(a->nblocks, b->nblocks);
	for (size_t i = 0; i < a->nblocks; i++) {
		const vd_block *x = &a->blocks[i], *y = &b->blocks[i];
		assert_str_eq(x->id, y->id);
		assert_int_equal(x->kind, y->kind);
		assert_str_eq(x->file, y->file);
		assert_str_eq(x->function, y->function);
		assert_str_eq(x->label, y->label);
		assert_int_equal(x->line, y->line);
		assert_int_equal(x->end_line, y->end_line);
		assert_str_eq(x->parent_id, y->parent_id);
		for (int k = 0; k < VD_NPARAMS; k++)
			assert_num_eq(x->p[k], y->p[k]);
		for (int k = 0; k < VD_NFEATURES; k++)
			assert_num_eq(x->x[k], y->x[k]);
		assert_num_eq(x->cioc, y->cioc);
		assert_num_eq(x->io_s, y->io_s);
		assert_num_eq(x->compute_s, y->compute_s);
		assert_num_eq(x->ops, y->ops);
		assert_num_eq(x->executions, y->executions);
		assert_int_equal(x->unknown_mask, y->unknown_mask);
		assert_str_eq(x->unknowns, y->unknowns);
		assert_int_equal(x->reachable, y->reachable);
	}
	assert_int_equal(a->nsites, b->nsites);
	for (size_t i = 0; i < a->nsites; i++) {
		const vd_iosite *x = &a->sites[i], *y = &b->sites[i];
		assert_str_eq(x->block_id, y->block_id);
		assert_str_eq(x->api, y->api);
		assert_str_eq(x->call, y->call);
		assert_str_eq(x->op, y->op);
		assert_str_eq(x->file, y->file);
		assert_int_equal(x->line, y->line);
		assert_num_eq(x->bytes_per_call, y->bytes_per_call);
		assert_num_eq(x->count, y->count);
		assert_num_eq(x->bytes_total, y->bytes_total);
		assert_int_equal(x->flags, y->flags);
		assert_str_eq(x->path, y->path);
		assert_str_eq(x->unknowns, y->unknowns);
	}
	assert_int_equal(a->ndiags, b->ndiags);
	for (size_t i = 0; i < a->ndiags; i++) {
		assert_int_equal(a->diags[i].severity, b->diags[i].severity);
		assert_str_eq(a->diags[i].file, b->diags[i].file);
		assert_int_equal(a->diags[i].line, b->diags[i].line);
		assert_str_eq(a->diags[i].message, b->diags[i].message);
	}
}

/* a single integer from `sql` run on the database file directly */
static long long query_int(const char *db, const char *sql)
{
	sqlite3 *h = NULL;
	sqlite3_stmt *st = NULL;
	long long v = -1;
	assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

static double query_double(const char *db, const char *sql)
{
	sqlite3 *h = NULL;
	sqlite3_stmt *st = NULL;
	double v = NAN;
	assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_double(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

static void exec_sql(const char *db, const char *sql)
{
	sqlite3 *h = NULL;
	assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(h);
}

/* ---- tests --------------------------------------------------------------------- */

static void test_roundtrip(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	vd_result *r = make_result(), *back = NULL, *byid = NULL;
	tmpdb_init(&t);

	assert_int_equal(vd_store_open(&s, t.db), 0);
	assert_int_equal(vd_store_save_run(s, r), 0);
	assert_int_equal(r->run_id, 1);
	assert_non_null(r->created_at);
	/* ISO-8601 UTC: 2024-05-01T12:34:56Z */
	assert_int_equal(strlen(r->created_at), 20);
	assert_int_equal(r->created_at[10], 'T');
	assert_int_equal(r->created_at[19], 'Z');

	assert_int_equal(vd_store_load_run(s, 0, &back), 0);
	assert_int_equal(back->run_id, 1);
	assert_string_equal(back->created_at, r->created_at);
	assert_results_equal(r, back);
	/* loaded results index their blocks like any other */
	assert_int_equal(vd_result_find(back, "src/ckpt.c:main/call#1"), 5);

	assert_int_equal(vd_store_load_run(s, 1, &byid), 0);
	assert_results_equal(r, byid);

	/* the flag columns are expanded for queries */
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_io_sites WHERE bytes_unknown = 1 "
					 "AND binary = 1 AND small = 1 AND async = 0"),
			 1);
	assert_int_equal(query_int(t.db, "SELECT conditional FROM v_io_sites WHERE call = 'fsync'"),
			 1);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_diagnostics"), 2);
	assert_int_equal(query_int(t.db, "SELECT device_is_default FROM v_runs"), 0);
	assert_int_equal(query_int(t.db, "PRAGMA user_version"), VD_SCHEMA_VERSION);

	vd_result_free(back);
	vd_result_free(byid);
	vd_result_free(r);
	vd_store_close(s);
	tmpdb_remove(&t);
}

static void test_history(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	vd_result *r1 = make_result(), *r2 = make_result(), *old = NULL;
	tmpdb_init(&t);

	assert_int_equal(vd_store_open(&s, t.db), 0);
	assert_int_equal(vd_store_save_run(s, r1), 0);
	r2->blocks[3].cioc = 0.625;
	assert_int_equal(vd_store_save_run(s, r2), 0);
	assert_int_equal(r2->run_id, 2);
	vd_store_close(s);

	assert_int_equal(query_int(t.db, "SELECT count(*) FROM runs"), 2);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM blocks"),
			 2 * (long long)r1->nblocks);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_blocks"), (long long)r1->nblocks);
	assert_int_equal(query_int(t.db, "SELECT min(run_id) FROM v_blocks"), 2);
	assert_true(query_double(t.db, "SELECT cioc FROM v_blocks "
				       "WHERE block_id = 'src/ckpt.c:main/loop#1'") == 0.625);
	assert_int_equal(query_int(t.db, "SELECT run_id FROM v_runs WHERE is_latest"), 2);

	/* the first run is still there, unchanged */
	assert_int_equal(vd_store_open(&s, t.db), 0);
	assert_int_equal(vd_store_load_run(s, 1, &old), 0);
	assert_results_equal(r1, old);
	vd_result_free(old);
	vd_store_close(s);

	vd_result_free(r1);
	vd_result_free(r2);
	tmpdb_remove(&t);
}

static void test_failed_save_is_atomic(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	vd_result *good = make_result(), *bad = make_result();
	tmpdb_init(&t);

	assert_int_equal(vd_store_open(&s, t.db), 0);
	assert_int_equal(vd_store_save_run(s, good), 0);
	/* the last block repeats an earlier id: fails after most rows went in */
	bad->blocks[bad->nblocks - 1].id = bad->blocks[2].id;
	assert_int_not_equal(vd_store_save_run(s, bad), 0);
	assert_non_null(strstr(vd_error_last(), t.db));
	assert_non_null(strstr(vd_error_last(), "src/ckpt.c:main"));
	assert_non_null(strstr(vd_error_last(), "UNIQUE"));
	assert_int_equal(bad->run_id, 0);
	assert_null(bad->created_at);

	assert_int_equal(query_int(t.db, "SELECT count(*) FROM runs"), 1);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM blocks"), (long long)good->nblocks);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM io_sites"), 2);
	assert_int_equal(query_int(t.db, "SELECT max(run_id) FROM v_blocks"), 1);

	/* the connection is usable afterwards and run ids are never reused */
	bad->blocks[bad->nblocks - 1].id = "src/ckpt.c:unused";
	assert_int_equal(vd_store_save_run(s, bad), 0);
	assert_true(bad->run_id > 1);
	vd_store_close(s);

	vd_result_free(good);
	vd_result_free(bad);
	tmpdb_remove(&t);
}

static void test_rejects_foreign_files(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	char txt[160], *content = NULL;
	tmpdb_init(&t);

	/* a text file: refused, named, and left untouched */
	snprintf(txt, sizeof(txt), "%s/notes.txt", t.dir);
	FILE *f = fopen(txt, "w");
	assert_non_null(f);
	fputs("these are not the tables you are looking for\n", f);
	fclose(f);
	assert_int_not_equal(vd_store_open(&s, txt), 0);
	assert_null(s);
	assert_non_null(strstr(vd_error_last(), txt));
	assert_non_null(strstr(vd_error_last(), "not a vidya database"));
	assert_int_equal(vd_read_file(&content, NULL, txt), 0);
	assert_string_equal(content, "these are not the tables you are looking for\n");
	free(content);

	/* a sqlite database of some other program */
	exec_sql(t.db, "CREATE TABLE recipes (name TEXT)");
	assert_int_not_equal(vd_store_open(&s, t.db), 0);
	assert_non_null(strstr(vd_error_last(), t.db));
	assert_non_null(strstr(vd_error_last(), "not a vidya database"));
	tmpdb_remove(&t);

	/* a vidya database from the future */
	tmpdb_init(&t);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	exec_sql(t.db, "UPDATE meta SET value = '99' WHERE key = 'schema_version';"
		       "PRAGMA user_version = 99");
	assert_int_not_equal(vd_store_open(&s, t.db), 0);
	assert_non_null(strstr(vd_error_last(), "newer vidya"));
	assert_non_null(strstr(vd_error_last(), t.db));

	/* a path that cannot be created */
	assert_int_not_equal(vd_store_open(&s, "/nonexistent-dir/x/vidya.db"), 0);
	assert_non_null(strstr(vd_error_last(), "/nonexistent-dir/x/vidya.db"));
	tmpdb_remove(&t);
}

/* what schema version 6 added (vidya optimize --measure): an older
 * database has none of it, and its views name trace tables the older
 * versions' tests drop */
#define DROP_OPTIMIZE                                                    \
	"DROP VIEW v_optimize_gain; DROP VIEW v_optimize_gain_blocks;"   \
	"DROP VIEW v_optimize_gain_functions; DROP TABLE optimize_runs;" \
	"DROP TABLE optimize_pairs;"

/* what schema version 8 changed: the calls were a table, trace_ops, as
 * versions 2 to 7 have it (no trace_ctx, no trace_calls) */
#define OLD_TRACE_OPS                                                                        \
	"DROP VIEW v_trace_dxt; DROP VIEW v_trace_ops; DROP VIEW trace_ops;"                 \
	"DROP TABLE trace_calls; DROP TABLE trace_ctx;"                                      \
	"CREATE TABLE trace_ops (trace_id INTEGER NOT NULL, pid INTEGER, op_id INTEGER,"     \
	" parent_op INTEGER, rank INTEGER, thread INTEGER, api TEXT, call TEXT, class TEXT," \
	" path TEXT, handle INTEGER, offset INTEGER, bytes INTEGER, req_bytes INTEGER,"      \
	" start_s REAL, dur_s REAL, err INTEGER, parent_api TEXT, parent_call TEXT,"         \
	" block_id TEXT, file TEXT, line INTEGER, function TEXT, call_s REAL);"              \
	"CREATE INDEX trace_ops_trace ON trace_ops (trace_id, pid, op_id);"                  \
	"CREATE VIEW v_trace_ops AS SELECT * FROM trace_ops;"                                \
	"CREATE VIEW v_trace_dxt AS SELECT 1 AS x;"

/* a version-1 database (before vidya trace) is migrated in place */
static void test_migrate_v1(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	tmpdb_init(&t);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	exec_sql(t.db, DROP_OPTIMIZE
		 "DROP VIEW v_predicted_vs_measured; DROP VIEW v_measured_blocks;"
		 "DROP VIEW v_trace_files; DROP VIEW v_trace_ops; DROP VIEW v_traces;"
		 "DROP VIEW v_trace_sites; DROP TABLE trace_sites; DROP VIEW v_trace_darshan;"
		 "DROP VIEW v_trace_dxt;"
		 "DROP TABLE trace_blocks; DROP TABLE trace_files; DROP VIEW trace_ops;"
		 "DROP TABLE trace_calls; DROP TABLE trace_ctx;"
		 "DROP TABLE trace_procs; DROP TABLE traces;"
		 "DROP VIEW v_runs; ALTER TABLE runs DROP COLUMN model;"
		 "UPDATE meta SET value = '1' WHERE key = 'schema_version';"
		 "PRAGMA user_version = 1");
	assert_int_equal(
		query_int(t.db, "SELECT count(*) FROM sqlite_master WHERE name LIKE '%trace%'"), 0);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "PRAGMA user_version"), VD_SCHEMA_VERSION);
	assert_int_equal(query_int(t.db, "SELECT value FROM meta WHERE key = 'schema_version'"),
			 VD_SCHEMA_VERSION);
	assert_int_equal(
		query_int(t.db,
			  "SELECT count(*) FROM sqlite_master WHERE name IN "
			  "('traces', 'trace_ops', 'v_trace_ops', 'v_measured_blocks', 'v_runs')"),
		5);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM pragma_table_info('v_runs') "
					 "WHERE name = 'model'"),
			 1);
	tmpdb_remove(&t);
}

/* a version-2 database: deferred/unattributed time and call_s are added,
 * call_s of the calls already stored is their duration */
static void test_migrate_v2(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	tmpdb_init(&t);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	exec_sql(t.db, OLD_TRACE_OPS
		 "DROP VIEW v_trace_ops;"
		 "ALTER TABLE trace_procs DROP COLUMN deferred_s;"
		 "ALTER TABLE trace_procs DROP COLUMN unattributed_s;"
		 "ALTER TABLE trace_ops DROP COLUMN call_s;"
		 "CREATE VIEW v_trace_ops AS SELECT trace_id, op_id, dur_s FROM trace_ops;"
		 "INSERT INTO traces (key, created_at) VALUES ('k', 'now');"
		 "INSERT INTO trace_ops (trace_id, op_id, dur_s) VALUES (1, 1, 0.25);"
		 "UPDATE meta SET value = '2' WHERE key = 'schema_version';"
		 "PRAGMA user_version = 2");
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "PRAGMA user_version"), VD_SCHEMA_VERSION);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM pragma_table_info('trace_procs') "
					 "WHERE name IN ('deferred_s', 'unattributed_s')"),
			 2);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_trace_ops WHERE call_s = 0.25"),
			 1);
	tmpdb_remove(&t);
}

/* a version-3 database (no findings, no errors/dups counters, no call
 * sites): both are added */
static void test_migrate_v3(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	tmpdb_init(&t);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	exec_sql(
		t.db, OLD_TRACE_OPS DROP_OPTIMIZE
		"DROP VIEW v_findings; DROP TABLE findings; DROP VIEW v_trace_files; DROP VIEW v_trace_sites; DROP TABLE trace_sites;"
		"DROP VIEW v_trace_darshan; DROP VIEW v_trace_dxt;"
		"ALTER TABLE trace_files DROP COLUMN errors;"
		"ALTER TABLE trace_files DROP COLUMN dups;"
		"CREATE VIEW v_trace_files AS SELECT trace_id, path FROM trace_files;"
		"UPDATE meta SET value = '3' WHERE key = 'schema_version';"
		"PRAGMA user_version = 3");
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM pragma_table_info('trace_files') "
					 "WHERE name = 'errors'"),
			 0);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "PRAGMA user_version"), VD_SCHEMA_VERSION);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM pragma_table_info('trace_files') "
					 "WHERE name = 'errors'"),
			 1);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM pragma_table_info('v_trace_files') "
					 "WHERE name = 'errors'"),
			 1);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM pragma_table_info('trace_files') "
					 "WHERE name = 'dups'"),
			 1);
	assert_int_equal(
		query_int(t.db,
			  "SELECT count(*) FROM sqlite_master WHERE name IN "
			  "('trace_sites', 'v_trace_sites', 'v_trace_darshan', 'v_trace_dxt')"),
		4);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM sqlite_master WHERE name IN "
					 "('findings', 'v_findings')"),
			 2);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM pragma_table_info('v_findings') "
					 "WHERE name IN ('rule', 'gain_s', 'fingerprint')"),
			 3);
	tmpdb_remove(&t);
}

/* a version-4 database (no run-level cache key): runs.run_key and
 * runs.cached_from are added, old runs keep NULL; a version-4 database
 * that has them already (added by another branch) migrates too */
static void test_migrate_v4(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	tmpdb_init(&t);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	exec_sql(t.db, OLD_TRACE_OPS "DROP VIEW v_runs; DROP INDEX runs_run_key;"
				     "ALTER TABLE runs DROP COLUMN run_key;"
				     "ALTER TABLE runs DROP COLUMN cached_from;"
				     "CREATE VIEW v_runs AS SELECT run_id FROM runs;"
				     "INSERT INTO runs (created_at) VALUES ('then');"
				     "UPDATE meta SET value = '4' WHERE key = 'schema_version';"
				     "PRAGMA user_version = 4");
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM pragma_table_info('runs') "
					 "WHERE name IN ('run_key', 'cached_from')"),
			 0);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "PRAGMA user_version"), VD_SCHEMA_VERSION);
	assert_int_equal(
		query_int(t.db, "SELECT count(*) FROM pragma_table_info('v_runs') "
				"WHERE name IN ('run_key', 'cached_from', 'model', 'is_latest')"),
		4);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_runs WHERE run_key IS NULL "
					 "AND cached_from IS NULL"),
			 1);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM sqlite_master WHERE name = "
					 "'runs_run_key'"),
			 1);
	/* again from 4, the columns already there: no duplicate ALTER */
	exec_sql(t.db, "UPDATE meta SET value = '4' WHERE key = 'schema_version';"
		       "PRAGMA user_version = 4");
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "PRAGMA user_version"), VD_SCHEMA_VERSION);
	tmpdb_remove(&t);
}

/* a version-5 database (no per-process I/O time, no before/after pairs):
 * trace_procs.io_s and main_io_s are added (old processes keep NULL), the
 * optimize tables and views created; again from 5 with the columns there */
static void test_migrate_v5(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	tmpdb_init(&t);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	exec_sql(t.db, OLD_TRACE_OPS DROP_OPTIMIZE
		 "ALTER TABLE trace_procs DROP COLUMN io_s;"
		 "ALTER TABLE trace_procs DROP COLUMN main_io_s;"
		 "INSERT INTO traces (key, created_at) VALUES ('k', 'then');"
		 "INSERT INTO trace_procs (trace_id, pid) VALUES (1, 7);"
		 "UPDATE meta SET value = '5' WHERE key = 'schema_version';"
		 "PRAGMA user_version = 5");
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM sqlite_master WHERE name LIKE "
					 "'%optimize%'"),
			 0);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "PRAGMA user_version"), VD_SCHEMA_VERSION);
	assert_int_equal(query_int(t.db, "SELECT value FROM meta WHERE key = 'schema_version'"),
			 VD_SCHEMA_VERSION);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM pragma_table_info('trace_procs') "
					 "WHERE name IN ('io_s', 'main_io_s')"),
			 2);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM trace_procs WHERE pid = 7 AND "
					 "io_s IS NULL AND main_io_s IS NULL"),
			 1);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM sqlite_master WHERE name IN "
					 "('optimize_pairs', 'optimize_runs', 'v_optimize_gain', "
					 "'v_optimize_gain_blocks', 'v_optimize_gain_functions')"),
			 5);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_optimize_gain"), 0);
	/* again from 5, everything already there: no duplicate ALTER or CREATE */
	exec_sql(t.db, "UPDATE meta SET value = '5' WHERE key = 'schema_version';"
		       "PRAGMA user_version = 5");
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "PRAGMA user_version"), VD_SCHEMA_VERSION);
	tmpdb_remove(&t);
}

/* a version-6 database (no not_aligned counter): the column is added,
 * NULL for the traces stored before, and the views list it */
static void test_migrate_v6(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	tmpdb_init(&t);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	exec_sql(t.db, OLD_TRACE_OPS
		 "DROP VIEW v_trace_files; DROP VIEW v_trace_darshan;"
		 "ALTER TABLE trace_files DROP COLUMN not_aligned;"
		 "CREATE VIEW v_trace_files AS SELECT trace_id, path FROM trace_files;"
		 "INSERT INTO traces (key, created_at) VALUES ('k', 'then');"
		 "INSERT INTO trace_files (trace_id, pid, path, api, writes)"
		 " VALUES (1, 7, '/f', 'posix', 3);"
		 "UPDATE meta SET value = '6' WHERE key = 'schema_version';"
		 "PRAGMA user_version = 6");
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "PRAGMA user_version"), VD_SCHEMA_VERSION);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_trace_files "
					 "WHERE writes = 3 AND not_aligned IS NULL"),
			 1);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_trace_darshan "
					 "WHERE counter = 'POSIX_FILE_NOT_ALIGNED'"),
			 1);
	tmpdb_remove(&t);
}

/* a version-7 database (every call a row of 24 columns in trace_ops):
 * the calls move to trace_ctx and trace_calls, and trace_ops, now a view,
 * gives them back with the same columns and values (times to the ns) */
static void test_migrate_v7(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	tmpdb_init(&t);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	exec_sql(t.db, OLD_TRACE_OPS
		 "INSERT INTO traces (key, created_at) VALUES ('k', 'then');"
		 "INSERT INTO trace_ops VALUES (1, 7, 1, NULL, 0, 7, 'stdio', 'fwrite', 'write',"
		 " '/f', 94000000, 0, 100, 100, 0.5, 0.25, 0, NULL, NULL, 'b', 'a.c', 3, 'main',"
		 " 0.25);"
		 "INSERT INTO trace_ops VALUES (1, 7, 2, 1, 0, 7, 'posix', 'write', 'write',"
		 " '/f', 3, 0, 50, 100, 0.500000001, 0.125, 0, 'stdio', 'fwrite', 'b', 'a.c', 3,"
		 " 'main', 0.0625);"
		 "INSERT INTO trace_ops VALUES (1, 7, 3, NULL, 0, 7, 'stdio', 'fwrite', 'write',"
		 " '/f', 94000000, 100, 100, 100, 1.5, 0.25, 0, NULL, NULL, 'b', 'a.c', 3, 'main',"
		 " 0.25);"
		 "INSERT INTO trace_ops VALUES (1, 8, 1, NULL, 0, 8, 'posix', 'open', 'open',"
		 " NULL, 4, NULL, 0, 0, 2.0, 1e-6, 2, NULL, NULL, NULL, NULL, NULL, NULL, 1e-6);"
		 "UPDATE meta SET value = '7' WHERE key = 'schema_version';"
		 "PRAGMA user_version = 7");
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "PRAGMA user_version"), VD_SCHEMA_VERSION);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM sqlite_master WHERE name = "
					 "'trace_ops' AND type = 'view'"),
			 1);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM trace_calls"), 4);
	/* the two fwrite calls share their context */
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM trace_ctx"), 3);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_trace_ops"), 4);
	assert_int_equal(query_int(t.db,
				   "SELECT count(*) FROM trace_ops WHERE pid = 7 AND op_id = 2"
				   " AND parent_op = 1 AND parent_call = 'fwrite' AND bytes = 50"
				   " AND req_bytes = 100 AND start_s = 0.500000001"
				   " AND dur_s = 0.125 AND call_s = 0.0625 AND handle = 3"),
			 1);
	assert_int_equal(query_int(t.db,
				   "SELECT count(*) FROM trace_ops WHERE call = 'fwrite'"
				   " AND parent_op IS NULL AND req_bytes = 100 AND call_s = 0.25"
				   " AND handle = 94000000 AND line = 3 AND function = 'main'"),
			 2);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM trace_ops WHERE pid = 8"
					 " AND path IS NULL AND offset IS NULL AND err = 2"
					 " AND line IS NULL AND dur_s = 1e-6"),
			 1);
	/* only what differs is stored */
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM trace_calls WHERE req_bytes IS NULL"
					 " AND call_ns IS NULL"),
			 3);
	assert_int_equal(query_int(t.db, "SELECT sum(parent_back) FROM trace_calls"), 1);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_trace_dxt"), 1);
	tmpdb_remove(&t);
}

/* a trace for test_optimize_pair: one process with its I/O times and one
 * block, one written file */
static long save_pair_trace(vd_store *s, const char *key, double wall, double main_io,
			    double all_io, double block_io)
{
	vd_trace *tr = vd_trace_new();
	assert_non_null(tr);
	tr->key = key;
	tr->command = key;
	tr->wall_s = wall;
	vd_trace_proc p = { 0 };
	p.pid = 10;
	p.io_s = all_io;
	p.main_io_s = main_io;
	assert_int_equal(vd_vec_push(tr->procs, p), 0);
	vd_trace_block b = { 0 };
	b.pid = 10;
	b.block_id = "f:main";
	b.wall_s = wall;
	b.io_s = block_io;
	assert_int_equal(vd_vec_push(tr->blocks, b), 0);
	vd_trace_file f = { 0 };
	f.pid = 10;
	f.path = "/w/out.dat";
	f.api = "posix";
	f.c[VD_TC_writes] = 3;
	assert_int_equal(vd_vec_push(tr->files, f), 0);
	vd_trace_file g = f; /* read only: not an output */
	g.path = "/w/in.dat";
	g.c[VD_TC_writes] = 0;
	g.c[VD_TC_reads] = 2;
	assert_int_equal(vd_vec_push(tr->files, g), 0);
	assert_int_equal(vd_store_save_trace(s, tr), 0);
	long id = tr->trace_id;
	vd_trace_free(tr);
	return id;
}

/* a before/after pair: its runs, the medians and ratios of v_optimize_gain,
 * per block, and the trace figures vidya optimize --measure reads */
static void test_optimize_pair(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	tmpdb_init(&t);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	long b = save_pair_trace(s, "before", 4.0, 2.0, 2.0, 1.5);
	long a = save_pair_trace(s, "after", 2.0, 0.25, 1.0, 0.5);
	double wall = 0, mio = 0, aio = 0;
	int status = -1;
	assert_int_equal(vd_store_trace_times(s, a, &wall, &status, &mio, &aio), 0);
	assert_true(wall == 2.0 && mio == 0.25 && aio == 1.0 && status == 0);
	assert_int_equal(vd_store_trace_times(s, 999, &wall, &status, &mio, &aio), VD_ENOTFOUND);
	vd_arena *ar = vd_arena_new();
	const char **paths = NULL;
	size_t n = 0;
	assert_int_equal(vd_store_trace_written(s, b, ar, &paths, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(paths[0], "/w/out.dat");
	vd_arena_free(ar);
	vd_optimize_run runs[] = { { 0, 1, b, 4.0, 2.0, 2.0, 0 }, { 1, 1, a, 2.0, 0.25, 1.0, 0 } };
	vd_optimize_pair p = { .label = "pair",
			       .before_cmd = "./a",
			       .after_cmd = "./b",
			       .runs = 1,
			       .before_trace = b,
			       .after_trace = a,
			       .before_wall_s = 4.0,
			       .after_wall_s = 2.0,
			       .before_io_s = 2.0,
			       .after_io_s = 0.25,
			       .before_all_io_s = 2.0,
			       .after_all_io_s = 1.0,
			       .outputs = 2,
			       .identical = 1,
			       .v = runs,
			       .n = 2 };
	assert_int_equal(vd_store_save_optimize_pair(s, &p), 0);
	assert_true(p.pair_id > 0);
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_optimize_gain"), 1);
	assert_int_equal(query_int(t.db, "SELECT io_ratio * 100 FROM v_optimize_gain"), 800);
	assert_int_equal(query_int(t.db, "SELECT wall_ratio * 100 FROM v_optimize_gain"), 200);
	assert_int_equal(query_int(t.db, "SELECT after_all_io_s * 100 FROM v_optimize_gain"), 100);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM optimize_runs WHERE pair_id = 1"),
			 2);
	assert_int_equal(query_int(t.db, "SELECT io_ratio * 100 FROM v_optimize_gain_blocks "
					 "WHERE block_id = 'f:main'"),
			 300);
	assert_int_equal(query_int(t.db, "SELECT before_intensity * 1000 FROM "
					 "v_optimize_gain_blocks"),
			 375);
	tmpdb_remove(&t);
}

/* ranks of one job (same key) land in one trace; files add up per path */
static void test_trace_ranks(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	tmpdb_init(&t);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	for (int rank = 0; rank < 2; rank++) {
		vd_trace *tr = vd_trace_new();
		assert_non_null(tr);
		tr->key = "job:42:./app";
		tr->command = "./app";
		tr->wall_s = 1.0 + rank;
		vd_trace_op op = { 0 };
		op.op_id = 1;
		op.pid = 100 + rank;
		op.rank = rank;
		op.api = "posix";
		op.call = "pwrite";
		op.cls = "write";
		op.path = "/data/out.dat";
		op.offset = rank * 4096;
		op.bytes = op.req_bytes = 4096;
		op.dur_s = 0.5;
		assert_int_equal(vd_vec_push(tr->ops, op), 0);
		vd_trace_file f = { 0 };
		f.pid = op.pid;
		f.rank = rank;
		f.path = op.path;
		f.api = "posix";
		f.c[VD_TC_writes] = 1;
		f.c[VD_TC_bytes_written] = 4096;
		f.c[VD_TC_max_byte_written] = rank * 4096 + 4095;
		assert_int_equal(vd_vec_push(tr->files, f), 0);
		assert_int_equal(vd_store_save_trace(s, tr), 0);
		assert_true(tr->trace_id > 0);
		vd_trace_free(tr);
	}
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM traces"), 1);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM v_trace_ops"), 2);
	assert_int_equal(query_int(t.db, "SELECT count(DISTINCT rank) FROM v_trace_ops"), 2);
	assert_int_equal(
		query_int(t.db, "SELECT nprocs * 1000000 + bytes_written FROM v_trace_files"),
		2 * 1000000 + 8192);
	assert_int_equal(query_int(t.db, "SELECT max_byte_written FROM v_trace_files"), 8191);
	assert_int_equal(query_int(t.db, "SELECT wall_s FROM traces"), 2);
	tmpdb_remove(&t);
}

static void test_reopen_and_missing_runs(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	vd_result *r = NULL;
	tmpdb_init(&t);

	assert_int_equal(vd_store_open(&s, t.db), 0);
	assert_int_equal(vd_store_load_run(s, 0, &r), VD_ENOTFOUND);
	assert_null(r);
	assert_non_null(strstr(vd_error_last(), t.db));
	vd_store_close(s);
	/* opening an existing vidya database again works */
	assert_int_equal(vd_store_open(&s, t.db), 0);
	assert_int_equal(vd_store_load_run(s, 42, &r), VD_ENOTFOUND);
	assert_non_null(strstr(vd_error_last(), "run 42"));
	vd_store_close(s);
	tmpdb_remove(&t);
}

static void test_profiles(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	vd_device d, got;
	long id1 = 0, id2 = 0, id3 = 0;
	int found = -1;
	tmpdb_init(&t);

	assert_int_equal(vd_store_open(&s, t.db), 0);
	assert_int_equal(vd_store_load_profile(s, NULL, &got, &found), 0);
	assert_int_equal(found, 0);

	vd_device_defaults(&d);
	d.is_default = 0;
	snprintf(d.mount, sizeof(d.mount), "/scratch");
	snprintf(d.fstype, sizeof(d.fstype), "lustre");
	snprintf(d.method, sizeof(d.method), "O_DIRECT");
	d.seq_read_Bps = 2.5e9;
	assert_int_equal(vd_store_save_profile(s, &d, "{\"probe\": 1}", &id1), 0);
	d.seq_read_Bps = 3.0e9 + 1.0 / 3.0;
	assert_int_equal(vd_store_save_profile(s, &d, "{\"probe\": 2}", &id2), 0);
	snprintf(d.mount, sizeof(d.mount), "/home");
	snprintf(d.fstype, sizeof(d.fstype), "nfs");
	d.seq_read_Bps = 1e8;
	d.concurrency = 2;
	assert_int_equal(vd_store_save_profile(s, &d, NULL, &id3), 0);
	assert_true(id1 < id2 && id2 < id3);

	assert_int_equal(vd_store_load_profile(s, "/scratch", &got, &found), 0);
	assert_int_equal(found, 1);
	assert_string_equal(got.mount, "/scratch");
	assert_string_equal(got.fstype, "lustre");
	assert_string_equal(got.method, "O_DIRECT");
	assert_true(got.seq_read_Bps == 3.0e9 + 1.0 / 3.0);
	assert_int_equal(got.is_default, 0);

	assert_int_equal(vd_store_load_profile(s, NULL, &got, &found), 0);
	assert_int_equal(found, 1);
	assert_string_equal(got.mount, "/home");
	assert_true(got.concurrency == 2);
	assert_true(got.seq_write_Bps == d.seq_write_Bps);
	assert_true(got.cpu_ns_per_op == d.cpu_ns_per_op);
	assert_true(got.small_io_threshold == d.small_io_threshold);

	memset(&got, 0x5a, sizeof(got));
	assert_int_equal(vd_store_load_profile(s, "/nope", &got, &found), 0);
	assert_int_equal(found, 0);
	assert_int_equal((unsigned char)got.mount[0], 0x5a); /* untouched */
	vd_store_close(s);

	assert_int_equal(
		query_int(t.db, "SELECT count(*) FROM system_profiles WHERE json IS NOT NULL"), 2);
	tmpdb_remove(&t);
}

static void test_param_info(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	sqlite3 *h = NULL;
	sqlite3_stmt *st = NULL;
	tmpdb_init(&t);

	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	assert_int_equal(query_int(t.db, "SELECT count(*) FROM param_info"),
			 VD_NPARAMS + VD_NFEATURES);
	assert_int_equal(sqlite3_open(t.db, &h), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(h,
					    "SELECT name, unit, description FROM param_info "
					    "WHERE column = 'p7'",
					    -1, &st, NULL),
			 SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(st, 0), vd_param_name[VD_p7]);
	assert_string_equal((const char *)sqlite3_column_text(st, 1), vd_param_unit[VD_p7]);
	assert_string_equal((const char *)sqlite3_column_text(st, 2), vd_param_desc[VD_p7]);
	sqlite3_finalize(st);
	sqlite3_close(h);
	tmpdb_remove(&t);
}

/* every column of every table and view is documented in docs/schema.md:
 * the objects are read from sqlite_master, so a new table cannot slip by */
static void test_schema_doc(void **state)
{
	(void)state;
	tmpdb t;
	vd_store *s = NULL;
	sqlite3 *h = NULL;
	sqlite3_stmt *objs = NULL;
	char *doc = NULL, needle[160], sql[160];
	int missing = 0, v_blocks_cols = 0, nobjects = 0;
	tmpdb_init(&t);

	assert_int_equal(vd_read_file(&doc, NULL, VD_TEST_DOCDIR "/schema.md"), 0);
	assert_int_equal(vd_store_open(&s, t.db), 0);
	vd_store_close(s);
	assert_int_equal(sqlite3_open(t.db, &h), SQLITE_OK);
	assert_int_equal(
		sqlite3_prepare_v2(h,
				   "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
				   "AND name NOT LIKE 'sqlite_%' ORDER BY name",
				   -1, &objs, NULL),
		SQLITE_OK);
	while (sqlite3_step(objs) == SQLITE_ROW) {
		const char *obj = (const char *)sqlite3_column_text(objs, 0);
		sqlite3_stmt *st = NULL;
		nobjects++;
		snprintf(needle, sizeof(needle), "`%s`", obj);
		if (!strstr(doc, needle)) {
			print_error("docs/schema.md does not mention %s\n", needle);
			missing++;
		}
		snprintf(sql, sizeof(sql), "PRAGMA table_info(%s)", obj);
		assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *col = (const char *)sqlite3_column_text(st, 1);
			snprintf(needle, sizeof(needle), "`%s`", col);
			if (!strstr(doc, needle)) {
				print_error("docs/schema.md does not document %s.%s\n", obj, col);
				missing++;
			}
			if (!strcmp(obj, "v_blocks"))
				v_blocks_cols++;
		}
		sqlite3_finalize(st);
	}
	sqlite3_finalize(objs);
	assert_true(nobjects >= 12);
	sqlite3_close(h);
	/* ... and says what each parameter and feature means, as vd_params.h does */
	for (int i = 0; i < VD_NPARAMS; i++)
		if (!strstr(doc, vd_param_desc[i])) {
			print_error("docs/schema.md lacks the description of %s\n",
				    vd_param_name[i]);
			missing++;
		}
	for (int i = 0; i < VD_NFEATURES; i++)
		if (!strstr(doc, vd_feature_desc[i])) {
			print_error("docs/schema.md lacks the description of %s\n",
				    vd_feature_name[i]);
			missing++;
		}
	assert_true(v_blocks_cols >= 8 + VD_NPARAMS + VD_NFEATURES + 1);
	assert_int_equal(missing, 0);
	free(doc);
	tmpdb_remove(&t);
}

/* 100k blocks round-trip (one transaction, prepared statements reused).
 * The times are printed, not asserted: speed is checked by bench/, never
 * by a unit test that fails on a loaded machine. */
static void test_speed(void **state)
{
	(void)state;
	enum { N = 100000 };
	tmpdb t;
	vd_store *s = NULL;
	vd_result *r = vd_result_new(), *back = NULL;
	tmpdb_init(&t);

	r->blocks = calloc(N, sizeof(vd_block));
	assert_non_null(r->blocks);
	r->nblocks = N;
	for (size_t i = 0; i < N; i++) {
		vd_block *b = &r->blocks[i];
		b->id = vd_arena_printf(r->arena, "src/f%zu.c:fn%zu/loop#%zu", i % 97, i / 7, i);
		b->kind = i == 0 ? VD_KIND_PROGRAM : VD_KIND_LOOP;
		b->file = "src/big.c";
		b->function = "fn";
		b->label = "for";
		b->line = (int)i;
		b->parent_id = i ? r->blocks[(i - 1) / 2].id : NULL;
		for (int k = 0; k < VD_NPARAMS; k++)
			b->p[k] = (double)i * k;
		b->cioc = (double)(i % 1000) / 1000.0;
		b->reachable = 1;
	}
	assert_int_equal(vd_store_open(&s, t.db), 0);
	double t0 = vd_now();
	assert_int_equal(vd_store_save_run(s, r), 0);
	double t1 = vd_now();
	assert_int_equal(vd_store_load_run(s, 0, &back), 0);
	double t2 = vd_now();
	assert_int_equal(back->nblocks, N);
	assert_string_equal(back->blocks[N - 1].id, r->blocks[N - 1].id);
	assert_int_equal(vd_result_find(back, r->blocks[77777].id), 77777);
	print_message("    100k blocks: save %.2f s, load %.2f s\n", t1 - t0, t2 - t1);
	vd_result_free(back);
	vd_result_free(r);
	vd_store_close(s);
	tmpdb_remove(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_history),
		cmocka_unit_test(test_failed_save_is_atomic),
		cmocka_unit_test(test_rejects_foreign_files),
		cmocka_unit_test(test_reopen_and_missing_runs),
		cmocka_unit_test(test_migrate_v1),
		cmocka_unit_test(test_migrate_v2),
		cmocka_unit_test(test_migrate_v3),
		cmocka_unit_test(test_migrate_v4),
		cmocka_unit_test(test_migrate_v5),
		cmocka_unit_test(test_migrate_v6),
		cmocka_unit_test(test_migrate_v7),
		cmocka_unit_test(test_optimize_pair),
		cmocka_unit_test(test_trace_ranks),
		cmocka_unit_test(test_profiles),
		cmocka_unit_test(test_param_info),
		cmocka_unit_test(test_schema_doc),
		cmocka_unit_test(test_speed),
	};
	return cmocka_run_group_tests_name("store", tests, NULL, NULL);
}
