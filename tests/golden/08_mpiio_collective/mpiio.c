/*
 * mpiio.c - every rank appends its slab of COUNT doubles per step to one
 * shared file with a collective write; rank 0 first writes an index of one
 * double per process, and each rank finishes with a non-blocking trailer.
 *
 * Analyzed with --nprocs 4: P14 = 4 and MPI_Comm_size returns 4, so rank 0's
 * index loop has 4 trips.  `rank == 0` is not bound with --define: it holds
 * for 1 rank of 4, so the average process makes 1/4 of the index writes
 * (expected values), and they are conditional.  Offsets depend on the rank but not on rand(),
 * hashes or indirection: no random accesses.
 */
// VIDYA: --nprocs 4
// CC: mpicc
// CFLAGS: $(mpicc --showme:compile 2>/dev/null)
#include <mpi.h>

#define COUNT 16384 /* doubles per rank per step: 131072 bytes */
#define NSTEPS 5
#define NTRAIL 8

static double slab[COUNT];

int main(int argc, char **argv)
{
	MPI_File fh;
	MPI_Request req;
	MPI_Offset base, off;
	int rank, nprocs, step, p;
	int trailer[NTRAIL] = { 0 };
	double where;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	MPI_File_open(MPI_COMM_WORLD, "mpiio.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY,
		      MPI_INFO_NULL, &fh);
	if (rank == 0) {
		for (p = 0; p < nprocs; p++) {
			where = (double)p;
			MPI_File_write_at(fh, (MPI_Offset)p * 8, &where, 1, MPI_DOUBLE,
					  MPI_STATUS_IGNORE);
		}
	}
	base = (MPI_Offset)nprocs * 8;
	for (step = 0; step < NSTEPS; step++) {
		off = base + ((MPI_Offset)step * nprocs + rank) * COUNT * 8;
		slab[0] = step;
		MPI_File_write_at_all(fh, off, slab, COUNT, MPI_DOUBLE, MPI_STATUS_IGNORE);
	}
	off = base + (MPI_Offset)NSTEPS * nprocs * COUNT * 8 + (MPI_Offset)rank * NTRAIL * 4;
	MPI_File_iwrite_at(fh, off, trailer, NTRAIL, MPI_INT, &req);
	MPI_Wait(&req, MPI_STATUS_IGNORE);
	MPI_File_sync(fh);
	MPI_File_close(&fh);
	MPI_Finalize();
	return 0;
}

/*
 * Per process:
 *   MPI_File_open                          1
 *   index (branch#1/loop#1): 4 x 1 double, on 1 rank of 4:
 *                                          1 call,       8 bytes, conditional
 *   slabs (loop#1): 5 x 16384 doubles      5 calls, 655360 bytes, not small
 *   trailer: 8 MPI_INT, non-blocking       1 call,      32 bytes
 *   MPI_File_sync, MPI_File_close          2
 * P2 = 10, P4 = 9 (the iwrite is asynchronous), P3 = 655400, P5 = 1,
 * P6 = 7 data calls, P7 = 1, P13 = 2 (index and trailer), P1 = 1 + 5 = 6.
 * The index loop's iterations (P1) are 4 x 1/4 = 1 per process.
 */
// EXPECT: main/branch#1/loop#1 p1=1 p2=1 p3=8 p5=1 p13=1
// EXPECT: main/branch#1 p1=1 p2=1 p5=1
// EXPECT: main/loop#1 p1=5 p2=5 p3=655360 p4=5 p5=0 p6=5 p12=0 p13=0 p14=4
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main/io#2 p2=1 p3=32 p4=0 p13=1
// EXPECT: main/io#3 p2=1 p7=1
// EXPECT: main p1=6 p2=10 p3=655400 p4=9 p5=1 p6=7 p7=1 p12=0 p13=2
// EXPECT: program p2=10 p3=655400 p4=9 p5=1 p9=1 p14=4
