/*
 * solver.c - the solver of 23_expected_branches (without its scan), under
 * --paths all: the paper's upper bound, where every branch whose condition
 * is unknown counts as taken.  Tests of an I/O call's result are unknown
 * there too (the call may fail), loop-counter tests are not evaluated, and
 * a return under a condition does not stop what follows.
 *
 * --args "200 20": 200 steps.
 * - `s == 0`, `s % every == 0`, `s == steps - 1`: each taken 200 times.
 * - checkpoint() x 200: open, write (in the condition: always runs), the
 *   error path's close, then fsync and close: 5 x 200 = 1000 calls,
 *   200 x 4096 = 819200 bytes.
 * - fputs: 200 x "start\n" (6) = 1200 bytes, 200 x "done\n" (5) = 1000.
 * main/loop#1: 200 + 1000 + 200 = 1400 calls, 1200 + 819200 + 1000 =
 * 821400 bytes.  die() ends the program: under an unknown condition inside
 * the loop it still runs at most once per run (fprintf 14 bytes).
 */
// VIDYA: --args "200 20" --paths all
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define N 4096

static void die(void)
{
	fprintf(stderr, "fatal: failed\n");
	exit(1);
}

static int checkpoint(int step, const char *buf)
{
	int fd = open("ckpt.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return -1;
	if (write(fd, buf, N) != N) {
		close(fd);
		return -1;
	}
	fsync(fd);
	close(fd);
	return step;
}

int main(int argc, char **argv)
{
	static char buf[N];
	int steps = atoi(argv[1]), every = atoi(argv[2]);
	FILE *log = fopen("solver.log", "w");
	if (!log)
		return 1;
	for (int s = 0; s < steps; s++) {
		if (s == 0)
			fputs("start\n", log);
		if (s % every == 0)
			checkpoint(s, buf);
		if (s == steps - 1)
			fputs("done\n", log);
		if (buf[s] == 1)
			die();
	}
	fclose(log);
	return 0;
}

// EXPECT: main/loop#1/branch#1 p2=200 p3=1200 p5=200
// EXPECT: main/loop#1/branch#2 p2=1000 p3=819200
// EXPECT: main/loop#1/branch#3 p2=200 p3=1000
// EXPECT: checkpoint/branch#2/io#2 p2=200
// EXPECT: die p2=1 p3=14
// EXPECT: main/loop#1 p2=1401 p3=821414
