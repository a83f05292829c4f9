/*
 * catalog.h - the declarative I/O API catalog (data/catalog.xml).
 *
 * One entry per function: its interface, operation class and which
 * arguments carry the handle, byte count, offset, path and flags.  The
 * evaluator reads only this table, so adding an interface (NetCDF, ADIOS,
 * an in-house wrapper) is a matter of data, not code: users pass their own
 * file with --catalog FILE.  The XML format is documented in docs/catalog.md.
 *
 * Argument indices are 0-based; -1 means "not present".
 */
#ifndef VD_CATALOG_H
#define VD_CATALOG_H

#include <stddef.h>

#include "vd_vocab.h" /* vd_opclass */

/* entry flags */
enum {
	VD_CAT_ASYNC =
		1u
		<< 0, /* non-blocking / asynchronous (aio_*, MPI_File_i*, _begin/_end, H5*_async) */
	VD_CAT_COLLECTIVE =
		1u << 1,         /* MPI collective (_all, _ordered, open/close/set_view/sync...) */
	VD_CAT_BINARY = 1u << 2, /* data moved as raw bytes */
	VD_CAT_TEXT = 1u << 3,   /* formatted text (fprintf, fputs, fgets, fscanf...) */
	VD_CAT_STDOUT = 1u << 4, /* implicit handle: stdout (printf, puts, putchar) */
	VD_CAT_STDIN = 1u << 5,  /* implicit handle: stdin (scanf, getchar) */
	VD_CAT_COMPLETION =
		1u << 6, /* completes an earlier split/async call: moves no new bytes (_end) */
	VD_CAT_SYNC_ALL = 1u << 7, /* syncs every file (sync(), not per handle) */
	VD_CAT_STDERR = 1u << 8,   /* implicit handle: stderr (perror) */
	VD_CAT_UNIQUE =
		1u << 9, /* open: a new, differently named file on every call (mkstemp, tmpfile) */
	VD_CAT_WHOLE = 1u << 10, /* moves the whole variable of handle_arg (nc_put_var_double) */
	VD_CAT_ONE = 1u << 11,   /* moves one element of it (nc_put_var1_double) */
	VD_CAT_MAPPING =
		1u << 12 /* maps, unmaps or syncs a file mapping of bytes_arg bytes (mmap) */
};

/* what a value-semantics helper creates (role attribute) */
typedef enum {
	VD_ROLE_NONE,
	VD_ROLE_DATASPACE, /* H5Screate_simple(rank, dims, maxdims): returns a dataspace of prod(dims) points */
	VD_ROLE_SCALARSPACE, /* H5Screate(H5S_SCALAR): one point */
	VD_ROLE_HYPERSLAB, /* H5Sselect_hyperslab(space, op, start, stride, count, block): selection = prod(count)*prod(block) */
	VD_ROLE_TYPE_CONTIG, /* MPI_Type_contiguous(count, oldtype, &newtype) */
	VD_ROLE_TYPE_COPY,   /* H5Tcopy(type): returns the same size */
	VD_ROLE_OBJECT_SPACE, /* H5Dget_space(dset): returns the dataspace the object in handle_arg was created with */
	VD_ROLE_OBJECT_TYPE, /* H5Dget_type(dset): returns its datatype */
	VD_ROLE_DIMENSION, /* nc_def_dim(ncid, name, len, &dimid): dimid denotes len points (count_arg, handle_out) */
	VD_ROLE_PAR_ACCESS /* nc_var_par_access(ncid, varid, par): the variable's data calls are collective
			       * when par (flags_arg) is NC_COLLECTIVE */
} vd_role;

