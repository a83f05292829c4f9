/*
 * memory.c - heap (P10) and stack (P11) footprints of a small post-processor.
 *
 * P10: peak live bytes allocated in a block (malloc/calloc/realloc minus
 * free, plus local arrays declared in it).  P11: a function's frame is the
 * sum of sizeof of all its locals (not parameters) plus the largest P11 of
 * the project functions it calls; a loop's is the locals declared inside it
 * plus the largest P11 of its callees.  Sizes are for x86-64 (pointers,
 * size_t and double 8 bytes, int 4).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NX 64
#define NY 64
#define REC 4096
#define WIN 2048
#define NREC 10
#define NSMOOTH 5

static double smooth(const double *g, size_t n)
{
	double window[WIN];
	size_t k;
	double acc = 0.0;

	for (k = 0; k < WIN; k++)
		window[k] = g[k % n];
	for (k = 0; k < WIN; k++)
		acc += window[k];
	return acc / WIN;
}

static void dump(int fd, const double *g)
{
	double *copy = malloc(NX * NY * sizeof(double));
	int hist[256];
	int i;

	memcpy(copy, g, NX * NY * sizeof(double));
	memset(hist, 0, sizeof hist);
	for (i = 0; i < NREC; i++) {
		char *rec = malloc(REC);
		memset(rec, i, REC);
		write(fd, rec, REC);
		free(rec);
	}
	write(fd, copy, NX * NY * sizeof(double));
	write(fd, hist, sizeof hist);
	free(copy);
}

int main(void)
{
	double *grid = calloc(NX * NY, sizeof(double));
	double sum = 0.0;
	int fd, s;

	fd = open("memory.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (s = 0; s < NSMOOTH; s++) {
		double r = smooth(grid, NX * NY);
		sum += r;
	}
	grid[0] = sum;
	dump(fd, grid);
	close(fd);
	free(grid);
	return 0;
}

/*
 * smooth: frame = window 16384 + k 8 + acc 8 = 16400, no project callees;
 *         P10 = 16384 (the window array).
 * dump:   frame = copy 8 + hist 1024 + i 4 + rec 8 = 1044, no project callees;
 *         P10 = copy 32768 + hist 1024 + one rec 4096 (allocated and freed
 *         in each iteration, counted once) = 37888.
 *         its loop: P10 = 4096, P11 = rec 8.
 * main:   frame = grid 8 + sum 8 + fd 4 + s 4 + r 8 = 32;
 *         P11 = 32 + max(16400, 1044) = 16432.
 *         its loop declares r (8) and calls smooth: P11 = 8 + 16400 = 16408.
 *         The stack measure is a maximum, not a per-call total: 5 calls of
 *         smooth do not multiply it.
 * I/O: dump writes 10 x 4096 + 32768 + 1024 = 74752 bytes in 12 calls.
 */
// EXPECT: smooth p10=16384 p11=16400 p2=0
// EXPECT: dump p10=37888 p11=1044 p2=12 p3=74752
// EXPECT: dump/loop#1 p10=4096 p11=8 p1=10 p2=10 p3=40960
// EXPECT: main p11=16432 p2=14 p3=74752
// EXPECT: main/loop#1 p11=16408 p1=0 p2=0
// EXPECT: main/call#1 p2=12 p3=74752
// EXPECT: main/loop#1/call#1 p2=0
