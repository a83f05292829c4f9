/*
 * vd_tracedb.h - one question the readers of a vidya trace database
 * (vidya dfg, vidya trace --otf2) ask before they read trace_ops: was
 * this trace stored without its calls?  Header only, for the modules
 * that open the database with sqlite3 themselves.
 */
#ifndef VD_TRACEDB_H
#define VD_TRACEDB_H

#include <sqlite3.h>
#include <stddef.h>

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
