/* A loop that folds the elements its counter picks into one variable - a
 * product of dimensions, a sum of sizes - carries that variable from one
 * iteration to the next: it is run iteration by iteration, so the result
 * is exact (walked once, dims[i] is unknown and so is the product).
 *
 * dims = {4, 5, 6}: n = 4 * 5 * 6 = 120; sizes = {10, 20, 30, 40}: total
 * = 100.  main/loop#3: 120 iterations, io#1 120 fputs of 2 B = 240 B;
 * main/loop#4: 100 iterations, io#1 100 fputc of 1 B.  Known, not flagged.
 */
#include <stdio.h>

int main(void)
{
	long dims[3] = { 4, 5, 6 };
	int sizes[4] = { 10, 20, 30, 40 };
	long n = 1;
	int total = 0;
	for (int i = 0; i < 3; i++)
		n *= dims[i];
	for (int k = 0; k < 4; k++)
		total += sizes[k];
	for (long j = 0; j < n; j++)
		fputs("e\n", stdout);
	for (int j = 0; j < total; j++)
		fputc('s', stdout);
	return 0;
}

// EXPECT: main/loop#3 executions=120
// EXPECT: main/loop#3/io#1 p2=120 p3=240
// EXPECT: main/loop#4/io#1 p2=100 p3=100
// EXPECT-KNOWN: main/loop#3/io#1 p2 p3
// EXPECT-KNOWN: main/loop#4/io#1 p2 p3
