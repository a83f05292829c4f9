/*
 * netcdf_par_forms.c - more parallel NetCDF-4 forms under MPI: a record
 * variable on an unlimited dimension written with strided puts, a float
 * variable, attributes, nc_sync and nc_redef, then a collective whole-
 * variable read and an independent strided read.
 *
 *     mpirun -np P netcdf_par_forms STEPS NX        (NX even)
 *
 * Each rank owns columns rank*NX .. rank*NX+NX-1 of x (x = P * NX).
 * NetCDF calls per rank, writing "forms.nc":
 *   nc_create_par 1, nc_def_dim 2 (t unlimited, x), nc_def_var 2 ("u",
 *   double, t x; "w", float, x), nc_put_att_text("u", "units", 1 char) 1,
 *   nc_enddef 2, nc_var_par_access(NC_COLLECTIVE) 2 ("u", "w");
 *   nc_put_vars_double of every second column of the band, one record per
 *   call (NX/2 doubles, 4 * NX bytes) STEPS; nc_put_vara_float of the band
 *   (NX floats, 4 * NX bytes) 1; nc_sync 1; nc_redef 1;
 *   nc_put_att_int(global "writer", 1 int) 1; nc_close 1.
 * Reading it back: nc_open_par 1, nc_inq_varid 2, nc_var_par_access("w",
 *   NC_COLLECTIVE) 1, nc_get_var_float of all of "w" (P * NX floats) 1,
 *   nc_get_vars_double of the rank's strided columns in all STEPS records
 *   (STEPS * NX/2 doubles), independently (the default) 1,
 *   nc_get_att_text("units") 1 (a metadata call), nc_close 1.
 * Every HDF5, MPI-IO and POSIX call on forms.nc happens inside one of them.
 *
 * Built like netcdf_par.c against libnetcdf_mpi with the serial headers.
 * stdout, one line per rank: its own count of data and attribute puts,
 * data gets and their bytes, and whether the data read back.
 */
#include <mpi.h>
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NC_COLLECTIVE
#define NC_INDEPENDENT 0
#define NC_COLLECTIVE 1
int nc_create_par(const char *path, int cmode, MPI_Comm comm, MPI_Info info, int *ncidp);
int nc_open_par(const char *path, int mode, MPI_Comm comm, MPI_Info info, int *ncidp);
int nc_var_par_access(int ncid, int varid, int par_access);
#endif

/* the program's own counts */
static long data_puts, data_put_bytes, att_puts, att_put_bytes, gets, get_bytes;

