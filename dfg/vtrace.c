/*
 * vtrace.c - events from a vidya trace database, read with plain SQL on
 * the documented trace views (docs/schema.md): v_trace_ops for the latest
 * trace, trace_ops (the same columns, every trace) for another one, and
 * trace_procs for the host of each process. The
 * database is opened read-only.
 */
#define _GNU_SOURCE
#include "dfg_internal.h"
#include "vd_tracedb.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const layer_names[] = { "posix", "stdio", "mpiio", "hdf5", NULL };

/* bit i set = layer_names[i] wanted; -1 on an unknown name */
static int parse_layers(const char *layers)
{
	if (!layers || !*layers)
		return 0xf;
	int mask = 0;
	char *list = vd_xstrdup(layers), *save = NULL;
	for (char *p = strtok_r(list, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		int k = 0;
		while (layer_names[k] && strcmp(layer_names[k], p))
			k++;
		if (!layer_names[k]) {
			vd_error_set("unknown layer '%s' (posix, stdio, mpiio, hdf5)", p);
			free(list);
			return -1;
		}
		mask |= 1 << k;
	}
	free(list);
	return mask;
}

static int layer_bit(const char *api)
{
	for (int k = 0; api && layer_names[k]; k++)
		if (!strcmp(api, layer_names[k]))
			return 1 << k;
	return 0;
}

static const char *col(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

int vd_dfg_read_trace(vd_dfg_log *l, const char *db, long trace_id, const char *layers,
		      vd_dfg_casekey key)
{
	int mask = parse_layers(layers);
	if (mask < 0)
		return -1;
	sqlite3 *h = NULL;
	if (vd_tracedb_open(db, &h) != 0)
		return -1;
	int rc = -1;
	sqlite3_stmt *st = NULL;
	const char *q;
	long id = vd_tracedb_pick(h, db, trace_id);
	if (id < 0)
		goto out;
	if (vd_trace_counters_only(h, id)) {
		vd_error_set(VD_TRACE_COUNTERS_ONLY_MSG, db, id);
		goto out;
	}
	/* the host of each process: trace_procs, one name per pid (an exec'd
	 * image is a row of its own with the same pid and host) */
	q = trace_id > 0
		    ? "SELECT o.pid, o.rank, o.thread, o.api, o.call, o.class, o.path, o.bytes, "
		      "o.start_s, o.dur_s, h.host FROM trace_ops o LEFT JOIN (SELECT pid, "
		      "min(host) AS host FROM trace_procs WHERE trace_id = ?1 GROUP BY pid) h "
		      "ON h.pid = o.pid WHERE o.trace_id = ?1"
		    : "SELECT o.pid, o.rank, o.thread, o.api, o.call, o.class, o.path, o.bytes, "
		      "o.start_s, o.dur_s, h.host FROM v_trace_ops o LEFT JOIN (SELECT pid, "
		      "min(host) AS host FROM trace_procs WHERE trace_id = ?1 GROUP BY pid) h "
		      "ON h.pid = o.pid WHERE o.trace_id = ?1";
	if (sqlite3_prepare_v2(h, q, -1, &st, NULL) != SQLITE_OK) {
		vd_error_set("%s: unexpected trace tables (%s)", db, sqlite3_errmsg(h));
		goto out;
	}
	sqlite3_bind_int64(st, 1, id);
	char source[64], name[160];
	snprintf(source, sizeof source, "t%ld", id);
	int s;
	while ((s = sqlite3_step(st)) == SQLITE_ROW) {
		if (!(layer_bit(col(st, 3)) & mask))
			continue;
		long long pid = sqlite3_column_int64(st, 0), rank = sqlite3_column_int64(st, 1),
			  tid = sqlite3_column_int64(st, 2);
		int n = snprintf(name, sizeof name, "t%ld:%lld", id, pid);
		if (rank > 0)
			n += snprintf(name + n, sizeof name - (size_t)n, "@r%lld", rank);
		if (key == VD_DFG_CASE_THREAD && tid != pid)
			snprintf(name + n, sizeof name - (size_t)n, ".%lld", tid);
		vd_dfg_event e = { col(st, 4),
				   col(st, 5),
				   col(st, 6),
				   sqlite3_column_double(st, 8),
				   sqlite3_column_double(st, 9),
				   sqlite3_column_int64(st, 7),
				   col(st, 10),
				   (long)rank,
				   (long)pid };
		vd_dfg_log_add(l, vd_dfg_log_case(l, name, source), &e);
	}
	if (s != SQLITE_DONE) {
		vd_error_set("%s: reading trace %ld: %s", db, id, sqlite3_errmsg(h));
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(st);
	sqlite3_close(h);
	return rc;
}
