/*
 * tree.c - a recursive call inside a counted loop that carries no state
 * (its body hands the callee numbers only) and is walked once for its
 * iterations: the depth is decided by known numbers (level, depth), so
 * the call is unrolled there too, each level scaled by the iterations
 * around it.
 *
 * tree(0, 3): 1 + 3 + 9 + 27 = 40 nodes, one 5-B fputs each: 40 calls,
 * 200 B, known.  (Before: a recursive call under a loop walked once was
 * not unrolled: the root's 1 call, flagged.)
 */
#include <stdio.h>

static void tree(int level, int depth)
{
	fputs("node\n", stdout);
	if (level < depth)
		for (int i = 0; i < 3; i++)
			tree(level + 1, depth);
}

// EXPECT: main p2=40 p3=200
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	tree(0, 3);
	return 0;
}
