/*
 * sciinput.c - NetCDF inputs read at analysis time (see vd_sciinput.h).
 * Thin read-only wrappers over libnetcdf: nothing printed, nothing kept
 * here; the caller keeps the ids and closes them.
 */
#include <netcdf.h>
#include <string.h>

#include "vd_sciinput.h"

int vd_sci_nc_open(const char *path, int *id)
{
	return nc_open(path, NC_NOWRITE, id) != NC_NOERR;
}

void vd_sci_nc_close(int id)
{
	(void)nc_close(id);
}

int vd_sci_nc_inq(int id, int *ndims, int *nvars, int *natts, int *unlimdim)
{
	return nc_inq(id, ndims, nvars, natts, unlimdim) != NC_NOERR;
}

int vd_sci_nc_inq_dim(int id, int dim, char *name, size_t *len)
{
	char nm[NC_MAX_NAME + 1];
	if (nc_inq_dim(id, dim, nm, len) != NC_NOERR)
		return 1;
	if (name) {
		strncpy(name, nm, VD_SCI_NAME_MAX - 1);
		name[VD_SCI_NAME_MAX - 1] = '\0';
	}
	return 0;
}

int vd_sci_nc_inq_var(int id, int var, char *name, int *type, int *ndims, int *dimids, int max_dims,
		      int *natts)
{
	char nm[NC_MAX_NAME + 1];
	int ids[NC_MAX_VAR_DIMS], nd = 0;
	nc_type t = 0;
	if (nc_inq_var(id, var, nm, &t, &nd, ids, natts) != NC_NOERR)
		return 1;
	if (name) {
		strncpy(name, nm, VD_SCI_NAME_MAX - 1);
		name[VD_SCI_NAME_MAX - 1] = '\0';
	}
	if (type)
		*type = (int)t;
	if (ndims)
		*ndims = nd;
	for (int i = 0; dimids && i < nd && i < max_dims; i++)
		dimids[i] = ids[i];
	return 0;
}

int vd_sci_nc_inq_varid(int id, const char *name, int *var)
{
	return nc_inq_varid(id, name, var) != NC_NOERR;
}

int vd_sci_nc_inq_dimid(int id, const char *name, int *dim)
{
	return nc_inq_dimid(id, name, dim) != NC_NOERR;
}

int vd_sci_nc_type_size(int id, int type, size_t *size)
{
	return nc_inq_type(id, (nc_type)type, NULL, size) != NC_NOERR;
}

int vd_sci_nc_var_points(int id, int var, double *points)
{
	int ids[NC_MAX_VAR_DIMS], nd = 0;
	if (nc_inq_var(id, var, NULL, NULL, &nd, ids, NULL) != NC_NOERR)
		return 1;
	double p = 1;
	for (int i = 0; i < nd; i++) {
		size_t len;
		if (nc_inq_dimlen(id, ids[i], &len) != NC_NOERR)
			return 1;
		p *= (double)len;
	}
	*points = p;
	return 0;
}

int vd_sci_nc_inq_att(int id, int var, const char *name, int *type, size_t *len)
{
	nc_type t = 0;
	if (nc_inq_att(id, var, name, &t, len) != NC_NOERR)
		return 1;
	if (type)
		*type = (int)t;
	return 0;
}

int vd_sci_nc_inq_attname(int id, int var, int num, char *name)
{
	char nm[NC_MAX_NAME + 1];
	if (nc_inq_attname(id, var, num, nm) != NC_NOERR)
		return 1;
	strncpy(name, nm, VD_SCI_NAME_MAX - 1);
	name[VD_SCI_NAME_MAX - 1] = '\0';
	return 0;
}
