/*
 * mpiio_writer.c - MPI program: every rank computes its slab of a field and
 * writes it to one shared file with collective MPI-IO, several steps.
 * Run with 2 ranks: mpirun -np 2 ./mpiio_writer run DIR ...
 *
 *   mpiio_writer run DIR NLOCAL STEPS WORK SYNC READBACK
 *     NLOCAL    doubles per rank per step (the slab; bytes = 8 * NLOCAL)
 *     STEPS     output steps: step s goes at offset (s * nprocs + rank) * 8 * NLOCAL
 *     WORK      relaxation sweeps over the slab before each write (compute knob)
 *     SYNC      buf | sync (sync: MPI_File_sync after every step)
 *     READBACK  0 | 1: re-read every slab with MPI_File_read_at_all at the end
 * No setup is needed. Output: DIR/field.mpio (removed at the end) and
 * DIR/mpiio.txt written by rank 0.
 *
 * Phases: compute_slab (compute), write_step (MPI_File_write_at_all +
 * optional MPI_File_sync), read_back (collective reads + checksum),
 * write_report (rank 0, fprintf).
 * Configs vary compute sweeps against slab size, per-step sync and the
 * read-back phase.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void compute_slab(double *u, double *tmp, long n, int rank, int step, int work)
{
	double base = sin(0.1 * step + rank);
	for (long i = 0; i < n; i++)
		u[i] = base + 0.001 * (double)((i + (long)rank * n) % 1000);
	for (int w = 0; w < work; w++) {
		tmp[0] = u[0];
		tmp[n - 1] = u[n - 1];
		for (long i = 1; i < n - 1; i++)
			tmp[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
		for (long i = 1; i < n - 1; i++)
			u[i] = tmp[i];
	}
}

__attribute__((noinline)) void write_step(MPI_File fh, const double *u, long n, int rank, int nprocs, int step,
					  int sync)
{
	MPI_Offset off = ((MPI_Offset)step * nprocs + rank) * n * (MPI_Offset)sizeof(double);
	MPI_Status st;
	MPI_File_write_at_all(fh, off, u, (int)n, MPI_DOUBLE, &st);
	if (sync)
		MPI_File_sync(fh);
}

__attribute__((noinline)) double read_back(MPI_File fh, double *u, long n, int rank, int nprocs, int steps)
{
	double sum = 0;
	MPI_Status st;
	for (int s = 0; s < steps; s++) {
		MPI_Offset off = ((MPI_Offset)s * nprocs + rank) * n * (MPI_Offset)sizeof(double);
		MPI_File_read_at_all(fh, off, u, (int)n, MPI_DOUBLE, &st);
		for (long i = 0; i < n; i++)
			sum += u[i] * (double)((i % 7) + 1);
	}
	return sum;
}

__attribute__((noinline)) void write_report(const char *dir, int nprocs, long n, int steps, double sum)
{
	char path[512];
	snprintf(path, sizeof path, "%s/mpiio.txt", dir);
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		return;
	}
	fprintf(f, "nprocs %d nlocal %ld steps %d bytes %ld\n", nprocs, n, steps,
		(long)nprocs * n * steps * (long)sizeof(double));
	fprintf(f, "readback sum %.9e\n", sum);
	fclose(f);
}

int main(int argc, char **argv)
{
	int rank, nprocs, ok = argc >= 8;
	char path[512];
	MPI_File fh;
	/* read the arguments before MPI_Init, which may rewrite argc and argv */
	long n = ok ? atol(argv[3]) : 0;
	int steps = ok ? atoi(argv[4]) : 0, work = ok ? atoi(argv[5]) : 0;
	int sync = ok && argv[6][0] == 's', readback = ok ? atoi(argv[7]) : 0;
	const char *dir = ok ? argv[2] : ".";
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	if (!ok) {
		if (rank == 0)
			fprintf(stderr, "usage: mpiio_writer run DIR NLOCAL STEPS WORK buf|sync READBACK\n");
		MPI_Finalize();
		return 2;
	}
	double *u = malloc((size_t)n * sizeof(double)), *tmp = malloc((size_t)n * sizeof(double));
	double local = 0, total = 0;
	if (!u || !tmp)
		MPI_Abort(MPI_COMM_WORLD, 1);
	snprintf(path, sizeof path, "%s/field.mpio", dir);
	if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh) != MPI_SUCCESS)
		MPI_Abort(MPI_COMM_WORLD, 1);
	for (int s = 0; s < steps; s++) {
		compute_slab(u, tmp, n, rank, s, work);
		write_step(fh, u, n, rank, nprocs, s, sync);
	}
	if (readback)
		local = read_back(fh, u, n, rank, nprocs, steps);
	MPI_File_close(&fh);
	MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		write_report(dir, nprocs, n, steps, total);
		MPI_File_delete(path, MPI_INFO_NULL);
		printf("checksum sum=%.9e u0=%.9e\n", total, u[0]);
	}
	free(u);
	free(tmp);
	MPI_Finalize();
	return 0;
}
