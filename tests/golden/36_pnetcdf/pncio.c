/*
 * pncio.c - PnetCDF: every rank writes its band of a 2-D density field
 * with a collective ncmpi_put_vara_float_all, then posts a non-blocking
 * write of its share of a 1-D array and a non-blocking read of its band,
 * completes both with ncmpi_wait_all, and reads the whole 1-D array back
 * collectively.
 *
 * Analyzed with --nprocs 4: y has 4 x 32 = 128 rows and each rank's share
 * of x is 256 / 4 = 64 elements.  ncmpi_def_dim is not I/O.
 */
// VIDYA: --nprocs 4
// CC: mpicc
// CFLAGS: $(mpicc --showme:compile 2>/dev/null)
#include <mpi.h>
#include <pnetcdf.h>

#define ROWS 32
#define NX 256

static float rho[ROWS][NX], back[ROWS][NX];
static double tsum[NX];

int main(int argc, char **argv)
{
	int rank, nprocs, ncid, dy, dx, vr, vt, dims[2], req[2], st[2];
	MPI_Offset start[2], count[2], s1[1], c1[1];

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	ncmpi_create(MPI_COMM_WORLD, "pn.nc", NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid);
	ncmpi_def_dim(ncid, "y", (MPI_Offset)ROWS * nprocs, &dy);
	ncmpi_def_dim(ncid, "x", NX, &dx);
	dims[0] = dy;
	dims[1] = dx;
	ncmpi_def_var(ncid, "rho", NC_FLOAT, 2, dims, &vr);
	ncmpi_def_var(ncid, "tsum", NC_DOUBLE, 1, &dx, &vt);
	ncmpi_put_att_text(ncid, NC_GLOBAL, "title", 4, "test");
	ncmpi_enddef(ncid);

	start[0] = (MPI_Offset)rank * ROWS;
	start[1] = 0;
	count[0] = ROWS;
	count[1] = NX;
	ncmpi_put_vara_float_all(ncid, vr, start, count, &rho[0][0]);

	s1[0] = (MPI_Offset)rank * (NX / nprocs);
	c1[0] = NX / nprocs;
	ncmpi_iput_vara_double(ncid, vt, s1, c1, &tsum[s1[0]], &req[0]);
	ncmpi_iget_vara_float(ncid, vr, start, count, &back[0][0], &req[1]);
	ncmpi_wait_all(ncid, 2, req, st);

	ncmpi_get_var_double_all(ncid, vt, tsum);
	ncmpi_close(ncid);
	MPI_Finalize();
	return 0;
}

/*
 * I/O calls of main, in order:
 *   io#1  ncmpi_create               open, collective
 *   io#2  ncmpi_def_var rho          open (an object of the file)
 *   io#3  ncmpi_def_var tsum         open
 *   io#4  ncmpi_put_att_text         4 x 1 = 4 bytes
 *   io#5  ncmpi_enddef               meta, collective
 *   io#6  ncmpi_put_vara_float_all   32 x 256 x 4 = 32768 bytes, collective
 *   io#7  ncmpi_iput_vara_double     (256 / 4) x 8 = 512 bytes, non-blocking
 *   io#8  ncmpi_iget_vara_float      32 x 256 x 4 = 32768 bytes, non-blocking
 *   io#9  ncmpi_wait_all             meta, collective
 *   io#10 ncmpi_get_var_double_all   the whole tsum: 256 x 8 = 2048 bytes
 *   io#11 ncmpi_close
 * P2 = 11, P4 = 11 - 2 non-blocking = 9, P3 = 4 + 32768 + 512 + 32768 +
 * 2048 = 68100, P6 = 5 data calls, all under 64 KiB (P13 = 5); P8 = bytes
 * written = 4 + 32768 + 512 = 33284.
 */
// EXPECT: main/io#4 p2=1 p3=4
// EXPECT: main/io#6 p2=1 p3=32768 p4=1
// EXPECT-KNOWN: main/io#6 p3
// EXPECT: main/io#7 p2=1 p3=512 p4=0
// EXPECT-KNOWN: main/io#7 p3
// EXPECT: main/io#8 p2=1 p3=32768 p4=0
// EXPECT: main/io#10 p2=1 p3=2048
// EXPECT-KNOWN: main/io#10 p3
// EXPECT: main p2=11 p3=68100 p4=9 p6=5 p13=5 p14=4
// EXPECT: program p2=11 p3=68100 p8=33284 p9=1
// EXPECT-ROWS: block_id IN (SELECT block_id FROM v_io_sites WHERE collective=1) 6
// EXPECT-ROWS: block_id IN (SELECT block_id FROM v_io_sites WHERE async=1) 2
