/*
 * wrap_mpiio.c - MPI-IO layer of libvidya_trace.so.
 *
 * Interposes the MPI_File_* calls an application makes (open/close/delete,
 * the blocking, collective, explicit-offset, shared-pointer, ordered,
 * non-blocking and split-collective reads and writes, seek, the shared
 * pointer's seek and position, sync, set_view, set_size, preallocate,
 * get_size, set_atomicity, set_info) and records each as one VD_TL_MPIIO
 * op; the POSIX calls the MPI library issues while serving it are recorded
 * as its children.  MPI_Wait, MPI_Test and their any/all/some forms are
 * recorded (class wait) when they complete an MPI-IO transfer.  MPI_Init,
 * MPI_Init_thread and MPI_Finalize (and their PMPI_ names) are wrapped to
 * run quietly, with their time charged to their caller (vt_anchor_begin):
 * the I/O MPI does for itself while starting and stopping is not the
 * application's.
 *
 * The library is not linked against libmpi.  <mpi.h> is included for the
 * types and integer constants only: in Open MPI the predefined handles
 * (MPI_COMM_WORLD, MPI_BYTE, MPI_FILE_NULL...) are addresses of symbols in
 * libmpi, so none is referenced here.  Every MPI function called is looked
 * up at run time (vt_next) and called through a pointer, inside
 * vt_quiet_begin/vt_quiet_end so it is not recorded, with errno preserved.
 *
 * What is recorded for a data call:
 *  - req: count * size of the datatype; done: req when the call succeeded,
 *    or the count the status reports when the application passed one; for
 *    a call that starts a transfer, the bytes its completion's status
 *    reports (as MPI_BYTEs);
 *  - offset: the absolute byte position in the file where the transfer
 *    starts, i.e. the view-relative offset (the explicit one, or the
 *    individual file pointer before the call) mapped through the file's
 *    view by MPI_File_get_byte_offset.  -1 for the shared-pointer and
 *    ordered calls, whose position is only known inside the MPI library;
 *  - err: the MPI error code returned, 0 on success.
 * A non-blocking call or a split collective's _begin records the call
 * that starts the transfer and tracks the transfer (under its request, or
 * the file handle for a split collective) until the MPI_Wait/MPI_Test or
 * _end that completes it, which records when it ended and the bytes its
 * status reports (vt_done).  The queries made before a call run before
 * vt_begin, so their time is not the call's.
 *
 * The helper calls must never make the program fail where it would not
 * have: MPI invokes an error handler on their errors, and the one of
 * MPI_COMM_WORLD (where MPI_Type_size reports a bad datatype) aborts by
 * default.  So the datatype is examined only after the real call has
 * accepted it, and the file pointer is not queried on files opened with
 * MPI_MODE_SEQUENTIAL (where asking for it is an error).
 *
 * Not wrapped: the queries that do no I/O (get_position, get_byte_offset,
 * get_view, get_info, ...), which the helpers here use themselves, and the
 * Fortran bindings, which Open MPI implements by calling PMPI_* directly.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "recorder.h"

/* An MPI_File as the integer stored in the log. */
static int64_t fh_handle(MPI_File fh)
{
	return (int64_t)(intptr_t)fh;
}

/*
 * Absolute byte position of view-relative offset `off` (in etypes) of `fh`,
 * -1 when unknown.  Quiet; errno is preserved.
 */
static int64_t byte_offset(MPI_File fh, MPI_Offset off)
{
	VT_REAL(int, PMPI_File_get_byte_offset, (MPI_File, MPI_Offset, MPI_Offset *));
	MPI_Offset disp;
	int64_t ret = -1;
	int e = errno;

	if (off < 0 || !real_PMPI_File_get_byte_offset)
		return -1;
	vt_quiet_begin();
	if (real_PMPI_File_get_byte_offset(fh, off, &disp) == MPI_SUCCESS && disp >= 0)
		ret = disp;
	vt_quiet_end();
	errno = e;
	return ret;
}

/*
 * Absolute byte position of the individual file pointer of `fh`, -1 when
 * unknown (or the file is sequential, where the pointer is not defined).
 */
static int64_t pointer_offset(MPI_File fh)
{
	VT_REAL(int, PMPI_File_get_amode, (MPI_File, int *));
	VT_REAL(int, PMPI_File_get_position, (MPI_File, MPI_Offset *));
	MPI_Offset pos = -1;
	int amode, e = errno;

	if (!real_PMPI_File_get_amode || !real_PMPI_File_get_position)
		return -1;
	vt_quiet_begin();
	if (real_PMPI_File_get_amode(fh, &amode) != MPI_SUCCESS || (amode & MPI_MODE_SEQUENTIAL) ||
	    real_PMPI_File_get_position(fh, &pos) != MPI_SUCCESS)
		pos = -1;
	vt_quiet_end();
	errno = e;
	return pos < 0 ? -1 : byte_offset(fh, pos);
}

