/*
 * wrap_netcdf.c - NetCDF-C layer of libvidya_trace.so.
 *
 * Interposes the NetCDF calls that create, open, close and sync files,
 * define dimensions and variables, and move data (nc_put_* / nc_get_* in
 * their var, var1, vara, vars and varm forms, typed and untyped, and the
 * typed nc_put_att_*; the attribute reads nc_get_att_*, as metadata calls
 * with the bytes they return), and records each as one VD_TL_NETCDF op.  The HDF5,
 * MPI-IO and POSIX calls the library makes while serving it are recorded
 * as its children (vt_begin makes it their parent), so a NetCDF-4 file
 * shows nc_put_vara_double -> H5Dwrite -> pwrite.
 *
 * Like wrap_hdf5.c, the library is not linked against libnetcdf: <netcdf.h>
 * gives the prototypes (a wrapper that disagrees with them does not
 * compile) and every function is looked up at run time (vt_next).  The
 * helpers (nc_inq_path, nc_inq_varndims, ...) run quietly, before the real
 * call, so that neither they nor the HDF5 calls they make are recorded.
 *
 * What is recorded: handle = the ncid (the one nc_create/nc_open returned,
 * for them); path = nc_inq_path of the file; offset = -1; for the data
 * calls req = elements x element size, where the elements are prod(count[])
 * over the variable's dimensions (vara, vars, varm), 1 (var1) or the
 * product of its dimension lengths (var), and the element size is the
 * memory type's (nc_put_vara_double: 8) or, for the untyped forms, that of
 * the variable's type; done = req when the call succeeded.  err = errno
 * when a failed call set it, else -1 for a failure (NetCDF reports errors
 * by their return value only).
 *
 * A NetCDF call made by the library itself while a recorded one runs on
 * the same thread (one public function calling another) is not recorded:
 * it would count the same bytes twice in the NetCDF layer.
 *
 * Not wrapped: the *_string forms (their bytes are the strings', not the
 * count's) and most inquiry functions.  NetCDF-4 reads some metadata
 * lazily, inside an inquiry (nc_inq_var, nc_inq_att ...): the common ones
 * are wrapped so the HDF5 calls they make have a NetCDF parent, and are
 * recorded only when they made such calls (vt_drop otherwise), so that a
 * program that asks thousands of questions does not get thousands of rows.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include <mpi.h>
#include <netcdf.h>

#include "recorder.h"
#include "wrap_lib.h"

/* netcdf_par.h comes with the MPI build of NetCDF only (libnetcdf-mpi-dev);
 * these are its declarations, so the wrappers compile against either. */
int nc_create_par(const char *path, int cmode, MPI_Comm comm, MPI_Info info, int *ncidp);
int nc_open_par(const char *path, int mode, MPI_Comm comm, MPI_Info info, int *ncidp);
int nc_var_par_access(int ncid, int varid, int par_access);

/* a recorded NetCDF call is running on this thread */
static __thread int in_netcdf;

/* The path file `ncid` was created or opened with, in buf; NULL when not
 * known.  Call quietly. */
static const char *nc_path(int ncid, char *buf, size_t size)
{
	VT_REAL(int, nc_inq_path, (int, size_t *, char *));
	size_t len = 0;
	if (!real_nc_inq_path || real_nc_inq_path(ncid, &len, NULL) != NC_NOERR || !len ||
	    len >= size || real_nc_inq_path(ncid, &len, buf) != NC_NOERR)
		return NULL;
	buf[len] = '\0';
	return buf;
}

WRAP_ELEMENTS_FN(nc_elements, nc, size_t, size_t)

/* Bytes of attribute `aname` of `varid`: its length times `esize`, or its
 * type's size when esize is 0.  0 when unknown.  Call quietly. */
static int64_t att_bytes(int ncid, int varid, const char *aname, int64_t esize)
{
	VT_REAL(int, nc_inq_att, (int, int, const char *, nc_type *, size_t *));
	VT_REAL(int, nc_inq_type, (int, nc_type, char *, size_t *));
	nc_type xt;
	size_t len = 0, sz = 0;
	if (!real_nc_inq_att || real_nc_inq_att(ncid, varid, aname, &xt, &len) != NC_NOERR)
		return 0;
	if (!esize) {
		if (!real_nc_inq_type || real_nc_inq_type(ncid, xt, NULL, &sz) != NC_NOERR)
			return 0;
		esize = (int64_t)sz;
	}
	return esize * (int64_t)len;
}

