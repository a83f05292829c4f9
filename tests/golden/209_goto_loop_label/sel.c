/*
 * A goto out of an inner loop to a label at the end of the outer loop's
 * body - `goto next;` when a word matches a known name, `next: ;` - the
 * way C writes "continue the outer loop".  In a loop run word by word the
 * goto is certain once the match is decided; it was not followed (only
 * gotos to labels of the function's own body were), so the pass went on
 * past it and printed "unknown" for every word: p2 7, p3 84.  Now the
 * pass goes on at the label.
 *
 * --args "alpha zeta gamma beta": alpha, gamma and beta are known names
 * (selected), zeta is not: one printf "unknown: zeta\n" (14 B).  Then a
 * fputs of "name\n" per selected name: 3 x 5 B.  main: p2 = 4, p3 = 29.
 */
#include <stdio.h>
#include <string.h>

static const char *const names[] = { "alpha", "beta", "gamma" };

int main(int argc, char **argv)
{
	int sel[3] = { 0, 0, 0 };
	for (int i = 1; i < argc; i++) {
		for (int j = 0; j < 3; j++)
			if (!strcmp(argv[i], names[j])) {
				sel[j] = 1;
				goto next;
			}
		printf("unknown: %s\n", argv[i]);
	next:;
	}
	for (int j = 0; j < 3; j++)
		if (sel[j])
			fputs("name\n", stdout);
	return 0;
}

// VIDYA: --args "alpha zeta gamma beta"
// EXPECT: main p2=4 p3=29
