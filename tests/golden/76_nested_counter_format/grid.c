/*
 * grid.c - `fprintf(f, "%d\n", r * 10 + c)` in two nested loops walked
 * once for all their iterations: the value depends on both counters, so
 * each of the 100 (r, c) pairs is formatted with its own values: 0 .. 99,
 * 10 lines of 2 bytes and 90 of 3 bytes = 290 bytes, every part known.
 *
 * main: fopen + 100 fprintf + fclose = 102 calls, 290 bytes.
 */
#include <stdio.h>

// EXPECT: main p2=102 p3=290
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	FILE *f = fopen("grid.txt", "w");
	if (!f)
		return 1;
	for (int r = 0; r < 10; r++)
		for (int c = 0; c < 10; c++)
			fprintf(f, "%d\n", r * 10 + c);
	fclose(f);
	return 0;
}
