/*
 * outparam.c - a local written through an out-parameter (`get_count(&n)`)
 * keeps its value when the program later stores through a pointer the walk
 * does not know (`*cell = 0` with cell picked at random from a table): a
 * callee can reach the local only through the pointer it was handed, which
 * the walk follows, so the unknown store cannot be to n.  A local whose
 * address is kept in a variable (`int *pm = &m`) can be that pointer's
 * target: it becomes unknown.
 *
 * - n = 10 from get_count: the loop writes 10 x 64 bytes, exact;
 * - m = 4 via pm, then `*cell = 0` (cell unknown): m unknown, the second
 *   loop takes the assumed 100 iterations, flagged.
 */
#include <stdio.h>
#include <stdlib.h>

// EXPECT: main/loop#1 p1=10
// EXPECT: main/loop#1/io#1 p2=10 p3=640
// EXPECT-KNOWN: main/loop#1/io#1 p2 p3
// EXPECT-UNKNOWN: main/loop#2/io#1 p2
static void get_count(int *np)
{
	*np = 10;
}

int main(void)
{
	static int table[8];
	static char buf[64];
	int n, m;
	int *pm = &m;
	get_count(&n);
	*pm = 4;
	int *cell = &table[rand() % 8];
	*(cell + rand() % 2) = 0;
	FILE *f = fopen("out.bin", "wb");
	if (!f)
		return 1;
	for (int i = 0; i < n; i++)
		fwrite(buf, 1, sizeof buf, f);
	for (int i = 0; i < m; i++)
		fputs("x\n", f);
	fclose(f);
	return 0;
}
