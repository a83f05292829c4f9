/*
 * wrap_mpiio.c - MPI-IO layer of libvidya_trace.so.
 *
 * Interposes the MPI_File_* calls an application makes (open/close, the
 * blocking, collective, explicit-offset, shared-pointer and non-blocking
 * reads and writes, seek, sync, set_view, set_size, preallocate) and
 * records each as one VD_TL_MPIIO op; the POSIX calls the MPI library
 * issues while serving it are recorded as its children.  MPI_Init,
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
 *    or the count the status reports when the application passed one;
 *  - offset: the absolute byte position in the file where the transfer
 *    starts, i.e. the view-relative offset (the explicit one, or the
 *    individual file pointer before the call) mapped through the file's
 *    view by MPI_File_get_byte_offset.  -1 for the shared-pointer and
 *    ordered calls, whose position is only known inside the MPI library;
 *  - err: the MPI error code returned, 0 on success.
 * The non-blocking calls record the duration of the call that starts the
 * transfer, not of the transfer.  The queries made before a call run
 * before vt_begin, so their time is not the call's.
 *
 * The helper calls must never make the program fail where it would not
 * have: MPI invokes an error handler on their errors, and the one of
 * MPI_COMM_WORLD (where MPI_Type_size reports a bad datatype) aborts by
 * default.  So the datatype is examined only after the real call has
 * accepted it, and the file pointer is not queried on files opened with
 * MPI_MODE_SEQUENTIAL (where asking for it is an error).
 *
 * Not wrapped: the split-collective (_begin/_end), _shared/_all non-blocking
 * variants and MPI_File_seek_shared, which are not in VD_TL_CALLS, and the
 * Fortran bindings, which Open MPI implements by calling PMPI_* directly.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

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
 * status the application passed (NULL for the non-blocking calls).
 */
static void data_end(vt_call *c, MPI_File fh, int64_t off, int rc, MPI_Datatype type, int count,
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
}

/*
 * The data calls come in three shapes.  `BUF` is the buffer's type (void *
 * or const void *); `LAST` the type of the last parameter (MPI_Status * or
 * MPI_Request *) and `ST` the status to examine: `last`, or NULL.  A call
 * whose real definition cannot be found fails with MPI_ERR_INTERN rather
 * than crash (the program probed for MPI through a weak reference, or
 * libmpi was loaded RTLD_LOCAL where vt_next cannot see it).
 */

