/*
 * wrap_pnetcdf.c - PnetCDF layer of libvidya_trace.so.
 *
 * Interposes the PnetCDF calls that create, open, close, sync and flush
 * files, define dimensions and variables, switch data modes, move data
 * (ncmpi_put_* / ncmpi_get_* in their var, var1, vara, vars and varm
 * forms, independent and collective _all, typed and flexible; the
 * non-blocking iput/iget/bput) and complete non-blocking requests
 * (ncmpi_wait, ncmpi_wait_all), plus ncmpi_put_att_*; each is one
 * VD_TL_PNETCDF op, and the MPI-IO and POSIX calls PnetCDF makes while
 * serving it are its children.
 *
 * As for HDF5 and NetCDF, libpnetcdf and libmpi are looked up at run time;
 * <pnetcdf.h> gives the prototypes.  No MPI handle constant (they are
 * globals of libmpi) is referenced.
 *
 * What is recorded: handle = the ncid; path = ncmpi_inq_path; offset = -1;
 * for the data calls req = bytes in memory: bufcount x MPI_Type_size(buftype)
 * for the flexible forms given a bufcount, else elements x element size,
 * the elements being prod(count[]) over the variable's dimensions (vara,
 * vars, varm), 1 (var1) or the product of its dimension lengths (var), the
 * element size the memory type's (ncmpi_put_vara_double_all: 8) or the
 * variable's.  A non-blocking call records what it posted; the transfer
 * happens inside ncmpi_wait_all (class wait), whose MPI-IO calls are its
 * children.  err = errno when a failed call set it, else -1.
 *
 * Not wrapped: varn/vard/mput/mget, the *_string forms, ncmpi_get_att_*,
 * the inquiry functions and the buffer (bput) attach/detach calls.
 */
#include <stddef.h>
#include <stdint.h>

#include <pnetcdf.h>

#include "recorder.h"
#include "wrap_lib.h"

/* a recorded PnetCDF call is running on this thread */
static __thread int in_pnetcdf;

#define WRAP_AS(...) WRAP_LIB_CALL(in_pnetcdf, NC_EINTERNAL, 1, __VA_ARGS__)

/* The path of file `ncid`, in buf; NULL when not known.  Call quietly. */
static const char *pn_path(int ncid, char *buf, size_t size)
{
	VT_REAL(int, ncmpi_inq_path, (int, int *, char *));
	int len = 0;
	if (!real_ncmpi_inq_path || real_ncmpi_inq_path(ncid, &len, NULL) != NC_NOERR || len <= 0 ||
	    (size_t)len >= size || real_ncmpi_inq_path(ncid, &len, buf) != NC_NOERR)
		return NULL;
	buf[len] = '\0';
	return buf;
}

WRAP_ELEMENTS_FN(pn_elements, ncmpi, MPI_Offset, MPI_Offset)

/*
 * Bytes a data call on variable `varid` moves in memory (see the top);
 * `flex`: a flexible form, with bufcount and buftype.  0 when unknown.
 * Call quietly.
 */
static int64_t pn_bytes(int ncid, int varid, int kind, const MPI_Offset *count, int64_t esize,
			MPI_Offset len, int flex, MPI_Offset bufcount, MPI_Datatype buftype)
{
	VT_REAL(int, MPI_Type_size, (MPI_Datatype, int *));
	VT_REAL(int, ncmpi_inq_vartype, (int, int, nc_type *));
	/* NC_BYTE .. NC_UINT64: the file format's codes */
	static const int64_t xsize[] = { 0, 1, 1, 2, 4, 4, 8, 1, 2, 4, 8, 8 };

	if (flex && bufcount >= 0) {
		int sz = 0;
		if (!real_MPI_Type_size || real_MPI_Type_size(buftype, &sz) != 0 || sz < 0)
			return 0;
		return (int64_t)bufcount * sz;
	}
	if (kind == LEN)
		return esize * (int64_t)len;
	if (!esize) {
		nc_type xt;
		if (!real_ncmpi_inq_vartype ||
		    real_ncmpi_inq_vartype(ncid, varid, &xt) != NC_NOERR || xt < 1 || xt > 11)
			return 0;
		esize = xsize[xt];
	}
	int64_t n = pn_elements(ncid, varid, kind, count);
	return n < 0 ? 0 : n * esize;
}

/* a call on an open file `ncid` */
#define WRAP(name, id, PARAMS, ARGS, TYPES, REQ) \
	WRAP_AS(name, id, PARAMS, ARGS, TYPES, pn_path(ncid, path_buf, sizeof path_buf), REQ, ncid)

/* creates and opens: the new ncid, and the path as given */
#define WRAP_OPEN(name, id)                                                                       \
	WRAP_AS(name, id, (MPI_Comm comm, const char *path, int mode, MPI_Info info, int *ncidp), \
		(comm, path, mode, info, ncidp), (MPI_Comm, const char *, int, MPI_Info, int *),  \
		((void)path_buf, path), 0, r == NC_NOERR && ncidp ? *ncidp : -1)

