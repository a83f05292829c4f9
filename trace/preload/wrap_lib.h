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

#endif
