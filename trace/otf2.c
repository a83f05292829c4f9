/*
 * otf2.c - a stored trace written as an OTF2 archive (vd_otf2.h).  The
 * calls are read with plain SQL from trace_ops (docs/schema.md) in the
 * order each process began them, turned into I/O events per thread
 * (location), sorted by time per location and written with the OTF2
 * library; the definitions (strings, locations, paradigms, files,
 * handles) follow in the global definition file.
 */
#define _GNU_SOURCE
#include "vd_otf2.h"
#include "vd_tracedb.h"
#include "vd_util.h"

#include <errno.h>
#include <otf2/otf2.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NONE UINT32_MAX

/* ---- layers and classes ---------------------------------------------------------------- */

static const struct {
	const char *api, *ident, *name;
	OTF2_IoParadigmClass cls;
	OTF2_IoParadigmFlag flags;
} layers[] = {
	{ "posix", "POSIX", "POSIX I/O", OTF2_IO_PARADIGM_CLASS_SERIAL, OTF2_IO_PARADIGM_FLAG_OS },
	{ "stdio", "ISOC", "ISO C I/O", OTF2_IO_PARADIGM_CLASS_SERIAL, OTF2_IO_PARADIGM_FLAG_NONE },
	{ "mpiio", "MPI-IO", "MPI I/O", OTF2_IO_PARADIGM_CLASS_PARALLEL,
	  OTF2_IO_PARADIGM_FLAG_NONE },
	{ "hdf5", "HDF5", "HDF5", OTF2_IO_PARADIGM_CLASS_SERIAL, OTF2_IO_PARADIGM_FLAG_NONE },
	{ "netcdf", "NETCDF", "NetCDF", OTF2_IO_PARADIGM_CLASS_SERIAL, OTF2_IO_PARADIGM_FLAG_NONE },
	{ "pnetcdf", "PNETCDF", "PnetCDF", OTF2_IO_PARADIGM_CLASS_PARALLEL,
	  OTF2_IO_PARADIGM_FLAG_NONE },
};
#define NLAYERS ((int)(sizeof layers / sizeof layers[0]))

enum { C_OPEN, C_CLOSE, C_READ, C_WRITE, C_SEEK, C_FLUSH, C_SYNC, C_OTHER };

static int layer_of(const char *api)
{
	for (int i = 0; api && i < NLAYERS; i++)
		if (!strcmp(api, layers[i].api))
			return i;
	return -1;
}

/* the class as the export uses it: HDF5's dataset opens and closes make
 * handles of their own (the data calls name the dataset) */
static int class_of(const char *cls, const char *call)
{
	static const char *const names[] = { "open", "close", "read", "write",
					     "seek", "flush", "sync" };
	if (call && (!strncmp(call, "H5Dcreate", 9) || !strncmp(call, "H5Dopen", 7)))
		return C_OPEN;
	if (call && !strcmp(call, "H5Dclose"))
		return C_CLOSE;
	for (int i = 0; cls && i < C_OTHER; i++)
		if (!strcmp(cls, names[i]))
			return i;
	return C_OTHER;
}

/* ---- a string-keyed map (open addressing) --------------------------------------------- */

typedef struct smap {
	char **keys;
	uint32_t *vals;
	size_t cap, n;
} smap;

static size_t smap_slot(const smap *m, const char *k)
{
	size_t i = (size_t)vd_hash_bytes(k, strlen(k)) & (m->cap - 1);
	while (m->keys[i] && strcmp(m->keys[i], k))
		i = (i + 1) & (m->cap - 1);
	return i;
}

static uint32_t smap_get(const smap *m, const char *k)
{
	if (!m->cap)
		return NONE;
	size_t i = smap_slot(m, k);
	return m->keys[i] ? m->vals[i] : NONE;
}

static void smap_put(smap *m, const char *k, uint32_t v)
{
	if (2 * (m->n + 1) > m->cap) {
		smap old = *m;
		m->cap = old.cap ? 2 * old.cap : 64;
		m->keys = vd_xcalloc(m->cap, sizeof *m->keys);
		m->vals = vd_xcalloc(m->cap, sizeof *m->vals);
		for (size_t i = 0; i < old.cap; i++)
			if (old.keys[i]) {
				size_t j = smap_slot(m, old.keys[i]);
				m->keys[j] = old.keys[i];
				m->vals[j] = old.vals[i];
			}
		free(old.keys);
		free(old.vals);
	}
	size_t i = smap_slot(m, k);
	if (!m->keys[i]) {
		m->keys[i] = vd_xstrdup(k);
		m->n++;
	}
	m->vals[i] = v;
}

