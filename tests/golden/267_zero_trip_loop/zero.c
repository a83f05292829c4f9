/* A counted loop whose count is known to be 0 (`for (i = 0; i < ngroups;
 * i++) total += count_in(ids[i]);` over no groups) does not run: what its
 * body would store is not stored, so `total` keeps its 0 (netCDF's
 * ncdump: the user-defined types counted over no subgroups).
 *
 * total = 0, so the write loop runs 0 + 4 times: fopen + 4 fputs of
 * "rec\n" (4 B) + fclose = 6 calls, 16 B, known.  (Before: the body was
 * walked with a share of 0 but its store made total unknown, so the
 * write loop's bound was unknown, 100 iterations assumed: 102 calls.)
 */
#include <stdio.h>
#include <stdlib.h>

static int count_in(int id)
{
	const char *e = getenv("VIDYA_GOLDEN_UNSET_267");
	return e ? atoi(e) + id : id;
}

static int total_types(const int *ids, int ngroups)
{
	int total = 0;
	for (int i = 0; i < ngroups; i++)
		total += count_in(ids[i]);
	return total;
}

int main(void)
{
	int ids[4] = { 1, 2, 3, 4 };
	int total = total_types(ids, 0);
	FILE *f = fopen("out.txt", "w");
	if (!f)
		return 1;
	for (int k = 0; k < total + 4; k++)
		fputs("rec\n", f);
	fclose(f);
	return 0;
}

// EXPECT: program p2=6 p3=16
// EXPECT: total_types/loop#1 executions=0
// EXPECT-KNOWN: program p2 p3
