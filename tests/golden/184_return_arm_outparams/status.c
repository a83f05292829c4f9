/* What a function leaves in its caller's variables through pointer
 * arguments, when it returns from arms of unknown conditions, is what
 * all its exits leave, merged - not the value of the path that falls
 * through.  classify() reads a character from standard input (unknown at
 * analysis time) and returns early with *kind 1 or 2, or falls through
 * with *kind 0: afterwards `kind` is unknown, so main's `kind == 0` test
 * is a guess (flagged).  tag() stores 7 on every exit: `seen` stays 7, the
 * test certain.
 *
 * main: the fputs under `kind == 0` rests on an unknown condition (before:
 * kind 0 for certain, 1 call, not flagged); the fputs under `seen == 7`
 * runs once, known, 6 B.
 */
#include <stdio.h>

static int classify(int *kind)
{
	int c = getchar();
	*kind = 0;
	if (c == 'A') {
		*kind = 1;
		return 1;
	}
	if (c == 'B') {
		*kind = 2;
		return 1;
	}
	return 0;
}

static void tag(int *seen)
{
	int c = getchar();
	if (c == 'x') {
		*seen = 7;
		return;
	}
	*seen = 7;
}

int main(void)
{
	int kind = -1, seen = 0;
	classify(&kind);
	tag(&seen);
	if (kind == 0)
		fputs("zero\n", stdout);
	if (seen == 7)
		fputs("seven\n", stdout);
	return 0;
}

// EXPECT-UNKNOWN: main/branch#1 p2
// EXPECT: main/branch#2 p2=1 p3=6
// EXPECT-KNOWN: main/branch#2 p2 p3