WRAP_OPEN(ncmpi_create, VD_TL_NCMPI_CREATE)
WRAP_OPEN(ncmpi_open, VD_TL_NCMPI_OPEN)

/* calls on the file that move no data */
#define WRAP_FILE(name, id) WRAP(name, id, (int ncid), (ncid), (int), 0)
WRAP_FILE(ncmpi_close, VD_TL_NCMPI_CLOSE)
WRAP_FILE(ncmpi_sync, VD_TL_NCMPI_SYNC)
WRAP_FILE(ncmpi_flush, VD_TL_NCMPI_FLUSH)
WRAP_FILE(ncmpi_enddef, VD_TL_NCMPI_ENDDEF)
WRAP_FILE(ncmpi_redef, VD_TL_NCMPI_REDEF)
WRAP_FILE(ncmpi_begin_indep_data, VD_TL_NCMPI_BEGIN_INDEP_DATA)
WRAP_FILE(ncmpi_end_indep_data, VD_TL_NCMPI_END_INDEP_DATA)
WRAP(ncmpi_def_dim, VD_TL_NCMPI_DEF_DIM, (int ncid, const char *name, MPI_Offset len, int *idp),
     (ncid, name, len, idp), (int, const char *, MPI_Offset, int *), 0)
WRAP(ncmpi_def_var, VD_TL_NCMPI_DEF_VAR,
     (int ncid, const char *name, nc_type xtype, int ndims, const int *dimidsp, int *varidp),
     (ncid, name, xtype, ndims, dimidsp, varidp),
     (int, const char *, nc_type, int, const int *, int *), 0)
WRAP(ncmpi_wait, VD_TL_NCMPI_WAIT, (int ncid, int count, int reqs[], int statuses[]),
     (ncid, count, reqs, statuses), (int, int, int *, int *), 0)
WRAP(ncmpi_wait_all, VD_TL_NCMPI_WAIT_ALL, (int ncid, int count, int reqs[], int statuses[]),
     (ncid, count, reqs, statuses), (int, int, int *, int *), 0)

/*
 * The data forms: the parameters between varid and the buffer (P), their
 * names (A) and types (T), how their elements are counted (KIND) and the
 * count array (COUNT).
 */
#define P_var
#define A_var
#define T_var
#define KIND_var WHOLE
#define COUNT_var NULL
#define P_var1 const MPI_Offset *start,
#define A_var1 start,
#define T_var1 const MPI_Offset *,
#define KIND_var1 ONE
#define COUNT_var1 NULL
#define P_vara const MPI_Offset *start, const MPI_Offset *count,
#define A_vara start, count,
#define T_vara const MPI_Offset *, const MPI_Offset *,
#define KIND_vara COUNTS
#define COUNT_vara count
#define P_vars P_vara const MPI_Offset *stride,
#define A_vars A_vara stride,
#define T_vars T_vara const MPI_Offset *,
#define KIND_vars COUNTS
#define COUNT_vars count
#define P_varm P_vars const MPI_Offset *imap,
#define A_varm A_vars imap,
#define T_varm T_vars const MPI_Offset *,
#define KIND_varm COUNTS
#define COUNT_varm count

