/*
 * stage.c - the staging step of a simulation job.  It sends what it prints
 * to stage.log (dup/dup2 on standard output), copies 64 KiB of input.dat
 * into staged.dat three ways (sendfile, splice through a pipe,
 * copy_file_range), gives each of NSCRATCH scratch files made by mkstemp a
 * header and a chunk with pwritev2, keeps a synchronous journal made by
 * mkostemp, opens an MPI-IO file and reads back an HDF5 file (h5reopen.c),
 * then puts standard output back.
 *
 * Calls the catalog gained for real HPC code: fcntl, ioctl, dup/dup2,
 * statvfs/fstatvfs, mknod, mkstemp/mkostemp, opendir/readdir/closedir,
 * perror, splice, sendfile, copy_file_range, preadv2/pwritev2,
 * MPI_File_set_errhandler, MPI_File_get_info; the HDF5 ones are in
 * h5reopen.c.  Built like IOR's HDF5 backend, with the 1.6 API names.
 */
// VIDYA: --paths all
// CC: mpicc
// CFLAGS: $(mpicc --showme:compile 2>/dev/null) -I/usr/include/hdf5/serial -DH5_USE_16_API
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/uio.h>
#include <unistd.h>

#define NSCRATCH 4
#define HDR 512
#define CHUNK 65536

static char hdr[HDR];
static char chunk[CHUNK];

int h5_roundtrip(void);