/*
 * Whether the datatype handed to a call that returned `rc` is known to be
 * valid, so that asking MPI for its size cannot raise an error.  The call
 * validates its arguments first: a failure of one of these classes may come
 * from them, any other failure happened after the datatype was accepted.
 */
static int type_checked(int rc)
{
	VT_REAL(int, PMPI_Error_class, (int, int *));
	int cls = MPI_ERR_TYPE, e = errno;

	if (rc == MPI_SUCCESS)
		return 1;
	if (!real_PMPI_Error_class)
		return 0;
	vt_quiet_begin();
	if (real_PMPI_Error_class(rc, &cls) != MPI_SUCCESS)
		cls = MPI_ERR_TYPE;
	vt_quiet_end();
	errno = e;
	return cls != MPI_ERR_TYPE && cls != MPI_ERR_COUNT && cls != MPI_ERR_FILE &&
	       cls != MPI_ERR_ARG && cls != MPI_ERR_BUFFER;
}

/*
 * Ends the record of a data call that returned `rc` after transferring
 * `count` elements of `type` from the file position `off`.  `st` is the
 * status the application passed (NULL for the calls that only start a
 * transfer: their `done` is `req` until the transfer is seen to end).
 * Returns `req`.
 */
static int64_t data_end(vt_call *c, MPI_File fh, int64_t off, int rc, MPI_Datatype type, int count,
			MPI_Status *st)
{
	VT_REAL(int, PMPI_Type_size_x, (MPI_Datatype, MPI_Count *));
	VT_REAL(int, PMPI_Get_count, (const MPI_Status *, MPI_Datatype, int *));
	int64_t req = 0, done = 0;
	int e = errno;

	if (count > 0 && real_PMPI_Type_size_x && type_checked(rc)) {
		MPI_Count size;
		int n;

		vt_quiet_begin();
		if (real_PMPI_Type_size_x(type, &size) == MPI_SUCCESS && size >= 0) {
			req = (int64_t)count * size;
			if (rc == MPI_SUCCESS) {
				done = req;
				/* The status knows better, e.g. of a read that met
				 * the end of the file. */
				if (st != MPI_STATUS_IGNORE && real_PMPI_Get_count &&
				    real_PMPI_Get_count(st, type, &n) == MPI_SUCCESS &&
				    n != MPI_UNDEFINED && n >= 0 && n <= count)
					done = (int64_t)n * size;
			}
		}
		vt_quiet_end();
	}
	errno = e;
	vt_end(c, fh_handle(fh), off, req, done, rc, NULL);
	return req;
}

/* MPI_BYTE: in Open MPI the address of a symbol of libmpi, found at run time */
static MPI_Datatype byte_type(void)
{
	static void *sym;
	if (!sym)
		sym = vt_next("ompi_mpi_byte");
	return (MPI_Datatype)sym;
}

/*
 * Bytes a completed transfer moved, from the status its completion filled
 * in: at most `req`; `req` when the status does not say.  Quiet; errno is
 * preserved.
 */
static int64_t status_bytes(const MPI_Status *st, int64_t req)
{
	VT_REAL(int, PMPI_Get_elements_x, (const MPI_Status *, MPI_Datatype, MPI_Count *));
	MPI_Datatype byte = byte_type();
	MPI_Count n;
	int64_t got = req;
	int e = errno;

	if (!st || !byte || !real_PMPI_Get_elements_x)
		return req;
	vt_quiet_begin();
	if (real_PMPI_Get_elements_x(st, byte, &n) == MPI_SUCCESS && n != MPI_UNDEFINED && n >= 0 &&
	    n <= req)
		got = (int64_t)n;
	vt_quiet_end();
	errno = e;
	return got;
}

/*
 * Keys of the transfers in flight: a request (non-blocking calls) is the
 * address of an object, so its low bits are 0; a split collective, of which
 * a file has at most one in flight, is keyed by the file handle with bit 0
 * set.
 */
static uintptr_t request_key(MPI_Request r)
{
	return (uintptr_t)r;
}

static uintptr_t split_key(MPI_File fh)
{
	return (uintptr_t)fh | 1u;
}

/* Ends the record of a call that started a transfer and tracks the
 * transfer under `key` until a completion call sees it end. */
static void start_end(vt_call *c, MPI_File fh, int64_t off, int rc, MPI_Datatype type, int count,
		      uintptr_t key)
{
	int64_t req = data_end(c, fh, off, rc, type, count, NULL);
	if (rc == MPI_SUCCESS && key) {
		vt_pending p = { c->id, fh_handle(fh), req, c->call };
		vt_track(key, &p);
	}
}

