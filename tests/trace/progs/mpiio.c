/*
 * mpiio.c - known MPI-IO traffic on one shared file.
 *
 *     mpirun -np P mpiio COUNT
 *
 * Every rank r: MPI_File_open("mpiio.dat", CREATE|RDWR) (collective),
 * MPI_File_write_at_all of COUNT doubles (8 * COUNT bytes) at byte offset
 * r * 8 * COUNT (default view: etype MPI_BYTE, so offsets are in bytes),
 * MPI_Barrier, MPI_File_read_at of the COUNT doubles of rank
 * (r + 1) % P at byte offset ((r + 1) % P) * 8 * COUNT, MPI_File_close.
 * Data calls per rank: 1 write_at_all, 1 read_at; the file ends up
 * P * 8 * COUNT bytes long.
 * stdout (rank 0 only): one line with P, COUNT and whether the read data
 * was what the neighbour wrote.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int count = argc > 1 ? atoi(argv[1]) : 1024;
	if (count < 1)
		MPI_Abort(MPI_COMM_WORLD, 2);
	double *out = malloc((size_t)count * sizeof *out);
	double *in = malloc((size_t)count * sizeof *in);
	if (!out || !in)
		MPI_Abort(MPI_COMM_WORLD, 2);
	for (int i = 0; i < count; i++)
		out[i] = rank * 1000000.0 + i;

	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, "mpiio.dat", MPI_MODE_CREATE | MPI_MODE_RDWR,
	                  MPI_INFO_NULL, &fh) != MPI_SUCCESS)
		MPI_Abort(MPI_COMM_WORLD, 3);
	MPI_Offset off = (MPI_Offset)rank * count * (MPI_Offset)sizeof(double);
	/* MARK:write_at_all (the call on the next line) */
	MPI_File_write_at_all(fh, off, out, count, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_Barrier(MPI_COMM_WORLD);
	int next = (rank + 1) % size;
	MPI_Offset noff = (MPI_Offset)next * count * (MPI_Offset)sizeof(double);
	MPI_File_read_at(fh, noff, in, count, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_close(&fh);

	int good = 1;
	for (int i = 0; i < count; i++)
		if (in[i] != next * 1000000.0 + i)
			good = 0;
	int all = 1;
	MPI_Reduce(&good, &all, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
	if (rank == 0)
		printf("mpiio: %d ranks, %d doubles each, data %s\n", size, count,
		       all ? "ok" : "WRONG");
	free(out);
	free(in);
	MPI_Finalize();
	return all || rank ? 0 : 1;
}
