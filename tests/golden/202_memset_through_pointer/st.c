/*
 * A struct cleared by its init function through a pointer - `memset(g, 0,
 * sizeof(*g))` in `state_init(&st, ...)`, lzop's acc_getopt_init - reads 0
 * in every member the init does not set afterwards, as `memset(&st, 0,
 * sizeof st)` in the caller would.  Before, only the `&st` form cleared
 * the struct: through the pointer the members stayed unknown, the test of
 * `g->done` was a guess and the loop that calls `next(&st)` ran an
 * assumed 100 times.
 *
 * --args "a.txt b.txt": next() hands out argv[1], argv[2], then NULL;
 * each name is opened, written "x\n" (2 B) and closed.  main: p2 = 6,
 * p3 = 4; the loop runs twice.
 */
#include <stdio.h>
#include <string.h>

struct state {
	int argc;
	char **argv;
	int ind;
	int done;
	long spare[4];
};

static void state_init(struct state *g, int argc, char **argv)
{
	memset(g, 0, sizeof(*g));
	g->argc = argc;
	g->argv = argv;
	g->ind = 1;
}

static const char *next(struct state *g)
{
	if (g->done)
		return NULL;
	if (g->ind >= g->argc) {
		g->done = 1;
		return NULL;
	}
	return g->argv[g->ind++];
}

int main(int argc, char **argv)
{
	struct state st;
	const char *name;
	state_init(&st, argc, argv);
	while ((name = next(&st)) != NULL) {
		FILE *f = fopen(name, "w");
		if (!f)
			return 1;
		fputs("x\n", f);
		fclose(f);
	}
	return 0;
}

// VIDYA: --args "a.txt b.txt"
// EXPECT: main p2=6 p3=4
// EXPECT: main/loop#1 executions=2
