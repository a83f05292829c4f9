/*
 * sweep.c - a parameter sweep whose sizes are build-time macros with
 * defaults and whose step count is a global a driver script would patch.
 *
 * Analyzed with --define nsteps=12 --define NX=16: the global's initializer
 * (5) and the #ifndef default of NX (8) are overridden; NVAR keeps its
 * default of 3.
 */
// VIDYA: --define nsteps=12 --define NX=16
#include <stdio.h>

#ifndef NX
#define NX 8
#endif
#ifndef NVAR
#define NVAR 3
#endif

int nsteps = 5;

static double row[64];
static int vars[NVAR];

int main(void)
{
	FILE *fp = fopen("sweep.dat", "wb");
	int s, j;

	for (s = 0; s < nsteps; s++) {
		vars[0] = s;
		fwrite(vars, sizeof(int), NVAR, fp);
		for (j = 0; j < NX; j++) {
			row[j] = s + 0.5 * j;
			fwrite(row, sizeof(double), NX, fp);
		}
	}
	fclose(fp);
	return 0;
}

/*
 * nsteps = 12, NX = 16, NVAR = 3.
 * inner loop: 12 x 16 = 192 fwrite of 16 x 8 = 128 bytes = 24576 bytes.
 * outer loop: P1 = 12 + 192 = 204; P2 = 12 + 192 = 204;
 *             P3 = 12 x 3 x 4 + 24576 = 24720.
 * (With the defaults it would be 5 x 8 = 40 inner trips of 64 bytes.)
 */
// EXPECT: main/loop#1/loop#1 p1=192 p2=192 p3=24576
// EXPECT: main/loop#1/io#1 p2=12 p3=144
// EXPECT: main/loop#1 p1=204 p2=204 p3=24720
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: program p2=206 p3=24720 p8=24720 p9=1