/*
 * Bytes a data call on variable `varid` of `ncid` moves in memory: the
 * elements (`kind`: the whole variable, one, prod(count[0..ndims-1]), or
 * `len` for attributes) times `esize`, or the variable's type size when
 * esize is 0.  0 when unknown.  Call quietly.
 */
static int64_t data_bytes(int ncid, int varid, int64_t esize, int kind, const size_t *count,
			  size_t len)
{
	VT_REAL(int, nc_inq_vartype, (int, int, nc_type *));
	VT_REAL(int, nc_inq_type, (int, nc_type, char *, size_t *));

	if (kind == LEN)
		return esize * (int64_t)len;
	if (!esize) {
		nc_type xt;
		size_t sz = 0;
		if (!real_nc_inq_vartype || !real_nc_inq_type ||
		    real_nc_inq_vartype(ncid, varid, &xt) != NC_NOERR ||
		    real_nc_inq_type(ncid, xt, NULL, &sz) != NC_NOERR)
			return 0;
		esize = (int64_t)sz;
	}
	int64_t n = nc_elements(ncid, varid, kind, count);
	return n < 0 ? 0 : n * esize;
}

#define WRAP_AS(...) WRAP_LIB_CALL(in_netcdf, NC_ENOTBUILT, 1, __VA_ARGS__)

/* a call on an open file `ncid` */
#define WRAP(name, id, PARAMS, ARGS, TYPES, NCID, REQ) \
	WRAP_AS(name, id, PARAMS, ARGS, TYPES, nc_path(NCID, path_buf, sizeof path_buf), REQ, NCID)

/* creates and opens: the new ncid, and the path as given */
#define WRAP_OPEN(name, id, PARAMS, ARGS, TYPES)                          \
	WRAP_AS(name, id, PARAMS, ARGS, TYPES, ((void)path_buf, path), 0, \
		r == NC_NOERR && ncidp ? *ncidp : -1)

WRAP_OPEN(nc_create, VD_TL_NC_CREATE, (const char *path, int cmode, int *ncidp),
	  (path, cmode, ncidp), (const char *, int, int *))
WRAP_OPEN(nc__create, VD_TL_NC__CREATE,
	  (const char *path, int cmode, size_t initialsz, size_t *chunksizehintp, int *ncidp),
	  (path, cmode, initialsz, chunksizehintp, ncidp),
	  (const char *, int, size_t, size_t *, int *))
WRAP_OPEN(nc_create_par, VD_TL_NC_CREATE_PAR,
	  (const char *path, int cmode, MPI_Comm comm, MPI_Info info, int *ncidp),
	  (path, cmode, comm, info, ncidp), (const char *, int, MPI_Comm, MPI_Info, int *))
WRAP_OPEN(nc_open, VD_TL_NC_OPEN, (const char *path, int mode, int *ncidp), (path, mode, ncidp),
	  (const char *, int, int *))
WRAP_OPEN(nc__open, VD_TL_NC__OPEN,
	  (const char *path, int mode, size_t *chunksizehintp, int *ncidp),
	  (path, mode, chunksizehintp, ncidp), (const char *, int, size_t *, int *))
WRAP_OPEN(nc_open_par, VD_TL_NC_OPEN_PAR,
	  (const char *path, int mode, MPI_Comm comm, MPI_Info info, int *ncidp),
	  (path, mode, comm, info, ncidp), (const char *, int, MPI_Comm, MPI_Info, int *))

WRAP(nc_close, VD_TL_NC_CLOSE, (int ncid), (ncid), (int), ncid, 0)
WRAP(nc_sync, VD_TL_NC_SYNC, (int ncid), (ncid), (int), ncid, 0)
WRAP(nc_enddef, VD_TL_NC_ENDDEF, (int ncid), (ncid), (int), ncid, 0)
WRAP(nc_redef, VD_TL_NC_REDEF, (int ncid), (ncid), (int), ncid, 0)
WRAP(nc_def_dim, VD_TL_NC_DEF_DIM, (int ncid, const char *name, size_t len, int *idp),
     (ncid, name, len, idp), (int, const char *, size_t, int *), ncid, 0)
