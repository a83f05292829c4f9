/*
 * store.c - opening and closing vidya.db, the write check, and the system
 * profiles of vidya sysprobe.  The schema is in schema.c, runs in runs.c,
 * the per-TU cache in cache.c, traces in trace.c.
 *
 * The database keeps sqlite's default rollback journal rather than WAL
 * because vidya's users keep projects on NFS and Lustre home directories,
 * where WAL's shared-memory index does not work; a busy timeout lets a
 * report wait for a running analysis instead of failing.
 */
#define _GNU_SOURCE
#include "vd_store_int.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define CACHE_KIB 65536

#define dev_fields vd_store_dev_fields
#define NDEV vd_store_ndev

/* ---- open / close ------------------------------------------------------------------ */

static const char *file_kind(mode_t m)
{
	return S_ISDIR(m)    ? "a directory"
	       : S_ISCHR(m)  ? "a character device"
	       : S_ISBLK(m)  ? "a block device"
	       : S_ISFIFO(m) ? "a FIFO"
	       : S_ISSOCK(m) ? "a socket"
			     : "not a regular file";
}

int vd_store_open(vd_store **out, const char *path)
{
	vd_store *s = NULL;
	int rc = VD_ERROR;
	char pragma[96];

	*out = NULL;
	/* a database is a regular file: sqlite would happily "open" /dev/null
	 * and leave a world-writable /dev/null-journal next to it */
	struct stat sb;
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		vd_error_set("'%s' is %s, not a database file (a vidya database is a regular file)",
			     path, file_kind(sb.st_mode));
		goto cleanup;
	}
	if (stat(path, &sb) != 0 && errno != ENOENT) {
		vd_error_set("unable to open database '%s': %s", path, strerror(errno));
		goto cleanup;
	}
	s = vd_xcalloc(1, sizeof(*s));
	s->path = vd_xstrdup(path);
	if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
	    SQLITE_OK) {
		vd_error_set("unable to open database '%s': %s", path,
			     s->db ? sqlite3_errmsg(s->db) : "out of memory");
		goto cleanup;
	}
	sqlite3_extended_result_codes(s->db, 1);
	sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
	/* temporary tables in memory: copying a cached run's rows within one
	 * table goes through one, never worth a file in /var/tmp */
	snprintf(pragma, sizeof(pragma), "PRAGMA cache_size = -%d; PRAGMA temp_store = MEMORY",
		 CACHE_KIB);
	/* the schema check comes first: any statement that reads the file,
	 * even a PRAGMA, fails on a non-database with a less helpful message */
	if (vd_store_check_schema(s) || exec(s, pragma, "unable to configure database"))
		goto cleanup;
	*out = s;
	s = NULL;
	rc = 0;
cleanup:
	vd_store_close(s);
	return rc;
}

int vd_store_check_writable(vd_store *s)
{
	if (sqlite3_db_readonly(s->db, "main") == 1) {
		vd_error_set("database '%s' is read-only: %s", s->path,
			     access(s->path, W_OK) != 0 ? strerror(errno)
							: "sqlite opened it read-only");
		return VD_ERROR;
	}
	/* a write that is rolled back: the rollback journal is created next to
	 * the database on the first changed page, so a directory that refuses
	 * it is found now too */
	if (exec(s, "BEGIN IMMEDIATE", "unable to write to database"))
		return VD_ERROR;
	int rc = exec(s, "INSERT OR REPLACE INTO meta VALUES ('write_check', '')",
		      "unable to write to database");
	rollback(s);
	if (rc) {
		char dir[4096];
		snprintf(dir, sizeof dir, "%s", s->path);
		char *slash = strrchr(dir, '/');
		if (!slash)
			snprintf(dir, sizeof dir, ".");
		else if (slash == dir)
			slash[1] = 0;
		else
			*slash = 0;
		if (access(dir, W_OK) != 0)
			vd_error_set("unable to write to database '%s': its directory '%s' is not "
				     "writable (%s), and sqlite writes its journal there",
				     s->path, dir, strerror(errno));
	}
	return rc ? VD_ERROR : 0;
}

void vd_store_set_busy_timeout(vd_store *s, int ms)
{
	if (s && s->db)
		sqlite3_busy_timeout(s->db, ms);
}

