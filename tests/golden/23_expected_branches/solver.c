/*
 * solver.c - a time-stepping solver as real codes write it: error checks
 * after every call, a checkpoint every `every` steps, log lines on the
 * first and the last step, and a scan of an input whose contents decide
 * some branches.  Counts are expected values for one run (the default,
 * --paths expected).
 *
 * --args "200 20": steps = 200, every = 20.
 * - `s % every == 0`, `s == 0` and `s == steps - 1` test the loop counter:
 *   counted exactly, 10, 1 and 1 of the 200 iterations, and not flagged.
 * - checkpoint(): open() and write() are assumed to succeed, so `fd < 0`
 *   and `write(...) != N` are error paths, not taken: the close() on the
 *   error path counts 0, the fsync()/close() after it 10.
 * - `!log`, `in == NULL`: a fresh handle is not NULL.
 * - scan(): `v == 'x'` on a byte read at run time is unknown.  Opcode
 *   heuristic (== constant fails: 0.16) and call heuristic (the arm with
 *   the call is not taken: 0.22), combined (Dempster-Shafer):
 *   p = 0.16*0.22 / (0.16*0.22 + 0.84*0.78) = 0.0352 / 0.6904 = 44/863.
 *   Over 10 iterations: 440/863 = 0.50984936268829664 fputs of 2 bytes.
 * - `if (setup() != 0) return 1;` in main: a call's status tested, the arm
 *   an error return (non-zero from main): not taken, main goes on in full;
 * - maybe(): `v < 0` on a byte of a line read at run time (not a call's
 *   result) (opcode: 0.16) with a return in the arm (return
 *   heuristic: 0.28): p = 0.0448 / (0.0448 + 0.84*0.72) = 14/203, and the
 *   fputs after it runs for the other 189/203 = 0.93103448275862069 of the
 *   calls: 3 bytes each, 2.7931034482758621.
 * - switch on a byte with two cases and no default: 3 ways, 1/3 each.
 */
// VIDYA: --args "200 20"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define N 4096

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

static int maybe(FILE *log, int v)
{
	if (v < 0)
		return -1;
	fputs("ok\n", log);
	return 0;
}

static void scan(FILE *log)
{
	FILE *in = fopen("solver.in", "r");
	if (in == NULL)
		return;
	for (int i = 0; i < 10; i++) {
		int v = getc(in);
		if (v == 'x')
			fputs("x\n", log);
	}
	char line[16];
	fgets(line, sizeof line, in);
	maybe(log, line[3]);
	switch (getc(in)) {
	case 'a':
		fputs("a\n", log);
		break;
	case 'b':
		fputs("bb\n", log);
		break;
	}
	fclose(in);
}

static int setup(void)
{
	return rand() % 3; /* a status the analysis cannot know */
}

int main(int argc, char **argv)
{
	static char buf[N];
	if (setup() != 0)
		return 1;
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
	}
	scan(log);
	fclose(log);
	return 0;
}

/*
 * main/loop#1: fputs 1 x 6 + 10 checkpoints x (open, write 4096, fsync,
 * close) + fputs 1 x 5 = 42 calls, 6 + 40960 + 5 = 40971 bytes.
 */
// EXPECT: main/loop#1/branch#1 p2=1 p3=6
// EXPECT: main/loop#1/branch#2 p2=40 p3=40960
// EXPECT: main/loop#1/branch#3 p2=1 p3=5
// EXPECT-KNOWN: main/loop#1/branch#2 p2 p3
// EXPECT: main/loop#1 p2=42 p3=40971
// EXPECT: checkpoint p2=40 p3=40960
// EXPECT: checkpoint/io#1 p2=10
// EXPECT: checkpoint/branch#2/io#1 p2=10 p3=40960
// EXPECT: checkpoint/branch#2/io#2 p2=0
// EXPECT: checkpoint/io#2 p2=10 p7=10
// EXPECT: checkpoint/io#3 p2=10
// EXPECT: scan/loop#1/branch#1 p2=0.50984936268829664 p3=1.0196987253765933
// EXPECT-UNKNOWN: scan/loop#1/branch#1 p2 p3
// EXPECT: maybe p2=0.93103448275862069 p3=2.7931034482758621
// EXPECT: scan/branch#2/io#2 p2=0.33333333333333333 p3=0.66666666666666667
// EXPECT: scan/branch#2/io#3 p2=0.33333333333333333 p3=1