/* The transfer tracked as `p` under `key` ended with error `err`; `st` its
 * status, NULL when none.  `by`: the recorded call that saw it, 0 none. */
static void complete(uintptr_t key, const vt_pending *p, uint64_t by, const MPI_Status *st, int err)
{
	vt_tracked(key, NULL, 1);
	vt_done(p->id, by, err == MPI_SUCCESS ? status_bytes(st, p->req) : 0, err);
}

/*
 * Every data call is one wrapper: name PARAMS, called as real_name ARGS
 * (TYPES: its parameter types), with POS the offset computed before the
 * call and END what records it after (data_end for the blocking calls,
 * start_end for those that only start a transfer).  A call whose real
 * definition cannot be found fails with MPI_ERR_INTERN rather than crash
 * (the program probed for MPI through a weak reference, or libmpi was
 * loaded RTLD_LOCAL where vt_next cannot see it).
 */
#define WRAP_DATA(name, id, PARAMS, ARGS, TYPES, POS, END) \
	int name PARAMS                                    \
	{                                                  \
		VT_REAL(int, name, TYPES);                 \
		if (!real_##name)                          \
			return MPI_ERR_INTERN;             \
		int64_t off = POS;                         \
		vt_call c;                                 \
		int on = vt_begin(&c, id);                 \
		int r = real_##name ARGS;                  \
		if (on)                                    \
			END;                               \
		return r;                                  \
	}

/*
 * The blocking data calls come in three shapes.  `BUF` is the buffer's type
 * (void * or const void *); `LAST` the type of the last parameter and `ST`
 * the status to examine.
 */

/* name(fh, offset, buf, count, datatype, last): explicit offset. */
#define WRAP_AT(name, id, BUF, LAST, ST)                                                         \
	WRAP_DATA(name, id,                                                                      \
		  (MPI_File fh, MPI_Offset offset, BUF buf, int count, MPI_Datatype datatype,    \
		   LAST last),                                                                   \
		  (fh, offset, buf, count, datatype, last),                                      \
		  (MPI_File, MPI_Offset, BUF, int, MPI_Datatype, LAST), byte_offset(fh, offset), \
		  data_end(&c, fh, off, r, datatype, count, ST))

/* name(fh, buf, count, datatype, last): individual file pointer. */
#define WRAP_PTR(name, id, BUF, LAST, ST)                                                        \
	WRAP_DATA(name, id, (MPI_File fh, BUF buf, int count, MPI_Datatype datatype, LAST last), \
		  (fh, buf, count, datatype, last), (MPI_File, BUF, int, MPI_Datatype, LAST),    \
		  pointer_offset(fh), data_end(&c, fh, off, r, datatype, count, ST))

/* name(fh, buf, count, datatype, status): shared file pointer, offset unknown. */
#define WRAP_SHARED(name, id, BUF)                                                              \
	WRAP_DATA(name, id,                                                                     \
		  (MPI_File fh, BUF buf, int count, MPI_Datatype datatype, MPI_Status *status), \
		  (fh, buf, count, datatype, status),                                           \
		  (MPI_File, BUF, int, MPI_Datatype, MPI_Status *), -1,                         \
		  data_end(&c, fh, off, r, datatype, count, status))

WRAP_PTR(MPI_File_read, VD_TL_MPI_READ, void *, MPI_Status *, last)
WRAP_PTR(MPI_File_read_all, VD_TL_MPI_READ_ALL, void *, MPI_Status *, last)
WRAP_PTR(MPI_File_write, VD_TL_MPI_WRITE, const void *, MPI_Status *, last)
WRAP_PTR(MPI_File_write_all, VD_TL_MPI_WRITE_ALL, const void *, MPI_Status *, last)

WRAP_AT(MPI_File_read_at, VD_TL_MPI_READ_AT, void *, MPI_Status *, last)
WRAP_AT(MPI_File_read_at_all, VD_TL_MPI_READ_AT_ALL, void *, MPI_Status *, last)
WRAP_AT(MPI_File_write_at, VD_TL_MPI_WRITE_AT, const void *, MPI_Status *, last)
WRAP_AT(MPI_File_write_at_all, VD_TL_MPI_WRITE_AT_ALL, const void *, MPI_Status *, last)

WRAP_SHARED(MPI_File_read_shared, VD_TL_MPI_READ_SHARED, void *)
WRAP_SHARED(MPI_File_write_shared, VD_TL_MPI_WRITE_SHARED, const void *)
WRAP_SHARED(MPI_File_read_ordered, VD_TL_MPI_READ_ORDERED, void *)
WRAP_SHARED(MPI_File_write_ordered, VD_TL_MPI_WRITE_ORDERED, const void *)

/*
 * Non-blocking calls: name(fh, [offset,] buf, count, datatype, request).
 * The record's times are the call's; the transfer is tracked under the
 * request until MPI_Wait/MPI_Test (and their any/all/some forms) returns it
 * completed.  POS computes the offset before the call.
 */
#define I_END start_end(&c, fh, off, r, datatype, count, request ? request_key(*request) : 0)
#define I_AT(name, id, BUF)                                                                   \
	WRAP_DATA(name, id,                                                                   \
		  (MPI_File fh, MPI_Offset offset, BUF buf, int count, MPI_Datatype datatype, \
		   MPI_Request *request),                                                     \
		  (fh, offset, buf, count, datatype, request),                                \
		  (MPI_File, MPI_Offset, BUF, int, MPI_Datatype, MPI_Request *),              \
		  byte_offset(fh, offset), I_END)
#define I_PTR(name, id, BUF, POS)                                                                 \
	WRAP_DATA(name, id,                                                                       \
		  (MPI_File fh, BUF buf, int count, MPI_Datatype datatype, MPI_Request *request), \
		  (fh, buf, count, datatype, request),                                            \
		  (MPI_File, BUF, int, MPI_Datatype, MPI_Request *), POS, I_END)

I_PTR(MPI_File_iread, VD_TL_MPI_IREAD, void *, pointer_offset(fh))
I_PTR(MPI_File_iwrite, VD_TL_MPI_IWRITE, const void *, pointer_offset(fh))
I_AT(MPI_File_iread_at, VD_TL_MPI_IREAD_AT, void *)
I_AT(MPI_File_iwrite_at, VD_TL_MPI_IWRITE_AT, const void *)
I_PTR(MPI_File_iread_shared, VD_TL_MPI_IREAD_SHARED, void *, -1)
I_PTR(MPI_File_iwrite_shared, VD_TL_MPI_IWRITE_SHARED, const void *, -1)
I_PTR(MPI_File_iread_all, VD_TL_MPI_IREAD_ALL, void *, pointer_offset(fh))
I_PTR(MPI_File_iwrite_all, VD_TL_MPI_IWRITE_ALL, const void *, pointer_offset(fh))
I_AT(MPI_File_iread_at_all, VD_TL_MPI_IREAD_AT_ALL, void *)
I_AT(MPI_File_iwrite_at_all, VD_TL_MPI_IWRITE_AT_ALL, const void *)

/*
 * Split collectives: name_begin(fh, [offset,] buf, count, datatype) starts
 * the transfer (its record has the bytes), name_end(fh, buf, status)
 * completes it: a record of its own, of class wait, that ends the begin's
 * transfer.
 */
#define BEGIN_END start_end(&c, fh, off, r, datatype, count, split_key(fh))
#define BEGIN_AT(name, id, BUF)                                                                \
	WRAP_DATA(name, id,                                                                    \
		  (MPI_File fh, MPI_Offset offset, BUF buf, int count, MPI_Datatype datatype), \
		  (fh, offset, buf, count, datatype),                                          \
		  (MPI_File, MPI_Offset, BUF, int, MPI_Datatype), byte_offset(fh, offset),     \
		  BEGIN_END)
#define BEGIN_PTR(name, id, BUF, POS)                                                 \
	WRAP_DATA(name, id, (MPI_File fh, BUF buf, int count, MPI_Datatype datatype), \
		  (fh, buf, count, datatype), (MPI_File, BUF, int, MPI_Datatype), POS, BEGIN_END)

#define WRAP_END(name, CALL, BUF)                                                     \
	int name(MPI_File fh, BUF buf, MPI_Status *status)                            \
	{                                                                             \
		VT_REAL(int, name, (MPI_File, BUF, MPI_Status *));                    \
		if (!real_##name)                                                     \
			return MPI_ERR_INTERN;                                        \
		vt_pending p;                                                         \
		int have = vt_tracked(split_key(fh), &p, 0);                          \
		MPI_Status mine, *use = status == MPI_STATUS_IGNORE ? &mine : status; \
		vt_call c;                                                            \
		int on = vt_begin(&c, CALL);                                          \
		int r = real_##name(fh, buf, use);                                    \
		if (have)                                                             \
			complete(split_key(fh), &p, on ? c.id : 0, use, r);           \
		if (on)                                                               \
			vt_end(&c, fh_handle(fh), -1, 0, 0, r, NULL);                 \
		return r;                                                             \
	}

BEGIN_PTR(MPI_File_read_all_begin, VD_TL_MPI_READ_ALL_BEGIN, void *, pointer_offset(fh))
BEGIN_PTR(MPI_File_write_all_begin, VD_TL_MPI_WRITE_ALL_BEGIN, const void *, pointer_offset(fh))
BEGIN_AT(MPI_File_read_at_all_begin, VD_TL_MPI_READ_AT_ALL_BEGIN, void *)
BEGIN_AT(MPI_File_write_at_all_begin, VD_TL_MPI_WRITE_AT_ALL_BEGIN, const void *)
BEGIN_PTR(MPI_File_read_ordered_begin, VD_TL_MPI_READ_ORDERED_BEGIN, void *, -1)
BEGIN_PTR(MPI_File_write_ordered_begin, VD_TL_MPI_WRITE_ORDERED_BEGIN, const void *, -1)
WRAP_END(MPI_File_read_all_end, VD_TL_MPI_READ_ALL_END, void *)
WRAP_END(MPI_File_write_all_end, VD_TL_MPI_WRITE_ALL_END, const void *)
WRAP_END(MPI_File_read_at_all_end, VD_TL_MPI_READ_AT_ALL_END, void *)
WRAP_END(MPI_File_write_at_all_end, VD_TL_MPI_WRITE_AT_ALL_END, const void *)
WRAP_END(MPI_File_read_ordered_end, VD_TL_MPI_READ_ORDERED_END, void *)
WRAP_END(MPI_File_write_ordered_end, VD_TL_MPI_WRITE_ORDERED_END, const void *)

/* ---- completion of non-blocking transfers ---- */

/* Ends the record `c` of a wait or test call (begun when `on`) on `handle`,
 * the file of its first tracked transfer: a test that `ended` nothing and
 * made no recorded call itself is dropped. */
static void wait_end(vt_call *c, int on, int ended, int64_t handle, int r)
{
	if (!on)
		return;
	if (ended || vt_has_children())
		vt_end(c, handle, -1, 0, 0, r, NULL);
	else
		vt_drop(c);
}

/*
 * The MPI_Wait and MPI_Test families are recorded (class wait, handle: the
 * file of the first MPI-IO transfer among their requests) only when their
 * requests include a tracked MPI-IO transfer; otherwise they pass straight
 * through, at the cost of one look-up while transfers are in flight.  A
 * test that completed nothing is not recorded.  When the application
 * ignores the statuses, the wrapper passes its own, to learn the bytes.
 */

int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
	VT_REAL(int, MPI_Wait, (MPI_Request *, MPI_Status *));
	if (!real_MPI_Wait)
		return MPI_ERR_INTERN;
	vt_pending p;
	uintptr_t key = request ? request_key(*request) : 0;
	if (!key || !vt_tracked(key, &p, 0))
		return real_MPI_Wait(request, status);
	MPI_Status mine, *use = status == MPI_STATUS_IGNORE ? &mine : status;
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_WAIT);
	int r = real_MPI_Wait(request, use);
	complete(key, &p, on ? c.id : 0, use, r);
	wait_end(&c, on, 1, p.handle, r);
	return r;
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
	VT_REAL(int, MPI_Test, (MPI_Request *, int *, MPI_Status *));
	if (!real_MPI_Test)
		return MPI_ERR_INTERN;
	vt_pending p;
	uintptr_t key = request ? request_key(*request) : 0;
	if (!key || !flag || !vt_tracked(key, &p, 0))
		return real_MPI_Test(request, flag, status);
	MPI_Status mine, *use = status == MPI_STATUS_IGNORE ? &mine : status;
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_TEST);
	int r = real_MPI_Test(request, flag, use);
	int ended = r != MPI_SUCCESS || *flag;
	if (ended)
		complete(key, &p, on ? c.id : 0, use, r);
	wait_end(&c, on, ended, p.handle, r);
	return r;
}

