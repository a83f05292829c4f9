/*
 * pnetcdf_io.c - known PnetCDF traffic under MPI: every rank writes its
 * band of a 2-D variable collectively and reads it back with a
 * non-blocking get completed by ncmpi_wait_all.
 *
 *     mpirun -np P pnetcdf_io ROWS NX
 *
 * PnetCDF calls per rank: ncmpi_create("data.nc") 1, ncmpi_def_dim 2,
 * ncmpi_def_var("rho", double, y x) 1 (y = P * ROWS), ncmpi_enddef 1,
 * ncmpi_put_vara_double_all of rows rank*ROWS .. +ROWS (8 * ROWS * NX
 * bytes) 1, ncmpi_iget_vara_double of the same band (8 * ROWS * NX bytes)
 * 1, ncmpi_wait_all 1 (the iget's transfer happens here), ncmpi_close 1.
 * PnetCDF goes to the file through MPI-IO, which goes through POSIX:
 * every one of those calls on data.nc happens inside a PnetCDF call.
 * stdout (rank 0): the sizes and whether every rank read back its data.
 */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	int rank, nprocs, ncid, dy, dx, var, dims[2], req, st, ok = 1, all_ok = 0;
	MPI_Offset start[2], count[2], rows, nx, i;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (argc < 3 || atol(argv[1]) <= 0 || atol(argv[2]) <= 0) {
		if (rank == 0)
			fprintf(stderr, "usage: pnetcdf_io ROWS NX\n");
		MPI_Finalize();
		return 2;
	}
	rows = atol(argv[1]);
	nx = atol(argv[2]);
	double *out = malloc((size_t)(rows * nx) * sizeof *out);
	double *in = calloc((size_t)(rows * nx), sizeof *in);
	if (!out || !in)
		MPI_Abort(MPI_COMM_WORLD, 1);
	for (i = 0; i < rows * nx; i++)
		out[i] = rank * 1000.0 + 0.5 * (double)i;

	if (ncmpi_create(MPI_COMM_WORLD, "data.nc", NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid))
		MPI_Abort(MPI_COMM_WORLD, 1);
	ncmpi_def_dim(ncid, "y", rows * nprocs, &dy);
	ncmpi_def_dim(ncid, "x", nx, &dx);
	dims[0] = dy;
	dims[1] = dx;
	ncmpi_def_var(ncid, "rho", NC_DOUBLE, 2, dims, &var);
	ncmpi_enddef(ncid);
	start[0] = rank * rows;
	start[1] = 0;
	count[0] = rows;
	count[1] = nx;
	/* MARK:put_all this rank's band, collectively */
	ncmpi_put_vara_double_all(ncid, var, start, count, out);
	ncmpi_iget_vara_double(ncid, var, start, count, in, &req);
	ncmpi_wait_all(ncid, 1, &req, &st);
	ncmpi_close(ncid);

	for (i = 0; i < rows * nx; i++)
		ok &= in[i] == out[i];
	MPI_Reduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
	if (rank == 0)
		printf("pnetcdf_io: %d ranks, %lld x %lld doubles each, data %s\n", nprocs,
		       (long long)rows, (long long)nx, all_ok ? "ok" : "BAD");
	free(out);
	free(in);
	MPI_Finalize();
	return 0;
}
