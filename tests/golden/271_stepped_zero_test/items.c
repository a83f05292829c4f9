/* A zero test of a field that a loop walked once for many iterations
 * steps (`if (ln->col)` with `ln->col += 6` in the loop's callee): the
 * value the one walk found there (0, as the struct was initialized) is
 * what the first iteration sees, not the others, so the test is taken by
 * the heuristics as any unknown condition is - not decided by it.
 *
 * n = 2000 (--args "2000"; more iterations than are run one by one).
 * `if (ln->col)`: a member, not a pointer, no comparison: no condition
 * heuristic (0.5); the then-arm calls, there is no else: call heuristic,
 * Dempster-Shafer of 0.5 and 1 - 0.78 = 0.22: 0.22.  Separators: 2000 x
 * 0.22 = 440 calls, 880 B; "item": 2000 calls, 8000 B.  (Before: decided
 * as the first iteration found it, col == 0: no separator at all.)
 *
 * Program: fopen + 440 + 2000 + fclose = 2442 calls; 8880 B.
 */
#include <stdio.h>
#include <stdlib.h>

struct line {
	FILE *f;
	int col; /* an int: no condition heuristic for `if (ln->col)` (272) */
};

static void item(struct line *ln)
{
	if (ln->col)
		fputs(", ", ln->f);
	fputs("item", ln->f);
	ln->col += 6;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 1;
	unsigned long n = strtoul(argv[1], NULL, 10);
	struct line ln = { fopen("items.txt", "w"), 0 };
	if (!ln.f)
		return 1;
	for (unsigned long i = 0; i < n; i++)
		item(&ln);
	fclose(ln.f);
	return 0;
}

// VIDYA: --args "2000"
// EXPECT: program p2=2442 p3=8880
// EXPECT: item/branch#1/io#1 p2=440 p3=880
// EXPECT: item/io#1 p2=2000 p3=8000
// EXPECT: main/loop#1 p2=2440 p3=8880
