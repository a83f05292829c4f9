/*
 * rows.c - `fprintf(f, "row %d\n", i)` in a loop over i = 0 .. 99, walked
 * once for all its iterations: each line's length follows i's digits,
 * "row 7\n" 6 bytes, "row 42\n" 7, so the 100 lines are
 * 10 x 6 + 90 x 7 = 690 bytes (6.9 per call), every part known.
 *
 * main: fopen + 100 fprintf + fclose = 102 calls, 690 bytes.
 */
#include <stdio.h>

// EXPECT: main p2=102 p3=690
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	FILE *f = fopen("rows.txt", "w");
	if (!f)
		return 1;
	for (int i = 0; i < 100; i++)
		fprintf(f, "row %d\n", i);
	fclose(f);
	return 0;
}
