/*
 * store_int.h - what the findings code (findings.c) and the schema
 * (schema.c) share.  Private to store/.
 */
#ifndef VD_STORE_FINDINGS_INT_H
#define VD_STORE_FINDINGS_INT_H

#include "vd_store_int.h"

/* the connection and the file name of an open store */
static inline sqlite3 *vd_store_sqlite(vd_store *s)
{
	return s->db;
}

static inline const char *vd_store_path(vd_store *s)
{
	return s->path;
}

/* CREATE statements of the findings table and v_findings (findings.c),
 * for a new database and for the migration from version 3 */
int vd_store_findings_schema(vd_buf *b);

#endif
