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

/* how a NetCDF-style data call's elements are counted: the whole variable,
 * one element, prod(count[]) over its dimensions, an attribute's length */
enum { WHOLE, ONE, COUNTS, LEN };

/* dimensions of the variables sized (more: size unknown) */
#define WRAP_MAX_DIMS 64

/*
 * Defines `static int64_t fn(int ncid, int varid, int kind, const COUNT_T
 * *count)`: the elements a data call of `kind` (WHOLE, ONE, COUNTS) on
 * variable `varid` moves, -1 when unknown, from the library's
 * PRE_inq_varndims, PRE_inq_vardimid and PRE_inq_dimlen (whose length is a
 * LEN_T).  Call quietly.
 */
#define WRAP_ELEMENTS_FN(fn, PRE, COUNT_T, LEN_T)                                       \
	static int64_t fn(int ncid, int varid, int kind, const COUNT_T *count)          \
	{                                                                               \
		VT_REAL(int, PRE##_inq_varndims, (int, int, int *));                    \
		VT_REAL(int, PRE##_inq_vardimid, (int, int, int *));                    \
		VT_REAL(int, PRE##_inq_dimlen, (int, int, LEN_T *));                    \
		int ndims = 0, dimids[WRAP_MAX_DIMS];                                   \
		int64_t n = 1;                                                          \
		if (kind == ONE)                                                        \
			return 1;                                                       \
		if (!real_##PRE##_inq_varndims ||                                       \
		    real_##PRE##_inq_varndims(ncid, varid, &ndims) != 0 || ndims < 0 || \
		    ndims > WRAP_MAX_DIMS)                                              \
			return -1;                                                      \
		if (kind == COUNTS) {                                                   \
			for (int i = 0; i < ndims; i++) {                               \
				if (!count)                                             \
					return -1;                                      \
				n *= (int64_t)count[i];                                 \
			}                                                               \
			return n;                                                       \
		}                                                                       \
		if (!real_##PRE##_inq_vardimid || !real_##PRE##_inq_dimlen ||           \
		    real_##PRE##_inq_vardimid(ncid, varid, dimids) != 0)                \
			return -1;                                                      \
		for (int i = 0; i < ndims; i++) {                                       \
			LEN_T l = 0;                                                    \
			if (real_##PRE##_inq_dimlen(ncid, dimids[i], &l) != 0)          \
				return -1;                                              \
			n *= (int64_t)l;                                                \
		}                                                                       \
		return n;                                                               \
	}

/*
 * One wrapper of a library call returning int, 0 on success (NetCDF,
 * PnetCDF): int name PARAMS, recorded as op `id` with handle HANDLE (an
 * expression over the parameters and the result r, run after the call),
 * path PATH (it may use a buffer path_buf of VD_TL_PATHMAX bytes) and
 * `req` bytes REQ (both run quietly before the call; REQ 0 for the calls
 * that move no data).  FAIL is returned when the real function is not
 * found.  KEEP, evaluated after the call, says whether to store the record
 * (1; vt_has_children(): only when the call made recorded calls, which
 * then need it as their parent).  While a recorded call runs, GUARD (a thread-local int) is set and
 * the library's own calls of its public functions are not recorded: they
 * would count the same bytes twice in one layer.
 */
#define WRAP_LIB_CALL(GUARD, FAIL, KEEP, name, id, PARAMS, ARGS, TYPES, PATH, REQ, HANDLE)  \
	int name PARAMS                                                                     \
	{                                                                                   \
		VT_REAL(int, name, TYPES);                                                  \
		if (!real_##name)                                                           \
			return FAIL;                                                        \
		if (GUARD)                                                                  \
			return real_##name ARGS;                                            \
		char path_buf[VD_TL_PATHMAX];                                               \
		int e = quiet_begin();                                                      \
		const char *rec_path = PATH;                                                \
		int64_t vt_req = REQ;                                                       \
		quiet_end(e);                                                               \
		vt_call c;                                                                  \
		int on = vt_begin(&c, id);                                                  \
		GUARD++;                                                                    \
		e = call_begin();                                                           \
		int r = real_##name ARGS;                                                   \
		int err = call_end(e, r != 0);                                              \
		GUARD--;                                                                    \
		if (on && (KEEP))                                                           \
			vt_end(&c, HANDLE, -1, vt_req, r == 0 ? vt_req : 0, err, rec_path); \
		else if (on)                                                                \
			vt_drop(&c);                                                        \
		return r;                                                                   \
	}

#endif
