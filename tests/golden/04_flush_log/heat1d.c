/*
 * heat1d.c - an explicit 1-D heat solver that appends the field to a binary
 * file every step and writes a line to a text log, flushed every step so a
 * crash leaves a complete log.
 *
 * Every fprintf has only constant arguments, so its length is exact.
 */
#include <stdio.h>

#define NX 128
#define NSTEPS 25

static double u[NX], un[NX];

int main(void)
{
	FILE *log = fopen("heat1d.log", "w");
	FILE *data = fopen("heat1d.bin", "wb");
	int step, i;

	u[NX / 2] = 1.0;
	fprintf(log, "# solver nx=%d steps=%d\n", NX, NSTEPS);
	for (step = 0; step < NSTEPS; step++) {
		for (i = 1; i < NX - 1; i++)
			un[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
		for (i = 1; i < NX - 1; i++)
			u[i] = un[i];
		fwrite(u, sizeof(double), NX, data);
		fprintf(log, "step of %d cells done\n", NX);
		fflush(log);
	}
	fclose(data);
	fclose(log);
	return 0;
}

/*
 * Per step: fwrite 128 x 8 = 1024 bytes (binary), fprintf
 * "step of 128 cells done\n" = 23 bytes (text), fflush (0 bytes, P7).
 * Step loop (loop#1; its two update loops have no I/O):
 *   P2 = 3 x 25 = 75, P3 = 25 x 1047 = 26175, P6 = 25 (fwrite only),
 *   P7 = 25, P13 = 50 (fwrite and fprintf, both < 65536).
 * main: + 2 fopen + header fprintf ("# solver nx=128 steps=25\n" = 25 bytes)
 *   + 2 fclose: P2 = 80, P3 = 26200.
 * Files: heat1d.log = 25 + 25 x 23 = 600 bytes, heat1d.bin = 25600 bytes.
 */
// EXPECT: main/loop#1 p1=25 p2=75 p3=26175 p4=75 p5=0 p6=25 p7=25 p13=50
// EXPECT: main/loop#1/loop#1 p1=0 p2=0
// EXPECT: main/loop#1/io#1 p2=25 p3=25600 p6=25 p7=0
// EXPECT: main/loop#1/io#2 p2=25 p3=575 p6=0 p7=0 p13=25
// EXPECT: main/loop#1/io#3 p2=25 p3=0 p6=0 p7=25 p13=0
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main/io#3 p2=1 p3=25 p6=0
// EXPECT: main p1=25 p2=80 p3=26200 p6=25 p7=25 p13=51
// EXPECT: program p2=80 p3=26200 p6=25 p7=25 p8=26200 p9=2
