/*
 * runs.c - saving and loading a run: the runs row (with its device) and the
 * blocks, io_sites and diagnostics rows.
 *
 * A run is written in one BEGIN IMMEDIATE transaction with one prepared
 * statement per table reused for every row: readers see all of a run or
 * none of it, and 100k blocks save in well under a second.
 */
#define _GNU_SOURCE
#include "vd_store_int.h"

#include <stddef.h>
#include <stdlib.h>

#define dev_fields vd_store_dev_fields
#define NDEV vd_store_ndev

static const char *col_text(sqlite3_stmt *st, int i, vd_arena *a)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	if (!t)
		return NULL;
	return vd_arena_strndup(a, (const char *)t, (size_t)sqlite3_column_bytes(st, i));
}

/* binds the device's fields from column `first` on; returns the next column */
static int bind_device(sqlite3_stmt *st, int first, const vd_device *d)
{
	int c = first;
	for (size_t i = 0; i < NDEV; i++, c++) {
		const char *p = (const char *)d + dev_fields[i].off;
		switch (dev_fields[i].type) {
		case DEV_DOUBLE:
			sqlite3_bind_double(st, c, *(const double *)p);
			break;
		case DEV_INT:
			sqlite3_bind_int(st, c, *(const int *)p);
			break;
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
		case DEV_DOUBLE:
			*(double *)p = col_double(st, c);
			break;
		case DEV_INT:
			*(int *)p = sqlite3_column_int(st, c);
			break;
		case DEV_TEXT: {
			const unsigned char *t = sqlite3_column_text(st, c);
			snprintf(p, dev_fields[i].size, "%s", t ? (const char *)t : "");
			break;
		}
		}
	}
}

/* ---- saving a run ------------------------------------------------------------------- */

/* ---- the rows of a run ----------------------------------------------------------- */

/*
 * blocks, io_sites and diagnostics hold a run's rows, keyed (run_id, seq):
 * each is described once here (its columns, how a row is bound and read)
 * and saved and loaded by the same two loops, save_rows and load_rows.
 */
typedef struct run_rows {
	const char *rows; /* what the rows are, for messages: "blocks" */
	const char *table;
	/* the columns after run_id and seq; io_sites saves its flags also
	 * one column each, which it reads back from the flags word */
	void (*columns)(vd_buf *sql, int saving);
	size_t (*count)(const vd_result *r);
	/* binds row i from column c on */
	void (*bind)(sqlite3_stmt *st, int c, const vd_result *r, size_t i);
	/* what row i is, for a message: "block 'main'" */
	void (*name)(vd_buf *b, const vd_result *r, size_t i);
	/* appends the current row to r (*cap: r's array's capacity) */
	int (*read)(vd_store *s, sqlite3_stmt *st, vd_result *r, size_t *cap);
} run_rows;

static void block_columns(vd_buf *sql, int saving)
{
	vd_buf_puts(sql, BLOCK_HEAD);
	vd_store_put_px(sql, "", "");
	vd_buf_puts(sql, ", " BLOCK_TAIL);
}

static size_t block_count(const vd_result *r)
{
	return r->nblocks;
}

/* ---- a row's columns, described once for binding and for reading ---------------- */

int vd_store_bind_cols(sqlite3_stmt *st, int c, const void *row, const col_field *f, size_t nf)
{
	for (size_t i = 0; i < nf; i++) {
		const char *p = (const char *)row + f[i].off;
		for (int j = 0; j < f[i].n; j++, c++)
			switch (f[i].type) {
			case COL_TEXT:
				bind_text(st, c, *(const char *const *)p);
				break;
			case COL_INT:
				sqlite3_bind_int(st, c, *(const int *)p);
				break;
			case COL_BOOL:
				sqlite3_bind_int(st, c, *(const int *)p ? 1 : 0);
				break;
			case COL_MASK:
				sqlite3_bind_int64(st, c, (sqlite3_int64) * (const unsigned *)p);
				break;
			case COL_DOUBLE:
				sqlite3_bind_double(st, c, ((const double *)p)[j]);
				break;
			case COL_INT64:
				sqlite3_bind_int64(st, c, ((const int64_t *)p)[j]);
				break;
			case COL_U64:
				sqlite3_bind_int64(st, c, (sqlite3_int64) * (const uint64_t *)p);
				break;
			case COL_RANK:
				sqlite3_bind_int(st, c, *(const int *)p < 0 ? 0 : *(const int *)p);
				break;
			case COL_LINE:
				if (*(const int *)p <= 0)
					sqlite3_bind_null(st, c);
				else
					sqlite3_bind_int64(st, c, *(const int *)p);
				break;
			case COL_ID:
				if (*(const uint64_t *)p == 0)
					sqlite3_bind_null(st, c);
				else
					sqlite3_bind_int64(st, c, (long long)*(const uint64_t *)p);
				break;
			case COL_OFFSET:
				if (*(const int64_t *)p < 0)
					sqlite3_bind_null(st, c);
				else
					sqlite3_bind_int64(st, c, *(const int64_t *)p);
				break;
			}
	}
	return c;
}