static void smap_free(smap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->vals);
}

/* ---- the model of the archive --------------------------------------------------------- */

typedef struct op_row {
	long long pid, op_id, parent_op, thread, rank, handle, offset, bytes, req_bytes;
	int has_parent, has_offset, layer, cls;
	double start, dur, call_s;
	char *call, *path;
	uint32_t ohandle; /* the OTF2 handle the call used, NONE */
} op_row;

enum { E_CREATE, E_DESTROY, E_SEEK, E_BEGIN, E_ISSUED, E_COMPLETE };

typedef struct event {
	uint32_t loc, handle;
	uint64_t t, seq, a, match, off;
	int kind, mode, flags, has_off;
} event;

typedef struct hdef {
	uint32_t name, file, parent;
	int layer, precreated, has_create, saw_read, saw_write;
	size_t create_ev;
} hdef;

typedef struct location {
	long long pid, thread, rank;
	uint32_t group;
	uint64_t nevents;
} location;

typedef struct model {
	op_row *ops;
	size_t nops, capops;
	event *ev;
	size_t nev, capev;
	hdef *h;
	size_t nh, caph;
	location *loc;
	size_t nloc, caploc;
	long long *group_pid, *group_rank;
	size_t ngroup;
	smap strings, files, live, locs, groups;
	char **strv; /* strings by reference */
	size_t nstr, capstr;
	uint32_t *file_name; /* file ref -> string ref */
	size_t nfile, capfile;
	int used_layer[NLAYERS]; /* 1 + the layer's paradigm reference, 0 when unused */
	int nparadigms;
	uint64_t end_t;
	long trace_id;
} model;

#define GROW(arr, n, cap)                                                  \
	do {                                                               \
		if ((n) == (cap)) {                                        \
			(cap) = (cap) ? 2 * (cap) : 64;                    \
			(arr) = vd_xrealloc((arr), (cap) * sizeof *(arr)); \
		}                                                          \
	} while (0)

static uint32_t str_ref(model *m, const char *s)
{
	uint32_t r = smap_get(&m->strings, s);
	if (r != NONE)
		return r;
	GROW(m->strv, m->nstr, m->capstr);
	m->strv[m->nstr] = vd_xstrdup(s);
	smap_put(&m->strings, s, (uint32_t)m->nstr);
	return (uint32_t)m->nstr++;
}

static uint32_t file_ref(model *m, const char *path)
{
	if (!path)
		return OTF2_UNDEFINED_IO_FILE;
	uint32_t r = smap_get(&m->files, path);
	if (r != NONE)
		return r;
	GROW(m->file_name, m->nfile, m->capfile);
	m->file_name[m->nfile] = str_ref(m, path);
	smap_put(&m->files, path, (uint32_t)m->nfile);
	return (uint32_t)m->nfile++;
}

static uint32_t location_of(model *m, const op_row *o)
{
	char key[64];
	snprintf(key, sizeof key, "%lld:%lld", o->pid, o->thread);
	uint32_t r = smap_get(&m->locs, key);
	if (r != NONE)
		return r;
	snprintf(key, sizeof key, "%lld", o->pid);
	uint32_t g = smap_get(&m->groups, key);
	if (g == NONE) {
		g = (uint32_t)m->ngroup++;
		m->group_pid = vd_xrealloc(m->group_pid, m->ngroup * sizeof *m->group_pid);
		m->group_rank = vd_xrealloc(m->group_rank, m->ngroup * sizeof *m->group_rank);
		m->group_pid[g] = o->pid;
		m->group_rank[g] = o->rank;
		smap_put(&m->groups, key, g);
	}
	GROW(m->loc, m->nloc, m->caploc);
	m->loc[m->nloc] = (location){ o->pid, o->thread, o->rank, g, 0 };
	snprintf(key, sizeof key, "%lld:%lld", o->pid, o->thread);
	smap_put(&m->locs, key, (uint32_t)m->nloc);
	return (uint32_t)m->nloc++;
}

