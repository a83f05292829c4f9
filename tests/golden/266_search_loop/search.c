/* A search over a table longer than a short loop (64 entries): the loop
 * may leave early, and its exit is decided on every iteration it runs
 * (`if (codes[i] == want) break;`), so it runs one iteration at a time
 * and leaves where the run leaves, at i = 6; the index found is then
 * known. (CONCRETE_SHORT = 16 iterations are run so; a table searched
 * past them would have the rest of its count walked once.)
 *
 * The index found, 6, is the number of records written: fopen + 6
 * fwrite of 8 bytes + fclose = 8 calls, 48 B, known.  (Before: a loop of
 * 64 that may break was walked once, its counter unknown after it, the
 * write loop's bound unknown, 100 assumed: 102 calls, 800 B.)
 */
#include <stdio.h>

static const int codes[64] = { 3, 9, 12, 15, 21, 30, 42, 51, 60, 77, 81, 90 };

int main(void)
{
	int i;
	double rec = 1.0;
	for (i = 0; i < 64; i++)
		if (codes[i] == 42)
			break;
	FILE *f = fopen("out.bin", "wb");
	if (!f)
		return 1;
	for (int k = 0; k < i; k++)
		fwrite(&rec, sizeof rec, 1, f);
	fclose(f);
	return 0;
}

// EXPECT: program p2=8 p3=48
// EXPECT: main/loop#1 executions=7
// EXPECT: main/loop#2 executions=6
// EXPECT-KNOWN: program p2 p3
