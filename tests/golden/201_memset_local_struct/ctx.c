/* memset(&s, 0, sizeof s) of a local struct makes every field 0 until it
 * is stored, as `= {0}` does: `c->sset` is NULL (the whole-data arm runs,
 * not the subset arm with probability 0.5), `c->nrep` 0 (its loop runs 0
 * times) and `c->indent` the 2 stored after the memset (2 indentation
 * fputs per line).  A struct cleared over part of its size only keeps
 * unknown fields (the branch on `p.sset` takes its heuristic's odds).
 *
 * dump (called twice): 10 lines x (2 fputs + 1 fprintf) = 30 calls each,
 * 60 in all, known.
 * main: fopen, 60, the partial struct's fputs (0.22, the call
 * heuristic), fclose = 62.22.
 */
#include <stdio.h>
#include <string.h>

struct ctx {
	int indent;
	const char *sset;
	long nrep;
	struct {
		int on;
	} sub;
};

static void dump(FILE *o, const struct ctx *c)
{
	if (!c->sset) {
		for (int i = 0; i < 10; i++) {
			for (int u = 0; u < c->indent; u++)
				fputs("  ", o);
			fprintf(o, "%d\n", i);
		}
	} else {
		for (int i = 0; i < 1000; i++)
			fprintf(o, "%s %d\n", c->sset, i);
	}
	for (long r = 0; r < c->nrep; r++)
		fputs("again\n", o);
	if (c->sub.on)
		fputs("sub\n", o);
}

// EXPECT: dump p2=60
// EXPECT-KNOWN: dump p2
// EXPECT: main p2=62.22
int main(void)
{
	FILE *o = fopen("out.txt", "w");
	if (!o)
		return 1;
	struct ctx x;
	memset(&x, 0, sizeof(x));
	x.indent = 2;
	dump(o, &x);
	struct ctx y;
	y.nrep = 5;
	memset(&y, 0, sizeof y);
	y.indent = 2;
	dump(o, &y);
	struct ctx p;
	memset(&p, 0, sizeof(int));
	if (p.sset)
		fputs("partial\n", o);
	fclose(o);
	return 0;
}