#define CHECK(call)                                                                   \
	do {                                                                          \
		int e_ = (call);                                                      \
		if (e_ != NC_NOERR) {                                                 \
			fprintf(stderr, "netcdf_par_forms: %s: %s\n", #call, nc_strerror(e_)); \
			MPI_Abort(MPI_COMM_WORLD, 1);                                 \
		}                                                                     \
	} while (0)

int main(int argc, char **argv)
{
	int rank, nprocs, ncid, dt, dx, vu, vw, ok = 1;
	char units[2] = "";

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 3 || atol(argv[1]) <= 0 || atol(argv[2]) <= 0 || atol(argv[2]) % 2) {
		if (rank == 0)
			fprintf(stderr, "usage: netcdf_par_forms STEPS NX (NX even)\n");
		MPI_Finalize();
		return 2;
	}
	size_t steps = (size_t)atol(argv[1]), nx = (size_t)atol(argv[2]), half = nx / 2, t, i;
	size_t xall = nx * (size_t)nprocs;
	double *rec = malloc(half * sizeof *rec), *back = calloc(steps * half, sizeof *back);
	float *band = malloc(nx * sizeof *band), *wall = calloc(xall, sizeof *wall);
	if (!rec || !back || !band || !wall)
		MPI_Abort(MPI_COMM_WORLD, 1);
	for (i = 0; i < nx; i++)
		band[i] = (float)(rank * 1000 + (int)i);

	CHECK(nc_create_par("forms.nc", NC_NETCDF4 | NC_CLOBBER, MPI_COMM_WORLD, MPI_INFO_NULL,
			    &ncid));
	CHECK(nc_def_dim(ncid, "t", NC_UNLIMITED, &dt));
	CHECK(nc_def_dim(ncid, "x", xall, &dx));
	int dims[2] = { dt, dx };
	CHECK(nc_def_var(ncid, "u", NC_DOUBLE, 2, dims, &vu));
	CHECK(nc_def_var(ncid, "w", NC_FLOAT, 1, &dx, &vw));
	CHECK(nc_put_att_text(ncid, vu, "units", 1, "K"));
	att_puts++;
	att_put_bytes += 1;
	CHECK(nc_enddef(ncid));
	CHECK(nc_var_par_access(ncid, vu, NC_COLLECTIVE));
	CHECK(nc_var_par_access(ncid, vw, NC_COLLECTIVE));
	for (t = 0; t < steps; t++) {
		size_t start[2] = { t, (size_t)rank * nx }, count[2] = { 1, half };
		ptrdiff_t stride[2] = { 1, 2 };
		for (i = 0; i < half; i++)
			rec[i] = (double)(rank * 100000) + (double)(t * 1000 + i);
		/* MARK:put_vars every second column of the band, one record */
		CHECK(nc_put_vars_double(ncid, vu, start, count, stride, rec));
		data_puts++;
		data_put_bytes += (long)(half * sizeof *rec);
	}
	size_t wstart[1] = { (size_t)rank * nx }, wcount[1] = { nx };
	CHECK(nc_put_vara_float(ncid, vw, wstart, wcount, band));
	data_puts++;
	data_put_bytes += (long)(nx * sizeof *band);
	CHECK(nc_sync(ncid));
	CHECK(nc_redef(ncid));
	CHECK(nc_put_att_int(ncid, NC_GLOBAL, "writer", NC_INT, 1, &rank));
	att_puts++;
	att_put_bytes += (long)sizeof rank;
	CHECK(nc_enddef(ncid));
	CHECK(nc_close(ncid));

	CHECK(nc_open_par("forms.nc", NC_NOWRITE, MPI_COMM_WORLD, MPI_INFO_NULL, &ncid));
	CHECK(nc_inq_varid(ncid, "w", &vw));
	CHECK(nc_inq_varid(ncid, "u", &vu));
	CHECK(nc_var_par_access(ncid, vw, NC_COLLECTIVE));
	/* MARK:get_var all of w, collectively */
	CHECK(nc_get_var_float(ncid, vw, wall));
	gets++;
	get_bytes += (long)(xall * sizeof *wall);
	size_t rstart[2] = { 0, (size_t)rank * nx }, rcount[2] = { steps, half };
	ptrdiff_t rstride[2] = { 1, 2 };
	CHECK(nc_get_vars_double(ncid, vu, rstart, rcount, rstride, back));
	gets++;
	get_bytes += (long)(steps * half * sizeof *back);
	CHECK(nc_get_att_text(ncid, vu, "units", units));
	CHECK(nc_close(ncid));

	for (t = 0; t < steps; t++)
		for (i = 0; i < half; i++)
			ok &= back[t * half + i] == (double)(rank * 100000) + (double)(t * 1000 + i);
	for (i = 0; i < xall; i++)
		ok &= wall[i] == (float)((int)(i / nx) * 1000 + (int)(i % nx));
	ok &= strcmp(units, "K") == 0;
	printf("netcdf_par_forms: rank %d of %d: data_puts %ld data_put_bytes %ld att_puts %ld "
	       "att_put_bytes %ld gets %ld get_bytes %ld, data %s\n",
	       rank, nprocs, data_puts, data_put_bytes, att_puts, att_put_bytes, gets, get_bytes,
	       ok ? "ok" : "BAD");
	free(rec);
	free(back);
	free(band);
	free(wall);
	MPI_Finalize();
	return ok ? 0 : 1;
}
