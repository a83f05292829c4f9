/*
 * A loop bounded by a getter: `for (i = 0; i < vec_len(&v); i++)` with
 * vec_len only returning a field (`return v->n;`), and the body reading
 * the element through another getter that takes `&v`.  A call in a loop
 * bound used to make the bound "varying" (any call may change anything),
 * and `&v` handed to the getter in the body counted as a write of v:
 * the loop ran an assumed 100 times.  A function whose body only tests
 * and returns expressions free of side effects changes nothing; the
 * bound is v.n, which the body does not write: 3 iterations.
 *
 * --args "x y z": three items; each iteration writes item(&v, i) with
 * fputs to stdout, a 1-byte text: p2 = 3, p3 = 3.
 */
#include <stdio.h>

struct vec {
	const char *items[8];
	int n;
};

static int vec_len(const struct vec *v)
{
	return v->n;
}

static const char *vec_at(const struct vec *v, int i)
{
	if (i < 0 || i >= vec_len(v))
		return "";
	return v->items[i];
}

int main(int argc, char **argv)
{
	struct vec v;
	v.n = 0;
	for (int i = 1; i < argc && i <= 8; i++)
		v.items[v.n++] = argv[i];
	for (int i = 0; i < vec_len(&v); i++)
		fputs(vec_at(&v, i), stdout);
	return 0;
}

// VIDYA: --args "x y z"
// EXPECT: main p2=3 p3=3
// EXPECT: main/loop#2 executions=3