/* The tracked transfers among `count` requests: their indexes and entries. */
typedef struct reqset {
	int n;    /* tracked among them */
	int *idx; /* index in the array */
	uintptr_t *key;
	vt_pending *p;
	MPI_Status *st; /* the wrapper's own statuses, when the application ignores them */
} reqset;

static void reqset_free(reqset *s)
{
	free(s->idx);
	free(s->key);
	free(s->p);
	free(s->st);
}

/* 1 when some of the requests are tracked MPI-IO transfers (and the set
 * could be built), 0 otherwise: the call then passes through. */
static int reqset_find(reqset *s, int count, const MPI_Request *reqs, int need_st)
{
	memset(s, 0, sizeof *s);
	if (count <= 0 || !reqs || !vt_tracking())
		return 0;
	int any = 0;
	for (int i = 0; i < count && !any; i++)
		any = vt_tracked(request_key(reqs[i]), NULL, 0);
	if (!any)
		return 0;
	int e = errno;
	s->idx = malloc((size_t)count * sizeof *s->idx);
	s->key = malloc((size_t)count * sizeof *s->key);
	s->p = malloc((size_t)count * sizeof *s->p);
	if (need_st)
		s->st = malloc((size_t)count * sizeof *s->st);
	if (!s->idx || !s->key || !s->p || (need_st && !s->st)) {
		reqset_free(s);
		errno = e;
		return 0;
	}
	for (int i = 0; i < count; i++) {
		uintptr_t k = request_key(reqs[i]);
		if (k && vt_tracked(k, &s->p[s->n], 0)) {
			s->idx[s->n] = i;
			s->key[s->n++] = k;
		}
	}
	errno = e;
	if (s->n == 0) {
		reqset_free(s);
		return 0;
	}
	return 1;
}

