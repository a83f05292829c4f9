/*
 * mpiio_async.c - every split-collective, non-blocking, shared-pointer and
 * ordered form of MPI-IO once, and the metadata calls, with known bytes.
 *
 *     mpirun -np P mpiio_async COUNT
 *
 * B = 8 * COUNT bytes (COUNT doubles).  Every rank r, on files opened on
 * MPI_COMM_WORLD (default view, so offsets are bytes):
 *
 * split.dat, rank r's data at r * B:
 *   MPI_File_write_at_all_begin/_end at r*B, MPI_File_read_at_all_begin/_end
 *   at r*B, MPI_File_seek(r*B) + MPI_File_write_all_begin/_end,
 *   MPI_File_seek(r*B) + MPI_File_read_all_begin/_end: 2 writes and 2 reads
 *   of B bytes per rank, each begin completed by its end.
 *
 * nb.dat, slots of B bytes, rank r's slot k at (k * P + r) * B:
 *   MPI_File_iwrite_at (slot 0) + MPI_Wait,
 *   MPI_File_iread_at (slot 0) + MPI_Test until done,
 *   MPI_File_seek(slot 1) + MPI_File_iwrite + MPI_Waitall together with
 *     an MPI_Isend/MPI_Irecv pair to itself (12 bytes),
 *   MPI_File_seek(slot 1) + MPI_File_iread + MPI_Waitany until both the
 *     read and a (self-)MPI_Irecv are done (Waitany returns twice),
 *   MPI_File_seek(slot 2) + MPI_File_iwrite_all + MPI_Waitsome,
 *   MPI_File_seek(slot 2) + MPI_File_iread_all + MPI_Testall until done,
 *   MPI_File_iwrite_at_all (slot 3) + MPI_Testany until done,
 *   MPI_File_iread_at_all (slot 3) + MPI_Testsome until done:
 *   4 writes and 4 reads of B bytes per rank.  (No read across the end of
 *   the file: OpenMPI 4.1's OMPIO never completes such a request.)
 *
 * shared.dat, through the shared file pointer (after MPI_File_seek_shared
 * to 0 by every rank, collective):
 *   MPI_File_write_ordered_begin/_end, MPI_File_write_ordered,
 *   MPI_File_write_shared, MPI_File_iwrite_shared + MPI_Wait; seek_shared 0;
 *   MPI_File_read_ordered_begin/_end, MPI_File_read_ordered,
 *   MPI_File_read_shared, MPI_File_iread_shared + MPI_Wait:
 *   4 writes and 4 reads of B bytes per rank, the file 4 * P * B long.
 *
 * meta.dat: MPI_File_set_atomicity(1), MPI_File_set_info (an empty info),
 *   MPI_File_get_position_shared, MPI_File_seek_shared(0), MPI_File_set_size
 *   to B, MPI_File_get_size, MPI_File_close; then rank 0 MPI_File_delete.
 *
 * The data read back is checked; stdout (rank 0): one line with P, COUNT
 * and whether every read returned what was written.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, size, count, good = 1;
static double *out, *in;

static void fill(int tag)
{
	for (int i = 0; i < count; i++)
		out[i] = tag * 1e9 + rank * 1e6 + i;
}

static void check(int tag, int from)
{
	for (int i = 0; i < count; i++)
		if (in[i] != tag * 1e9 + from * 1e6 + i)
			good = 0;
	for (int i = 0; i < count; i++)
		in[i] = -1;
}

static MPI_File open_file(const char *name)
{
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL,
			  &fh) != MPI_SUCCESS)
		MPI_Abort(MPI_COMM_WORLD, 3);
	return fh;
}

static void split_forms(void)
{
	MPI_File fh = open_file("split.dat");
	MPI_Offset b = (MPI_Offset)count * 8, off = rank * b;
	fill(1);
	MPI_File_write_at_all_begin(fh, off, out, count, MPI_DOUBLE);
	MPI_File_write_at_all_end(fh, out, MPI_STATUS_IGNORE);
	MPI_File_read_at_all_begin(fh, off, in, count, MPI_DOUBLE);
	MPI_File_read_at_all_end(fh, in, MPI_STATUS_IGNORE);
	check(1, rank);
	fill(2);
	MPI_File_seek(fh, off, MPI_SEEK_SET);
	MPI_File_write_all_begin(fh, out, count, MPI_DOUBLE);
	MPI_Status st;
	MPI_File_write_all_end(fh, out, &st);
	MPI_File_seek(fh, off, MPI_SEEK_SET);
	MPI_File_read_all_begin(fh, in, count, MPI_DOUBLE);
	MPI_File_read_all_end(fh, in, &st);
	check(2, rank);
	MPI_File_close(&fh);
}

static void nonblocking_forms(void)
{
	MPI_File fh = open_file("nb.dat");
	MPI_Offset b = (MPI_Offset)count * 8;
	MPI_Request r, rs[3];
	MPI_Status sts[3];
	int flag, idx, n, ids[3];
	char msg[12] = "hello, self", got[12];

	fill(3);
	MPI_File_iwrite_at(fh, (0 * size + rank) * b, out, count, MPI_DOUBLE, &r);
	MPI_Wait(&r, MPI_STATUS_IGNORE);
	MPI_File_iread_at(fh, (0 * size + rank) * b, in, count, MPI_DOUBLE, &r);
	do
		MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
	while (!flag);
	check(3, rank);

	fill(4);
	MPI_File_seek(fh, (1 * size + rank) * b, MPI_SEEK_SET);
	MPI_File_iwrite(fh, out, count, MPI_DOUBLE, &rs[0]);
	MPI_Irecv(got, 12, MPI_CHAR, 0, 7, MPI_COMM_SELF, &rs[1]);
	MPI_Isend(msg, 12, MPI_CHAR, 0, 7, MPI_COMM_SELF, &rs[2]);
	MPI_Waitall(3, rs, MPI_STATUSES_IGNORE);
	MPI_File_seek(fh, (1 * size + rank) * b, MPI_SEEK_SET);
	MPI_File_iread(fh, in, count, MPI_DOUBLE, &rs[0]);
	MPI_Irecv(got, 12, MPI_CHAR, 0, 8, MPI_COMM_SELF, &rs[1]);
	MPI_Send(msg, 12, MPI_CHAR, 0, 8, MPI_COMM_SELF);
	MPI_Waitany(2, rs, &idx, &sts[0]);
	MPI_Waitany(2, rs, &idx, &sts[0]);
	check(4, rank);

	fill(5);
	MPI_File_seek(fh, (2 * size + rank) * b, MPI_SEEK_SET);
	MPI_File_iwrite_all(fh, out, count, MPI_DOUBLE, &r);
	MPI_Waitsome(1, &r, &n, ids, MPI_STATUSES_IGNORE);
	MPI_File_seek(fh, (2 * size + rank) * b, MPI_SEEK_SET);
	MPI_File_iread_all(fh, in, count, MPI_DOUBLE, &r);
	do
		MPI_Testall(1, &r, &flag, sts);
	while (!flag);
	check(5, rank);

	fill(6);
	MPI_File_iwrite_at_all(fh, (3 * size + rank) * b, out, count, MPI_DOUBLE, &r);
	do
		MPI_Testany(1, &r, &idx, &flag, MPI_STATUS_IGNORE);
	while (!flag);
	MPI_File_iread_at_all(fh, (3 * size + rank) * b, in, count, MPI_DOUBLE, &r);
	do
		MPI_Testsome(1, &r, &n, ids, sts);
	while (n == 0);
	check(6, rank);
	MPI_File_close(&fh);
}

static void shared_forms(void)
{
	MPI_File fh = open_file("shared.dat");
	MPI_Request r;
	fill(7);
	MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
	MPI_File_write_ordered_begin(fh, out, count, MPI_DOUBLE);
	MPI_File_write_ordered_end(fh, out, MPI_STATUS_IGNORE);
	MPI_File_write_ordered(fh, out, count, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_write_shared(fh, out, count, MPI_DOUBLE, MPI_STATUS_IGNORE);
	MPI_File_iwrite_shared(fh, out, count, MPI_DOUBLE, &r);
	MPI_Wait(&r, MPI_STATUS_IGNORE);
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
	MPI_File_read_ordered_begin(fh, in, count, MPI_DOUBLE);
	MPI_File_read_ordered_end(fh, in, MPI_STATUS_IGNORE);
	check(7, rank);
	MPI_File_read_ordered(fh, in, count, MPI_DOUBLE, MPI_STATUS_IGNORE);
	check(7, rank);
	/* the shared writes went in some order: each block is someone's */
	MPI_File_read_shared(fh, in, count, MPI_DOUBLE, MPI_STATUS_IGNORE);
	if (in[0] < 7e9 || in[0] >= 8e9)
		good = 0;
	MPI_File_iread_shared(fh, in, count, MPI_DOUBLE, &r);
	MPI_Wait(&r, MPI_STATUS_IGNORE);
	if (in[0] < 7e9 || in[0] >= 8e9)
		good = 0;
	MPI_File_close(&fh);
}

