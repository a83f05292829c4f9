/*
 * wrap_hdf5.c - HDF5 layer of libvidya_trace.so.
 *
 * Interposes the HDF5 calls that open, close and flush files, create, open,
 * close and flush datasets, and move data (H5Dread/H5Dwrite, H5Aread/
 * H5Awrite), and records each as one VD_TL_HDF5 op; the POSIX (or MPI-IO)
 * calls HDF5 issues while serving it are recorded as its children.
 *
 * The library is not linked against libhdf5.  <hdf5.h> is included for the
 * types and constants only (not the H5T_NATIVE_* / H5P_* macros, which
 * expand to globals of libhdf5).  Every HDF5 function called is looked up
 * at run time (vt_next) and called through a pointer, inside
 * vt_quiet_begin/vt_quiet_end so it is not recorded, with errno preserved.
 *
 * What is recorded: handle = the hid_t (the one returned by the opens and
 * creates); path = the file's name (the argument of H5Fcreate/H5Fopen, else
 * H5Fget_name of the object); offset = -1 (an HDF5 call has no file offset;
 * the calls it issues do); for the data calls req = size of the memory
 * datatype * number of elements selected, done = req when the call
 * succeeded; err = errno when a failed call set it, else -1 for a failure.
 *
 * The helper calls must not change what the application sees of HDF5.  Each
 * HDF5 API call clears the error stack on entry, and a failing one pushes
 * onto it and may print it.  So: every identifier is checked with
 * H5Iget_type (which fails silently) before a helper is handed it, and the
 * helpers run before the real call, whose own entry then clears the stack
 * as it would have; the only helper run after it, on the identifier a
 * successful H5Dcreate2/H5Dopen2 returned, cannot fail.  Running before
 * vt_begin also keeps their time out of the call's duration.  What remains
 * visible: H5Dget_space/H5Aget_space advance HDF5's dataspace id counter.
 *
 * Not wrapped: the 1.12+ calls (H5Dread_multi, the *_async variants).
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include <hdf5.h>

#include "recorder.h"
#include "wrap_lib.h"

/* HDF5's "failed" values. */
#define FAIL_HID ((hid_t)-1)
#define FAIL_HERR ((herr_t)-1)

/* The kind of identifier `id` is, H5I_BADID when it is not a live one. */
static H5I_type_t id_type(hid_t id)
{
	VT_REAL(H5I_type_t, H5Iget_type, (hid_t));
	return real_H5Iget_type ? real_H5Iget_type(id) : H5I_BADID;
}

/*
 * Name of the file that holds object `id` (a file, group, dataset or
 * attribute), in buf; NULL when it is not known.  Quiet.
 */
static const char *file_name(hid_t id, char *buf, size_t size)
{
	VT_REAL(ssize_t, H5Fget_name, (hid_t, char *, size_t));
	const char *ret = NULL;
	int e;

	if (!real_H5Fget_name)
		return NULL;
	e = quiet_begin();
	switch (id_type(id)) {
	case H5I_FILE:
	case H5I_GROUP:
	case H5I_DATASET:
	case H5I_ATTR:
		if (real_H5Fget_name(id, buf, size) > 0)
			ret = buf;
		break;
	default: /* transient datatypes etc. belong to no file */
		break;
	}
	quiet_end(e);
	return ret;
}

/* Size in bytes of datatype `type`, 0 when unknown.  Call quietly. */
static int64_t type_size(hid_t type)
{
	VT_REAL(size_t, H5Tget_size, (hid_t));
	if (!real_H5Tget_size || id_type(type) != H5I_DATATYPE)
		return 0;
	return (int64_t)real_H5Tget_size(type);
}

/* Number of elements selected in dataspace `space`, -1 when unknown.  Call
 * quietly. */
static int64_t selected(hid_t space)
{
	VT_REAL(hssize_t, H5Sget_select_npoints, (hid_t));
	if (!real_H5Sget_select_npoints || id_type(space) != H5I_DATASPACE)
		return -1;
	return (int64_t)real_H5Sget_select_npoints(space);
}

/* Number of elements in the dataspace `get_space(obj)` returns (a new
 * identifier, closed again), -1 when unknown.  Call quietly. */
static int64_t selected_in_copy(hid_t (*get_space)(hid_t), hid_t obj)
{
	VT_REAL(herr_t, H5Sclose, (hid_t));
	if (!get_space || !real_H5Sclose)
		return -1;
	hid_t space = get_space(obj);
	if (space < 0)
		return -1;
	int64_t n = selected(space);
	real_H5Sclose(space);
	return n;
}

