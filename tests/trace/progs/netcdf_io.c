/*
 * netcdf_io.c - known NetCDF-4 traffic: one 2-D variable of doubles
 * written a row at a time and read back whole.
 *
 *     netcdf_io NY NX
 *
 * NetCDF calls: nc_create("data.nc", NETCDF4 | CLOBBER) 1, nc_def_dim 2,
 * nc_def_var("t", double, y x) 1, nc_enddef 1, nc_put_vara_double of one
 * row (8 * NX bytes) NY, nc_close 2, nc_open("data.nc", NOWRITE) 1,
 * nc_inq_varid("t") 1, nc_get_var_double of the whole variable
 * (8 * NY * NX bytes) 1.  The
 * library serves them through HDF5 (H5Fcreate, H5Dcreate2, H5Dwrite,
 * H5Dread ...), which goes to the file through POSIX calls: every one of
 * them happens inside one of the NetCDF calls.
 * stdout: one line with the dims and whether the data read back matched.
 */
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>

static int write_field(const char *path, size_t ny, size_t nx, const double *v)
{
	int ncid, dy, dx, var, dims[2];
	size_t start[2] = { 0, 0 }, count[2] = { 1, nx }, r;

	if (nc_create(path, NC_NETCDF4 | NC_CLOBBER, &ncid) != NC_NOERR)
		return -1;
	nc_def_dim(ncid, "y", ny, &dy);
	nc_def_dim(ncid, "x", nx, &dx);
	dims[0] = dy;
	dims[1] = dx;
	nc_def_var(ncid, "t", NC_DOUBLE, 2, dims, &var);
	nc_enddef(ncid);
	for (r = 0; r < ny; r++) {
		start[0] = r;
		/* MARK:put_vara one row per call */
		nc_put_vara_double(ncid, var, start, count, v + r * nx);
	}
	return nc_close(ncid) == NC_NOERR ? 0 : -1;
}

static int read_field(const char *path, double *v)
{
	int ncid, var;

	if (nc_open(path, NC_NOWRITE, &ncid) != NC_NOERR)
		return -1;
	nc_inq_varid(ncid, "t", &var);
	/* MARK:get_var the whole variable */
	nc_get_var_double(ncid, var, v);
	return nc_close(ncid) == NC_NOERR ? 0 : -1;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: netcdf_io NY NX\n");
		return 2;
	}
	size_t ny = (size_t)atol(argv[1]), nx = (size_t)atol(argv[2]), i;
	if (ny == 0 || nx == 0)
		return 2;
	double *out = malloc(ny * nx * sizeof *out), *in = calloc(ny * nx, sizeof *in);
	if (!out || !in)
		return 1;
	for (i = 0; i < ny * nx; i++)
		out[i] = 0.5 * (double)i;
	if (write_field("data.nc", ny, nx, out) || read_field("data.nc", in)) {
		fprintf(stderr, "netcdf_io: NetCDF call failed\n");
		return 1;
	}
	int ok = 1;
	for (i = 0; i < ny * nx; i++)
		ok &= in[i] == out[i];
	printf("netcdf_io: %zu x %zu doubles, data %s\n", ny, nx, ok ? "ok" : "BAD");
	free(out);
	free(in);
	return ok ? 0 : 1;
}