static event *add_event(model *m, uint32_t loc, uint64_t t, int kind, uint32_t handle)
{
	GROW(m->ev, m->nev, m->capev);
	event *e = &m->ev[m->nev];
	*e = (event){ .loc = loc, .handle = handle, .t = t, .seq = m->nev, .kind = kind };
	m->nev++;
	if (t > m->end_t)
		m->end_t = t;
	return e;
}

/* the call that issued o (same process), NULL */
static const op_row *parent_of(const model *m, const op_row *o)
{
	if (!o->has_parent)
		return NULL;
	size_t lo = 0, hi = m->nops;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const op_row *p = &m->ops[mid];
		if (p->pid < o->pid || (p->pid == o->pid && p->op_id < o->parent_op))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < m->nops && m->ops[lo].pid == o->pid && m->ops[lo].op_id == o->parent_op)
		return &m->ops[lo];
	return NULL;
}

static void live_key(char *key, size_t n, const op_row *o)
{
	/* no handle (dprintf, a path call): one per path */
	if (o->handle < 0)
		snprintf(key, n, "%lld:%d:-:%s", o->pid, o->layer, o->path ? o->path : "");
	else
		snprintf(key, n, "%lld:%d:%lld", o->pid, o->layer, o->handle);
}

/* a new handle for o's file in o's layer, linked to the handle of the
 * call above that issued o */
static uint32_t new_handle(model *m, const op_row *o, int precreated)
{
	char name[64];
	if (!o->path)
		snprintf(name, sizeof name, "%s handle %lld", layers[o->layer].api, o->handle);
	const op_row *p = parent_of(m, o);
	GROW(m->h, m->nh, m->caph);
	m->h[m->nh] = (hdef){
		.name = str_ref(m, o->path ? o->path : name),
		.file = file_ref(m, o->path),
		.parent = p && p->layer != o->layer && p->ohandle != NONE
				  ? p->ohandle
				  : OTF2_UNDEFINED_IO_HANDLE,
		.layer = o->layer,
		.precreated = precreated,
	};
	if (!m->used_layer[o->layer])
		m->used_layer[o->layer] = ++m->nparadigms;
	return (uint32_t)m->nh++;
}

static uint64_t ns(double s)
{
	return s > 0 ? (uint64_t)(s * 1e9 + 0.5) : 0;
}

static int nonblocking(const char *call)
{
	return strstr(call, "File_i") || !strncmp(call, "aio_", 4) || strstr(call, "_begin") ||
	       !strncmp(call, "ncmpi_i", 7) || !strncmp(call, "ncmpi_bput", 10);
}

static void data_events(model *m, const op_row *o, uint32_t loc, uint32_t h)
{
	static const OTF2_IoOperationMode mode[] = {
		[C_READ] = OTF2_IO_OPERATION_MODE_READ,
		[C_WRITE] = OTF2_IO_OPERATION_MODE_WRITE,
		[C_FLUSH] = OTF2_IO_OPERATION_MODE_FLUSH,
		[C_SYNC] = OTF2_IO_OPERATION_MODE_FLUSH,
	};
	int flags = OTF2_IO_OPERATION_FLAG_NONE;
	if (nonblocking(o->call))
		flags |= OTF2_IO_OPERATION_FLAG_NON_BLOCKING;
	if ((!strcmp(layers[o->layer].api, "mpiio") || !strcmp(layers[o->layer].api, "pnetcdf")) &&
	    (strstr(o->call, "_all") || strstr(o->call, "_ordered")))
		flags |= OTF2_IO_OPERATION_FLAG_COLLECTIVE;
	int data = o->cls == C_READ || o->cls == C_WRITE;
	event *b = add_event(m, loc, ns(o->start), E_BEGIN, h);
	b->mode = mode[o->cls];
	b->flags = flags;
	b->a = data ? (uint64_t)(o->req_bytes >= 0 ? o->req_bytes : o->bytes) : 0;
	b->match = (uint64_t)o->op_id;
	b->has_off = data && o->has_offset && o->offset >= 0;
	b->off = b->has_off ? (uint64_t)o->offset : 0;
	/* a transfer that ends after its call: issued when the call returned */
	if (flags & OTF2_IO_OPERATION_FLAG_NON_BLOCKING)
		add_event(m, loc, ns(o->start + o->call_s), E_ISSUED, h)->match =
			(uint64_t)o->op_id;
	event *c = add_event(m, loc, ns(o->start + o->dur), E_COMPLETE, h);
	c->a = data && o->bytes > 0 ? (uint64_t)o->bytes : 0;
	c->match = (uint64_t)o->op_id;
	m->h[h].saw_read |= o->cls == C_READ;
	m->h[h].saw_write |= o->cls == C_WRITE;
}

