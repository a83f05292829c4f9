/* memset(a, 0, sizeof a) of a local array of numbers makes its elements
 * 0: the strip-mining loop below (HDF5 tools' shape) starts its
 * hyperslab offsets at 0, so each strip's size MIN(total - offset, cap)
 * is known and the loop runs strip by strip: a 6 x 10 extent in strips of
 * at most 4 x 10 is 2 strips of 40 and 20 elements, 60 fprintf in all.
 * A char buffer cleared with memset keeps its text model (not counted
 * here).
 *
 * main: fopen, 60 fprintf, 2 fputs (one per strip), fclose = 64 calls.
 */
#include <stdio.h>
#include <string.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))

static void emit(FILE *o, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		fprintf(o, "%lu\n", i);
}

// EXPECT: emit p2=60
// EXPECT-KNOWN: emit p2
// EXPECT: main p2=64
// EXPECT-KNOWN: main p2
int main(void)
{
	FILE *o = fopen("out.txt", "w");
	if (!o)
		return 1;
	unsigned long total[2] = { 6, 10 }, cap[2] = { 4, 10 };
	unsigned long offset[2], size[2], nelm = 60, n = 0, elm;
	int i, carry;
	memset(offset, 0, sizeof offset);
	for (elm = 0; elm < nelm; elm += n) {
		for (i = 0, n = 1; i < 2; i++) {
			size[i] = MIN(total[i] - offset[i], cap[i]);
			n *= size[i];
		}
		emit(o, n);
		fputs("--\n", o);
		for (i = 2, carry = 1; i > 0 && carry; --i) {
			offset[i - 1] += size[i - 1];
			if (offset[i - 1] == total[i - 1])
				offset[i - 1] = 0;
			else
				carry = 0;
		}
	}
	fclose(o);
	return 0;
}
