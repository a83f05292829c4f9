/*
 * scan.c - loops that may leave before their bound.
 *
 * Loops that may leave early are run iteration by iteration when their
 * conditions can be decided.  The first loop stops at the first argument
 * starting with 'x': with --args "a b c" none does, so it runs 3 times, i
 * ends at n and `if (i == n)` takes its first arm: one fputs of "all\n",
 * 4 bytes, not conditional.  The second loop breaks on an argument starting
 * with 'y': none does, 3 fwrites of 4 bytes, known.  The third breaks on a
 * byte read at run time: its 3 iterations (3 fwrites, 12 bytes) are an
 * upper bound, marked unknown.
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
	for (int j = 0; j < n; j++) {
		if (getc(f) == 'y')
			break;
		fwrite(&j, sizeof j, 1, f);
	}
	fclose(f);
	return 0;
}

// EXPECT: main/branch#1 p2=1 p5=0 p3=4
// EXPECT-KNOWN: main/branch#1 p2 p3
// EXPECT: main/loop#2 p1=3 p2=3 p3=12
// EXPECT-KNOWN: main/loop#2 p1 p2 p3
// EXPECT: main/loop#3/io#1 p2=3 p3=12
// EXPECT-UNKNOWN: main/loop#3 p1 p2 p3
