/*
 * sciinput.c - NetCDF and HDF5 inputs read at analysis time (see
 * vd_sciinput.h).  Thin read-only wrappers over libnetcdf and the serial
 * libhdf5: nothing printed (HDF5's automatic error stacks are turned off),
 * nothing kept here; the caller keeps the ids and closes them.  Neither
 * library is thread-safe: one call at a time.
 */
#include <hdf5.h>
#include <netcdf.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "vd_sciinput.h"

static pthread_mutex_t sci_mu = PTHREAD_MUTEX_INITIALIZER;

static void lock(void)
{
	pthread_mutex_lock(&sci_mu);
}

static int unlock(int rc)
{
	pthread_mutex_unlock(&sci_mu);
	return rc;
}

static void copy_name(char *name, const char *nm)
{
	if (!name)
		return;
	strncpy(name, nm, VD_SCI_NAME_MAX - 1);
	name[VD_SCI_NAME_MAX - 1] = '\0';
}

int vd_sci_nc_open(const char *path, int *id)
{
	lock();
	return unlock(nc_open(path, NC_NOWRITE, id) != NC_NOERR);
}

void vd_sci_nc_close(int id)
{
	lock();
	(void)unlock(nc_close(id));
}

int vd_sci_nc_inq(int id, int *ndims, int *nvars, int *natts, int *unlimdim)
{
	lock();
	return unlock(nc_inq(id, ndims, nvars, natts, unlimdim) != NC_NOERR);
}

int vd_sci_nc_inq_dim(int id, int dim, char *name, size_t *len)
{
	char nm[NC_MAX_NAME + 1];
	lock();
	if (nc_inq_dim(id, dim, nm, len) != NC_NOERR)
		return unlock(1);
	copy_name(name, nm);
	return unlock(0);
}

int vd_sci_nc_inq_var(int id, int var, char *name, int *type, int *ndims, int *dimids, int max_dims,
		      int *natts)
{
	char nm[NC_MAX_NAME + 1];
	int ids[NC_MAX_VAR_DIMS], nd = 0;
	nc_type t = 0;
	lock();
	if (nc_inq_var(id, var, nm, &t, &nd, ids, natts) != NC_NOERR)
		return unlock(1);
	copy_name(name, nm);
	if (type)
		*type = (int)t;
	if (ndims)
		*ndims = nd;
	for (int i = 0; dimids && i < nd && i < max_dims; i++)
		dimids[i] = ids[i];
	return unlock(0);
}

int vd_sci_nc_inq_varid(int id, const char *name, int *var)
{
	lock();
	return unlock(nc_inq_varid(id, name, var) != NC_NOERR);
}

int vd_sci_nc_inq_dimid(int id, const char *name, int *dim)
{
	lock();
	return unlock(nc_inq_dimid(id, name, dim) != NC_NOERR);
}

int vd_sci_nc_type_size(int id, int type, size_t *size)
{
	lock();
	return unlock(nc_inq_type(id, (nc_type)type, NULL, size) != NC_NOERR);
}

int vd_sci_nc_var_points(int id, int var, double *points)
{
	int ids[NC_MAX_VAR_DIMS], nd = 0;
	lock();
	if (nc_inq_var(id, var, NULL, NULL, &nd, ids, NULL) != NC_NOERR)
		return unlock(1);
	double p = 1;
	for (int i = 0; i < nd; i++) {
		size_t len;
		if (nc_inq_dimlen(id, ids[i], &len) != NC_NOERR)
			return unlock(1);
		p *= (double)len;
	}
	*points = p;
	return unlock(0);
}

int vd_sci_nc_inq_att(int id, int var, const char *name, int *type, size_t *len)
{
	nc_type t = 0;
	lock();
	if (nc_inq_att(id, var, name, &t, len) != NC_NOERR)
		return unlock(1);
	if (type)
		*type = (int)t;
	return unlock(0);
}

int vd_sci_nc_inq_attname(int id, int var, int num, char *name)
{
	char nm[NC_MAX_NAME + 1];
	lock();
	if (nc_inq_attname(id, var, num, nm) != NC_NOERR)
		return unlock(1);
	copy_name(name, nm);
	return unlock(0);
}

int vd_sci_nc_inq_format(int id, int *format)
{
	lock();
	return unlock(nc_inq_format(id, format) != NC_NOERR);
}

/* one of the id-list inquiries (which: 'd', 'u', 't', 'g'); ids may be NULL */
static int ids_call(int id, int which, int *n, int *ids)
{
	switch (which) {
	case 'd':
		return nc_inq_dimids(id, n, ids, 0);
	case 'u':
		return nc_inq_unlimdims(id, n, ids);
	case 't':
		return nc_inq_typeids(id, n, ids);
	case 'g':
		return nc_inq_grps(id, n, ids);
	default:
		return NC_EINVAL;
	}
}

/* the ids nc_inq_dimids, nc_inq_unlimdims, nc_inq_typeids or nc_inq_grps
 * give (which: 'd', 'u', 't', 'g'), at most max of them into ids */