typedef struct vd_catalog_entry {
	const char *name;
	const char *api; /* posix, stdio, mpiio, hdf5, or the user's name */
	vd_opclass op;
	vd_role role;
	unsigned flags; /* VD_CAT_* */
	int handle_arg; /* handle operated on (fd, FILE*, MPI_File, hid_t); for H5Dcreate the parent loc */
	int handle_out; /* open: -1 = the return value is the new handle; >= 0: index of an out pointer (&fh) */
	int target_arg; /* open: an existing handle re-pointed instead of a new one (dup2's newfd, freopen's stream) */
	int object_arg; /* open: HDF5 object name inside handle_arg (H5Dcreate2/H5Dopen2's name) */
	int bytes_arg;  /* byte count */
	int count_arg;  /* element count (fwrite nmemb, MPI count) */
	int size_arg;   /* element size in bytes (fwrite size) */
	int type_arg; /* datatype whose size is the element size (MPI datatype, HDF5 mem type, H5Dcreate type) */
	int space_arg; /* HDF5 memory dataspace (H5Dwrite) or dataset dataspace (H5Dcreate, H5Acreate) */
	int filespace_arg; /* HDF5 file dataspace (H5Dwrite/H5Dread) */
	int offset_arg;    /* explicit file offset (pwrite, MPI_File_write_at, lseek, fseek) */
	int whence_arg;    /* SEEK_SET/CUR/END (lseek, fseek) */
	int path_arg;      /* file path (open, fopen, stat, MPI_File_open, H5Fcreate) */
	int flags_arg;     /* integer open flags / amode (O_SYNC, MPI_MODE_*, H5F_ACC_*) */
	int mode_arg;      /* fopen-style mode string ("w", "rb", "a+") */
	int format_arg;    /* printf/scanf format string; arguments follow it */
	int string_arg;    /* bytes = strlen of this string (fputs, puts) */
	int dims_arg;      /* role dataspace: dims array; rank_arg gives its length */
	int rank_arg;
	int iov_arg; /* readv/writev: struct iovec array */
	int iovcnt_arg;
	int counts_arg; /* array-valued count (nc_put_vara's count[]): bytes = prod(count[0..rank-1]) x element size */
	int xtype_arg; /* NetCDF external type of a variable being defined (nc_def_var's xtype) */
	long fixed_bytes; /* bytes moved when fixed (putc: 1); -1 = not fixed */
	long extra_bytes; /* added to the computed count (puts: +1 newline, fgets: -1) */
	long elem_size;   /* counts/whole/one: element size in bytes; -1 = the variable's type */
} vd_catalog_entry;

/* Sizing of array-valued extents (NetCDF, PnetCDF), over evaluated argument
 * values so the evaluator's representation stays its own: */
#define VD_CATALOG_MAX_RANK 32
/* 1 when entry `e` is sized by the rules below: counts, whole, one, or a
 * scalar count with elem-size or xtype (nc_put_att_double's len). */
int vd_catalog_array_sized(const vd_catalog_entry *e);
/* Points of a `rank`-dimensional extent given as the n values dim[0..n-1]
 * (a count[] argument, or a variable's dimension lengths): their product
 * over the first `rank`; 1 for rank 0; -1 when rank is out of range, n <
 * rank or any of them is unknown (negative). */
double vd_catalog_extent(const double *dim, int n, int rank);
/* Bytes an array-sized call `e` moves, -1 when unknown: points x element
 * size, the element size being elem-size, else that of the call's xtype
 * argument (xtype_size), else the variable's (var_tsize).  var_points,
 * var_rank and var_tsize describe the variable in its handle argument (-1
 * each when unknown); count[0..ncount-1] are the values of its `counts`
 * argument (ncount -1 when it is not an array), or its scalar `count` as
 * one value. */
double vd_catalog_array_bytes(const vd_catalog_entry *e, double var_points, int var_rank,
			      double var_tsize, const double *count, int ncount, double xtype_size);
/* Size in bytes of NetCDF external type `xtype` (NC_BYTE = 1 .. NC_UINT64
 * = 11, the codes of the file format), -1 for others (NC_STRING, user
 * defined types). */
long vd_catalog_nc_type_size(long xtype);

/* a named constant the evaluator needs: datatype sizes and flag values
 * e.g. <constant name="H5T_NATIVE_DOUBLE_g" size="8"/>,
 *      <constant name="ompi_mpi_double" size="8"/>,
 *      <constant name="O_SYNC" value="1052672"/> */
typedef struct vd_catalog_constant {
	const char *name;
	long size;  /* datatype size in bytes, -1 if not a datatype */
	long value; /* integer value when it is a flag/number */
	int has_value;
} vd_catalog_constant;

typedef struct vd_catalog vd_catalog;

/* Loads the catalog file at `path` (libxml2).  Errors name the file, line
 * and reason; an entry with an unknown op or a bad index is an error. */
int vd_catalog_load(vd_catalog **out, const char *path);
/* Adds (or replaces, by name) the entries of another catalog file. */
int vd_catalog_merge_file(vd_catalog *c, const char *path);
const vd_catalog_entry *vd_catalog_find(const vd_catalog *c, const char *name);
const vd_catalog_constant *vd_catalog_find_constant(const vd_catalog *c, const char *name);
size_t vd_catalog_count(const vd_catalog *c);
const vd_catalog_entry *vd_catalog_at(const vd_catalog *c, size_t i);
void vd_catalog_free(vd_catalog *c);

#endif