#define PN_NAME(io, form, t, sfx) ncmpi_##io##_##form##t##sfx
#define PN_ID(io, form, t, sfx) VD_TL_ncmpi_##io##_##form##t##sfx
#define PN_TYPED_REQ(form, ES) \
	pn_bytes(ncid, varid, KIND_##form, COUNT_##form, ES, 0, 0, 0, (MPI_Datatype)0)
#define PN_FLEX_REQ(form) \
	pn_bytes(ncid, varid, KIND_##form, COUNT_##form, 0, 0, 1, bufcount, buftype)

/* blocking, typed: (ncid, varid, ..., BUF op) */
#define PN_T(io, form, t, sfx, BUF, ES)                                          \
	WRAP(PN_NAME(io, form, t, sfx), PN_ID(io, form, t, sfx),                 \
	     (int ncid, int varid, P_##form BUF op), (ncid, varid, A_##form op), \
	     (int, int, T_##form BUF), PN_TYPED_REQ(form, ES))
/* non-blocking, typed: (ncid, varid, ..., BUF op, int *req) */
#define PN_TN(io, form, t, sfx, BUF, ES)                                                        \
	WRAP(PN_NAME(io, form, t, sfx), PN_ID(io, form, t, sfx),                                \
	     (int ncid, int varid, P_##form BUF op, int *req), (ncid, varid, A_##form op, req), \
	     (int, int, T_##form BUF, int *), PN_TYPED_REQ(form, ES))
/* blocking, flexible: (ncid, varid, ..., BUF buf, bufcount, buftype) */
#define PN_F(io, form, sfx, BUF)                                                                 \
	WRAP(PN_NAME(io, form, , sfx), PN_ID(io, form, , sfx),                                   \
	     (int ncid, int varid, P_##form BUF buf, MPI_Offset bufcount, MPI_Datatype buftype), \
	     (ncid, varid, A_##form buf, bufcount, buftype),                                     \
	     (int, int, T_##form BUF, MPI_Offset, MPI_Datatype), PN_FLEX_REQ(form))
/* non-blocking, flexible: (..., buf, bufcount, buftype, int *req) */
#define PN_FN(io, form, sfx, BUF)                                                               \
	WRAP(PN_NAME(io, form, , sfx), PN_ID(io, form, , sfx),                                  \
	     (int ncid, int varid, P_##form BUF buf, MPI_Offset bufcount, MPI_Datatype buftype, \
	      int *req),                                                                        \
	     (ncid, varid, A_##form buf, bufcount, buftype, req),                               \
	     (int, int, T_##form BUF, MPI_Offset, MPI_Datatype, int *), PN_FLEX_REQ(form))

/* F in every element type of the data forms */
#define PN_TYPES(F, io, form, sfx, CONST)                    \
	F(io, form, _text, sfx, CONST char *, 1)             \
	F(io, form, _schar, sfx, CONST signed char *, 1)     \
	F(io, form, _uchar, sfx, CONST unsigned char *, 1)   \
	F(io, form, _short, sfx, CONST short *, 2)           \
	F(io, form, _ushort, sfx, CONST unsigned short *, 2) \
	F(io, form, _int, sfx, CONST int *, 4)               \
	F(io, form, _uint, sfx, CONST unsigned int *, 4)     \
	F(io, form, _long, sfx, CONST long *, sizeof(long))  \
	F(io, form, _float, sfx, CONST float *, 4)           \
	F(io, form, _double, sfx, CONST double *, 8)         \
	F(io, form, _longlong, sfx, CONST long long *, 8)    \
	F(io, form, _ulonglong, sfx, CONST unsigned long long *, 8)

/* clang-format off */
/* one form, blocking: flexible and typed, independent and collective */
#define PN_BLOCKING(io, form, CONST)               \
	PN_F(io, form, , CONST void *)             \
	PN_F(io, form, _all, CONST void *)         \
	PN_TYPES(PN_T, io, form, , CONST)          \
	PN_TYPES(PN_T, io, form, _all, CONST)
/* one form, non-blocking */
#define PN_NONBLOCKING(io, form, CONST)            \
	PN_FN(io, form, , CONST void *)            \
	PN_TYPES(PN_TN, io, form, , CONST)
/* every form */
#define PN_FORMS(M, io, CONST)                     \
	M(io, var, CONST)                          \
	M(io, var1, CONST)                         \
	M(io, vara, CONST)                         \
	M(io, vars, CONST)                         \
	M(io, varm, CONST)
/* clang-format on */

PN_FORMS(PN_BLOCKING, put, const)
PN_FORMS(PN_BLOCKING, get, )
PN_FORMS(PN_NONBLOCKING, iput, const)
PN_FORMS(PN_NONBLOCKING, iget, )
PN_FORMS(PN_NONBLOCKING, bput, const)

/* attributes: ncmpi_put_att_TYPE(ncid, varid, name, xtype, len, op);
 * ncmpi_put_att_text(ncid, varid, name, len, op) */
WRAP(ncmpi_put_att_text, VD_TL_ncmpi_put_att_text,
     (int ncid, int varid, const char *aname, MPI_Offset len, const char *op),
     (ncid, varid, aname, len, op), (int, int, const char *, MPI_Offset, const char *),
     pn_bytes(ncid, varid, LEN, NULL, 1, len, 0, 0, (MPI_Datatype)0))
#define PN_ATT(io, form, t, sfx, BUF, ES)                                                     \
	WRAP(PN_NAME(io, form, t, sfx), PN_ID(io, form, t, sfx),                              \
	     (int ncid, int varid, const char *aname, nc_type xtype, MPI_Offset len, BUF op), \
	     (ncid, varid, aname, xtype, len, op),                                            \
	     (int, int, const char *, nc_type, MPI_Offset, BUF),                              \
	     pn_bytes(ncid, varid, LEN, NULL, ES, len, 0, 0, (MPI_Datatype)0))
#define PN_ATT_TYPED(io, form, t, sfx, BUF, ES) PN_ATT_##t(io, form, t, sfx, BUF, ES)
#define PN_ATT__text(io, form, t, sfx, BUF, ES) /* above */
#define PN_ATT__schar PN_ATT
#define PN_ATT__uchar PN_ATT
#define PN_ATT__short PN_ATT
#define PN_ATT__ushort PN_ATT
#define PN_ATT__int PN_ATT
#define PN_ATT__uint PN_ATT
#define PN_ATT__long PN_ATT
#define PN_ATT__float PN_ATT
#define PN_ATT__double PN_ATT
#define PN_ATT__longlong PN_ATT
#define PN_ATT__ulonglong PN_ATT
PN_TYPES(PN_ATT_TYPED, put, att, , const)