int vd_sci_nc_inq_ids(int id, int which, int *count, int *ids, int max)
{
	int n = 0;
	lock();
	if (ids_call(id, which, &n, NULL) != NC_NOERR || n < 0)
		return unlock(1);
	*count = n;
	if (!ids || n == 0)
		return unlock(0);
	if (n > max)
		return unlock(1);
	return unlock(ids_call(id, which, &n, ids) != NC_NOERR);
}

int vd_sci_nc_inq_type(int id, int type, char *name, size_t *size)
{
	char nm[NC_MAX_NAME + 1];
	lock();
	if (nc_inq_type(id, (nc_type)type, nm, size) != NC_NOERR)
		return unlock(1);
	copy_name(name, nm);
	return unlock(0);
}

int vd_sci_nc_get_att(int id, int var, const char *name, int *type, size_t *len, double *vals,
		      char *text, size_t max)
{
	nc_type t = 0;
	size_t n = 0;
	lock();
	if (nc_inq_att(id, var, name, &t, &n) != NC_NOERR || n > max)
		return unlock(1);
	*type = (int)t;
	*len = n;
	if (n == 0)
		return unlock(0);
	if (t == NC_CHAR)
		return unlock(nc_get_att_text(id, var, name, text) != NC_NOERR);
	if (t > NC_DOUBLE && t != NC_UBYTE && t != NC_USHORT && t != NC_UINT && t != NC_INT64 &&
	    t != NC_UINT64)
		return unlock(1); /* strings, user-defined types */
	return unlock(nc_get_att_double(id, var, name, vals) != NC_NOERR);
}

int vd_sci_nc_att_absent(int id, int var, const char *name)
{
	lock();
	return unlock(nc_inq_att(id, var, name, NULL, NULL) == NC_ENOTATT);
}

/* ---- HDF5 ---- */

int vd_sci_h5_open(const char *path, long long *id)
{
	lock();
	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	if (H5Fis_hdf5(path) <= 0)
		return unlock(1);
	hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
	if (f < 0)
		return unlock(1);
	*id = (long long)f;
	return unlock(0);
}

void vd_sci_h5_close(long long id)
{
	lock();
	(void)unlock(H5Fclose((hid_t)id) < 0);
}

int vd_sci_h5_dataset(long long id, const char *path, double *points, double *tsize, int *rank)
{
	lock();
	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	hid_t d = H5Dopen2((hid_t)id, path, H5P_DEFAULT);
	if (d < 0)
		return unlock(1);
	hid_t s = H5Dget_space(d), t = H5Dget_type(d);
	hssize_t np = s >= 0 ? H5Sget_simple_extent_npoints(s) : -1;
	int nd = s >= 0 ? H5Sget_simple_extent_ndims(s) : -1;
	size_t sz = t >= 0 ? H5Tget_size(t) : 0;
	if (s >= 0)
		H5Sclose(s);
	if (t >= 0)
		H5Tclose(t);
	H5Dclose(d);
	if (np < 0 || nd < 0 || sz == 0)
		return unlock(1);
	*points = (double)np;
	*tsize = (double)sz;
	*rank = nd;
	return unlock(0);
}

/* the object at `path` of file `id`, or when there is none, the attribute
 * named by its last component on the object before it: the dataspace or
 * datatype (which 's' or 't') of a dataset or attribute; < 0 on failure */
static hid_t h5_part(hid_t f, const char *path, int which)
{
	hid_t o = -1, r = -1;
	if (H5Oexists_by_name(f, path, H5P_DEFAULT) > 0) {
		o = H5Oopen(f, path, H5P_DEFAULT);
		if (o < 0)
			return -1;
		if (H5Iget_type(o) == H5I_DATASET)
			r = which == 's' ? H5Dget_space(o) : H5Dget_type(o);
		else if (H5Iget_type(o) == H5I_DATATYPE && which == 't')
			r = H5Tcopy(o);
		H5Oclose(o);
		return r;
	}
	const char *sl = strrchr(path, '/');
	if (!sl || !sl[1])
		return -1;
	char parent[1024];
	size_t len = (size_t)(sl - path);
	if (len >= sizeof parent)
		return -1;
	memcpy(parent, path, len);
	parent[len] = '\0';
	if (!len)
		strcpy(parent, "/");
	hid_t a = H5Aopen_by_name(f, parent, sl + 1, H5P_DEFAULT, H5P_DEFAULT);
	if (a < 0)
		return -1;
	r = which == 's' ? H5Aget_space(a) : H5Aget_type(a);
	H5Aclose(a);
	return r;
}

/* h5_part under the lock (the caller unlocks), errors not printed */
static hid_t part_locked(long long id, const char *path, int which)
{
	lock();
	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	return h5_part((hid_t)id, path, which);
}

