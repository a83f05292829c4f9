/* A short counted loop that calls nothing (over the dimensions of an
 * array, HDF5's h5tools_dump_simple_dset) runs one iteration at a time
 * also as a third loop under way: here under a loop over two files (run
 * one by one: it opens them) and a strip loop whose step the body
 * computes (`e += n`, run one by one while its condition is decided).
 * Each strip's element count is the product of MIN(dims[i] - off[i],
 * strip[i]) over the dimensions, and the strips move by a carry over
 * them, as h5dump's do.
 *
 * Dimensions {3, 4, 10}, strips {1, 4, 10}: 3 strips of 40 elements per
 * file; 2 files: 2 fopen + 2 fclose + 6 x 40 fputc = 244 calls, 240 B,
 * known.  (Before: the dimension loops were walked once with the counter
 * unknown, so each strip's count was unknown: 100 fputc per strip.)
 */
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))

static const unsigned long dims[3] = { 3, 4, 10 };
static const unsigned long strip[3] = { 1, 4, 10 };

static void put(FILE *f, unsigned long n)
{
	for (unsigned long k = 0; k < n; k++)
		fputc('x', f);
}

static void dump(FILE *f, int nd)
{
	unsigned long off[3] = { 0, 0, 0 }, size[3], total = 1, n = 1;
	for (int i = 0; i < nd; i++)
		total *= dims[i];
	for (unsigned long e = 0; e < total; e += n) {
		int i, carry;
		for (i = 0, n = 1; i < nd; i++) {
			size[i] = MIN(dims[i] - off[i], strip[i]);
			n *= size[i];
		}
		put(f, n);
		for (i = nd, carry = 1; i > 0 && carry; --i) {
			off[i - 1] += size[i - 1];
			if (off[i - 1] == dims[i - 1])
				off[i - 1] = 0;
			else
				carry = 0;
		}
	}
}

int main(void)
{
	const char *names[2] = { "a.txt", "b.txt" };
	for (int k = 0; k < 2; k++) {
		FILE *f = fopen(names[k], "w");
		if (!f)
			return 1;
		dump(f, 3);
		fclose(f);
	}
	return 0;
}

// EXPECT: program p2=244 p3=240
// EXPECT: put/loop#1 executions=240
// EXPECT-KNOWN: program p2 p3