void vd_store_close(vd_store *s)
{
	if (!s)
		return;
	vd_store_tu_commit(s);
	vd_store_trace_ctx_free(s);
	sqlite3_finalize(s->tu_put);
	sqlite3_close(s->db);
	free(s->path);
	free(s);
}

/* ---- system profiles ------------------------------------------------------------------ */

/* ", name" for each of the device's double fields (system_profiles' own
 * columns); returns how many */
static int put_double_fields(vd_buf *sql)
{
	int n = 0;
	for (size_t i = 0; i < NDEV; i++)
		if (dev_fields[i].type == DEV_DOUBLE) {
			vd_buf_printf(sql, ", %s", dev_fields[i].name);
			n++;
		}
	return n;
}

int vd_store_save_profile(vd_store *s, const vd_device *d, const char *json, long *id_out)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	char now[32];
	int rc = VD_ERROR, c = 1, n = 0;

	vd_buf_puts(&sql, "INSERT INTO system_profiles (created_at, mount, fstype, method");
	n = put_double_fields(&sql);
	vd_buf_puts(&sql, ", is_default, json, profile)");
	put_params(&sql, 4 + n + 3);
	if (prepare(s, &st, sql.ptr, "unable to save system profile to"))
		goto cleanup;
	iso_utc(now, sizeof(now));
	bind_text(st, c++, now);
	/* the fixed arrays are always terminated by the producers' snprintf */
	bind_text(st, c++, d->mount[0] ? d->mount : NULL);
	bind_text(st, c++, d->fstype[0] ? d->fstype : NULL);
	bind_text(st, c++, d->method[0] ? d->method : NULL);
	for (size_t i = 0; i < NDEV; i++)
		if (dev_fields[i].type == DEV_DOUBLE)
			sqlite3_bind_double(st, c++,
					    *(const double *)((const char *)d + dev_fields[i].off));
	sqlite3_bind_int(st, c++, d->is_default ? 1 : 0);
	bind_text(st, c++, json);
	bind_text(st, c++, d->profile[0] ? d->profile : NULL);
	if (sqlite3_step(st) != SQLITE_DONE) {
		db_fail(s, "unable to save system profile to");
		goto cleanup;
	}
	if (id_out)
		*id_out = (long)sqlite3_last_insert_rowid(s->db);
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	vd_buf_release(&sql);
	return rc;
}

int vd_store_load_profile(vd_store *s, const char *mount, vd_device *out, int *found)
{
	vd_buf sql = VD_BUF_INIT;
	sqlite3_stmt *st = NULL;
	int rc = VD_ERROR, step;

	*found = 0;
	vd_buf_puts(&sql, "SELECT mount, fstype, method");
	put_double_fields(&sql);
	vd_buf_puts(&sql, ", is_default, profile FROM system_profiles");
	if (mount)
		vd_buf_puts(&sql, " WHERE mount = ?");
	vd_buf_puts(&sql, " ORDER BY profile_id DESC LIMIT 1");
	if (prepare(s, &st, sql.ptr, "unable to read system profile from"))
		goto cleanup;
	if (mount)
		bind_text(st, 1, mount);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW) {
		vd_device d;
		int c = 0;
		memset(&d, 0, sizeof(d));
		const unsigned char *t;
		t = sqlite3_column_text(st, c++);
		snprintf(d.mount, sizeof(d.mount), "%s", t ? (const char *)t : "");
		t = sqlite3_column_text(st, c++);
		snprintf(d.fstype, sizeof(d.fstype), "%s", t ? (const char *)t : "");
		t = sqlite3_column_text(st, c++);
		snprintf(d.method, sizeof(d.method), "%s", t ? (const char *)t : "");
		for (size_t i = 0; i < NDEV; i++)
			if (dev_fields[i].type == DEV_DOUBLE)
				*(double *)((char *)&d + dev_fields[i].off) = col_double(st, c++);
		d.is_default = sqlite3_column_int(st, c++);
		t = sqlite3_column_text(st, c++);
		snprintf(d.profile, sizeof(d.profile), "%s", t ? (const char *)t : "");
		*out = d;
		*found = 1;
	} else if (step != SQLITE_DONE) {
		db_fail(s, "unable to read system profile from");
		goto cleanup;
	}
	rc = 0;
cleanup:
	sqlite3_finalize(st);
	vd_buf_release(&sql);
	return rc;
}