/* position of request index `i` in the set, -1 when not tracked */
static int reqset_pos(const reqset *s, int i)
{
	for (int k = 0; k < s->n; k++)
		if (s->idx[k] == i)
			return k;
	return -1;
}

/* After an all-form that returned `r` with statuses `sts` (indexed like
 * the requests): every tracked transfer not still pending has ended. */
static void reqset_all(reqset *s, int r, MPI_Status *sts, uint64_t by)
{
	for (int k = 0; k < s->n; k++) {
		MPI_Status *st = sts ? &sts[s->idx[k]] : NULL;
		int err = r;
		if (r == MPI_ERR_IN_STATUS)
			err = st ? st->MPI_ERROR : r;
		if (err == MPI_ERR_PENDING)
			continue;
		complete(s->key[k], &s->p[k], by, st, err);
	}
}

/* After a some-form: `out` requests ended, at indices[0..out), statuses
 * `sts` indexed like indices. */
static void reqset_some(reqset *s, int r, int out, const int *indices, MPI_Status *sts, uint64_t by)
{
	if (out == MPI_UNDEFINED || out <= 0 || !indices)
		return;
	for (int j = 0; j < out; j++) {
		int k = reqset_pos(s, indices[j]);
		if (k < 0)
			continue;
		MPI_Status *st = sts ? &sts[j] : NULL;
		int err = r == MPI_ERR_IN_STATUS ? (st ? st->MPI_ERROR : r) : r;
		complete(s->key[k], &s->p[k], by, st, err);
	}
}