int vd_sci_h5_extent(long long id, const char *path, int *rank, double *dims, int max,
		     double *points)
{
	hsize_t d[H5S_MAX_RANK];
	hid_t s = part_locked(id, path, 's');
	if (s < 0)
		return unlock(1);
	int nd = H5Sget_simple_extent_ndims(s);
	hssize_t np = H5Sget_simple_extent_npoints(s);
	if (nd >= 0 && H5Sget_simple_extent_dims(s, d, NULL) < 0)
		nd = -1;
	H5Sclose(s);
	if (nd < 0 || np < 0)
		return unlock(1);
	*rank = nd;
	*points = (double)np;
	for (int i = 0; dims && i < nd && i < max; i++)
		dims[i] = (double)d[i];
	return unlock(0);
}

int vd_sci_h5_dtype(long long id, const char *path, int *cls, double *size)
{
	hid_t t = part_locked(id, path, 't');
	if (t < 0)
		return unlock(1);
	H5T_class_t k = H5Tget_class(t);
	size_t sz = H5Tget_size(t);
	H5Tclose(t);
	if (k == H5T_NO_CLASS || sz == 0)
		return unlock(1);
	*cls = (int)k;
	*size = (double)sz;
	return unlock(0);
}

int vd_sci_h5_committed(long long id, const char *path, int *committed)
{
	H5O_info_t oi;
	lock();
	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	if (H5Oexists_by_name((hid_t)id, path, H5P_DEFAULT) > 0 &&
	    H5Oget_info_by_name2((hid_t)id, path, &oi, H5O_INFO_BASIC, H5P_DEFAULT) >= 0 &&
	    oi.type == H5O_TYPE_NAMED_DATATYPE) {
		*committed = 1; /* the named datatype itself */
		return unlock(0);
	}
	hid_t t = h5_part((hid_t)id, path, 't');
	if (t < 0)
		return unlock(1);
	htri_t c = H5Tcommitted(t);
	H5Tclose(t);
	if (c < 0)
		return unlock(1);
	*committed = c > 0;
	return unlock(0);
}

int vd_sci_h5_object(long long id, const char *path, int *otype, int *nattrs)
{
	H5O_info_t oi;
	lock();
	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	if (H5Oexists_by_name((hid_t)id, path, H5P_DEFAULT) <= 0 ||
	    H5Oget_info_by_name2((hid_t)id, path, &oi, H5O_INFO_BASIC | H5O_INFO_NUM_ATTRS,
				 H5P_DEFAULT) < 0)
		return unlock(1);
	*otype = (int)oi.type;
	*nattrs = (int)oi.num_attrs;
	return unlock(0);
}

typedef struct names_acc {
	vd_sci_h5_name *v;
	size_t n, cap;
} names_acc;

static int names_push(names_acc *acc, const char *name, int type)
{
	if (acc->n == acc->cap) {
		size_t cap = acc->cap ? 2 * acc->cap : 16;
		vd_sci_h5_name *v = realloc(acc->v, cap * sizeof *v);
		if (!v)
			return -1;
		acc->v = v;
		acc->cap = cap;
	}
	vd_sci_h5_name *x = &acc->v[acc->n];
	size_t len = strlen(name);
	x->name = malloc(len + 1);
	if (!x->name)
		return -1;
	memcpy(x->name, name, len + 1);
	x->type = type;
	acc->n++;
	return 0;
}

/* a link's object type: the object it points to for a hard link, -1 else */
static herr_t link_cb(hid_t g, const char *name, const H5L_info_t *li, void *arg)
{
	names_acc *acc = arg;
	H5O_info_t oi;
	int type = -1;
	if (li->type == H5L_TYPE_HARD &&
	    H5Oget_info_by_name2(g, name, &oi, H5O_INFO_BASIC, H5P_DEFAULT) >= 0)
		type = (int)oi.type;
	return names_push(acc, name, type) ? -1 : 0;
}

static herr_t attr_cb(hid_t o, const char *name, const H5A_info_t *ai, void *arg)
{
	(void)o, (void)ai;
	return names_push(arg, name, 0) ? -1 : 0;
}

int vd_sci_h5_names(long long id, const char *path, int which, vd_sci_h5_name **names, size_t *n)
{
	names_acc acc = { NULL, 0, 0 };
	lock();
	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	hid_t o = H5Oopen((hid_t)id, path, H5P_DEFAULT);
	if (o < 0)
		return unlock(1);
	hsize_t idx = 0;
	herr_t rc = which == 'a'   ? H5Aiterate2(o, H5_INDEX_NAME, H5_ITER_INC, &idx, attr_cb, &acc)
		    : which == 'v' ? H5Lvisit(o, H5_INDEX_NAME, H5_ITER_INC, link_cb, &acc)
				   : H5Literate(o, H5_INDEX_NAME, H5_ITER_INC, &idx, link_cb, &acc);
	H5Oclose(o);
	if (rc < 0) {
		vd_sci_h5_names_free(acc.v, acc.n);
		return unlock(1);
	}
	*names = acc.v;
	*n = acc.n;
	return unlock(0);
}

void vd_sci_h5_names_free(vd_sci_h5_name *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i].name);
	free(names);
}
