/*
 * once.c - a run-once guard (`if (!ready) { ready = 1; setup(); }`) whose
 * flag became unknown runs its arm only in the runs where no earlier pass
 * set the flag: once per run in all.
 *
 * The first use() runs under `if (argc > 3)` (no --args: unknown; the arm
 * calls, so the call heuristic takes it with probability 1 - 0.78 = 0.22):
 * there `ready` is 0, setup() runs 0.22 times and `ready` becomes unknown
 * (1 or 0).  The second use() finds the flag unknown: its guard runs in the
 * 0.78 of the runs where the flag is still 0, and the third in none.
 * setup()'s fputs (6 bytes): 0.22 + 0.78 + 0 = 1 call, 6 bytes.
 */
#include <stdio.h>

static int ready;

static void setup(void)
{
	fputs("setup\n", stderr);
}

static void use(void)
{
	if (!ready) {
		ready = 1;
		setup();
	}
}

int main(int argc, char **argv)
{
	(void)argv;
	if (argc > 3)
		use();
	use();
	use();
	return 0;
}

// EXPECT: setup p2=1 p3=6
// EXPECT: program p2=1 p3=6