int vd_store_read_cols(sqlite3_stmt *st, int c, void *row, const col_field *f, size_t nf,
		       vd_arena *a)
{
	for (size_t i = 0; i < nf; i++) {
		char *p = (char *)row + f[i].off;
		for (int j = 0; j < f[i].n; j++, c++)
			switch (f[i].type) {
			case COL_TEXT:
				*(const char **)p = col_text(st, c, a);
				break;
			case COL_INT:
			case COL_BOOL:
				*(int *)p = sqlite3_column_int(st, c);
				break;
			case COL_MASK:
				*(unsigned *)p = (unsigned)sqlite3_column_int64(st, c);
				break;
			case COL_DOUBLE:
				((double *)p)[j] = col_double(st, c);
				break;
			default: /* only saved (trace.c) */
				break;
			}
	}
	return c;
}

/* a block's columns after its id and kind (BLOCK_HEAD, the P and X columns,
 * BLOCK_TAIL) */
static const col_field block_fields[] = {
	COL(COL_TEXT, vd_block, file),         COL(COL_TEXT, vd_block, function),
	COL(COL_TEXT, vd_block, label),        COL(COL_INT, vd_block, line),
	COL(COL_INT, vd_block, end_line),      COL(COL_TEXT, vd_block, parent_id),
	COL_ARRAY(COL_DOUBLE, vd_block, p),    COL_ARRAY(COL_DOUBLE, vd_block, x),
	COL(COL_DOUBLE, vd_block, cioc),       COL(COL_DOUBLE, vd_block, io_s),
	COL(COL_DOUBLE, vd_block, compute_s),  COL(COL_DOUBLE, vd_block, ops),
	COL(COL_DOUBLE, vd_block, executions), COL(COL_MASK, vd_block, unknown_mask),
	COL(COL_TEXT, vd_block, unknowns),     COL(COL_BOOL, vd_block, reachable),
	COL(COL_DOUBLE, vd_block, analytic),   COL(COL_TEXT, vd_block, cioc_note),
};

static void block_bind(sqlite3_stmt *st, int c, const vd_result *r, size_t i)
{
	const vd_block *b = &r->blocks[i];
	bind_text(st, c++, b->id);
	bind_text(st, c++, vd_kind_name(b->kind));
	vd_store_bind_cols(st, c, b, block_fields, NCOLS(block_fields));
}

static void block_name(vd_buf *out, const vd_result *r, size_t i)
{
	vd_buf_printf(out, "block '%s'", r->blocks[i].id ? r->blocks[i].id : "(null)");
}

static int block_read(vd_store *s, sqlite3_stmt *st, vd_result *r, size_t *cap)
{
	vd_block b;
	vd_kind kind;
	int c = 0;
	memset(&b, 0, sizeof(b));
	b.id = col_text(st, c++, r->arena);
	const char *k = (const char *)sqlite3_column_text(st, c++);
	if (vd_kind_parse(k, &kind)) {
		vd_error_set("block '%s' in '%s' has an unknown kind '%s'", b.id ? b.id : "?",
			     s->path, k ? k : "");
		return VD_ERROR;
	}
	b.kind = kind;
	vd_store_read_cols(st, c, &b, block_fields, NCOLS(block_fields), r->arena);
	vd_vec_grow_((void **)&r->blocks, cap, r->nblocks + 1, sizeof(*r->blocks));
	r->blocks[r->nblocks++] = b;
	return 0;
}

static void site_columns(vd_buf *sql, int saving)
{
	vd_buf_puts(sql, SITE_HEAD);
	if (saving)
		vd_store_put_flags(sql, 0);
	vd_buf_puts(sql, ", " SITE_TAIL);
}

static size_t site_count(const vd_result *r)
{
	return r->nsites;
}

/* an I/O site's columns up to its flags word (SITE_HEAD), then after the
 * flags' own columns, which are only saved (SITE_TAIL) */
static const col_field site_head[] = {
	COL(COL_TEXT, vd_iosite, block_id),
	COL(COL_TEXT, vd_iosite, api),
	COL(COL_TEXT, vd_iosite, call),
	COL(COL_TEXT, vd_iosite, op),
	COL(COL_TEXT, vd_iosite, file),
	COL(COL_INT, vd_iosite, line),
	COL(COL_DOUBLE, vd_iosite, bytes_per_call),
	COL(COL_DOUBLE, vd_iosite, count),
	COL(COL_DOUBLE, vd_iosite, bytes_total),
	COL(COL_MASK, vd_iosite, flags),
};
static const col_field site_tail[] = {
	COL(COL_TEXT, vd_iosite, path),
	COL(COL_TEXT, vd_iosite, unknowns),
};

