/*
 * main.c - the driver: scales a vector and writes it in binary.  It never
 * calls export_table(), so the run's I/O is fopen + 1 fwrite + fclose.
 */
#include <stdio.h>

#include "lib.h"

#define N 1000

static double v[N];

int main(void)
{
	FILE *fp = fopen("vector.bin", "wb");

	scale(v, N, 2.0);
	fwrite(v, sizeof(double), N, fp);
	fclose(fp);
	return 0;
}

/* 1000 doubles = 8000 bytes; lib.c has no I/O on the run from main. */
// EXPECT: main p1=0 p2=3 p3=8000 p6=1
// EXPECT: main/call#1 p2=0
// EXPECT: program p2=3 p3=8000 p9=1
// EXPECT: lib.c p2=0 p3=0
// EXPECT: main.c p2=3 p3=8000
