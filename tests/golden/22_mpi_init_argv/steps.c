/*
 * steps.c - an MPI program that reads its step count and slab size from
 * argv after MPI_Init(&argc, &argv), the usual order.  MPI_Init takes the
 * addresses only to strip MPI's own options, which launchers never pass, so
 * the bound arguments still hold: 6 steps of 2048 doubles each.
 */
// VIDYA: --args "6 2048" --nprocs 2
// CC: mpicc
// CFLAGS: $(mpicc --showme:compile 2>/dev/null)
#include <mpi.h>
#include <stdlib.h>

static double slab[1 << 16];

int main(int argc, char **argv)
{
	MPI_File fh;
	int rank;

	MPI_Init(&argc, &argv);
	int nsteps = argc > 1 ? atoi(argv[1]) : 1;
	int count = argc > 2 ? atoi(argv[2]) : 1;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_File_open(MPI_COMM_WORLD, "steps.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY,
		      MPI_INFO_NULL, &fh);
	for (int s = 0; s < nsteps; s++) {
		MPI_Offset off = ((MPI_Offset)s * 2 + rank) * count * 8;
		MPI_File_write_at_all(fh, off, slab, count, MPI_DOUBLE, MPI_STATUS_IGNORE);
	}
	MPI_File_close(&fh);
	MPI_Finalize();
	return 0;
}

/*
 * Per process: open 1, 6 collective writes of 2048 doubles (16384 bytes),
 * close 1.  P2 = 8, P3 = 6 x 16384 = 98304, P1 = 6; nothing assumed.
 */
// EXPECT: main/loop#1 p1=6 p2=6 p3=98304 p6=6 p14=2
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main p1=6 p2=8 p3=98304