static void site_bind(sqlite3_stmt *st, int c, const vd_result *r, size_t i)
{
	const vd_iosite *t = &r->sites[i];
	c = vd_store_bind_cols(st, c, t, site_head, NCOLS(site_head));
	for (size_t k = 0; k < NFLAGS; k++)
		sqlite3_bind_int(st, c++, (t->flags & vd_io_flag_table[k].bit) ? 1 : 0);
	vd_store_bind_cols(st, c, t, site_tail, NCOLS(site_tail));
}

static void site_name(vd_buf *out, const vd_result *r, size_t i)
{
	vd_buf_printf(out, "I/O site %s:%d", r->sites[i].file ? r->sites[i].file : "?",
		      r->sites[i].line);
}

static int site_read(vd_store *s, sqlite3_stmt *st, vd_result *r, size_t *cap)
{
	vd_iosite t;
	memset(&t, 0, sizeof(t));
	int c = vd_store_read_cols(st, 0, &t, site_head, NCOLS(site_head), r->arena);
	vd_store_read_cols(st, c, &t, site_tail, NCOLS(site_tail), r->arena);
	vd_vec_grow_((void **)&r->sites, cap, r->nsites + 1, sizeof(*r->sites));
	r->sites[r->nsites++] = t;
	return 0;
}

static void diag_columns(vd_buf *sql, int saving)
{
	vd_buf_puts(sql, "severity, file, line, message");
}

static size_t diag_count(const vd_result *r)
{
	return r->ndiags;
}

static void diag_bind(sqlite3_stmt *st, int c, const vd_result *r, size_t i)
{
	const vd_diag *d = &r->diags[i];
	bind_text(st, c++, vd_severity_name(d->severity));
	bind_text(st, c++, d->file);
	sqlite3_bind_int(st, c++, d->line);
	bind_text(st, c++, d->message);
}

static void diag_name(vd_buf *out, const vd_result *r, size_t i)
{
	vd_buf_puts(out, "diagnostics");
}

static int diag_read(vd_store *s, sqlite3_stmt *st, vd_result *r, size_t *cap)
{
	vd_diag d;
	memset(&d, 0, sizeof(d));
	d.severity = vd_severity_parse((const char *)sqlite3_column_text(st, 0));
	d.file = col_text(st, 1, r->arena);
	d.line = sqlite3_column_int(st, 2);
	d.message = col_text(st, 3, r->arena);
	vd_vec_grow_((void **)&r->diags, cap, r->ndiags + 1, sizeof(*r->diags));
	r->diags[r->ndiags++] = d;
	return 0;
}

static const run_rows run_tables[] = {
	{ "blocks", "blocks", block_columns, block_count, block_bind, block_name, block_read },
	{ "I/O sites", "io_sites", site_columns, site_count, site_bind, site_name, site_read },
	{ "diagnostics", "diagnostics", diag_columns, diag_count, diag_bind, diag_name, diag_read },
};

/* one INSERT prepared once, stepped for every row */
static int save_rows(vd_store *s, const run_rows *t, const vd_result *r, long run_id)
{
	vd_buf cols = VD_BUF_INIT, sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = VD_ERROR, ncols = 1;

	t->columns(&cols, 1);
	for (const char *p = cols.ptr; *p; p++)
		ncols += *p == ',';
	vd_buf_printf(&sql, "INSERT INTO %s (run_id, seq, %s)", t->table, cols.ptr);
	put_params(&sql, 2 + ncols);
	if (prepare(s, &st, sql.ptr, "unable to save run to"))
		goto cleanup;
	for (size_t i = 0; i < t->count(r); i++) {
		sqlite3_bind_int64(st, 1, run_id);
		sqlite3_bind_int64(st, 2, (sqlite3_int64)i);
		t->bind(st, 3, r, i);
		if (sqlite3_step(st) != SQLITE_DONE) {
			vd_buf_clear(&cols);
			t->name(&cols, r, i);
			vd_error_set("unable to save %s to '%s': %s", cols.ptr, s->path,
				     sqlite3_errmsg(s->db));
			goto cleanup;
		}
		sqlite3_reset(st);
	}
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	vd_buf_release(&cols);
	vd_buf_release(&sql);
	return rc;
}

/* the rows of run `from` copied to run_id, inside the database: a cached
 * run's rows are those of the run it reuses */
