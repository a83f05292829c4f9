/*
 * Records kept in a heap array grown with realloc, each filled through a
 * pointer to its element (`p = &tab[n]; p->code = ...`, `q = tab + n`):
 * C's `&tab[k]` is `tab + k`, and `p->f` through it is `tab[k].f`.
 * Before, `&tab[k]` of a heap array was the array's start and a store
 * through `p` landed in element 0 (or nowhere), so every later read of
 * `tab[i].code` was unknown and the test of it took the opcode+call
 * heuristic.
 *
 * --args "-k -f a.dat b.dat": four records, codes 'k', 'f', 0, 0; the
 * files are the two records of code 0: two fopen, two fputs of "data\n"
 * (5 B) and two fclose.  main: p2 = 6, p3 = 10.  The second loop runs 4
 * times; its branch runs twice.
 */
#include <stdio.h>
#include <stdlib.h>

struct rec {
	int code;
	const char *arg;
};

struct table {
	struct rec *data;
	int n;
};

static int push(struct table *t, int code, const char *arg)
{
	void *tmp = realloc(t->data, (t->n + 1) * sizeof(struct rec));
	if (!tmp)
		return 0;
	t->data = tmp;
	struct rec *p = &t->data[t->n];
	p->code = code;
	struct rec *q = t->data + t->n;
	q->arg = arg;
	t->n++;
	return 1;
}

int main(int argc, char **argv)
{
	struct table t = { NULL, 0 };
	for (int i = 1; i < argc; i++)
		if (!push(&t, argv[i][0] == '-' ? argv[i][1] : 0, argv[i]))
			return 1;
	for (int i = 0; i < t.n; i++) {
		if (t.data[i].code != 0)
			continue;
		FILE *f = fopen(t.data[i].arg, "w");
		if (!f)
			return 1;
		fputs("data\n", f);
		fclose(f);
	}
	free(t.data);
	return 0;
}

// VIDYA: --args "-k -f a.dat b.dat"
// EXPECT: main p2=6 p3=10
// EXPECT: main/loop#2 executions=4
// EXPECT: main/loop#2/branch#2 executions=2