WRAP(nc_def_var, VD_TL_NC_DEF_VAR,
     (int ncid, const char *name, nc_type xtype, int ndims, const int *dimidsp, int *varidp),
     (ncid, name, xtype, ndims, dimidsp, varidp),
     (int, const char *, nc_type, int, const int *, int *), ncid, 0)
WRAP(nc_var_par_access, VD_TL_NC_VAR_PAR_ACCESS, (int ncid, int varid, int par_access),
     (ncid, varid, par_access), (int, int, int), ncid, 0)

/*
 * The data families.  BUF is the buffer's type with its constness (const
 * double * for puts, double * for gets), ES the element size (0: the
 * variable's type).
 */
#define WRAP_VAR(name, id, BUF, ES)                                                             \
	WRAP(name, id, (int ncid, int varid, BUF op), (ncid, varid, op), (int, int, BUF), ncid, \
	     data_bytes(ncid, varid, ES, WHOLE, NULL, 0))
#define WRAP_VAR1(name, id, BUF, ES)                                           \
	WRAP(name, id, (int ncid, int varid, const size_t *indexp, BUF op),    \
	     (ncid, varid, indexp, op), (int, int, const size_t *, BUF), ncid, \
	     data_bytes(ncid, varid, ES, ONE, NULL, 0))
#define WRAP_VARA(name, id, BUF, ES)                                                              \
	WRAP(name, id, (int ncid, int varid, const size_t *startp, const size_t *countp, BUF op), \
	     (ncid, varid, startp, countp, op), (int, int, const size_t *, const size_t *, BUF),  \
	     ncid, data_bytes(ncid, varid, ES, COUNTS, countp, 0))
#define WRAP_VARS(name, id, BUF, ES)                                                   \
	WRAP(name, id,                                                                 \
	     (int ncid, int varid, const size_t *startp, const size_t *countp,         \
	      const ptrdiff_t *stridep, BUF op),                                       \
	     (ncid, varid, startp, countp, stridep, op),                               \
	     (int, int, const size_t *, const size_t *, const ptrdiff_t *, BUF), ncid, \
	     data_bytes(ncid, varid, ES, COUNTS, countp, 0))
#define WRAP_VARM(name, id, BUF, ES)                                                          \
	WRAP(name, id,                                                                        \
	     (int ncid, int varid, const size_t *startp, const size_t *countp,                \
	      const ptrdiff_t *stridep, const ptrdiff_t *imapp, BUF op),                      \
	     (ncid, varid, startp, countp, stridep, imapp, op),                               \
	     (int, int, const size_t *, const size_t *, const ptrdiff_t *, const ptrdiff_t *, \
	      BUF),                                                                           \
	     ncid, data_bytes(ncid, varid, ES, COUNTS, countp, 0))
/* nc_put_att_TYPE(ncid, varid, name, xtype, len, op) */
#define WRAP_ATT(name, id, BUF, ES)                                                                \
	WRAP(name, id,                                                                             \
	     (int ncid, int varid, const char *aname, nc_type xtype, size_t len, BUF op),          \
	     (ncid, varid, aname, xtype, len, op), (int, int, const char *, nc_type, size_t, BUF), \
	     ncid, data_bytes(ncid, varid, ES, LEN, NULL, len))

