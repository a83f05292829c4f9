/* A callee handed the counter of its caller's loop (`put(f, i, more)` in
 * `for (i = 0; i < n; i++)`), which it does not assign: its tests of that
 * parameter are counted over the loop's iterations, as tests of the
 * counter in the loop's own body are.  A test the counter decides on some
 * iterations only (`i > 0 || more`: at i = 0 it is up to `more`, an
 * unknown) takes, on those, what the other rules give: here 0.5 (no
 * heuristic applies: `||` of two values, both arms call).
 *
 * n = 2000 (--args "2000", more iterations than are run one by one, so
 * each loop is walked once for all of them): the separator `, ` runs at
 * i = 1..1999 (1999 times) and at i = 0 with 0.5: 1999.5 calls, 3999 B;
 * the opening "[" 0.5 calls, 0.5 B; "x" 2000 calls, 2000 B.  The same
 * callee reached through a helper that passes the counter on (`row(f, j)`
 * -> `put(f, j, 0)`, j = 0..1999): `j > 0 || 0` is decided on every
 * iteration: 1999 separators (3998 B), 1 "[", 2000 "x".  (Before: the
 * parameter is an unknown, the test `||` of two unknowns: 0.5 (no
 * heuristic applies), 1000 separators per loop.)
 *
 * Program: fopen + 1999.5 + 0.5 + 2000 + 1999 + 1 + 2000 + fclose = 8002
 * calls; bytes 3999 + 0.5 + 2000 + 3998 + 1 + 2000 = 11998.5.
 */
#include <stdio.h>
#include <stdlib.h>

static void put(FILE *f, unsigned long i, int more)
{
	if (i > 0 || more)
		fputs(", ", f);
	else
		fputs("[", f);
	fputs("x", f);
}

static void row(FILE *f, unsigned long j)
{
	put(f, j, 0);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 1;
	unsigned long n = strtoul(argv[1], NULL, 10);
	FILE *f = fopen("list.txt", "w");
	if (!f)
		return 1;
	int more = rand() % 2;
	for (unsigned long i = 0; i < n; i++)
		put(f, i, more);
	for (unsigned long j = 0; j < n; j++)
		row(f, j);
	fclose(f);
	return 0;
}

// VIDYA: --args "2000"
// EXPECT: program p2=8002 p3=11998.5
// EXPECT: main/loop#1 p2=4000 p3=5999.5
// EXPECT: main/loop#2 p2=4000 p3=5999
// EXPECT: put/branch#1/io#1 p2=3998.5 p3=7997
// EXPECT: put/branch#1/io#2 p2=1.5 p3=1.5
// EXPECT: put/io#1 p2=4000 p3=4000
