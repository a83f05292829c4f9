/*
 * scan.c - loops that may leave before their bound.
 *
 * The first loop stops at the first argument starting with 'x': its count
 * (3) is only an upper bound and where i ends is unknown, so both arms of
 * `if (i == n)` may run: with no heuristic that applies (n is not a
 * constant), each with probability 1/2 - 1 fputs of 4 or 8 bytes, 6 bytes
 * expected, conditional.  The second loop has a `break`: its 3 iterations
 * of fwrite are an upper bound, marked unknown.
 */
// VIDYA: --args "a b c"
#include <stdio.h>

int main(int argc, char **argv)
{
	int i, n = argc - 1;
	FILE *f = fopen("scan.dat", "w");

	for (i = 0; i < n && argv[i + 1][0] != 'x'; ++i)
		;
	if (i == n)
		fputs("all\n", f);
	else
		fputs("found x\n", f);

	for (int j = 0; j < n; j++) {
		if (argv[j + 1][0] == 'y')
			break;
		fwrite(&j, sizeof j, 1, f);
	}
	fclose(f);
	return 0;
}

// EXPECT: main/branch#1 p2=1 p5=1 p3=6
// EXPECT-UNKNOWN: main/branch#1 p2 p3
// EXPECT: main/loop#2 p1=3 p2=3 p3=12
// EXPECT-UNKNOWN: main/loop#2 p1 p2 p3
