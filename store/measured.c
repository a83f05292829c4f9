/*
 * measured.c - what the latest trace of a run's program measured per block
 * (`vidya report --html`'s predicted-against-measured plot).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "vd_store_int.h"

static int fail_read(vd_store *s)
{
	vd_error_set("unable to read the traces of '%s': %s", vd_store_path(s),
		     sqlite3_errmsg(vd_store_sqlite(s)));
	return VD_ERROR;
}

int vd_store_measured_blocks(vd_store *s, long run_id, vd_arena *a, vd_measured_block **out,
			     size_t *n, long *trace_id)
{
	sqlite3 *db = vd_store_sqlite(s);
	sqlite3_stmt *st = NULL;
	*out = NULL;
	*n = 0;
	*trace_id = 0;
	/* the newest trace mapped to this run or to a run of the same program
	 * (same compilation database and entry point: block ids are stable) */
	if (sqlite3_prepare_v2(
		    db,
		    "SELECT max(t.trace_id) FROM traces t JOIN runs r ON r.run_id = t.run_id\n"
		    "  JOIN runs me ON me.run_id = ?\n"
		    "  WHERE t.run_id = me.run_id OR (r.compdb IS me.compdb AND r.entry IS me.entry)",
		    -1, &st, NULL) != SQLITE_OK)
		return fail_read(s);
	sqlite3_bind_int64(st, 1, run_id);
	long id = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL
			  ? (long)sqlite3_column_int64(st, 0)
			  : 0;
	sqlite3_finalize(st);
	if (id <= 0)
		return VD_ENOTFOUND;
	if (sqlite3_prepare_v2(
		    db,
		    "SELECT block_id, sum(wall_s), sum(io_s), sum(io_ops), sum(io_bytes)\n"
		    "  FROM trace_blocks WHERE trace_id = ? GROUP BY block_id ORDER BY block_id",
		    -1, &st, NULL) != SQLITE_OK)
		return fail_read(s);
	sqlite3_bind_int64(st, 1, id);
	VD_VEC(vd_measured_block) v = { 0 };
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		vd_measured_block m;
		m.block_id = vd_arena_strdup(a, (const char *)sqlite3_column_text(st, 0));
		m.wall_s = sqlite3_column_double(st, 1);
		m.io_s = sqlite3_column_double(st, 2);
		m.io_ops = sqlite3_column_double(st, 3);
		m.io_bytes = sqlite3_column_double(st, 4);
		vd_vec_push(v, m);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		vd_vec_free(v);
		return fail_read(s);
	}
	if (v.n) {
		*out = vd_arena_alloc(a, v.n * sizeof(**out));
		memcpy(*out, v.v, v.n * sizeof(**out));
	}
	*n = v.n;
	*trace_id = id;
	vd_vec_free(v);
	return 0;
}