static void meta_forms(void)
{
	MPI_File fh = open_file("meta.dat");
	MPI_Offset pos, sz;
	MPI_Info info;
	MPI_File_set_atomicity(fh, 1);
	MPI_Info_create(&info);
	MPI_File_set_info(fh, info);
	MPI_Info_free(&info);
	MPI_File_get_position_shared(fh, &pos);
	MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
	MPI_File_set_size(fh, (MPI_Offset)count * 8);
	MPI_File_get_size(fh, &sz);
	if (sz != (MPI_Offset)count * 8)
		good = 0;
	MPI_File_close(&fh);
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0)
		MPI_File_delete("meta.dat", MPI_INFO_NULL);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	count = argc > 1 ? atoi(argv[1]) : 1024;
	out = malloc((size_t)count * sizeof *out);
	in = malloc((size_t)count * sizeof *in);
	if (count < 1 || !out || !in)
		MPI_Abort(MPI_COMM_WORLD, 2);
	split_forms();
	nonblocking_forms();
	shared_forms();
	meta_forms();
	int all = 1;
	MPI_Reduce(&good, &all, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
	if (rank == 0)
		printf("mpiio_async: %d ranks, %d doubles each, data %s\n", size, count,
		       all ? "ok" : "WRONG");
	free(out);
	free(in);
	MPI_Finalize();
	return all || rank ? 0 : 1;
}
