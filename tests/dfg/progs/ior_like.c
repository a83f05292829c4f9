/*
 * ior_like.c DIR MODE API - an IOR-like MPI run for the dfg checks.
 *   MODE ssf: every rank writes into DIR/ssf/data (one shared file), block
 *             (segment * nprocs + rank); fpp: rank r writes DIR/fpp/data.r.
 *   API posix: lseek + write / lseek + read per transfer, as IOR's POSIX
 *             backend; mpiio: MPI_File_write_at / MPI_File_read_at.
 * 3 segments of one 64 KiB block each, written as 4 transfers of 16 KiB;
 * after a barrier each rank reads back the block of the next rank.  So per
 * rank: 12 writes and 12 reads of 16384 bytes.
 */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SEGS 3
#define XFERS 4
#define XFER 16384
#define BLOCK (XFERS * XFER)

static char buf[XFER];

static void die(const char *what)
{
	perror(what);
	MPI_Abort(MPI_COMM_WORLD, 1);
}

static off_t offset(int ssf, int seg, int rank, int n, int t)
{
	return (off_t)(ssf ? seg * n + rank : seg) * BLOCK + (off_t)t * XFER;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int rank, n;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &n);
	if (argc != 4)
		die("usage: ior_like DIR ssf|fpp posix|mpiio");
	int ssf = !strcmp(argv[2], "ssf"), mpiio = !strcmp(argv[3], "mpiio");
	char dir[4096], path[4200], rpath[4200];
	snprintf(dir, sizeof dir, "%s/%s", argv[1], ssf ? "ssf" : "fpp");
	if (rank == 0)
		mkdir(dir, 0700);
	MPI_Barrier(MPI_COMM_WORLD);
	int next = (rank + 1) % n;
	if (ssf) {
		snprintf(path, sizeof path, "%s/data", dir);
		snprintf(rpath, sizeof rpath, "%s/data", dir);
	} else {
		snprintf(path, sizeof path, "%s/data.%d", dir, rank);
		snprintf(rpath, sizeof rpath, "%s/data.%d", dir, next);
	}
	memset(buf, 'a' + rank, sizeof buf);
	for (int phase = 0; phase < 2; phase++) {
		const char *p = phase ? rpath : path;
		int who = phase ? next : rank;
		if (mpiio) {
			MPI_File fh;
			MPI_Comm comm = ssf ? MPI_COMM_WORLD : MPI_COMM_SELF;
			if (MPI_File_open(comm, p, phase ? MPI_MODE_RDONLY : MPI_MODE_CREATE | MPI_MODE_WRONLY,
					  MPI_INFO_NULL, &fh) != MPI_SUCCESS)
				die(p);
			for (int s = 0; s < SEGS; s++)
				for (int t = 0; t < XFERS; t++) {
					MPI_Offset o = offset(ssf, s, who, n, t);
					int rc = phase ? MPI_File_read_at(fh, o, buf, XFER, MPI_BYTE, MPI_STATUS_IGNORE)
						       : MPI_File_write_at(fh, o, buf, XFER, MPI_BYTE, MPI_STATUS_IGNORE);
					if (rc != MPI_SUCCESS)
						die("MPI-IO transfer");
				}
			MPI_File_close(&fh);
		} else {
			int fd = open(p, phase ? O_RDONLY : O_CREAT | O_WRONLY, 0600);
			if (fd < 0)
				die(p);
			for (int s = 0; s < SEGS; s++)
				for (int t = 0; t < XFERS; t++) {
					if (lseek(fd, offset(ssf, s, who, n, t), SEEK_SET) < 0)
						die("lseek");
					if ((phase ? read(fd, buf, XFER) : write(fd, buf, XFER)) != XFER)
						die("transfer");
				}
			close(fd);
		}
		MPI_Barrier(MPI_COMM_WORLD);
	}
	MPI_Finalize();
	return 0;
}
