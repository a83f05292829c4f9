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