int MPI_Waitall(int count, MPI_Request reqs[], MPI_Status statuses[])
{
	VT_REAL(int, MPI_Waitall, (int, MPI_Request[], MPI_Status[]));
	if (!real_MPI_Waitall)
		return MPI_ERR_INTERN;
	reqset s;
	if (!reqset_find(&s, count, reqs, statuses == MPI_STATUSES_IGNORE))
		return real_MPI_Waitall(count, reqs, statuses);
	MPI_Status *use = statuses == MPI_STATUSES_IGNORE ? s.st : statuses;
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_WAITALL);
	int r = real_MPI_Waitall(count, reqs, use);
	int e = errno;
	reqset_all(&s, r, use, on ? c.id : 0);
	wait_end(&c, on, 1, s.p[0].handle, r);
	reqset_free(&s);
	errno = e;
	return r;
}

int MPI_Testall(int count, MPI_Request reqs[], int *flag, MPI_Status statuses[])
{
	VT_REAL(int, MPI_Testall, (int, MPI_Request[], int *, MPI_Status[]));
	if (!real_MPI_Testall)
		return MPI_ERR_INTERN;
	reqset s;
	if (!flag || !reqset_find(&s, count, reqs, statuses == MPI_STATUSES_IGNORE))
		return real_MPI_Testall(count, reqs, flag, statuses);
	MPI_Status *use = statuses == MPI_STATUSES_IGNORE ? s.st : statuses;
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_TESTALL);
	int r = real_MPI_Testall(count, reqs, flag, use);
	int e = errno;
	int ended = r != MPI_SUCCESS || *flag;
	if (ended)
		reqset_all(&s, r, use, on ? c.id : 0);
	wait_end(&c, on, ended, s.p[0].handle, r);
	reqset_free(&s);
	errno = e;
	return r;
}

int MPI_Waitany(int count, MPI_Request reqs[], int *index, MPI_Status *status)
{
	VT_REAL(int, MPI_Waitany, (int, MPI_Request[], int *, MPI_Status *));
	if (!real_MPI_Waitany)
		return MPI_ERR_INTERN;
	reqset s;
	if (!index || !reqset_find(&s, count, reqs, 0))
		return real_MPI_Waitany(count, reqs, index, status);
	MPI_Status mine, *use = status == MPI_STATUS_IGNORE ? &mine : status;
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_WAITANY);
	int r = real_MPI_Waitany(count, reqs, index, use);
	int e = errno;
	int k = *index == MPI_UNDEFINED ? -1 : reqset_pos(&s, *index);
	if (k >= 0)
		complete(s.key[k], &s.p[k], on ? c.id : 0, use, r);
	wait_end(&c, on, 1, s.p[k >= 0 ? k : 0].handle, r);
	reqset_free(&s);
	errno = e;
	return r;
}