/* an open: a new handle unless the layer's handle is open on the same
 * file already (nc_inq_varid counts as an open of the ncid's file) */
static void open_event(model *m, op_row *o, uint32_t loc, const char *key)
{
	uint32_t h = smap_get(&m->live, key);
	if (h != NONE && m->h[h].file == file_ref(m, o->path)) {
		o->ohandle = h;
		return;
	}
	h = new_handle(m, o, 0);
	smap_put(&m->live, key, h);
	o->ohandle = h;
	event *e = add_event(m, loc, ns(o->start + o->dur), E_CREATE, h);
	e->a = (uint64_t)(strstr(o->call, "creat") ? OTF2_IO_CREATION_FLAG_CREATE
						   : OTF2_IO_CREATION_FLAG_NONE);
	m->h[h].has_create = 1;
	m->h[h].create_ev = m->nev - 1;
}

/* the events of one successful call */
static void op_events(model *m, op_row *o)
{
	if (o->cls == C_OTHER)
		return;
	uint32_t loc = location_of(m, o);
	char key[4200];
	live_key(key, sizeof key, o);
	if (o->cls == C_OPEN) {
		open_event(m, o, loc, key);
		return;
	}
	uint32_t h = smap_get(&m->live, key);
	if (o->cls == C_CLOSE) {
		if (h != NONE) {
			o->ohandle = h;
			add_event(m, loc, ns(o->start + o->dur), E_DESTROY, h);
			smap_put(&m->live, key, NONE);
		}
		return;
	}
	if (h == NONE) { /* opened before the trace, or out of its sight */
		h = new_handle(m, o, 1);
		smap_put(&m->live, key, h);
	}
	o->ohandle = h;
	if (o->cls == C_SEEK) {
		if (o->has_offset && o->offset >= 0)
			add_event(m, loc, ns(o->start + o->dur), E_SEEK, h)->a =
				(uint64_t)o->offset;
		return;
	}
	data_events(m, o, loc, h);
}

/* the access mode of each handle created in the trace: what it was used for */
static void patch_modes(model *m)
{
	for (size_t i = 0; i < m->nh; i++) {
		const hdef *h = &m->h[i];
		if (!h->has_create)
			continue;
		event *e = &m->ev[h->create_ev];
		e->mode = h->saw_read && !h->saw_write   ? OTF2_IO_ACCESS_MODE_READ_ONLY
			  : h->saw_write && !h->saw_read ? OTF2_IO_ACCESS_MODE_WRITE_ONLY
							 : OTF2_IO_ACCESS_MODE_READ_WRITE;
	}
}

