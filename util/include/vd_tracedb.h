/*
 * vd_tracedb.h - what the readers of a vidya trace database (vidya dfg,
 * vidya trace --otf2) do before they read trace_ops: open it read-only,
 * pick the trace, and ask whether it was stored without its calls.
 * Header only, for the modules that read the database with sqlite3
 * themselves (store/ links trace/, so this cannot live there).
 */
#ifndef VD_TRACEDB_H
#define VD_TRACEDB_H

#include <sqlite3.h>
#include <stddef.h>
#include <sys/stat.h>

#include "vd_util.h"

/* the database `db`, read-only, into *out: 0, or -1 with the error set */
static inline int vd_tracedb_open(const char *db, sqlite3 **out)
{
	struct stat sb;
	*out = NULL;
	if (stat(db, &sb) != 0) {
		vd_error_set("%s: no such database", db);
		return -1;
	}
	sqlite3 *h = NULL;
	if (sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		vd_error_set("%s: %s", db, h ? sqlite3_errmsg(h) : "cannot open");
		sqlite3_close(h);
		return -1;
	}
	sqlite3_busy_timeout(h, 15000);
	*out = h;
	return 0;
}

/* which trace: trace_id, or the latest when trace_id <= 0; -1 with the
 * error set */
static inline long vd_tracedb_pick(sqlite3 *h, const char *db, long trace_id)
{
	sqlite3_stmt *st = NULL;
	const char *q = trace_id > 0 ? "SELECT trace_id FROM traces WHERE trace_id = ?1"
				     : "SELECT max(trace_id) FROM traces";
	if (sqlite3_prepare_v2(h, q, -1, &st, NULL) != SQLITE_OK) {
		vd_error_set("%s: not a vidya database with traces (%s)", db, sqlite3_errmsg(h));
		return -1;
	}
	if (trace_id > 0)
		sqlite3_bind_int64(st, 1, trace_id);
	long id = -1;
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		id = (long)sqlite3_column_int64(st, 0);
	else if (trace_id > 0)
		vd_error_set("%s: no trace %ld (see v_traces)", db, trace_id);
	else
		vd_error_set("%s: no trace yet (run vidya trace --db %s -- PROGRAM)", db, db);
	sqlite3_finalize(st);
	return id;
}

/* the message for a trace stored without its calls: database, trace id */
#define VD_TRACE_COUNTERS_ONLY_MSG                                                  \
	"%s: trace %ld keeps counters only (vidya trace's default), not the calls " \
	"this needs: re-trace with `vidya trace --ops`"

/* 1 when trace `id` of the database h was stored without its operations
 * (vidya trace's default: counters and call sites, no trace_ops rows);
 * 0 when its operations were kept (--ops), nothing was recorded, or the
 * database predates call sites (every call was kept then) */
static inline int vd_trace_counters_only(sqlite3 *h, long id)
{
	sqlite3_stmt *st = NULL;
	int yes = 0;
	if (sqlite3_prepare_v2(h,
			       "SELECT NOT EXISTS (SELECT 1 FROM trace_ops WHERE trace_id = ?1)"
			       " AND EXISTS (SELECT 1 FROM trace_sites WHERE trace_id = ?1)",
			       -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, id);
		yes = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) != 0;
	}
	sqlite3_finalize(st);
	return yes;
}

#endif
