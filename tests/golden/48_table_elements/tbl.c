/*
 * tbl.c - stores into a table's elements: through a pointer to a known
 * element (&tbl[1] handed to a helper) and through an index the walk does
 * not know (rand() % 4).
 *
 * - bump(&tbl[1], 6) sets tbl[1].n to 6: the first loop writes 6 times.
 * - tbl[0].n is still 2 from the initializer: the second loop writes twice.
 * - tbl[k].n = 40 with k unknown may have changed any element, so
 *   tbl[0].n is 2 or 40: the third loop's count is unknown (the assumed
 *   100, flagged), not 2.
 */
#include <stdlib.h>
#include <unistd.h>

struct counter {
	const char *name;
	int n;
};
static struct counter tbl[4] = { { "a", 2 }, { "b", 3 } };

static void bump(struct counter *c, int v)
{
	c->n = v;
}

int main(void)
{
	int i;
	bump(&tbl[1], 6);
	for (i = 0; i < tbl[1].n; i++)
		write(1, "k", 1);
	for (i = 0; i < tbl[0].n; i++)
		write(1, "z", 1);
	int k = rand() % 4;
	tbl[k].n = 40;
	for (i = 0; i < tbl[0].n; i++)
		write(1, "u", 1);
	return 0;
}

// EXPECT: main/loop#1/io#1 p2=6 p3=6
// EXPECT-KNOWN: main/loop#1/io#1 p2 p3
// EXPECT: main/loop#2/io#1 p2=2 p3=2
// EXPECT-KNOWN: main/loop#2/io#1 p2 p3
// EXPECT: main/loop#3/io#1 p2=100
// EXPECT-UNKNOWN: main/loop#3/io#1 p2
