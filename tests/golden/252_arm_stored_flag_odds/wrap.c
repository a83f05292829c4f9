/* A flag an arm of an unknown branch sets and a later branch tests (a
 * line-wrapping printer, HDF5's h5tools_render_element: `if (col + len >
 * width) ctx->need_prefix = 1;`, then `if (ctx->need_prefix)` prints a
 * new line's prefix and clears the flag, else a separator).  The flag
 * holds 1 only on the paths through the arm that stored it (probability
 * 0.5: no heuristic applies to `col + len > 72` with len unknown), so the
 * test takes its arms with that chance, not always the prefix and never
 * the separator.
 *
 * 1000 items: the first starts a line (the flag was set before the loop:
 * certain), each later one wraps with probability 0.5: 1 + 999 x 0.5 =
 * 500.5 prefixes "\n  " (3 B), 499.5 separators ", " (2 B), 1000 items
 * "item" (4 B), fopen + fclose: 2002 calls, 6500.5 B.
 * (Before: the flag decided the test: 1000 prefixes, 0 separators.)
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

static void render(FILE *f, struct ctx *c, int len, int n)
{
	if (c->col + len > 72)
		c->need_prefix = 1;
	if (c->need_prefix)
		prefix(f, c);
	else if (n)
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
	for (int i = 0; i < 1000; i++)
		render(f, &c, 1 + rand() % 8, i);
	fclose(f);
	return 0;
}

// EXPECT: program p2=2002 p3=6500.5
// EXPECT: prefix/io#1 p2=500.5 p3=1501.5
// EXPECT: render/branch#2/branch#1/io#1 p2=499.5 p3=999