static int cmp_event(const void *pa, const void *pb)
{
	const event *a = pa, *b = pb;
	if (a->loc != b->loc)
		return a->loc < b->loc ? -1 : 1;
	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void model_free(model *m)
{
	for (size_t i = 0; i < m->nops; i++) {
		free(m->ops[i].call);
		free(m->ops[i].path);
	}
	free(m->ops);
	free(m->ev);
	free(m->h);
	free(m->loc);
	free(m->group_pid);
	free(m->group_rank);
	for (size_t i = 0; i < m->nstr; i++)
		free(m->strv[i]);
	free(m->strv);
	free(m->file_name);
	smap_free(&m->strings);
	smap_free(&m->files);
	smap_free(&m->live);
	smap_free(&m->locs);
	smap_free(&m->groups);
}

/* ---- reading the database ------------------------------------------------------------- */

static long long col_int(sqlite3_stmt *st, int i, long long dflt, int *has)
{
	int null = sqlite3_column_type(st, i) == SQLITE_NULL;
	if (has)
		*has = !null;
	return null ? dflt : sqlite3_column_int64(st, i);
}

static void read_row(model *m, sqlite3_stmt *st)
{
	const char *api = (const char *)sqlite3_column_text(st, 5);
	int layer = layer_of(api);
	if (layer < 0 || col_int(st, 14, 0, NULL) != 0) /* another layer, a failed call */
		return;
	GROW(m->ops, m->nops, m->capops);
	op_row *o = &m->ops[m->nops++];
	memset(o, 0, sizeof *o);
	o->pid = col_int(st, 0, 0, NULL);
	o->op_id = col_int(st, 1, 0, NULL);
	o->parent_op = col_int(st, 2, 0, &o->has_parent);
	o->rank = col_int(st, 3, 0, NULL);
	o->thread = col_int(st, 4, o->pid, NULL);
	o->layer = layer;
	o->call = vd_xstrdup((const char *)sqlite3_column_text(st, 6));
	if (!o->call)
		o->call = vd_xstrdup("?");
	o->cls = class_of((const char *)sqlite3_column_text(st, 7), o->call);
	o->path = vd_xstrdup((const char *)sqlite3_column_text(st, 8));
	o->handle = col_int(st, 9, -1, NULL);
	o->offset = col_int(st, 10, -1, &o->has_offset);
	o->bytes = col_int(st, 11, 0, NULL);
	o->req_bytes = col_int(st, 12, -1, NULL);
	o->start = sqlite3_column_double(st, 13);
	o->dur = sqlite3_column_double(st, 15);
	o->call_s = sqlite3_column_double(st, 16);
	o->ohandle = NONE;
}

static int read_ops(model *m, const char *db, long trace_id)
{
	sqlite3 *h = NULL;
	if (vd_tracedb_open(db, &h) != 0)
		return -1;
	int rc = -1;
	sqlite3_stmt *st = NULL;
	long id = vd_tracedb_pick(h, db, trace_id);
	if (id < 0)
		goto out;
	m->trace_id = id;
	/* a database of schema version 1 or 2, not migrated (the export only
	 * reads), has no call_s: dur_s is what the migration would put there */
	const char *q = "SELECT pid, op_id, parent_op, rank, thread, api, call, class, path, "
			"handle, offset, bytes, req_bytes, start_s, coalesce(err, 0), dur_s, "
			"coalesce(call_s, dur_s) FROM trace_ops WHERE trace_id = ?1 "
			"ORDER BY pid, op_id";
	const char *q_old = "SELECT pid, op_id, parent_op, rank, thread, api, call, class, "
			    "path, handle, offset, bytes, req_bytes, start_s, coalesce(err, 0), "
			    "dur_s, dur_s FROM trace_ops WHERE trace_id = ?1 ORDER BY pid, op_id";
	if (sqlite3_prepare_v2(h, q, -1, &st, NULL) != SQLITE_OK &&
	    sqlite3_prepare_v2(h, q_old, -1, &st, NULL) != SQLITE_OK) {
		vd_error_set("%s: unexpected trace tables (%s)", db, sqlite3_errmsg(h));
		goto out;
	}
	sqlite3_bind_int64(st, 1, id);
	int s;
	while ((s = sqlite3_step(st)) == SQLITE_ROW)
		read_row(m, st);
	if (s != SQLITE_DONE) {
		vd_error_set("%s: reading trace %ld: %s", db, id, sqlite3_errmsg(h));
		goto out;
	}
	if (m->nops == 0) {
		if (vd_trace_counters_only(h, id))
			vd_error_set(VD_TRACE_COUNTERS_ONLY_MSG, db, id);
		else
			vd_error_set("%s: trace %ld recorded no calls: nothing to export", db, id);
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(st);
	sqlite3_close(h);
	return rc;
}

/* ---- writing the archive -------------------------------------------------------------- */

static char otf2_msg[512];

static OTF2_ErrorCode quiet_error(void *ud, const char *file, uint64_t line, const char *fn,
				  OTF2_ErrorCode code, const char *fmt, va_list va)
{
	(void)ud, (void)file, (void)line, (void)fn;
	if (fmt)
		vsnprintf(otf2_msg, sizeof otf2_msg, fmt, va);
	else
		snprintf(otf2_msg, sizeof otf2_msg, "%s", OTF2_Error_GetDescription(code));
	return code;
}

static OTF2_FlushType pre_flush(void *ud, OTF2_FileType ft, OTF2_LocationRef loc, void *cb,
				bool final)
{
	(void)ud, (void)ft, (void)loc, (void)cb, (void) final;
	return OTF2_FLUSH;
}

static OTF2_TimeStamp post_flush(void *ud, OTF2_FileType ft, OTF2_LocationRef loc)
{
	(void)ud, (void)ft, (void)loc;
	return 0;
}

static const OTF2_FlushCallbacks flush_cb = { pre_flush, post_flush };

#define CK(x)                                \
	do {                                 \
		OTF2_ErrorCode ck_ = (x);    \
		if (ck_ != OTF2_SUCCESS) {   \
			otf2_fail(dir, ck_); \
			goto fail;           \
		}                            \
	} while (0)

static void otf2_fail(const char *dir, OTF2_ErrorCode code)
{
	vd_error_set("%s: writing the OTF2 archive: %s", dir,
		     otf2_msg[0] ? otf2_msg : OTF2_Error_GetDescription(code));
}

static OTF2_ErrorCode write_event(OTF2_EvtWriter *w, OTF2_AttributeList *al, const event *e)
{
	switch (e->kind) {
	case E_CREATE:
		return OTF2_EvtWriter_IoCreateHandle(
			w, NULL, e->t, e->handle, (OTF2_IoAccessMode)e->mode,
			(OTF2_IoCreationFlag)e->a, OTF2_IO_STATUS_FLAG_NONE);
	case E_DESTROY:
		return OTF2_EvtWriter_IoDestroyHandle(w, NULL, e->t, e->handle);
	case E_SEEK:
		return OTF2_EvtWriter_IoSeek(w, NULL, e->t, e->handle, (int64_t)e->a,
					     OTF2_IO_SEEK_FROM_START, e->a);
	case E_BEGIN:
		if (e->has_off) {
			OTF2_AttributeValue v = { .uint64 = e->off };
			OTF2_AttributeList_AddAttribute(al, 0, OTF2_TYPE_UINT64, v);
		}
		return OTF2_EvtWriter_IoOperationBegin(
			w, e->has_off ? al : NULL, e->t, e->handle, (OTF2_IoOperationMode)e->mode,
			(OTF2_IoOperationFlag)e->flags, e->a, e->match);
	case E_ISSUED:
		return OTF2_EvtWriter_IoOperationIssued(w, NULL, e->t, e->handle, e->match);
	default:
		return OTF2_EvtWriter_IoOperationComplete(w, NULL, e->t, e->handle, e->a, e->match);
	}
}

static int write_events(model *m, OTF2_Archive *ar, const char *dir)
{
	OTF2_AttributeList *al = OTF2_AttributeList_New();
	OTF2_EvtWriter *w = NULL;
	size_t i = 0;
	CK(OTF2_Archive_OpenEvtFiles(ar));
	for (uint32_t l = 0; l < m->nloc; l++) {
		w = OTF2_Archive_GetEvtWriter(ar, l);
		if (!w)
			CK(OTF2_ERROR_MEM_ALLOC_FAILED);
		for (; i < m->nev && m->ev[i].loc == l; i++)
			CK(write_event(w, al, &m->ev[i]));
		CK(OTF2_EvtWriter_GetNumberOfEvents(w, &m->loc[l].nevents));
		CK(OTF2_Archive_CloseEvtWriter(ar, w));
		w = NULL;
	}
	CK(OTF2_Archive_CloseEvtFiles(ar));
	/* an empty local definition file per location */
	CK(OTF2_Archive_OpenDefFiles(ar));
	for (uint32_t l = 0; l < m->nloc; l++) {
		OTF2_DefWriter *dw = OTF2_Archive_GetDefWriter(ar, l);
		if (!dw)
			CK(OTF2_ERROR_MEM_ALLOC_FAILED);
		CK(OTF2_Archive_CloseDefWriter(ar, dw));
	}
	CK(OTF2_Archive_CloseDefFiles(ar));
	OTF2_AttributeList_Delete(al);
	return 0;
fail:
	if (w)
		OTF2_Archive_CloseEvtWriter(ar, w);
	OTF2_AttributeList_Delete(al);
	return -1;
}

/* the names the definitions use, as string references (before the strings are written) */
typedef struct names {
	uint32_t node, machine, offset, offset_desc, para_ident[NLAYERS], para_name[NLAYERS];
	uint32_t *group, *loc;
} names;

static void make_names(model *m, names *n)
{
	char buf[128];
	snprintf(buf, sizeof buf, "vidya trace %ld", m->trace_id);
	n->node = str_ref(m, buf);
	n->machine = str_ref(m, "machine");
	n->offset = str_ref(m, "offset");
	n->offset_desc = str_ref(m, "byte offset where the transfer started");
	for (int i = 0; i < NLAYERS; i++) {
		n->para_ident[i] = str_ref(m, layers[i].ident);
		n->para_name[i] = str_ref(m, layers[i].name);
	}
	n->group = vd_xcalloc(m->ngroup ? m->ngroup : 1, sizeof *n->group);
	for (size_t g = 0; g < m->ngroup; g++) {
		snprintf(buf, sizeof buf, "rank %lld (pid %lld)", m->group_rank[g],
			 m->group_pid[g]);
		n->group[g] = str_ref(m, buf);
	}
	n->loc = vd_xcalloc(m->nloc ? m->nloc : 1, sizeof *n->loc);
	for (size_t l = 0; l < m->nloc; l++) {
		snprintf(buf, sizeof buf, "thread %lld (pid %lld)", m->loc[l].thread,
			 m->loc[l].pid);
		n->loc[l] = str_ref(m, buf);
	}
}

static int write_io_defs(model *m, OTF2_GlobalDefWriter *gw, const names *n, const char *dir)
{
	/* references in order: 0, 1, ... as the layers were first used */
	for (int r = 1; r <= m->nparadigms; r++)
		for (int i = 0; i < NLAYERS; i++)
			if (m->used_layer[i] == r)
				CK(OTF2_GlobalDefWriter_WriteIoParadigm(
					gw, (OTF2_IoParadigmRef)(r - 1), n->para_ident[i],
					n->para_name[i], layers[i].cls, layers[i].flags, 0, NULL,
					NULL, NULL));
	for (size_t f = 0; f < m->nfile; f++)
		CK(OTF2_GlobalDefWriter_WriteIoRegularFile(gw, (OTF2_IoFileRef)f, m->file_name[f],
							   0));
	for (size_t i = 0; i < m->nh; i++) {
		const hdef *h = &m->h[i];
		CK(OTF2_GlobalDefWriter_WriteIoHandle(
			gw, (OTF2_IoHandleRef)i, h->name, h->file,
			(OTF2_IoParadigmRef)(m->used_layer[h->layer] - 1),
			h->precreated ? OTF2_IO_HANDLE_FLAG_PRE_CREATED : OTF2_IO_HANDLE_FLAG_NONE,
			OTF2_UNDEFINED_COMM, h->parent));
	}
	return 0;
fail:
	return -1;
}

static int write_defs(model *m, OTF2_Archive *ar, const char *dir)
{
	names n = { 0 };
	make_names(m, &n);
	int rc = -1;
	OTF2_GlobalDefWriter *gw = OTF2_Archive_GetGlobalDefWriter(ar);
	if (!gw)
		CK(OTF2_ERROR_MEM_ALLOC_FAILED);
	CK(OTF2_GlobalDefWriter_WriteClockProperties(gw, 1000000000, 0, m->end_t + 1,
						     OTF2_UNDEFINED_TIMESTAMP));
	for (size_t s = 0; s < m->nstr; s++)
		CK(OTF2_GlobalDefWriter_WriteString(gw, (OTF2_StringRef)s, m->strv[s]));
	CK(OTF2_GlobalDefWriter_WriteSystemTreeNode(gw, 0, n.node, n.machine,
						    OTF2_UNDEFINED_SYSTEM_TREE_NODE));
	for (size_t g = 0; g < m->ngroup; g++)
		CK(OTF2_GlobalDefWriter_WriteLocationGroup(gw, (OTF2_LocationGroupRef)g, n.group[g],
							   OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
							   OTF2_UNDEFINED_LOCATION_GROUP));
	for (size_t l = 0; l < m->nloc; l++)
		CK(OTF2_GlobalDefWriter_WriteLocation(gw, (OTF2_LocationRef)l, n.loc[l],
						      OTF2_LOCATION_TYPE_CPU_THREAD,
						      m->loc[l].nevents, m->loc[l].group));
	CK(OTF2_GlobalDefWriter_WriteAttribute(gw, 0, n.offset, n.offset_desc, OTF2_TYPE_UINT64));
	if (write_io_defs(m, gw, &n, dir) != 0)
		goto fail;
	rc = 0;
fail:
	free(n.group);
	free(n.loc);
	return rc;
}

/* dir: created when missing; must be a writable directory without an
 * archive's parts (OTF2 refuses to write over them) */
static int check_dir(const char *dir)
{
	struct stat st;
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		vd_error_set("%s: cannot create the directory: %s", dir, strerror(errno));
		return -1;
	}
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		vd_error_set("%s: not a directory", dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK) != 0) {
		vd_error_set("%s: cannot write there: %s", dir, strerror(errno));
		return -1;
	}
	static const char *const parts[] = { "traces.otf2", "traces.def", "traces" };
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
		char *p = vd_xasprintf("%s/%s", dir, parts[i]);
		int exists = access(p, F_OK) == 0;
		free(p);
		if (exists) {
			vd_error_set(
				"%s: already holds an OTF2 archive (%s is there): remove "
				"traces.otf2, traces.def and traces/ or choose another directory",
				dir, parts[i]);
			return -1;
		}
	}
	return 0;
}