static int copy_rows(vd_store *s, const run_rows *t, long from, long run_id)
{
	vd_buf cols = VD_BUF_INIT, sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = VD_ERROR;
	t->columns(&cols, 1);
	vd_buf_printf(&sql,
		      "INSERT INTO %s (run_id, seq, %s) SELECT ?, seq, %s FROM %s WHERE run_id = ?",
		      t->table, cols.ptr, cols.ptr, t->table);
	if (prepare(s, &st, sql.ptr, "unable to save run to"))
		goto cleanup;
	sqlite3_bind_int64(st, 1, run_id);
	sqlite3_bind_int64(st, 2, from);
	if (sqlite3_step(st) != SQLITE_DONE) {
		vd_error_set("unable to copy the %s of run %ld in '%s': %s", t->rows, from, s->path,
			     sqlite3_errmsg(s->db));
		goto cleanup;
	}
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	vd_buf_release(&cols);
	vd_buf_release(&sql);
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
	if (exec(s, "BEGIN IMMEDIATE", "unable to save run to"))
		goto cleanup;

	vd_buf_puts(&sql, "INSERT INTO runs (" RUN_COLS);
	vd_store_put_dev(&sql, "device_", 0);
	vd_buf_putc(&sql, ')');
	put_params(&sql, RUN_NCOLS + (int)NDEV);
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
	bind_text(st, c++, r->run_key);
	if (r->cached_from > 0)
		sqlite3_bind_int64(st, c++, r->cached_from);
	else
		sqlite3_bind_null(st, c++);
	bind_device(st, c, &r->device);
	if (sqlite3_step(st) != SQLITE_DONE) {
		db_fail(s, "unable to save run to");
		goto cleanup;
	}
	run_id = (long)sqlite3_last_insert_rowid(s->db);

	for (size_t i = 0; i < sizeof run_tables / sizeof run_tables[0]; i++)
		if (r->cached_from > 0 ? copy_rows(s, &run_tables[i], r->cached_from, run_id)
				       : save_rows(s, &run_tables[i], r, run_id))
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
	int rc = VD_ERROR, c = 0;

	vd_buf_puts(&sql, "SELECT " RUN_COLS);
	vd_store_put_dev(&sql, "device_", 0);
	vd_buf_puts(&sql, " FROM runs WHERE run_id = ?");
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
	r->created_at = col_text(st, c++, r->arena);
	r->vidya_version = col_text(st, c++, r->arena);
	r->project_root = col_text(st, c++, r->arena);
	r->compdb = col_text(st, c++, r->arena);
	r->entry = col_text(st, c++, r->arena);
	r->args = col_text(st, c++, r->arena);
	r->defines = col_text(st, c++, r->arena);
	r->nprocs = sqlite3_column_int(st, c++);
	r->assume_trip = col_double(st, c++);
	r->assume_bytes = col_double(st, c++);
	r->tus_total = sqlite3_column_int(st, c++);
	r->tus_failed = sqlite3_column_int(st, c++);
	r->elapsed_s = col_double(st, c++);
	c += 3; /* nblocks, nsites, ndiags: counted again from the rows */
	r->model = col_text(st, c++, r->arena);
	r->run_key = col_text(st, c++, r->arena);
	r->cached_from = (long)sqlite3_column_int64(st, c++);
	read_device(st, c, &r->device);
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	vd_buf_release(&sql);
	return rc;
}

/* the rows of run_id in seq order, appended to r */
static int load_rows(vd_store *s, const run_rows *t, long run_id, vd_result *r)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	size_t cap = 0;
	int rc = VD_ERROR, step;
	char what[64];

	snprintf(what, sizeof what, "unable to read %s from", t->rows);
	vd_buf_puts(&sql, "SELECT ");
	t->columns(&sql, 0);
	vd_buf_printf(&sql, " FROM %s WHERE run_id = ? ORDER BY seq", t->table);
	if (prepare(s, &st, sql.ptr, what))
		goto cleanup;
	sqlite3_bind_int64(st, 1, run_id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		if (t->read(s, st, r, &cap))
			goto cleanup;
	if (step != SQLITE_DONE) {
		db_fail(s, what);
		goto cleanup;
	}
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	vd_buf_release(&sql);
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
	for (size_t i = 0; i < sizeof run_tables / sizeof run_tables[0]; i++)
		if (load_rows(s, &run_tables[i], run_id, r))
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

int vd_store_find_run_key(vd_store *s, const char *key, long *run_id)
{
	sqlite3_stmt *st = NULL;
	*run_id = 0;
	if (prepare(s, &st, "SELECT max(run_id) FROM runs WHERE run_key = ?", "unable to read"))
		return VD_ERROR;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		*run_id = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return *run_id > 0 ? 0 : VD_ENOTFOUND;
}
