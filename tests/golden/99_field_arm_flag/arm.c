/* A struct field stored by one arm of a branch whose condition is unknown
 * keeps the arm's value after the branch (fields are not merged as
 * variables are), so a later branch on it is decided: the then-arm counts
 * in full, the else-arm 0.  Both rest on that value, which the paths that
 * skipped the first arm did not store: both are flagged, and the site
 * predicted 0 names the branch.
 *
 * render runs 10 times (main's loop).  branch#1: argc > 3, unknown without
 * --args, 0.5.  branch#2: decided by need_prefix = 1: io#1 (the newline)
 * 10 calls of 1 byte, io#2 (the space) 0 calls.
 */
#include <stdio.h>

struct ctx {
	int need_prefix;
};

static void render(struct ctx *x, int wrap)
{
	if (wrap)
		x->need_prefix = 1;
	if (x->need_prefix)
		fputs("\n", stdout);
	else
		fputs(" ", stdout);
}

int main(int argc, char **argv)
{
	struct ctx x = { 0 };
	for (int i = 0; i < 10; i++)
		render(&x, argc > 3);
	(void)argv;
	return 0;
}

// EXPECT: render/branch#2/io#1 p2=10 p3=10
// EXPECT: render/branch#2/io#2 p2=0 p3=0
// EXPECT-UNKNOWN: render/branch#2/io#1 p2
// EXPECT-UNKNOWN: render/branch#2/io#2 p2
// EXPECT: render/branch#2 p2=10
