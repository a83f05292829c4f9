/* A struct field stored by one arm of a branch whose condition is unknown
 * keeps the arm's value after the branch (fields are not merged as
 * variables are), marked with the chance that it holds it: the storing
 * arm's probability.  A later branch on it takes its arms with that
 * chance.  Both arms rest on that value, which the paths that skipped
 * the first arm did not store: both are flagged.
 *
 * render runs 10 times (main's loop, one iteration at a time).  branch#1:
 * argc > 3, unknown without --args, 0.5 at each call.  The flag starts 0;
 * after call k it holds 1 with chance 1 - 0.5^k, so branch#2 takes io#1
 * (the newline) sum over k = 1..10 of (1 - 0.5^k) = 10 - (1 - 0.5^10) =
 * 9.0009765625 times, io#2 (the space) 1 - 0.5^10 = 0.9990234375 times,
 * 1 byte each.  (Before this chance was kept: decided by need_prefix = 1,
 * io#1 10 calls, io#2 0.)
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

// EXPECT: render/branch#2/io#1 p2=9.0009765625 p3=9.0009765625
// EXPECT: render/branch#2/io#2 p2=0.9990234375 p3=0.9990234375
// EXPECT-UNKNOWN: render/branch#2/io#1 p2
// EXPECT-UNKNOWN: render/branch#2/io#2 p2
// EXPECT: render/branch#2 p2=10
