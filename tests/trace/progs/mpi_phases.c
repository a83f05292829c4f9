/*
 * mpi_phases.c - an MPI program whose MPI_Init takes long, then two
 * self-timed phases: the yardstick for per-block times under MPI.
 *
 *     mpirun -np P mpi_phases RESULTS [SCALE]
 *
 * Linked with libslow_init.so (slow_init.c), whose MPI_Init sleeps 0.5 s
 * before it calls PMPI_Init.  Each rank runs, timing each with
 * CLOCK_MONOTONIC from entry to return:
 *
 *   start_mpi      MPI_Init, nothing else (0.5 s + the library's start-up)
 *   phase_compute  pure CPU for SCALE * 0.6 s, no I/O (intensity ~0)
 *   phase_io       MPI_File_write_at of 4 MiB, repeated for SCALE * 0.6 s,
 *                  each call timed (intensity ~1); the rank writes its own
 *                  16 MiB of phases.dat (offsets cycle through 4 slots)
 *
 * start_mpi and phase_compute one right after the other (a sample deferred
 * inside MPI_Init and charged to the next stack would land in
 * phase_compute), then phase_io on phases.dat, opened on MPI_COMM_SELF,
 * then MPI_Barrier and MPI_Finalize.  Each rank writes RESULTS.<rank>, one
 * line per function:
 *     phase NAME WALL_S IO_S CALLS
 * CALLS: the I/O calls it made (MPI_File_write_at in phase_io, else 0).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHUNK (4u << 20)
#define SLOTS 4

static volatile double sink;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void __attribute__((noinline)) start_mpi(int *argc, char ***argv, double *wall)
{
	double t0 = now();
	MPI_Init(argc, argv);
	*wall = now() - t0;
}

static void __attribute__((noinline)) burn(void)
{
	double x = sink + 1.0;
	for (int i = 0; i < 100000; i++)
		x = x * 1.0000001 + 1e-9;
	sink = x;
}

static void __attribute__((noinline)) phase_compute(double target, double *wall, double *io)
{
	double t0 = now();
	do
		burn();
	while (now() - t0 < target);
	*io = 0.0;
	*wall = now() - t0;
}

static void __attribute__((noinline))
phase_io(double target, MPI_File fh, MPI_Offset base, const char *buf, double *wall, double *io,
	 long *calls)
{
	double t0 = now(), in_io = 0.0;
	long k = 0;
	do {
		double a = now();
		MPI_File_write_at(fh, base + (MPI_Offset)(k++ % SLOTS) * CHUNK, buf, (int)CHUNK,
				  MPI_BYTE, MPI_STATUS_IGNORE);
		in_io += now() - a;
	} while (now() - t0 < target);
	*io = in_io;
	*wall = now() - t0;
	*calls = k;
}

int main(int argc, char **argv)
{
	double w[3], s[3] = { 0, 0, 0 };
	long n[3] = { 0, 0, 0 };
	if (argc < 2) {
		fprintf(stderr, "usage: mpi_phases RESULTS [SCALE]\n");
		return 2;
	}
	double scale = argc > 2 ? atof(argv[2]) : 1.0;
	char *buf = malloc(CHUNK);
	if (scale <= 0 || !buf)
		return 2;
	memset(buf, 0x5a, CHUNK);

	start_mpi(&argc, &argv, &w[0]);
	phase_compute(0.6 * scale, &w[1], &s[1]);
	int rank;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_SELF, "phases.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY,
			  MPI_INFO_NULL, &fh) != MPI_SUCCESS)
		MPI_Abort(MPI_COMM_WORLD, 3);
	phase_io(0.6 * scale, fh, (MPI_Offset)rank * SLOTS * CHUNK, buf, &w[2], &s[2], &n[2]);
	MPI_File_close(&fh);
	MPI_Barrier(MPI_COMM_WORLD);

	char name[4096];
	snprintf(name, sizeof name, "%s.%d", argv[1], rank);
	FILE *r = fopen(name, "w");
	if (!r)
		MPI_Abort(MPI_COMM_WORLD, 3);
	static const char *names[3] = { "start_mpi", "phase_compute", "phase_io" };
	for (int i = 0; i < 3; i++)
		fprintf(r, "phase %s %.6f %.6f %ld\n", names[i], w[i], s[i], n[i]);
	fclose(r);
	free(buf);
	MPI_Finalize();
	return 0;
}
