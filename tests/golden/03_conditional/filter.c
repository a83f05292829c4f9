/*
 * filter.c - splits a record file: records whose key byte is a multiple of 7
 * go whole to keep.dat, the others leave only their 16-byte header in
 * skip.dat.
 *
 * This case pins the paper's upper bound (--paths all: every branch whose
 * condition is unknown counts as taken); 23_expected_branches has the
 * default expected values.  Run with --args "1": argc = 2, so `argc > 2` is decidably false (the config
 * arm is dead: no fopen/fgets/fclose) and verbose = 1 makes the printf arm
 * live and unconditional.  The key test reads data at run time, so it cannot
 * be evaluated: both arms count, as conditional calls (P5).  In the last `if`
 * the first fsync is in the condition and always runs; the second is the
 * right-hand side of || and is conditional, like the fputs in the arm.
 */
// VIDYA: --args "1" --paths all
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NREC 30
#define RECSZ 256
#define HDR 16

int main(int argc, char **argv)
{
	char rec[RECSZ];
	int verbose, in, keep, skip, i;

	if (argc < 2)
		return 1;
	verbose = atoi(argv[1]);
	memset(rec, 0, sizeof rec);

	if (argc > 2) {
		FILE *cfg = fopen(argv[2], "r");
		fgets(rec, RECSZ, cfg);
		fclose(cfg);
	}
	if (verbose)
		printf("filtering %d records of %d bytes\n", NREC, RECSZ);

	in = open("records.dat", O_RDONLY);
	keep = open("keep.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	skip = open("skip.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (i = 0; i < NREC; i++) {
		read(in, rec, RECSZ);
		if (rec[0] % 7 == 0)
			write(keep, rec, RECSZ);
		else
			write(skip, rec, HDR);
	}
	if (fsync(keep) != 0 || fsync(skip) != 0)
		fputs("sync failed\n", stderr);
	close(in);
	close(keep);
	close(skip);
	return 0;
}

/*
 * branch#1 = usage check (dead), branch#2 = config (dead), branch#3 = verbose
 * (live: "filtering 30 records of 256 bytes\n" is 34 bytes), branch#4 = sync.
 * Loop: 30 read x 256 + 30 keep writes x 256 + 30 skip writes x 16
 *       = 7680 + 7680 + 480 = 15840 bytes; the 60 writes are conditional.
 * main: P2 = printf 1 + open 3 + loop 90 + fsync 2 + fputs 1 + close 3 = 100;
 *       P3 = 34 + 15840 + 12 = 15886; P5 = 60 + fsync(skip) + fputs = 62;
 *       P6 = 90 (read/write only); P7 = 2 (both fsync, upper bound);
 *       P13 = 90 + printf + fputs = 92 (all data calls are small).
 * Files: records.dat (never written: predicted 0 bytes), keep.dat (7680),
 *        skip.dat (480); stdout/stderr are not files.  P8 = 8160, P9 = 3.
 */
// EXPECT: main/loop#1 p1=30 p2=90 p3=15840 p5=60 p6=90 p13=90
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main/loop#1/io#1 p2=30 p3=7680 p5=0
// EXPECT: main/loop#1/branch#1 p2=60 p3=8160 p5=60
// EXPECT: main/loop#1/branch#1/io#1 p2=30 p3=7680 p5=30
// EXPECT: main/loop#1/branch#1/io#2 p2=30 p3=480 p5=30
// EXPECT: main/branch#1 p2=0
// EXPECT: main/branch#2 p2=0 p3=0
// EXPECT: main/branch#3 p2=1 p3=34 p5=0 p6=0
// EXPECT: main/branch#3/io#1 p2=1 p3=34 p5=0 p6=0 p13=1
// EXPECT: main/io#1 p2=1 p5=0
// EXPECT: main p1=30 p2=100 p3=15886 p4=100 p5=62 p6=90 p7=2 p13=92
// EXPECT: program p2=100 p3=15886 p5=62 p7=2 p8=8160 p9=3