int MPI_Testany(int count, MPI_Request reqs[], int *index, int *flag, MPI_Status *status)
{
	VT_REAL(int, MPI_Testany, (int, MPI_Request[], int *, int *, MPI_Status *));
	if (!real_MPI_Testany)
		return MPI_ERR_INTERN;
	reqset s;
	if (!index || !flag || !reqset_find(&s, count, reqs, 0))
		return real_MPI_Testany(count, reqs, index, flag, status);
	MPI_Status mine, *use = status == MPI_STATUS_IGNORE ? &mine : status;
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_TESTANY);
	int r = real_MPI_Testany(count, reqs, index, flag, use);
	int e = errno;
	int k = (*flag || r != MPI_SUCCESS) && *index != MPI_UNDEFINED ? reqset_pos(&s, *index)
								       : -1;
	if (k >= 0)
		complete(s.key[k], &s.p[k], on ? c.id : 0, use, r);
	wait_end(&c, on, k >= 0, s.p[k >= 0 ? k : 0].handle, r);
	reqset_free(&s);
	errno = e;
	return r;
}

int MPI_Waitsome(int incount, MPI_Request reqs[], int *outcount, int indices[],
		 MPI_Status statuses[])
{
	VT_REAL(int, MPI_Waitsome, (int, MPI_Request[], int *, int[], MPI_Status[]));
	if (!real_MPI_Waitsome)
		return MPI_ERR_INTERN;
	reqset s;
	if (!outcount || !reqset_find(&s, incount, reqs, statuses == MPI_STATUSES_IGNORE))
		return real_MPI_Waitsome(incount, reqs, outcount, indices, statuses);
	MPI_Status *use = statuses == MPI_STATUSES_IGNORE ? s.st : statuses;
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_WAITSOME);
	int r = real_MPI_Waitsome(incount, reqs, outcount, indices, use);
	int e = errno;
	reqset_some(&s, r, *outcount, indices, use, on ? c.id : 0);
	wait_end(&c, on, 1, s.p[0].handle, r);
	reqset_free(&s);
	errno = e;
	return r;
}

int MPI_Testsome(int incount, MPI_Request reqs[], int *outcount, int indices[],
		 MPI_Status statuses[])
{
	VT_REAL(int, MPI_Testsome, (int, MPI_Request[], int *, int[], MPI_Status[]));
	if (!real_MPI_Testsome)
		return MPI_ERR_INTERN;
	reqset s;
	if (!outcount || !reqset_find(&s, incount, reqs, statuses == MPI_STATUSES_IGNORE))
		return real_MPI_Testsome(incount, reqs, outcount, indices, statuses);
	MPI_Status *use = statuses == MPI_STATUSES_IGNORE ? s.st : statuses;
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_TESTSOME);
	int r = real_MPI_Testsome(incount, reqs, outcount, indices, use);
	int e = errno;
	int ended = 0;
	for (int j = 0; indices && *outcount != MPI_UNDEFINED && j < *outcount; j++)
		ended |= reqset_pos(&s, indices[j]) >= 0;
	reqset_some(&s, r, *outcount, indices, use, on ? c.id : 0);
	wait_end(&c, on, ended, s.p[0].handle, r);
	reqset_free(&s);
	errno = e;
	return r;
}

/* A request freed while in flight: its end cannot be seen any more. */
int MPI_Request_free(MPI_Request *request)
{
	VT_REAL(int, MPI_Request_free, (MPI_Request *));
	if (!real_MPI_Request_free)
		return MPI_ERR_INTERN;
	if (request)
		vt_tracked(request_key(*request), NULL, 1);
	return real_MPI_Request_free(request);
}

int MPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh)
{
	VT_REAL(int, MPI_File_open, (MPI_Comm, const char *, int, MPI_Info, MPI_File *));
	if (!real_MPI_File_open)
		return MPI_ERR_INTERN;
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_OPEN);
	int r = real_MPI_File_open(comm, filename, amode, info, fh);
	if (on)
		vt_end(&c, r == MPI_SUCCESS && fh ? fh_handle(*fh) : -1, -1, 0, 0, r, filename);
	return r;
}

int MPI_File_close(MPI_File *fh)
{
	VT_REAL(int, MPI_File_close, (MPI_File *));
	if (!real_MPI_File_close)
		return MPI_ERR_INTERN;
	int64_t h = fh ? fh_handle(*fh) : -1; /* *fh is MPI_FILE_NULL afterwards */
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_CLOSE);
	int r = real_MPI_File_close(fh);
	if (on)
		vt_end(&c, h, -1, 0, 0, r, NULL);
	return r;
}

/* Records the position the individual file pointer was moved to. */
int MPI_File_seek(MPI_File fh, MPI_Offset offset, int whence)
{
	VT_REAL(int, MPI_File_seek, (MPI_File, MPI_Offset, int));
	if (!real_MPI_File_seek)
		return MPI_ERR_INTERN;
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_SEEK);
	int r = real_MPI_File_seek(fh, offset, whence);
	if (on)
		vt_end(&c, fh_handle(fh), r == MPI_SUCCESS ? pointer_offset(fh) : -1, 0, 0, r,
		       NULL);
	return r;
}

