/*
 * particles.c - dumps particle records in binary and a human-readable index
 * next to them, then reports on stdout.
 *
 * P6 counts only the binary data calls (fwrite); fprintf, fputs, fputc, puts
 * and printf move text.  All text calls have constant arguments, so their
 * byte counts are exact.
 */
#include <stdio.h>

#define NREC 12
#define NPART 4096

struct particle {
	double x, y, z, m;
};

static struct particle parts[NPART];

int main(void)
{
	FILE *bin = fopen("particles.bin", "wb");
	FILE *txt = fopen("particles.txt", "w");
	int r, i;

	for (r = 0; r < NREC; r++) {
		for (i = 0; i < NPART; i++)
			parts[i].x += 0.1 * r;
		fwrite(parts, sizeof(struct particle), NPART, bin);
		fprintf(txt, "%s %d\n", "record", NPART);
		fputs("--\n", txt);
		fputc('\n', txt);
	}
	puts("particles written");
	printf("wrote %d records\n", NREC);
	fclose(txt);
	fclose(bin);
	return 0;
}

/*
 * Per record: fwrite 4096 x 32 = 131072 bytes (binary, not small),
 * fprintf "record 4096\n" = 12, fputs "--\n" = 3, fputc = 1 (text, small).
 * Record loop: P2 = 48, P3 = 12 x 131088 = 1573056, P6 = 12, P13 = 36;
 * its files are particles.bin (1572864 bytes) and particles.txt (192).
 * Then puts = strlen + 1 = 18 and printf "wrote 12 records\n" = 17 on
 * stdout, which is not a file (P9 counts 2).
 * main: P2 = 2 fopen + 48 + 2 + 2 fclose = 54, P3 = 1573091, P13 = 38.
 */
// EXPECT: main/loop#1 p1=12 p2=48 p3=1573056 p6=12 p8=1573056 p9=2 p13=36
// EXPECT: main/loop#1/io#1 p2=12 p3=1572864 p6=12 p13=0
// EXPECT: main/loop#1/io#2 p2=12 p3=144 p6=0 p13=12
// EXPECT: main/loop#1/io#3 p2=12 p3=36 p6=0
// EXPECT: main/loop#1/io#4 p2=12 p3=12 p6=0
// EXPECT: main/io#3 p2=1 p3=18 p6=0
// EXPECT: main/io#4 p2=1 p3=17 p6=0
// EXPECT: main p2=54 p3=1573091 p6=12 p13=38
// EXPECT: program p2=54 p3=1573091 p4=54 p6=12 p9=2
