/*
 * ncpar.c - parallel NetCDF-4: every rank writes its band of ROWS rows of
 * a (t, y, x) field per step with a collective nc_put_vara_double (the
 * variable set to NC_COLLECTIVE with nc_var_par_access), then its own
 * entry of a per-rank array with an independent nc_put_var1_int (that
 * variable keeps the default, independent access).
 *
 * Analyzed with --nprocs 4: MPI_Comm_size returns 4, so y has 4 x 64 =
 * 256 rows; sizes do not depend on the rank, only the start offsets do.
 * nc_create_par and nc_var_par_access are declared in netcdf_par.h, which
 * comes with the MPI build of NetCDF (libnetcdf-mpi-dev); the declarations
 * are repeated below so the case parses against the serial headers too.
 */
// VIDYA: --nprocs 4
// CC: mpicc
// CFLAGS: $(mpicc --showme:compile 2>/dev/null)
#include <mpi.h>
#include <netcdf.h>

#ifndef NC_COLLECTIVE
#define NC_INDEPENDENT 0
#define NC_COLLECTIVE 1
int nc_create_par(const char *path, int cmode, MPI_Comm comm, MPI_Info info, int *ncidp);
int nc_var_par_access(int ncid, int varid, int par_access);
#endif

#define NSTEP 10
#define ROWS 64
#define NX 128

static double slab[ROWS][NX];

int main(int argc, char **argv)
{
	int rank, nprocs, ncid, dt, dy, dx, dp, vu, vo, t;
	int dims[3];
	size_t start[3], count[3] = { 1, ROWS, NX }, idx[1];

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	nc_create_par("par.nc", NC_NETCDF4 | NC_CLOBBER, MPI_COMM_WORLD, MPI_INFO_NULL, &ncid);
	nc_def_dim(ncid, "t", NSTEP, &dt);
	nc_def_dim(ncid, "y", ROWS * nprocs, &dy);
	nc_def_dim(ncid, "x", NX, &dx);
	nc_def_dim(ncid, "p", nprocs, &dp);
	dims[0] = dt;
	dims[1] = dy;
	dims[2] = dx;
	nc_def_var(ncid, "u", NC_DOUBLE, 3, dims, &vu);
	nc_def_var(ncid, "owner", NC_INT, 1, &dp, &vo);
	nc_enddef(ncid);
	nc_var_par_access(ncid, vu, NC_COLLECTIVE);
	start[1] = (size_t)rank * ROWS;
	start[2] = 0;
	for (t = 0; t < NSTEP; t++) {
		start[0] = t;
		nc_put_vara_double(ncid, vu, start, count, &slab[0][0]);
	}
	idx[0] = rank;
	nc_put_var1_int(ncid, vo, idx, &rank);
	nc_close(ncid);
	MPI_Finalize();
	return 0;
}

/*
 * I/O calls of main: io#1 nc_create_par (collective), io#2/io#3
 * nc_def_var, io#4 nc_enddef, loop#1/io#1 nc_put_vara_double: 10 trips x
 * (1 x 64 x 128) x 8 = 10 x 65536 = 655360 bytes, collective;
 * io#5 nc_put_var1_int: 4 bytes, independent; io#6 nc_close.
 * nc_def_dim and nc_var_par_access are not I/O.
 * P2 = 6 + 10 = 16, P3 = 655364, P6 = 11 data calls; 65536 bytes is not
 * below the 64 KiB small-I/O threshold, so P13 = 1 (the var1 write).
 */
// EXPECT: main/loop#1/io#1 p2=10 p3=655360 p6=10 p13=0
// EXPECT-KNOWN: main/loop#1/io#1 p3
// EXPECT: main/io#5 p2=1 p3=4 p13=1
// EXPECT: main p2=16 p3=655364 p6=11 p13=1 p14=4
// EXPECT: program p2=16 p3=655364 p8=655364 p9=1 p14=4
// EXPECT-ROWS: block_id IN (SELECT block_id FROM v_io_sites WHERE collective=1 AND call IN ('nc_create_par', 'nc_put_vara_double')) 2
// EXPECT-ROWS: block_id IN (SELECT block_id FROM v_io_sites WHERE collective=0 AND call='nc_put_var1_int') 1