/* The calls on an open file that move no data: handle and outcome only. */
#define WRAP_META(name, id, PARAMS, ARGS, TYPES)                      \
	int name PARAMS                                               \
	{                                                             \
		VT_REAL(int, name, TYPES);                            \
		if (!real_##name)                                     \
			return MPI_ERR_INTERN;                        \
		vt_call c;                                            \
		int on = vt_begin(&c, id);                            \
		int r = real_##name ARGS;                             \
		if (on)                                               \
			vt_end(&c, fh_handle(fh), -1, 0, 0, r, NULL); \
		return r;                                             \
	}

WRAP_META(MPI_File_sync, VD_TL_MPI_SYNC, (MPI_File fh), (fh), (MPI_File))
WRAP_META(MPI_File_get_size, VD_TL_MPI_GET_SIZE, (MPI_File fh, MPI_Offset *size), (fh, size),
	  (MPI_File, MPI_Offset *))
WRAP_META(MPI_File_seek_shared, VD_TL_MPI_SEEK_SHARED, (MPI_File fh, MPI_Offset offset, int whence),
	  (fh, offset, whence), (MPI_File, MPI_Offset, int))
WRAP_META(MPI_File_get_position_shared, VD_TL_MPI_GET_POSITION_SHARED,
	  (MPI_File fh, MPI_Offset *offset), (fh, offset), (MPI_File, MPI_Offset *))
WRAP_META(MPI_File_set_atomicity, VD_TL_MPI_SET_ATOMICITY, (MPI_File fh, int flag), (fh, flag),
	  (MPI_File, int))
WRAP_META(MPI_File_set_info, VD_TL_MPI_SET_INFO, (MPI_File fh, MPI_Info info), (fh, info),
	  (MPI_File, MPI_Info))
WRAP_META(MPI_File_set_size, VD_TL_MPI_SET_SIZE, (MPI_File fh, MPI_Offset size), (fh, size),
	  (MPI_File, MPI_Offset))
WRAP_META(MPI_File_preallocate, VD_TL_MPI_PREALLOCATE, (MPI_File fh, MPI_Offset size), (fh, size),
	  (MPI_File, MPI_Offset))
WRAP_META(MPI_File_set_view, VD_TL_MPI_SET_VIEW,
	  (MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype,
	   const char *datarep, MPI_Info info),
	  (fh, disp, etype, filetype, datarep, info),
	  (MPI_File, MPI_Offset, MPI_Datatype, MPI_Datatype, const char *, MPI_Info))

/* Deletes a file by name: its path is the record's. */
int MPI_File_delete(const char *filename, MPI_Info info)
{
	VT_REAL(int, MPI_File_delete, (const char *, MPI_Info));
	if (!real_MPI_File_delete)
		return MPI_ERR_INTERN;
	vt_call c;
	int on = vt_begin(&c, VD_TL_MPI_DELETE);
	int r = real_MPI_File_delete(filename, info);
	if (on)
		vt_end(&c, -1, -1, 0, 0, r, filename);
	return r;
}

/*
 * Start-up and shut-down: not recorded, and nothing they do is (the files
 * the runtime opens, reads and writes for itself on this thread).  Threads
 * the MPI library starts are not covered.  Their time is the caller's: the
 * call chain is taken on entry and every sample due inside is charged to
 * it (vt_anchor_begin), as MPI_Init loads dozens of components and the
 * stack cannot be unwound while the loader runs.  The PMPI_ names are
 * wrapped too, for tools (and Fortran's mpi_init) that call them.
 */
#define WRAP_START(name, PARAMS, ARGS, TYPES)  \
	int name PARAMS                        \
	{                                      \
		VT_REAL(int, name, TYPES);     \
		if (!real_##name)              \
			return MPI_ERR_INTERN; \
		vt_anchor_begin();             \
		int r = real_##name ARGS;      \
		vt_anchor_end();               \
		return r;                      \
	}

WRAP_START(MPI_Init, (int *argc, char ***argv), (argc, argv), (int *, char ***))
WRAP_START(PMPI_Init, (int *argc, char ***argv), (argc, argv), (int *, char ***))
WRAP_START(MPI_Init_thread, (int *argc, char ***argv, int required, int *provided),
	   (argc, argv, required, provided), (int *, char ***, int, int *))
WRAP_START(PMPI_Init_thread, (int *argc, char ***argv, int required, int *provided),
	   (argc, argv, required, provided), (int *, char ***, int, int *))
WRAP_START(MPI_Finalize, (void), (), (void))
WRAP_START(PMPI_Finalize, (void), (), (void))