int main(int argc, char **argv)
{
	struct iovec iov[2] = { { hdr, HDR }, { chunk, CHUNK } };
	struct statvfs vfs;
	struct winsize ws;
	MPI_File fh;
	MPI_Info info;
	loff_t off;
	DIR *dir;
	int log, saved, in, out, jfd, pfd[2], fl, i, units;
	char journal[] = "journal.XXXXXX";

	MPI_Init(&argc, &argv);

	/* from here on, what the job prints goes to stage.log */
	log = open("stage.log", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	fl = fcntl(log, F_GETFL);
	fcntl(log, F_SETFL, fl | O_APPEND);
	saved = dup(STDOUT_FILENO);
	ioctl(saved, TIOCGWINSZ, &ws);
	dup2(log, STDOUT_FILENO);
	printf("staging %d scratch files\n", NSCRATCH);

	in = open("input.dat", O_RDONLY);
	if (in < 0)
		perror("input.dat");
	out = open("staged.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	statvfs(".", &vfs);
	fstatvfs(out, &vfs);
	dir = opendir("input");
	readdir(dir);
	closedir(dir);
	mknod("stage.fifo", S_IFIFO | 0600, 0);

	sendfile(out, in, NULL, CHUNK);
	pipe(pfd);
	splice(in, NULL, pfd[1], NULL, CHUNK, 0);
	splice(pfd[0], NULL, out, NULL, CHUNK, 0);
	off = 0;
	copy_file_range(in, &off, out, NULL, CHUNK, 0);
	preadv2(in, iov, 2, 0, 0);

	for (i = 0; i < NSCRATCH; i++) {
		char tmpl[] = "scratch.XXXXXX";
		int t = mkstemp(tmpl);
		pwritev2(t, iov, 2, 0, 0);
		printf("%s\n", tmpl);
		close(t);
	}

	jfd = mkostemp(journal, O_APPEND | O_SYNC);
	write(jfd, hdr, HDR);
	close(jfd);

	MPI_File_open(MPI_COMM_WORLD, "stage.mpi", MPI_MODE_CREATE | MPI_MODE_WRONLY,
		      MPI_INFO_NULL, &fh);
	MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
	MPI_File_get_info(fh, &info);
	MPI_File_write_at_all(fh, 0, chunk, CHUNK, MPI_BYTE, MPI_STATUS_IGNORE);
	MPI_Info_free(&info);
	MPI_File_close(&fh);

	units = h5_roundtrip();

	/* standard output back to where it was */
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	close(log);
	puts("staged");
	unlink("stage.fifo");
	close(out);
	close(in);
	MPI_Finalize();
	return units;
}

/*
 * main's I/O calls in order (MPI_Init, pipe, MPI_Info_free, MPI_Finalize
 * are not I/O): io#1 open stage.log, io#2/io#3 fcntl, io#4 dup(1),
 * io#5 ioctl, io#6 dup2(log, 1), io#7 printf, io#8 open input.dat,
 * [branch#1/io#1 perror], io#9 open staged.dat, io#10 statvfs,
 * io#11 fstatvfs, io#12 opendir, io#13 readdir, io#14 closedir, io#15 mknod,
 * io#16 sendfile, io#17/io#18 splice, io#19 copy_file_range, io#20 preadv2,
 * [loop#1: mkstemp, pwritev2, printf, close], io#21 mkostemp, io#22 write,
 * io#23 close, io#24 MPI_File_open, io#25 MPI_File_set_errhandler,
 * io#26 MPI_File_get_info, io#27 MPI_File_write_at_all,
 * io#28 MPI_File_close, [call#1 h5_roundtrip], io#29 fflush, io#30 dup2,
 * io#31/io#32 close, io#33 puts, io#34 unlink, io#35/io#36 close.
 *
 * Bytes:
 *   printf "staging 4 scratch files\n" = 24, after dup2(log, 1): stage.log's
 *   perror("input.dat") = 9 + 2 (": ") + 25 ("No such file or directory",
 *     the ENOENT the catalog assumes) + 1 (newline) = 37, to stderr (no
 *     file), conditional: `in < 0` tests open()'s result, an error path
 *     that expected values would not take; this case runs with
 *     --paths all (every path taken) to pin perror's size
 *   sendfile, both splices, copy_file_range: 65536 each, counted once as a
 *     write on the output descriptor: staged.dat gets 3 x 65536 = 196608,
 *     the first splice writes into a pipe (no file)
 *   preadv2: iov_len 512 + 65536 = 66048 read from input.dat
 *   loop (4 trips): pwritev2 66048 + printf "scratch.XXXXXX\n" 15 = 66063,
 *     4 x 66063 = 264252; each mkstemp makes a new file: 4 files
 *   journal write 512 on an O_SYNC handle (P7)
 *   MPI_File_write_at_all 65536 x MPI_BYTE (1) = 65536
 *   h5_roundtrip 160080 (h5reopen.c)
 *   puts("staged") = 7, after dup2(saved, 1): standard output, no file
 * P3 = 24 + 37 + 4 x 65536 + 66048 + 264252 + 512 + 65536 + 160080 + 7
 *    = 818640
 * P2 = 36 direct + 1 in branch#1 + 4 x 4 in loop#1 + 23 in call#1 = 76,
 *   all blocking (P4 = 76); P5 = 1 (perror); P1 = 4
 * P6 (binary data calls) = sendfile + 2 splice + copy_file_range + preadv2
 *   + 4 pwritev2 + write + MPI write + 4 HDF5 = 15
 * P7 = journal write (O_SYNC) + fflush(stdout) = 2
 * P13 (below 64 KiB) = printf 24 + perror + 4 loop printf + write 512
 *   + 2 HDF5 40-byte + puts = 10; 65536 is not below 65536
 * Files (none exists when vidya runs, so each is its bytes written):
 *   stage.log 24 + 4 x 15 = 84, input.dat 0, staged.dat 196608,
 *   4 scratch files 4 x 66048 = 264192, the journal 512, stage.mpi 65536,
 *   fields.h5 80040: P9 = 1 + 1 + 1 + 4 + 1 + 1 + 1 = 10,
 *   P8 = 84 + 196608 + 264192 + 512 + 65536 + 80040 = 606972
 * (The scratch files count 4 in P9 where mkstemp opens them; P9 of the
 * pwritev2 alone is not pinned: vidya multiplies a file that differs per
 * execution only at its opening call.)
 * dup(1), the ioctl on its copy, the restoring dup2 and the final puts are
 * on what standard output was at the start (no file): P9 = 0; dup2(log, 1),
 * the printf and fflush(stdout) are on stage.log: P9 = 1, P8 = 84.
 * loop#1: P9 = 4 scratch files + stage.log = 5, P8 = 264192 + 84 = 264276.
 */
// EXPECT: main/io#4 p2=1 p9=0
// EXPECT: main/io#5 p2=1 p9=0
// EXPECT: main/io#6 p2=1 p8=84 p9=1
// EXPECT: main/io#7 p2=1 p3=24 p6=0 p8=84 p9=1 p13=1
// EXPECT-KNOWN: main/io#7 p3
// EXPECT: main/branch#1/io#1 p2=1 p3=37 p5=1 p6=0 p9=0 p13=1
// EXPECT-KNOWN: main/branch#1/io#1 p3
// EXPECT: main/io#10 p2=1 p3=0 p9=0
// EXPECT: main/io#11 p2=1 p3=0 p9=1 p8=196608
// EXPECT: main/io#13 p2=1 p3=0
// EXPECT: main/io#15 p2=1 p3=0
// EXPECT: main/io#16 p2=1 p3=65536 p6=1 p13=0 p8=196608 p9=1
// EXPECT: main/io#17 p2=1 p3=65536 p6=1 p9=0
// EXPECT: main/io#18 p2=1 p3=65536 p6=1 p8=196608 p9=1
// EXPECT: main/io#19 p2=1 p3=65536 p6=1 p8=196608 p9=1
// EXPECT: main/io#20 p2=1 p3=66048 p6=1 p8=0 p9=1
// EXPECT-KNOWN: main/io#16 p3
// EXPECT-KNOWN: main/io#20 p3
// EXPECT: main/loop#1 p1=4 p2=16 p3=264252 p6=4 p13=4 p8=264276 p9=5
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main/loop#1/io#1 p2=4 p9=4
// EXPECT: main/loop#1/io#2 p2=4 p3=264192 p6=4 p8=264192
// EXPECT: main/loop#1/io#3 p2=4 p3=60 p8=84 p9=1
// EXPECT: main/io#21 p2=1 p9=1 p7=0
// EXPECT: main/io#22 p2=1 p3=512 p7=1 p8=512 p9=1
// EXPECT: main/io#25 p2=1 p3=0 p8=65536 p9=1
// EXPECT: main/io#26 p2=1 p3=0 p9=1
// EXPECT: main/io#27 p2=1 p3=65536
// EXPECT: main/call#1 p2=23 p3=160080
// EXPECT: main/io#29 p2=1 p7=1 p8=84 p9=1
// EXPECT: main/io#30 p2=1 p9=0
// EXPECT: main/io#33 p2=1 p3=7 p9=0
// EXPECT: main p1=4 p2=76 p3=818640 p4=76 p5=1 p6=15 p7=2 p12=0 p13=10 p8=606972 p9=10
// EXPECT-KNOWN: main p3
// EXPECT: program p2=76 p3=818640 p7=2 p8=606972 p9=10
// EXPECT-ROWS: kind='io' 64
