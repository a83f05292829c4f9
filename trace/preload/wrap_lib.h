/*
 * wrap_lib.h - helpers shared by the wrappers of I/O libraries that report
 * failure by their return value (HDF5, NetCDF): quiet helper calls and the
 * errno to record.
 */
#ifndef VD_WRAP_LIB_H
#define VD_WRAP_LIB_H

#include <errno.h>

#include "recorder.h"

/*
 * Helpers are called between quiet_begin() and quiet_end(): not recorded,
 * and errno as it was.
 */
static inline int quiet_begin(void)
{
	int e = errno;
	vt_quiet_begin();
	return e;
}

static inline void quiet_end(int saved_errno)
{
	vt_quiet_end();
	errno = saved_errno;
}

/*
 * The real call runs between call_begin() and call_end(), which tell
 * whether it set errno: these libraries report failure by their return
 * value only, and errno is worth recording only when the failing call
 * itself set it (a system call that failed).  errno is left as the call
 * left it.
 */
static inline int call_begin(void)
{
	int e = errno;
	errno = 0;
	return e;
}

/* The err to record for a call that `failed`; `before` from call_begin. */
static inline int call_end(int before, int failed)
{
	int e = errno;
	if (!e)
		errno = before;
	return failed ? (e ? e : -1) : 0;
}

/*
 * One wrapper of a library call returning int, 0 on success (NetCDF,
 * PnetCDF): int name PARAMS, recorded as op `id` with handle HANDLE (an
 * expression over the parameters and the result r, run after the call),
 * path PATH (it may use a buffer path_buf of VD_TL_PATHMAX bytes) and
 * `req` bytes REQ (both run quietly before the call; REQ 0 for the calls
 * that move no data).  FAIL is returned when the real function is not
 * found.  While a recorded call runs, GUARD (a thread-local int) is set and
 * the library's own calls of its public functions are not recorded: they
 * would count the same bytes twice in one layer.
 */
#define WRAP_LIB_CALL(GUARD, FAIL, name, id, PARAMS, ARGS, TYPES, PATH, REQ, HANDLE)        \
	int name PARAMS                                                                      \
	{                                                                                    \
		VT_REAL(int, name, TYPES);                                                   \
		if (!real_##name)                                                            \
			return FAIL;                                                         \
		if (GUARD)                                                                   \
			return real_##name ARGS;                                             \
		char path_buf[VD_TL_PATHMAX];                                                \
		int e = quiet_begin();                                                       \
		const char *rec_path = PATH;                                                 \
		int64_t vt_req = REQ;                                                        \
		quiet_end(e);                                                                \
		vt_call c;                                                                   \
		int on = vt_begin(&c, id);                                                   \
		GUARD++;                                                                     \
		e = call_begin();                                                            \
		int r = real_##name ARGS;                                                    \
		int err = call_end(e, r != 0);                                               \
		GUARD--;                                                                     \
		if (on)                                                                      \
			vt_end(&c, HANDLE, -1, vt_req, r == 0 ? vt_req : 0, err, rec_path);  \
		return r;                                                                    \
	}

#endif