static int write_archive(model *m, const char *dir)
{
	/* the library's messages are kept for vd_error_set, never printed */
	OTF2_ErrorCallback before = OTF2_Error_RegisterCallback(quiet_error, NULL);
	otf2_msg[0] = 0;
	OTF2_Archive *ar =
		OTF2_Archive_Open(dir, "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
				  OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
	if (!ar) {
		vd_error_set("%s: cannot create the OTF2 archive%s%s", dir, otf2_msg[0] ? ": " : "",
			     otf2_msg);
		OTF2_Error_RegisterCallback(before, NULL);
		return -1;
	}
	int rc = -1;
	CK(OTF2_Archive_SetFlushCallbacks(ar, &flush_cb, NULL));
	CK(OTF2_Archive_SetSerialCollectiveCallbacks(ar));
	CK(OTF2_Archive_SetCreator(ar, "vidya"));
	CK(OTF2_Archive_SetDescription(ar, "I/O calls recorded by vidya trace"));
	if (write_events(m, ar, dir) != 0 || write_defs(m, ar, dir) != 0)
		goto fail;
	rc = 0;
fail:;
	OTF2_ErrorCode c = OTF2_Archive_Close(ar);
	if (rc == 0 && c != OTF2_SUCCESS) {
		otf2_fail(dir, c);
		rc = -1;
	}
	OTF2_Error_RegisterCallback(before, NULL);
	if (rc != 0) { /* no anchor file for a broken archive (none was there before) */
		char *anchor = vd_xasprintf("%s/traces.otf2", dir);
		unlink(anchor);
		free(anchor);
	}
	return rc;
}

int vd_otf2_export(const char *db, long trace_id, const char *dir, vd_otf2_stats *stats)
{
	model m = { 0 };
	int rc = -1;
	if (read_ops(&m, db, trace_id) != 0 || check_dir(dir) != 0)
		goto out;
	long io_ops = 0;
	for (size_t i = 0; i < m.nops; i++) {
		op_events(&m, &m.ops[i]);
		io_ops +=
			m.ops[i].cls >= C_READ && m.ops[i].cls != C_SEEK && m.ops[i].cls != C_OTHER;
	}
	patch_modes(&m);
	qsort(m.ev, m.nev, sizeof *m.ev, cmp_event);
	if (write_archive(&m, dir) != 0)
		goto out;
	if (stats)
		*stats = (vd_otf2_stats){ m.trace_id, (long)m.nloc, (long)m.nfile,
					  (long)m.nh, io_ops,       (long)m.nev };
	rc = 0;
out:
	model_free(&m);
	return rc;
}
