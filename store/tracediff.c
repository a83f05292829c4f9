/*
 * tracediff.c - a trace's counters per file and layer, summed over
 * processes, for comparing two traces (`vidya diff --traces`).
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

const char *const vd_trace_total_names[VD_NTRACE_TOTALS] = {
	"opens", "reads",      "writes",        "seeks",  "flushes", "syncs",
	"metas", "bytes_read", "bytes_written", "read_s", "write_s", "meta_s",
};

/* the trace before `id` (largest smaller id), or -1 */
static long trace_before(sqlite3 *db, long id)
{
	sqlite3_stmt *st = NULL;
	long r = -1;
	if (sqlite3_prepare_v2(db, "SELECT max(trace_id) FROM traces WHERE trace_id < ?", -1, &st,
			       NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, id);
		if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
			r = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	return r;
}

int vd_store_trace_totals(vd_store *s, long trace_id, vd_arena *a, vd_trace_totals **out, size_t *n,
			  long *id_out)
{
	sqlite3 *db = vd_store_sqlite(s);
	sqlite3_stmt *st = NULL;
	*out = NULL;
	*n = 0;
	long id = trace_id;
	if (trace_id <= 0) {
		if (sqlite3_prepare_v2(db, "SELECT max(trace_id) FROM traces", -1, &st, NULL) !=
		    SQLITE_OK)
			goto fail;
		id = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL
			     ? sqlite3_column_int64(st, 0)
			     : -1;
		sqlite3_finalize(st);
		st = NULL;
		if (id > 0 && trace_id < 0)
			id = trace_before(db, id);
	} else {
		if (sqlite3_prepare_v2(db, "SELECT 1 FROM traces WHERE trace_id = ?", -1, &st,
				       NULL) != SQLITE_OK)
			goto fail;
		sqlite3_bind_int64(st, 1, id);
		if (sqlite3_step(st) != SQLITE_ROW)
			id = -1;
		sqlite3_finalize(st);
		st = NULL;
	}
	if (id <= 0)
		return VD_ENOTFOUND;
	*id_out = id;
	vd_buf q = VD_BUF_INIT;
	vd_buf_puts(&q, "SELECT path, api");
	for (int i = 0; i < VD_NTRACE_TOTALS; i++)
		vd_buf_printf(&q, ", sum(%s)", vd_trace_total_names[i]);
	vd_buf_puts(&q, " FROM trace_files WHERE trace_id = ? AND path IS NOT NULL"
			" GROUP BY path, api ORDER BY path, api");
	int prc = sqlite3_prepare_v2(db, q.ptr, -1, &st, NULL);
	vd_buf_release(&q);
	if (prc != SQLITE_OK)
		goto fail;
	sqlite3_bind_int64(st, 1, id);
	VD_VEC(vd_trace_totals) v = { 0 };
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		vd_trace_totals t;
		memset(&t, 0, sizeof t);
		t.path = vd_arena_strdup(a, (const char *)sqlite3_column_text(st, 0));
		t.api = vd_arena_strdup(a, (const char *)sqlite3_column_text(st, 1));
		for (int i = 0; i < VD_NTRACE_TOTALS; i++)
			t.v[i] = sqlite3_column_double(st, 2 + i);
		vd_vec_push(v, t);
	}
	sqlite3_finalize(st);
	if (step != SQLITE_DONE) {
		vd_vec_free(v);
		return fail_read(s);
	}
	*out = vd_arena_alloc(a, (v.n ? v.n : 1) * sizeof **out);
	if (v.n)
		memcpy(*out, v.v, v.n * sizeof **out);
	*n = v.n;
	vd_vec_free(v);
	return 0;
fail:
	sqlite3_finalize(st);
	return fail_read(s);
}

static const vd_trace_totals *find_totals(const vd_trace_totals *t, size_t n,
					  const vd_trace_totals *x)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].path, x->path) && !strcmp(t[i].api, x->api))
			return &t[i];
	return NULL;
}

int vd_trace_totals_next(const vd_trace_totals *a, size_t na, const vd_trace_totals *b, size_t nb,
			 size_t *k, const vd_trace_totals **A, const vd_trace_totals **B)
{
	while (*k < na + nb) {
		size_t i = (*k)++;
		if (i < na) {
			*A = &a[i];
			*B = find_totals(b, nb, &a[i]);
			return 1;
		}
		if (find_totals(a, na, &b[i - na]))
			continue;
		*A = NULL;
		*B = &b[i - na];
		return 1;
	}
	return 0;
}
