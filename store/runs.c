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


/* ---- saving a run ------------------------------------------------------------------- */

static int save_blocks(vd_store *s, const vd_result *r, long run_id)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = VD_ERROR;
	const int ncols = 2 + 8 + VD_NPARAMS + VD_NFEATURES + 10;

	vd_buf_puts(&sql, "INSERT INTO blocks (run_id, seq, " BLOCK_HEAD);
	vd_store_put_px(&sql, "", "");
	vd_buf_puts(&sql, ", " BLOCK_TAIL ")");
	put_params(&sql, ncols);
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

	vd_buf_puts(&sql, "INSERT INTO io_sites (run_id, seq, " SITE_HEAD);
	vd_store_put_flags(&sql, 0);
	vd_buf_puts(&sql, ", " SITE_TAIL ")");
	put_params(&sql, ncols);
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
		bind_text(st, 3, vd_severity_name(d->severity));
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
	read_device(st, c, &r->device);
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
	int rc = VD_ERROR, step;

	vd_buf_puts(&sql, "SELECT " BLOCK_HEAD);
	vd_store_put_px(&sql, "", "");
	vd_buf_puts(&sql, ", " BLOCK_TAIL " FROM blocks WHERE run_id = ? ORDER BY seq");
	if (prepare(s, &st, sql.ptr, "unable to read blocks from"))
		goto cleanup;
	sqlite3_bind_int64(st, 1, run_id);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		vd_block b;
		vd_kind kind;
		int c = 0;
		memset(&b, 0, sizeof(b));
		b.id = col_text(st, c++, r->arena);
		const char *k = (const char *)sqlite3_column_text(st, c++);
		if (vd_kind_parse(k, &kind)) {
			vd_error_set("block '%s' in '%s' has an unknown kind '%s'",
				     b.id ? b.id : "?", s->path, k ? k : "");
			goto cleanup;
		}
		b.kind = kind;
		b.file = col_text(st, c++, r->arena);
		b.function = col_text(st, c++, r->arena);
		b.label = col_text(st, c++, r->arena);
		b.line = sqlite3_column_int(st, c++);
		b.end_line = sqlite3_column_int(st, c++);
		b.parent_id = col_text(st, c++, r->arena);
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
		b.unknowns = col_text(st, c++, r->arena);
		b.reachable = sqlite3_column_int(st, c++);
		b.analytic = col_double(st, c++);
		b.cioc_note = col_text(st, c++, r->arena);
		vd_vec_push(v, b);
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
	int rc = VD_ERROR, step;

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
		t.block_id = col_text(st, c++, r->arena);
		t.api = col_text(st, c++, r->arena);
		t.call = col_text(st, c++, r->arena);
		t.op = col_text(st, c++, r->arena);
		t.file = col_text(st, c++, r->arena);
		t.line = sqlite3_column_int(st, c++);
		t.bytes_per_call = col_double(st, c++);
		t.count = col_double(st, c++);
		t.bytes_total = col_double(st, c++);
		t.flags = (unsigned)sqlite3_column_int64(st, c++);
		t.path = col_text(st, c++, r->arena);
		t.unknowns = col_text(st, c++, r->arena);
		vd_vec_push(v, t);
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
	int rc = VD_ERROR, step;

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
		d.severity = vd_severity_parse(sev);
		d.file = col_text(st, 1, r->arena);
		d.line = sqlite3_column_int(st, 2);
		d.message = col_text(st, 3, r->arena);
		vd_vec_push(v, d);
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
