/*
 * recorder.h - internal API of libvidya_trace.so, the LD_PRELOAD recorder
 * that `vidya trace` injects into the traced program.
 *
 * A wrapper around an interposed call looks like this:
 *
 *     ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
 *     {
 *             VT_REAL(ssize_t, pwrite, (int, const void *, size_t, off_t));
 *             vt_call c;
 *             int on = vt_begin(&c, VD_TL_PWRITE);
 *             ssize_t r = real_pwrite(fd, buf, n, off);
 *             if (on)
 *                     vt_end(&c, fd, off, n, r < 0 ? 0 : r, r < 0 ? errno : 0, NULL);
 *             return r;
 *     }
 *
 * vt_begin takes the start time and makes the call the parent of any
 * interposed call made while it runs on this thread (an H5Dwrite's pwrite,
 * an MPI_File_write_at_all's pwrite); vt_end takes the end time, writes the
 * record and keeps errno as the wrapped call left it.  Calls the recorder
 * makes itself (and calls wrapped in vt_quiet_begin/vt_quiet_end, for
 * helpers such as H5Fget_name or MPI_Type_size) are not recorded.  The
 * recorder never prints: the traced program's output must not change.
 */
#ifndef VD_RECORDER_H
#define VD_RECORDER_H

#include <stdint.h>

#include "vd_tracelog.h"

/* the recorder's own functions are called within libvidya_trace.so only:
 * hidden, they are called directly, not through the PLT (a few ns a call) */
#pragma GCC visibility push(hidden)

typedef struct vt_call {
	uint64_t id;
	uint64_t parent;
	uint64_t t0;
	int call;
	int fd; /* set by POSIX/stdio wrappers before vt_end; -1 otherwise */
} vt_call;

/* 1 when the call is recorded (then vt_end must follow), 0 otherwise. */
int vt_begin(vt_call *c, int call);
/* `path` may be NULL (the reader finds it from the handle's open). */
void vt_end(vt_call *c, int64_t handle, int64_t offset, int64_t req, int64_t done, int err,
	    const char *path);

/* Takes the start time again: for wrappers that query something (a file
 * position) between vt_begin and the real call. */
void vt_restart(vt_call *c);

/* Calls made between these are not recorded on this thread. Nestable. */
void vt_quiet_begin(void);
void vt_quiet_end(void);

/*
 * MPI_Init, MPI_Init_thread and MPI_Finalize: like vt_quiet_begin/end, and
 * the samples due meanwhile are charged to the call chain taken at
 * vt_anchor_begin (the caller of MPI_Init), not unwound inside the MPI
 * library (which dlopens its components: unwinding there can deadlock).
 * Nestable; the outermost call takes the chain.
 */
void vt_anchor_begin(void);
void vt_anchor_end(void);

/*
 * Calls whose transfer goes on after they return (MPI_File_iwrite,
 * MPI_File_write_all_begin, aio_write): the wrapper ends the call's record
 * as usual and tracks its id under a key (the request, the file handle,
 * the aiocb); the call that sees the transfer end (MPI_Wait,
 * MPI_File_write_all_end, aio_return) takes the entry and calls vt_done,
 * which records when it ended and how many bytes it moved.
 */
typedef struct vt_pending {
	uint64_t id;    /* the op that started the transfer */
	int64_t handle; /* its handle (MPI_File, fd) */
	int64_t req;    /* bytes it asked for */
	int call;
} vt_pending;

/* 0 when tracked, -1 when the table is full (the transfer's end is then not
 * recorded).  A key tracked already is replaced. */
int vt_track(uintptr_t key, const vt_pending *p);
/* 1 when `key` is tracked (copied to *p when p is given; removed when
 * `take`); 0 otherwise.  Cheap when nothing is tracked. */
int vt_tracked(uintptr_t key, vt_pending *p, int take);
/* anything tracked at all */
int vt_tracking(void);
/* op `id` completed now, as seen by op `by` (0: none); `done` bytes, -1
 * unknown; `err` 0 on success. */
void vt_done(uint64_t id, uint64_t by, int64_t done, int err);

/* Between vt_begin and vt_end: whether a recorded call was made inside this
 * one.  vt_drop ends the call without a record (a poll that completed
 * nothing), which its children, if any, would then miss as their parent. */
int vt_has_children(void);
void vt_drop(vt_call *c);

/* The next definition of `name` after this library (dlsym RTLD_NEXT), or
 * NULL when the program does not have one. */
void *vt_next(const char *name);

/* Declares `real_<name>` of type `ret (*)args`, resolved on first use. */
#define VT_REAL(ret, name, args)       \
	static ret(*real_##name) args; \
	if (!real_##name)              \
	real_##name = (ret(*) args)vt_next(#name)

#pragma GCC visibility pop

#endif
