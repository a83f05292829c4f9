/*
 * cache.c - the per-TU cache (table tu_cache): the IR of a parsed
 * translation unit under its job key, and the import of a shard's entries.
 */
#define _GNU_SOURCE
#include "vd_store_int.h"

#include <stdlib.h>

/* ---- the per-TU cache -------------------------------------------------------------- */

int vd_store_tu_get(vd_store *s, const char *key, char **deps, void **blob, size_t *len)
{
	sqlite3_stmt *st = NULL;
	int rc = VD_ENOTFOUND;
	*deps = NULL;
	*blob = NULL;
	*len = 0;
	if (prepare(s, &st, "SELECT deps, ir FROM tu_cache WHERE key = ?",
		    "unable to read cache of"))
		return VD_ERROR;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		const char *d = (const char *)sqlite3_column_text(st, 0);
		const void *b = sqlite3_column_blob(st, 1);
		int n = sqlite3_column_bytes(st, 1);
		*deps = vd_xstrdup(d ? d : "");
		*blob = vd_xmalloc(n > 0 ? (size_t)n : 1);
		memcpy(*blob, b, (size_t)n);
		*len = (size_t)n;
		rc = 0;
	}
	sqlite3_finalize(st);
	return rc;
}

int vd_store_tu_deps(vd_store *s, const char *key, char **deps)
{
	sqlite3_stmt *st = NULL;
	int rc = VD_ENOTFOUND;
	*deps = NULL;
	if (prepare(s, &st, "SELECT deps FROM tu_cache WHERE key = ?", "unable to read cache of"))
		return VD_ERROR;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		const char *d = (const char *)sqlite3_column_text(st, 0);
		*deps = vd_xstrdup(d ? d : "");
		rc = 0;
	}
	sqlite3_finalize(st);
	return rc;
}

int vd_store_tu_put(vd_store *s, const char *key, const char *file, const char *deps,
		    const void *blob, size_t len)
{
	char now[32];
	if (!s->tu_txn) {
		/* one transaction for all of a run's entries */
		if (exec(s, "BEGIN IMMEDIATE", "unable to write cache of"))
			return VD_ERROR;
		s->tu_txn = 1;
	}
	if (!s->tu_put &&
	    prepare(s, &s->tu_put,
		    "INSERT OR REPLACE INTO tu_cache (key, file, deps, ir, vidya_version, created_at) "
		    "VALUES (?, ?, ?, ?, ?, ?)",
		    "unable to write cache of"))
		return VD_ERROR;
	iso_utc(now, sizeof(now));
	sqlite3_reset(s->tu_put);
	sqlite3_bind_text(s->tu_put, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(s->tu_put, 2, file, -1, SQLITE_STATIC);
	sqlite3_bind_text(s->tu_put, 3, deps, -1, SQLITE_STATIC);
	sqlite3_bind_blob(s->tu_put, 4, blob, (int)len, SQLITE_STATIC);
	sqlite3_bind_text(s->tu_put, 5, VD_VERSION, -1, SQLITE_STATIC);
	sqlite3_bind_text(s->tu_put, 6, now, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(s->tu_put) != SQLITE_DONE)
		return db_fail(s, "unable to write cache of");
	return 0;
}

int vd_store_tu_commit(vd_store *s)
{
	if (!s || !s->tu_txn)
		return 0;
	s->tu_txn = 0;
	return exec(s, "COMMIT", "unable to write cache of");
}

int vd_store_tu_import(vd_store *s, const char *other, long *count)
{
	sqlite3_stmt *st = NULL;
	int rc = VD_ERROR;
	vd_store *o = NULL;
	*count = 0;
	/* open it as a store first: a file that is not a vidya database is
	 * refused with the usual message, and never modified */
	if (vd_store_open(&o, other))
		return VD_ERROR;
	vd_store_close(o);
	if (vd_store_tu_commit(s))
		return VD_ERROR;
	char *sql = sqlite3_mprintf("ATTACH DATABASE %Q AS shard", other);
	int a = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
	sqlite3_free(sql);
	if (a != SQLITE_OK)
		return db_fail(s, "unable to attach a shard to");
	if (exec(s, "BEGIN IMMEDIATE", "unable to merge into"))
		goto detach;
	if (prepare(s, &st, "INSERT OR REPLACE INTO main.tu_cache SELECT * FROM shard.tu_cache",
		    "unable to merge into") ||
	    sqlite3_step(st) != SQLITE_DONE) {
		if (st)
			db_fail(s, "unable to merge into");
		rollback(s);
		goto detach;
	}
	*count = (long)sqlite3_changes(s->db);
	if (exec(s, "COMMIT", "unable to merge into"))
		goto detach;
	rc = 0;
detach:
	sqlite3_finalize(st);
	sqlite3_exec(s->db, "DETACH DATABASE shard", NULL, NULL, NULL);
	return rc;
}
