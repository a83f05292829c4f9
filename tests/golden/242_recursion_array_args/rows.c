/*
 * rows.c - ncdump's print_rows: a function recurses one dimension
 * deeper per call (`rows(level + 1, ...)`), handed the dimensions as a
 * local array of main's and the corner as a heap buffer it allocates.
 * The depth is decided by known numbers (level, rank); an array or a
 * heap buffer is a known argument as a pointer, whatever it holds, so
 * every level is unrolled.
 *
 * dims 4 x 5 x 6: the level-0 call makes 4 level-1 calls, each 5 leaf
 * calls: 20 rows of 5 "v, " + 1 "v\n" = 120 fputs, 20 x (5 x 3 + 2) =
 * 340 B, known.  (Before: the array argument made the depth unknown, the
 * recursive calls were not unrolled: 0 fputs.)
 */
#include <stdio.h>
#include <stdlib.h>

static void rows(int level, int rank, const int *dims, int *cor)
{
	int i;
	if (rank - level > 1) {
		int *lc = malloc((size_t)rank * sizeof *lc);
		for (i = 0; i < rank; i++)
			lc[i] = cor[i];
		lc[level] = 0;
		for (i = 0; i < dims[level] - 1; i++) {
			rows(level + 1, rank, dims, lc);
			lc[level] += 1;
		}
		rows(level + 1, rank, dims, lc);
		free(lc);
	} else {
		for (i = 0; i < dims[level] - 1; i++)
			fputs("v, ", stdout);
		fputs("v\n", stdout);
	}
}

// EXPECT: main p2=120 p3=340
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	int dims[3] = { 4, 5, 6 };
	int cor[3] = { 0, 0, 0 };
	rows(0, 3, dims, cor);
	return 0;
}
