/*
 * scope.c - an assumption marks only the parameters that rest on it.
 *
 * The first loop's bound is read at run time (unknown, 100 assumed) but it
 * does no I/O: none of its I/O parameters rest on the assumption.  The
 * second loop runs 0 times (12 % 4 == 0), so the fprintf inside, whose
 * length cannot be known, counts nothing and marks nothing.  The third
 * loop's unknown bound does reach its fwrite: P1, P2, P3 are marked.
 */
// VIDYA: --args "12"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	int n = atoi(argv[1]);
	int m = rand();
	double acc = 0, x[4] = { 0 };
	FILE *log = fopen("scope.log", "w");

	for (int i = 0; i < m; i++)
		acc += i * 0.5;
	for (int i = 0; i < n % 4; i++)
		fprintf(log, "%f\n", acc);
	for (int i = 0; i < m; i++)
		fwrite(x, sizeof x, 1, log);
	fclose(log);
	return 0;
}

// EXPECT: main/loop#1 p1=0 p2=0 p3=0
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main/loop#2 p1=0 p2=0 p3=0
// EXPECT-KNOWN: main/loop#2 p1 p2 p3
// EXPECT: main/loop#3 p1=100 p2=100 p3=3200
// EXPECT-UNKNOWN: main/loop#3 p1 p2 p3
