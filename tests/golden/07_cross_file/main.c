/*
 * main.c - a solver that checkpoints an initial header-sized state once and
 * then the field after each of 10 steps, through write_checkpoint() in
 * ckpt.c.  The byte counts are bound at the call sites.
 */
#include <fcntl.h>
#include <unistd.h>

#include "ckpt.h"

#define NX 2048
#define NSTEPS 10

int main(void)
{
	int fd = open("state.ckpt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int step;

	write_checkpoint(fd, 2 * CKPT_CHUNK);
	for (step = 0; step < NSTEPS; step++)
		write_checkpoint(fd, NX * sizeof(double));
	close(fd);
	return 0;
}

/*
 * main/call#1: nbytes = 8192 -> 2 writes + fsync: P2 = 3, P3 = 8192, P1 = 2.
 * main/loop#1/call#1: nbytes = 16384 -> 4 writes + fsync per call, 10 calls:
 * P2 = 50, P3 = 163840, P1 = 40 (the callee's chunk loop iterations).
 * main/loop#1: P1 = 10 + 40 = 50.
 * main.c's own call sites are open and close: the file block has P2 = 2 and
 * the two file blocks add up to the program (2 + 53 = 55).
 */
// EXPECT: main/call#1 p1=2 p2=3 p3=8192 p7=1
// EXPECT: main/loop#1/call#1 p1=40 p2=50 p3=163840 p7=10
// EXPECT: main/loop#1 p1=50 p2=50 p3=163840
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main p1=52 p2=55 p3=172032 p7=11
// EXPECT: main.c p2=2 p3=0
// EXPECT: ckpt.c:write_checkpoint p2=53
// EXPECT: program p1=52 p2=55 p3=172032 p5=0 p6=42 p7=11 p8=172032 p9=1
// EXPECT-ROWS: kind='file' 2
// EXPECT-ROWS: kind='call' 2