/* one form in every element type: F(name, id, BUF, ES) */
#define TYPES(F, io, form, CONST)                                                                \
	F(nc_##io##_##form##_text, VD_TL_nc_##io##_##form##_text, CONST char *, 1)               \
	F(nc_##io##_##form##_schar, VD_TL_nc_##io##_##form##_schar, CONST signed char *, 1)      \
	F(nc_##io##_##form##_uchar, VD_TL_nc_##io##_##form##_uchar, CONST unsigned char *, 1)    \
	F(nc_##io##_##form##_short, VD_TL_nc_##io##_##form##_short, CONST short *, 2)            \
	F(nc_##io##_##form##_int, VD_TL_nc_##io##_##form##_int, CONST int *, 4)                  \
	F(nc_##io##_##form##_long, VD_TL_nc_##io##_##form##_long, CONST long *, sizeof(long))    \
	F(nc_##io##_##form##_float, VD_TL_nc_##io##_##form##_float, CONST float *, 4)            \
	F(nc_##io##_##form##_double, VD_TL_nc_##io##_##form##_double, CONST double *, 8)         \
	F(nc_##io##_##form##_ubyte, VD_TL_nc_##io##_##form##_ubyte, CONST unsigned char *, 1)    \
	F(nc_##io##_##form##_ushort, VD_TL_nc_##io##_##form##_ushort, CONST unsigned short *, 2) \
	F(nc_##io##_##form##_uint, VD_TL_nc_##io##_##form##_uint, CONST unsigned int *, 4)       \
	F(nc_##io##_##form##_longlong, VD_TL_nc_##io##_##form##_longlong, CONST long long *, 8)  \
	F(nc_##io##_##form##_ulonglong, VD_TL_nc_##io##_##form##_ulonglong,                      \
	  CONST unsigned long long *, 8)

WRAP_VAR(nc_put_var, VD_TL_nc_put_var, const void *, 0)
WRAP_VAR(nc_get_var, VD_TL_nc_get_var, void *, 0)
WRAP_VAR1(nc_put_var1, VD_TL_nc_put_var1, const void *, 0)
WRAP_VAR1(nc_get_var1, VD_TL_nc_get_var1, void *, 0)
WRAP_VARA(nc_put_vara, VD_TL_nc_put_vara, const void *, 0)
WRAP_VARA(nc_get_vara, VD_TL_nc_get_vara, void *, 0)
WRAP_VARS(nc_put_vars, VD_TL_nc_put_vars, const void *, 0)
WRAP_VARS(nc_get_vars, VD_TL_nc_get_vars, void *, 0)
WRAP_VARM(nc_put_varm, VD_TL_nc_put_varm, const void *, 0)
WRAP_VARM(nc_get_varm, VD_TL_nc_get_varm, void *, 0)

TYPES(WRAP_VAR, put, var, const)
TYPES(WRAP_VAR, get, var, )
TYPES(WRAP_VAR1, put, var1, const)
TYPES(WRAP_VAR1, get, var1, )
TYPES(WRAP_VARA, put, vara, const)
TYPES(WRAP_VARA, get, vara, )
TYPES(WRAP_VARS, put, vars, const)
TYPES(WRAP_VARS, get, vars, )
TYPES(WRAP_VARM, put, varm, const)
TYPES(WRAP_VARM, get, varm, )
/* nc_put_att_text(ncid, varid, name, len, op) has no xtype */
WRAP(nc_put_att_text, VD_TL_nc_put_att_text,
     (int ncid, int varid, const char *aname, size_t len, const char *op),
     (ncid, varid, aname, len, op), (int, int, const char *, size_t, const char *), ncid,
     data_bytes(ncid, varid, 1, LEN, NULL, len))
#define WRAP_ATT_TYPED(name, id, BUF, ES) WRAP_ATT_##name(name, id, BUF, ES)
#define WRAP_ATT_nc_put_att_text(name, id, BUF, ES) /* above */
#define WRAP_ATT_nc_put_att_schar WRAP_ATT
#define WRAP_ATT_nc_put_att_uchar WRAP_ATT
#define WRAP_ATT_nc_put_att_short WRAP_ATT
#define WRAP_ATT_nc_put_att_int WRAP_ATT
#define WRAP_ATT_nc_put_att_long WRAP_ATT
#define WRAP_ATT_nc_put_att_float WRAP_ATT
#define WRAP_ATT_nc_put_att_double WRAP_ATT
#define WRAP_ATT_nc_put_att_ubyte WRAP_ATT
#define WRAP_ATT_nc_put_att_ushort WRAP_ATT
#define WRAP_ATT_nc_put_att_uint WRAP_ATT
#define WRAP_ATT_nc_put_att_longlong WRAP_ATT
#define WRAP_ATT_nc_put_att_ulonglong WRAP_ATT
TYPES(WRAP_ATT_TYPED, put, att, const)

/* nc_get_att_TYPE(ncid, varid, name, ip) and nc_get_att(ncid, varid, name, ip) */
#define WRAP_GET_ATT(name, id, BUF, ES)                                                            \
	WRAP(name, id, (int ncid, int varid, const char *aname, BUF ip), (ncid, varid, aname, ip), \
	     (int, int, const char *, BUF), ncid, att_bytes(ncid, varid, aname, ES))
WRAP_GET_ATT(nc_get_att, VD_TL_nc_get_att, void *, 0)
TYPES(WRAP_GET_ATT, get, att, )

/* Inquiries: recorded only when a recorded call (HDF5, POSIX) was made
 * inside, as its parent. */
#define WRAP_INQ(name, id, PARAMS, ARGS, TYPES)                                                  \
	WRAP_LIB_CALL(in_netcdf, NC_ENOTBUILT, vt_has_children(), name, id, PARAMS, ARGS, TYPES, \
		      nc_path(ncid, path_buf, sizeof path_buf), 0, ncid)

WRAP_INQ(nc_inq, VD_TL_NC_INQ, (int ncid, int *ndimsp, int *nvarsp, int *nattsp, int *unlimp),
	 (ncid, ndimsp, nvarsp, nattsp, unlimp), (int, int *, int *, int *, int *))
WRAP_INQ(nc_inq_natts, VD_TL_NC_INQ_NATTS, (int ncid, int *nattsp), (ncid, nattsp), (int, int *))
WRAP_INQ(nc_inq_var, VD_TL_NC_INQ_VAR,
	 (int ncid, int varid, char *name, nc_type *xtypep, int *ndimsp, int *dimidsp, int *nattsp),
	 (ncid, varid, name, xtypep, ndimsp, dimidsp, nattsp),
	 (int, int, char *, nc_type *, int *, int *, int *))
/* always recorded: the catalog counts it, as the open of a variable by name */
WRAP(nc_inq_varid, VD_TL_NC_INQ_VARID, (int ncid, const char *name, int *varidp),
     (ncid, name, varidp), (int, const char *, int *), ncid, 0)
WRAP_INQ(nc_inq_varnatts, VD_TL_NC_INQ_VARNATTS, (int ncid, int varid, int *nattsp),
	 (ncid, varid, nattsp), (int, int, int *))
WRAP_INQ(nc_inq_att, VD_TL_NC_INQ_ATT,
	 (int ncid, int varid, const char *name, nc_type *xtypep, size_t *lenp),
	 (ncid, varid, name, xtypep, lenp), (int, int, const char *, nc_type *, size_t *))
WRAP_INQ(nc_inq_attname, VD_TL_NC_INQ_ATTNAME, (int ncid, int varid, int attnum, char *name),
	 (ncid, varid, attnum, name), (int, int, int, char *))
WRAP_INQ(nc_inq_attlen, VD_TL_NC_INQ_ATTLEN, (int ncid, int varid, const char *name, size_t *lenp),
	 (ncid, varid, name, lenp), (int, int, const char *, size_t *))
WRAP_INQ(nc_inq_atttype, VD_TL_NC_INQ_ATTTYPE,
	 (int ncid, int varid, const char *name, nc_type *xtypep), (ncid, varid, name, xtypep),
	 (int, int, const char *, nc_type *))
WRAP_INQ(nc_inq_dimid, VD_TL_NC_INQ_DIMID, (int ncid, const char *name, int *idp),
	 (ncid, name, idp), (int, const char *, int *))
WRAP_INQ(nc_inq_dim, VD_TL_NC_INQ_DIM, (int ncid, int dimid, char *name, size_t *lenp),
	 (ncid, dimid, name, lenp), (int, int, char *, size_t *))
WRAP_INQ(nc_inq_dimlen, VD_TL_NC_INQ_DIMLEN, (int ncid, int dimid, size_t *lenp),
	 (ncid, dimid, lenp), (int, int, size_t *))
WRAP_INQ(nc_inq_var_chunking, VD_TL_NC_INQ_VAR_CHUNKING,
	 (int ncid, int varid, int *storagep, size_t *chunksizesp),
	 (ncid, varid, storagep, chunksizesp), (int, int, int *, size_t *))
WRAP_INQ(nc_inq_var_deflate, VD_TL_NC_INQ_VAR_DEFLATE,
	 (int ncid, int varid, int *shufflep, int *deflatep, int *levelp),
	 (ncid, varid, shufflep, deflatep, levelp), (int, int, int *, int *, int *))
WRAP_INQ(nc_inq_var_fill, VD_TL_NC_INQ_VAR_FILL,
	 (int ncid, int varid, int *no_fill, void *fill_valuep),
	 (ncid, varid, no_fill, fill_valuep), (int, int, int *, void *))
