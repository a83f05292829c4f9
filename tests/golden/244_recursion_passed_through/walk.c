/*
 * walk.c - a recursion one level deeper per call whose buffer argument
 * is unknown (its size comes from the environment) and is handed on as
 * the function got it (`walk(level + 1, rank, buf)`): an argument passed
 * through cannot decide the depth, the known level and rank do, so every
 * level is unrolled (ncdump's print_rows with a netCDF-4 input, whose
 * value buffer's size the walk does not know).
 *
 * rank 4, 2 calls per level below the first: 1 + 2 + 4 + 8 = 15 calls,
 * one 4-B fputs each: 15 calls, 60 B, known.  (Before: the unknown
 * argument stopped the recursion at the first level: 1 call, flagged.)
 */
#include <stdio.h>
#include <stdlib.h>

static void walk(int level, int rank, char *buf)
{
	fputs("row\n", stdout);
	if (level + 1 < rank) {
		walk(level + 1, rank, buf);
		walk(level + 1, rank, buf);
	}
}

// EXPECT: main p2=15 p3=60
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	const char *s = getenv("ROW_BYTES");
	char *buf = malloc(s ? (size_t)atoi(s) : 64);
	walk(0, 4, buf);
	free(buf);
	return 0;
}
