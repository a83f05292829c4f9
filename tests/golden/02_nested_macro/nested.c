/*
 * nested.c - a time-step loop that dumps NVARS fields per step with fwrite.
 *
 * Bounds are macros; the record size is NCELLS * sizeof(double) held in a
 * local.  The outer loop counts 1..NSTEPS with `<=` (20 trips), the inner
 * one counts NVARS down to 1 (4 trips).
 */
#include <stdio.h>

#define NSTEPS 20
#define NVARS 4
#define NCELLS 16384

static double field[NVARS][NCELLS];

int main(void)
{
	FILE *fp = fopen("nested.dat", "wb");
	size_t bytes = NCELLS * sizeof(double); /* 131072: not a small access */
	int step, v, c;

	for (step = 1; step <= NSTEPS; step++) {
		for (c = 0; c < NCELLS; c++)
			field[c % NVARS][c] += 0.5 * step;
		fwrite(&step, sizeof step, 1, fp); /* 4-byte step stamp: small */
		for (v = NVARS; v > 0; v--)
			fwrite(field[v - 1], 1, bytes, fp);
	}
	fclose(fp);
	return 0;
}

/*
 * loop#1 is the step loop, loop#1/loop#1 the cell update (no I/O, so it adds
 * nothing to P1), loop#1/loop#2 the field dump.
 * field dump: 20 x 4 = 80 fwrite of 131072 bytes = 10485760 bytes.
 * step loop: P1 = 20 (itself) + 80 (field dump); P2 = 20 stamps + 80 = 100;
 * P3 = 20 x 4 + 10485760 = 10485840; only the 20 stamps are small.
 * main adds fopen and fclose: P2 = 102.  The file receives every byte
 * written: P8 = 10485840.
 */
// EXPECT: main/loop#1/loop#2 p1=80 p2=80 p3=10485760 p6=80 p13=0
// EXPECT: main/loop#1/loop#1 p1=0 p2=0 p3=0
// EXPECT: main/loop#1/io#1 p2=20 p3=80 p13=20
// EXPECT: main/loop#1 p1=100 p2=100 p3=10485840 p4=100 p5=0 p6=100 p7=0 p12=0 p13=20
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main p1=100 p2=102 p3=10485840
// EXPECT: program p1=100 p2=102 p3=10485840 p8=10485840 p9=1
// EXPECT-ROWS: kind='loop' 3
