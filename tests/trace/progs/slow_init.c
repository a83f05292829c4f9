/*
 * slow_init.c - a test-only interposer that makes MPI_Init take long:
 * libslow_init.so defines MPI_Init, which sleeps 0.5 s (CLOCK_MONOTONIC,
 * resumed after signals) and then calls PMPI_Init.  Linked into
 * mpi_phases, it is found after vidya's recorder (preloaded) and before
 * libmpi, so the sleep happens inside the recorder's MPI_Init wrapper, as
 * a slow start-up of the MPI library would.
 */
#include <errno.h>
#include <mpi.h>
#include <time.h>

int MPI_Init(int *argc, char ***argv)
{
	struct timespec t = { 0, 500000000 };
	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &t, &t) == EINTR)
		;
	return PMPI_Init(argc, argv);
}
