/* A flag that one iteration of a long loop raises and lowers (a line
 * wrapper: `if (col + len > 72) c->need_prefix = 1;`, and the prefix it
 * triggers clears it, HDF5's h5tools_render_element over a dataset's
 * 49152 elements).  The loop has too many iterations to run one by one:
 * it is walked once, and the flag it found there (set before the loop)
 * is the first iteration's only.  A test of it is taken by the
 * heuristics instead (0.5: no heuristic applies, both arms call), noted
 * and flagged; inside the prefix's own `if (!c->need_prefix) return;` the
 * flag is as the arm found it.
 *
 * 5000 items: 2500 prefixes "\n  " (3 B), 2500 separators ", " (2 B),
 * 5000 "item" (4 B), fopen + fclose: 10002 calls, 32500 B.
 * (Before: the first iteration's flag decided every test: 5000 prefixes,
 * 0 separators, 35000 B.)
 */
#include <stdio.h>
#include <stdlib.h>

struct ctx {
	int need_prefix;
	int col;
};

static void prefix(FILE *f, struct ctx *c)
{
	if (!c->need_prefix)
		return;
	fputs("\n  ", f);
	c->need_prefix = 0;
	c->col = 2;
}

static void render(FILE *f, struct ctx *c, int len)
{
	if (c->col + len > 72)
		c->need_prefix = 1;
	if (c->need_prefix)
		prefix(f, c);
	else
		fputs(", ", f);
	fputs("item", f);
	c->col += len + 2;
}

int main(void)
{
	struct ctx c = { 1, 0 };
	FILE *f = fopen("out.txt", "w");
	if (!f)
		return 1;
	for (int i = 0; i < 5000; i++)
		render(f, &c, 1 + rand() % 8);
	fclose(f);
	return 0;
}

// EXPECT: program p2=10002 p3=32500
// EXPECT: prefix/io#1 p2=2500 p3=7500
// EXPECT: render/branch#2/io#1 p2=2500 p3=5000
// EXPECT-UNKNOWN: prefix/io#1 p2