/* name(fh, offset, buf, count, datatype, last): explicit offset. */
#define WRAP_AT(name, id, BUF, LAST, ST)                                                   \
	int name(MPI_File fh, MPI_Offset offset, BUF buf, int count, MPI_Datatype datatype,   \
		 LAST last)                                                                  \
	{                                                                                    \
		VT_REAL(int, name, (MPI_File, MPI_Offset, BUF, int, MPI_Datatype, LAST));    \
		if (!real_##name)                                                            \
			return MPI_ERR_INTERN;                                               \
		int64_t off = byte_offset(fh, offset);                                       \
		vt_call c;                                                                   \
		int on = vt_begin(&c, id);                                                   \
		int r = real_##name(fh, offset, buf, count, datatype, last);                 \
		if (on)                                                                      \
			data_end(&c, fh, off, r, datatype, count, ST);                       \
		return r;                                                                    \
	}

/* name(fh, buf, count, datatype, last): individual file pointer. */
#define WRAP_PTR(name, id, BUF, LAST, ST)                                                  \
	int name(MPI_File fh, BUF buf, int count, MPI_Datatype datatype, LAST last)           \
	{                                                                                    \
		VT_REAL(int, name, (MPI_File, BUF, int, MPI_Datatype, LAST));                \
		if (!real_##name)                                                            \
			return MPI_ERR_INTERN;                                               \
		int64_t off = pointer_offset(fh);                                            \
		vt_call c;                                                                   \
		int on = vt_begin(&c, id);                                                   \
		int r = real_##name(fh, buf, count, datatype, last);                         \
		if (on)                                                                      \
			data_end(&c, fh, off, r, datatype, count, ST);                       \
		return r;                                                                    \
	}

/* name(fh, buf, count, datatype, status): shared file pointer, offset unknown. */
#define WRAP_SHARED(name, id, BUF)                                                         \
	int name(MPI_File fh, BUF buf, int count, MPI_Datatype datatype, MPI_Status *status)  \
	{                                                                                    \
		VT_REAL(int, name, (MPI_File, BUF, int, MPI_Datatype, MPI_Status *));        \
		if (!real_##name)                                                            \
			return MPI_ERR_INTERN;                                               \
		vt_call c;                                                                   \
		int on = vt_begin(&c, id);                                                   \
		int r = real_##name(fh, buf, count, datatype, status);                       \
		if (on)                                                                      \
			data_end(&c, fh, -1, r, datatype, count, status);                    \
		return r;                                                                    \
	}

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

WRAP_PTR(MPI_File_iread, VD_TL_MPI_IREAD, void *, MPI_Request *, NULL)
WRAP_PTR(MPI_File_iwrite, VD_TL_MPI_IWRITE, const void *, MPI_Request *, NULL)
WRAP_AT(MPI_File_iread_at, VD_TL_MPI_IREAD_AT, void *, MPI_Request *, NULL)
WRAP_AT(MPI_File_iwrite_at, VD_TL_MPI_IWRITE_AT, const void *, MPI_Request *, NULL)

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
		vt_end(&c, fh_handle(fh), r == MPI_SUCCESS ? pointer_offset(fh) : -1, 0, 0, r, NULL);
	return r;
}

/* The calls on an open file that move no data: handle and outcome only. */
#define WRAP_META(name, id, PARAMS, ARGS, TYPES)                                           \
	int name PARAMS                                                                      \
	{                                                                                    \
		VT_REAL(int, name, TYPES);                                                   \
		if (!real_##name)                                                            \
			return MPI_ERR_INTERN;                                               \
		vt_call c;                                                                   \
		int on = vt_begin(&c, id);                                                   \
		int r = real_##name ARGS;                                                    \
		if (on)                                                                      \
			vt_end(&c, fh_handle(fh), -1, 0, 0, r, NULL);                        \
		return r;                                                                    \
	}

WRAP_META(MPI_File_sync, VD_TL_MPI_SYNC, (MPI_File fh), (fh), (MPI_File))
WRAP_META(MPI_File_set_size, VD_TL_MPI_SET_SIZE, (MPI_File fh, MPI_Offset size), (fh, size),
	  (MPI_File, MPI_Offset))
WRAP_META(MPI_File_preallocate, VD_TL_MPI_PREALLOCATE, (MPI_File fh, MPI_Offset size),
	  (fh, size), (MPI_File, MPI_Offset))
WRAP_META(MPI_File_set_view, VD_TL_MPI_SET_VIEW,
	  (MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype,
	   const char *datarep, MPI_Info info),
	  (fh, disp, etype, filetype, datarep, info),
	  (MPI_File, MPI_Offset, MPI_Datatype, MPI_Datatype, const char *, MPI_Info))

/*
 * Start-up and shut-down: not recorded, and nothing they do is (the files
 * the runtime opens, reads and writes for itself on this thread).  Threads
 * the MPI library starts are not covered.  Their time is the caller's: the
 * call chain is taken on entry and every sample due inside is charged to
 * it (vt_anchor_begin), as MPI_Init loads dozens of components and the
 * stack cannot be unwound while the loader runs.  The PMPI_ names are
 * wrapped too, for tools (and Fortran's mpi_init) that call them.
 */
#define WRAP_START(name, PARAMS, ARGS, TYPES)                                              \
	int name PARAMS                                                                      \
	{                                                                                    \
		VT_REAL(int, name, TYPES);                                                   \
		if (!real_##name)                                                            \
			return MPI_ERR_INTERN;                                               \
		vt_anchor_begin();                                                           \
		int r = real_##name ARGS;                                                    \
		vt_anchor_end();                                                             \
		return r;                                                                    \
	}

WRAP_START(MPI_Init, (int *argc, char ***argv), (argc, argv), (int *, char ***))
WRAP_START(PMPI_Init, (int *argc, char ***argv), (argc, argv), (int *, char ***))
WRAP_START(MPI_Init_thread, (int *argc, char ***argv, int required, int *provided),
	   (argc, argv, required, provided), (int *, char ***, int, int *))
WRAP_START(PMPI_Init_thread, (int *argc, char ***argv, int required, int *provided),
	   (argc, argv, required, provided), (int *, char ***, int, int *))
WRAP_START(MPI_Finalize, (void), (), (void))
WRAP_START(PMPI_Finalize, (void), (), (void))