/*
 * Bytes an H5Dread/H5Dwrite of `dset` moves in memory: the memory
 * datatype's size times the elements selected in the memory space, or
 * with H5S_ALL in the file space, or with H5S_ALL too in the dataset's
 * whole space.  0 when unknown.
 */
static int64_t dataset_bytes(hid_t dset, hid_t mem_type, hid_t mem_space, hid_t file_space)
{
	VT_REAL(hid_t, H5Dget_space, (hid_t));
	int64_t size, n;
	int e = quiet_begin();

	size = type_size(mem_type);
	if (!size)
		n = -1;
	else if (mem_space != H5S_ALL)
		n = selected(mem_space);
	else if (file_space != H5S_ALL)
		n = selected(file_space);
	else if (id_type(dset) == H5I_DATASET)
		n = selected_in_copy(real_H5Dget_space, dset);
	else
		n = -1;
	quiet_end(e);
	return n < 0 ? 0 : size * n;
}

/* Bytes an H5Aread/H5Awrite of `attr` moves in memory, 0 when unknown. */
static int64_t attribute_bytes(hid_t attr, hid_t mem_type)
{
	VT_REAL(hid_t, H5Aget_space, (hid_t));
	int64_t size, n = -1;
	int e = quiet_begin();

	size = type_size(mem_type);
	if (size && id_type(attr) == H5I_ATTR)
		n = selected_in_copy(real_H5Aget_space, attr);
	quiet_end(e);
	return n < 0 ? 0 : size * n;
}

/*
 * A call whose real definition cannot be found fails rather than crash
 * (the program probed for HDF5 through a weak reference, or libhdf5 was
 * loaded RTLD_LOCAL where vt_next cannot see it).
 */

hid_t H5Fcreate(const char *filename, unsigned flags, hid_t fcpl_id, hid_t fapl_id)
{
	VT_REAL(hid_t, H5Fcreate, (const char *, unsigned, hid_t, hid_t));
	if (!real_H5Fcreate)
		return FAIL_HID;
	vt_call c;
	int on = vt_begin(&c, VD_TL_H5FCREATE);
	int e = call_begin();
	hid_t r = real_H5Fcreate(filename, flags, fcpl_id, fapl_id);
	int err = call_end(e, r < 0);
	if (on)
		vt_end(&c, r, -1, 0, 0, err, filename);
	return r;
}

hid_t H5Fopen(const char *filename, unsigned flags, hid_t fapl_id)
{
	VT_REAL(hid_t, H5Fopen, (const char *, unsigned, hid_t));
	if (!real_H5Fopen)
		return FAIL_HID;
	vt_call c;
	int on = vt_begin(&c, VD_TL_H5FOPEN);
	int e = call_begin();
	hid_t r = real_H5Fopen(filename, flags, fapl_id);
	int err = call_end(e, r < 0);
	if (on)
		vt_end(&c, r, -1, 0, 0, err, filename);
	return r;
}

/*
 * H5Dcreate2/H5Dopen2: the file is named after the call, from the new
 * dataset (which may live in another file than loc_id, through an external
 * link).
 */
