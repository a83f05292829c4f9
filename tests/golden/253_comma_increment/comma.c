/* A counted loop whose increment steps other variables too, with the
 * comma operator (`for (i = 0; i < n; i++, ctx->elmt++, counter++)`,
 * HDF5's h5tools_dump_simple_data over a strip's elements): the counter's
 * step is the part that steps it, so the count is exact - also where the
 * loop is not run iteration by iteration (here the third loop under way,
 * below a loop over 2 files and one over 6 rows).
 *
 * 2 files of 6 rows of 5 items: 60 fputs of "item" (4 B) + 12 of "\n" +
 * 2 fopen + 2 fclose = 76 calls, 252 B, known.  (Before: the step was not
 * found, 100 iterations assumed per row: 1216 calls.)
 */
#include <stdio.h>

struct ctx {
	unsigned long elmt;
};

static void row(FILE *f, struct ctx *ctx, unsigned long n)
{
	unsigned long i, counter = 0;
	for (i = 0; i < n; i++, ctx->elmt++, counter++)
		fputs("item", f);
	fputs("\n", f);
}

int main(void)
{
	const char *names[2] = { "a.txt", "b.txt" };
	struct ctx ctx = { 0 };
	for (int k = 0; k < 2; k++) {
		FILE *f = fopen(names[k], "w");
		if (!f)
			return 1;
		for (int r = 0; r < 6; r++)
			row(f, &ctx, 5);
		fclose(f);
	}
	return 0;
}

// EXPECT: program p2=76 p3=252
// EXPECT: row/loop#1 executions=60
// EXPECT-KNOWN: program p2 p3
