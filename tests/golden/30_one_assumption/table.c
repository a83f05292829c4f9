/*
 * table.c - one unknown number (the rows of a table, read from its header)
 * bounds several loops and sizes a buffer.  It is one assumption: n takes
 * the assumed value (--assume-trip, default 100) at the first loop that
 * needs it, and every later loop and size that reads n agrees with it.
 *
 * - the header read: 1 fread of sizeof n = 4 bytes, known;
 * - loop#1: n = 100 rows read, 100 freads of 16 bytes = 1600, flagged;
 * - loop#2 (i < n) and its inner loop (j < n): 100 x 100 = 10000 fputc of
 *   1 byte, flagged - the same n, not two assumptions;
 * - the final fwrite of n * 16 = 1600 bytes: sized from the assumed n,
 *   flagged (P3).
 */
#include <stdio.h>

struct row {
	double x, y;
};

int main(void)
{
	struct row r;
	int n;
	FILE *in = fopen("table.bin", "rb");
	FILE *out = fopen("table.txt", "w");
	fread(&n, sizeof n, 1, in);
	for (int i = 0; i < n; i++)
		fread(&r, sizeof r, 1, in);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			fputc(i == j ? '1' : '0', out);
	fwrite(&r, sizeof r, n, out);
	fclose(in);
	fclose(out);
	return 0;
}

// EXPECT: main/io#3 p2=1 p3=4
// EXPECT: main/loop#1 p1=100 p2=100 p3=1600
// EXPECT-UNKNOWN: main/loop#1 p1 p2 p3
// EXPECT: main/loop#2 p2=10000 p3=10000
// EXPECT-UNKNOWN: main/loop#2 p2 p3
// EXPECT: main/io#4 p2=1 p3=1600
// EXPECT-UNKNOWN: main/io#4 p3
// EXPECT-KNOWN: main/io#4 p2
