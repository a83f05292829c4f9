/*
 * vd_sciinput.h - scientific-format inputs read at analysis time.
 *
 * When a program opens an existing NetCDF file for reading, the walk opens
 * it too (read-only, through libnetcdf) and answers the program's inquiry
 * calls (nc_inq, nc_inq_var, nc_inq_dimlen, ...) with the file's real
 * header, so the loops over its variables and dimensions run as in the
 * run.  An existing HDF5 file opened with H5Fopen gives the datasets
 * opened in it their real points and element size.  Plain C types only: no libclang, no netcdf.h in the callers.
 * Every function returns 0 on success, non-zero when the library fails.
 */
#ifndef VD_SCIINPUT_H
#define VD_SCIINPUT_H

#include <stddef.h>

#define VD_SCI_NAME_MAX 256  /* NC_MAX_NAME + 1 */
#define VD_SCI_MAX_DIMS 1024 /* NC_MAX_VAR_DIMS */

/* opens `path` read-only: its library id in *id */
int vd_sci_nc_open(const char *path, int *id);
void vd_sci_nc_close(int id);
int vd_sci_nc_inq(int id, int *ndims, int *nvars, int *natts, int *unlimdim);
/* dimension `dim`: its name (VD_SCI_NAME_MAX bytes) and length */
int vd_sci_nc_inq_dim(int id, int dim, char *name, size_t *len);
/* variable `var`: name, type, number of dimensions, their ids (up to
 * max_dims of them) and number of attributes */
int vd_sci_nc_inq_var(int id, int var, char *name, int *type, int *ndims, int *dimids, int max_dims,
		      int *natts);
int vd_sci_nc_inq_varid(int id, const char *name, int *var);
int vd_sci_nc_inq_dimid(int id, const char *name, int *dim);
/* size in bytes of type `type` (atomic or user-defined) */
int vd_sci_nc_type_size(int id, int type, size_t *size);
/* variable `var`'s points (product of its dimension lengths, 1 for a scalar) */
int vd_sci_nc_var_points(int id, int var, double *points);
/* attribute `name` of variable `var` (-1: global): its type and length */
int vd_sci_nc_inq_att(int id, int var, const char *name, int *type, size_t *len);
/* the name of attribute number `num` of variable `var` */
int vd_sci_nc_inq_attname(int id, int var, int num, char *name);

/* the file's format (NC_FORMAT_CLASSIC ...) */
int vd_sci_nc_inq_format(int id, int *format);
/* the ids of the root group's dimensions (which 'd', nc_inq_dimids),
 * unlimited dimensions ('u'), user-defined types ('t') or child groups
 * ('g'): their number in *count and, when ids is not NULL, the ids (fails
 * when there are more than max) */
int vd_sci_nc_inq_ids(int id, int which, int *count, int *ids, int max);
/* type `type`'s name (VD_SCI_NAME_MAX bytes) and size */
int vd_sci_nc_inq_type(int id, int type, char *name, size_t *size);

/* attribute `name` of variable `var`: its type, length and values - the
 * text (not NUL-terminated) of a character attribute in text, the numbers
 * of a numeric one in vals, each with room for max; fails for strings and
 * user-defined types */
int vd_sci_nc_get_att(int id, int var, const char *name, int *type, size_t *len, double *vals,
		      char *text, size_t max);

/* 1 when variable `var` (-1: global) exists but has no attribute `name`
 * (the library's NC_ENOTATT), else 0 */
int vd_sci_nc_att_absent(int id, int var, const char *name);

/* HDF5: opens `path` read-only (0), or 1 when it is not an HDF5 file */
int vd_sci_h5_open(const char *path, long long *id);
void vd_sci_h5_close(long long id);
/* the dataset at `path` in file `id`: its points, element size and rank */
int vd_sci_h5_dataset(long long id, const char *path, double *points, double *tsize, int *rank);

/* The dataset, or attribute, at `path` of file `id` (an attribute: the
 * last component names it on the object before it, "/ds/units"): its
 * dataspace's rank, first max dimensions and points */
int vd_sci_h5_extent(long long id, const char *path, int *rank, double *dims, int max,
		     double *points);
/* its datatype's class (H5T_class_t) and size in bytes */
int vd_sci_h5_dtype(long long id, const char *path, int *cls, double *size);
/* whether the datatype of the dataset or attribute at `path` is a named
 * (committed) datatype, or the object there is one: *committed 1 or 0 */
int vd_sci_h5_committed(long long id, const char *path, int *committed);
/* the object at `path`: its H5O_type_t and number of attributes */
int vd_sci_h5_object(long long id, const char *path, int *otype, int *nattrs);

typedef struct vd_sci_h5_name {
	char *name;
	int type; /* a link's object type (H5O_type_t), -1 not a hard link */
} vd_sci_h5_name;
/* the names, in increasing name order, of the links of the group at `path`
 * (which 'l', H5Literate2's), of all links below it ('v', H5Lvisit2's:
 * paths relative to it) or of the object's attributes ('a'): a malloc'd
 * array in *names (vd_sci_h5_names_free) */
int vd_sci_h5_names(long long id, const char *path, int which, vd_sci_h5_name **names, size_t *n);
void vd_sci_h5_names_free(vd_sci_h5_name *names, size_t n);

#endif
