/*
 * A short counted loop over a table, its body deciding by the element:
 * `for (i = 0; i < 4; i++) switch (jobs[i].kind) ...`.  Walked once for
 * its 4 iterations, the element is unknown and each of the switch's three
 * arms was taken with probability 1/3.  A loop of at most 16 iterations
 * whose body reads a member of a table's record by the loop's counter
 * (`tab[i].f`) runs per record instead, each iteration seeing its own.
 *
 * jobs: two data sets (kind 1), one note (kind 2), one empty slot (kind
 * 0), written to stdout: each data set a fwrite of 64 doubles (512 B),
 * the note a fputs of "done\n" (5 B).  main: p2 = 3, p3 = 2 x 512 + 5 =
 * 1029 (walked once: 4 x (1/3 + 1/3) = 2.67 calls, 4 x (512 + 5) / 3 =
 * 689.33 B).
 */
#include <stdio.h>

struct job {
	int kind;
	int scale;
};

static const struct job jobs[] = {
	{ 1, 2 },
	{ 0, 0 },
	{ 1, 3 },
	{ 2, 0 },
};

int main(void)
{
	double v[64] = { 0 };
	for (int i = 0; i < 4; i++) {
		switch (jobs[i].kind) {
		case 1:
			v[0] = jobs[i].scale;
			fwrite(v, sizeof v[0], 64, stdout);
			break;
		case 2:
			fputs("done\n", stdout);
			break;
		default:
			break;
		}
	}
	return 0;
}

// EXPECT: main p2=3 p3=1029
