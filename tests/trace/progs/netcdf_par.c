/*
 * netcdf_par.c - known parallel NetCDF-4 traffic under MPI: every rank
 * writes its band of ROWS rows of a 2-D variable a row at a time with
 * collective nc_put_vara_double calls, its own entry of a per-rank array
 * with an independent nc_put_var1_int, then reopens the file and reads its
 * band back whole with nc_get_vara_double.
 *
 *     mpirun -np P netcdf_par ROWS NX
 *
 * NetCDF calls per rank: nc_create_par("par.nc", NETCDF4 | CLOBBER) 1,
 * nc_def_dim 3, nc_def_var 2 ("t", double, y x with y = P * ROWS;
 * "owner", int, p with p = P), nc_enddef 1, nc_var_par_access("t",
 * NC_COLLECTIVE) 1, nc_put_vara_double of one row (8 * NX bytes) ROWS,
 * nc_put_var1_int (4 bytes) 1, nc_close 2, nc_open_par("par.nc", NOWRITE)
 * 1, nc_inq_varid("t") 1, nc_get_vara_double of the band (8 * ROWS * NX
 * bytes) 1.  The library serves them through parallel HDF5 (H5Fcreate,
 * H5Dwrite, H5Dread ...), which goes to the file through MPI-IO and POSIX:
 * every one of those calls on par.nc happens inside a NetCDF call.
 *
 * It is built against libnetcdf_mpi (Debian's libnetcdf-mpi-19) with the
 * serial NetCDF headers (libnetcdf-dev): netcdf_par.h, which declares the
 * parallel functions, comes only with libnetcdf-mpi-dev, and that package
 * replaces the system's serial HDF5 development files (hdf5.pc) with
 * OpenMPI's.  Its three declarations and two constants are repeated below;
 * with OpenMPI both builds of the library share one ABI for them.
 *
 * stdout, one line per rank: the rank's own count of the NetCDF data calls
 * it made and the bytes they asked for, and whether the data read back.
 */
#include <mpi.h>
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NC_COLLECTIVE
#define NC_INDEPENDENT 0
#define NC_COLLECTIVE 1
int nc_create_par(const char *path, int cmode, MPI_Comm comm, MPI_Info info, int *ncidp);
int nc_open_par(const char *path, int mode, MPI_Comm comm, MPI_Info info, int *ncidp);
int nc_var_par_access(int ncid, int varid, int par_access);
#endif

/* the program's own count of its data calls and their bytes */
static long puts_made, put_bytes, gets_made, get_bytes;

static int write_band(const char *path, int rank, int nprocs, size_t rows, size_t nx,
		      const double *v)
{
	int ncid, dy, dx, dp, vt, vo, dims[2];
	size_t start[2] = { 0, 0 }, count[2] = { 1, nx }, idx[1], r;

	if (nc_create_par(path, NC_NETCDF4 | NC_CLOBBER, MPI_COMM_WORLD, MPI_INFO_NULL, &ncid) !=
	    NC_NOERR)
		return -1;
	nc_def_dim(ncid, "y", rows * (size_t)nprocs, &dy);
	nc_def_dim(ncid, "x", nx, &dx);
	nc_def_dim(ncid, "p", (size_t)nprocs, &dp);
	dims[0] = dy;
	dims[1] = dx;
	nc_def_var(ncid, "t", NC_DOUBLE, 2, dims, &vt);
	nc_def_var(ncid, "owner", NC_INT, 1, &dp, &vo);
	nc_enddef(ncid);
	nc_var_par_access(ncid, vt, NC_COLLECTIVE);
	for (r = 0; r < rows; r++) {
		start[0] = (size_t)rank * rows + r;
		/* MARK:put_vara one row per call, collectively */
		if (nc_put_vara_double(ncid, vt, start, count, v + r * nx) != NC_NOERR)
			return -1;
		puts_made++;
		put_bytes += (long)(count[0] * count[1] * sizeof *v);
	}
	idx[0] = (size_t)rank;
	if (nc_put_var1_int(ncid, vo, idx, &rank) != NC_NOERR)
		return -1;
	puts_made++;
	put_bytes += (long)sizeof rank;
	return nc_close(ncid) == NC_NOERR ? 0 : -1;
}

static int read_band(const char *path, int rank, size_t rows, size_t nx, double *v)
{
	int ncid, vt;
	size_t start[2] = { (size_t)rank * rows, 0 }, count[2] = { rows, nx };

	if (nc_open_par(path, NC_NOWRITE, MPI_COMM_WORLD, MPI_INFO_NULL, &ncid) != NC_NOERR)
		return -1;
	nc_inq_varid(ncid, "t", &vt);
	/* MARK:get_vara this rank's band */
	if (nc_get_vara_double(ncid, vt, start, count, v) != NC_NOERR)
		return -1;
	gets_made++;
	get_bytes += (long)(count[0] * count[1] * sizeof *v);
	return nc_close(ncid) == NC_NOERR ? 0 : -1;
}

int main(int argc, char **argv)
{
	int rank, nprocs, ok = 1;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 3 || atol(argv[1]) <= 0 || atol(argv[2]) <= 0) {
		if (rank == 0)
			fprintf(stderr, "usage: netcdf_par ROWS NX\n");
		MPI_Finalize();
		return 2;
	}
	size_t rows = (size_t)atol(argv[1]), nx = (size_t)atol(argv[2]), i;
	double *out = malloc(rows * nx * sizeof *out), *in = calloc(rows * nx, sizeof *in);
	if (!out || !in)
		MPI_Abort(MPI_COMM_WORLD, 1);
	for (i = 0; i < rows * nx; i++)
		out[i] = rank * 1000.0 + 0.5 * (double)i;
	if (write_band("par.nc", rank, nprocs, rows, nx, out) ||
	    read_band("par.nc", rank, rows, nx, in)) {
		fprintf(stderr, "netcdf_par: rank %d: NetCDF call failed\n", rank);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	for (i = 0; i < rows * nx; i++)
		ok &= in[i] == out[i];
	printf("netcdf_par: rank %d of %d: puts %ld put_bytes %ld gets %ld get_bytes %ld, data %s\n",
	       rank, nprocs, puts_made, put_bytes, gets_made, get_bytes, ok ? "ok" : "BAD");
	free(out);
	free(in);
	MPI_Finalize();
	return ok ? 0 : 1;
}
