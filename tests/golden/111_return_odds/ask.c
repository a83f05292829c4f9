/*
 * ask.c - a caller tests what a helper returns, and the helper returns
 * known values on arms of known probability.
 *
 * - ask(): getchar() is unknown, so the switch takes each of its 4 ways
 *   (3 labels on the first arm, the default) with probability 1/4: it
 *   returns true for 3/4 of its entries and false for 1/4.  Its result is
 *   unknown, but true 3/4 of the time;
 * - `if (ask())` is taken with probability 3/4: puts("yes") 0.75 times;
 * - `if (!ask())` with probability 1/4: puts("no") 0.25 times;
 * - `if (ask() == 0)` also 1/4: puts("zero") 0.25 times.
 * main: 3 getchar + 0.75 + 0.25 + 0.25 puts = 4.25 calls; bytes 3 + 0.75 *
 * 4 + 0.25 * 3 + 0.25 * 5 = 8 ("yes\n" 4, "no\n" 3, "zero\n" 5).
 */
#include <stdbool.h>
#include <stdio.h>

static bool ask(void)
{
	switch (getchar()) {
	case 'y':
	case 'Y':
	case 'j':
		return true;
	default:
		return false;
	}
}

// EXPECT: main p2=4.25 p3=8
// EXPECT: main/branch#1/io#1 p2=0.75
// EXPECT: main/branch#2/io#1 p2=0.25
// EXPECT: main/branch#3/io#1 p2=0.25
// EXPECT-UNKNOWN: main/branch#1/io#1 p2
int main(void)
{
	if (ask())
		puts("yes");
	if (!ask())
		puts("no");
	if (ask() == 0)
		puts("zero");
	return 0;
}