#define WRAP_DSET_OPEN(name, id, PARAMS, ARGS, TYPES)                         \
	hid_t name PARAMS                                                     \
	{                                                                     \
		VT_REAL(hid_t, name, TYPES);                                  \
		if (!real_##name)                                             \
			return FAIL_HID;                                      \
		vt_call c;                                                    \
		int on = vt_begin(&c, id);                                    \
		int e = call_begin();                                         \
		hid_t r = real_##name ARGS;                                   \
		int err = call_end(e, r < 0);                                 \
		if (on) {                                                     \
			char buf[VD_TL_PATHMAX];                              \
			vt_end(&c, r, -1, 0, 0, err,                          \
			       r < 0 ? NULL : file_name(r, buf, sizeof buf)); \
		}                                                             \
		return r;                                                     \
	}

WRAP_DSET_OPEN(H5Dcreate2, VD_TL_H5DCREATE2,
	       (hid_t loc_id, const char *name, hid_t type_id, hid_t space_id, hid_t lcpl_id,
		hid_t dcpl_id, hid_t dapl_id),
	       (loc_id, name, type_id, space_id, lcpl_id, dcpl_id, dapl_id),
	       (hid_t, const char *, hid_t, hid_t, hid_t, hid_t, hid_t))
WRAP_DSET_OPEN(H5Dopen2, VD_TL_H5DOPEN2, (hid_t loc_id, const char *name, hid_t dapl_id),
	       (loc_id, name, dapl_id), (hid_t, const char *, hid_t))
/* the deprecated forms, what H5Dcreate/H5Dopen mean under H5_USE_16_API
 * (IOR defines it): without them a dataset's opening is missed and the
 * metadata reads inside it would look like the application's own I/O */
WRAP_DSET_OPEN(H5Dcreate1, VD_TL_H5DCREATE1,
	       (hid_t loc_id, const char *name, hid_t type_id, hid_t space_id, hid_t dcpl_id),
	       (loc_id, name, type_id, space_id, dcpl_id),
	       (hid_t, const char *, hid_t, hid_t, hid_t))
WRAP_DSET_OPEN(H5Dopen1, VD_TL_H5DOPEN1, (hid_t loc_id, const char *name), (loc_id, name),
	       (hid_t, const char *))

/*
 * Calls on an open object that move no data (closes, flushes): the file is
 * named before the call, while the identifier is still valid.  PARAMS
 * names the object `obj`.
 */
#define WRAP_OBJ(name, id, PARAMS, ARGS, TYPES)                     \
	herr_t name PARAMS                                          \
	{                                                           \
		VT_REAL(herr_t, name, TYPES);                       \
		if (!real_##name)                                   \
			return FAIL_HERR;                           \
		char buf[VD_TL_PATHMAX];                            \
		const char *path = file_name(obj, buf, sizeof buf); \
		vt_call c;                                          \
		int on = vt_begin(&c, id);                          \
		int e = call_begin();                               \
		herr_t r = real_##name ARGS;                        \
		int err = call_end(e, r < 0);                       \
		if (on)                                             \
			vt_end(&c, obj, -1, 0, 0, err, path);       \
		return r;                                           \
	}

WRAP_OBJ(H5Fclose, VD_TL_H5FCLOSE, (hid_t obj), (obj), (hid_t))
WRAP_OBJ(H5Fflush, VD_TL_H5FFLUSH, (hid_t obj, H5F_scope_t scope), (obj, scope),
	 (hid_t, H5F_scope_t))
WRAP_OBJ(H5Dclose, VD_TL_H5DCLOSE, (hid_t obj), (obj), (hid_t))
WRAP_OBJ(H5Dflush, VD_TL_H5DFLUSH, (hid_t obj), (obj), (hid_t))

/* H5Dread/H5Dwrite; BUF is the buffer's type. */
#define WRAP_DSET_IO(name, id, BUF)                                                                \
	herr_t name(hid_t dset_id, hid_t mem_type_id, hid_t mem_space_id, hid_t file_space_id,     \
		    hid_t dxpl_id, BUF buf)                                                        \
	{                                                                                          \
		VT_REAL(herr_t, name, (hid_t, hid_t, hid_t, hid_t, hid_t, BUF));                   \
		if (!real_##name)                                                                  \
			return FAIL_HERR;                                                          \
		char path_buf[VD_TL_PATHMAX];                                                      \
		const char *path = file_name(dset_id, path_buf, sizeof path_buf);                  \
		int64_t req = dataset_bytes(dset_id, mem_type_id, mem_space_id, file_space_id);    \
		vt_call c;                                                                         \
		int on = vt_begin(&c, id);                                                         \
		int e = call_begin();                                                              \
		herr_t r = real_##name(dset_id, mem_type_id, mem_space_id, file_space_id, dxpl_id, \
				       buf);                                                       \
		int err = call_end(e, r < 0);                                                      \
		if (on)                                                                            \
			vt_end(&c, dset_id, -1, req, r < 0 ? 0 : req, err, path);                  \
		return r;                                                                          \
	}

WRAP_DSET_IO(H5Dread, VD_TL_H5DREAD, void *)
WRAP_DSET_IO(H5Dwrite, VD_TL_H5DWRITE, const void *)

/* H5Aread/H5Awrite; BUF is the buffer's type. */
#define WRAP_ATTR_IO(name, id, BUF)                                               \
	herr_t name(hid_t attr_id, hid_t type_id, BUF buf)                        \
	{                                                                         \
		VT_REAL(herr_t, name, (hid_t, hid_t, BUF));                       \
		if (!real_##name)                                                 \
			return FAIL_HERR;                                         \
		char path_buf[VD_TL_PATHMAX];                                     \
		const char *path = file_name(attr_id, path_buf, sizeof path_buf); \
		int64_t req = attribute_bytes(attr_id, type_id);                  \
		vt_call c;                                                        \
		int on = vt_begin(&c, id);                                        \
		int e = call_begin();                                             \
		herr_t r = real_##name(attr_id, type_id, buf);                    \
		int err = call_end(e, r < 0);                                     \
		if (on)                                                           \
			vt_end(&c, attr_id, -1, req, r < 0 ? 0 : req, err, path); \
		return r;                                                         \
	}

WRAP_ATTR_IO(H5Aread, VD_TL_H5AREAD, void *)
WRAP_ATTR_IO(H5Awrite, VD_TL_H5AWRITE, const void *)
