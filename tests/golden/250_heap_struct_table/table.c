/* A table of structs in a heap array that grows by realloc (HDF5's
 * h5dump keeps its object tables so): `list.items` starts NULL, grows by
 * `realloc` to 1 element, then to 2; each element's `types` member is set
 * through its address by a helper (`init(&list.items[k].types)`) and read
 * back as `list.items[k].types->n`.  realloc(NULL, n) is malloc(n), a
 * realloc of a known heap object keeps its elements, and `p[k].f` of an
 * element is kept as `p->f` is.
 *
 * items[0].types->n = 3, items[1].types->n = 2: 3 + 2 puts of "type\n",
 * then items[1].id (7) fputs of "id": 12 calls, 5 x 5 + 7 x 2 = 39 B,
 * known.  (Before: each count unknown, 100 assumed: 300 calls.)
 */
#include <stdio.h>
#include <stdlib.h>

struct tab {
	size_t size, n;
};

struct item {
	unsigned long id;
	struct tab *types;
};

static struct {
	size_t nalloc, nused;
	struct item *items;
} list = { 0, 0, NULL };

static void init(struct tab **out, size_t n)
{
	struct tab *t = malloc(sizeof *t);
	if (!t)
		exit(1);
	t->size = 20;
	t->n = n;
	*out = t;
}

static int add(unsigned long id, size_t n)
{
	if (list.nused == list.nalloc) {
		struct item *tmp;
		list.nalloc = list.nalloc ? list.nalloc * 2 : 1;
		if (NULL == (tmp = realloc(list.items, list.nalloc * sizeof list.items[0])))
			return -1;
		list.items = tmp;
	}
	size_t k = list.nused++;
	list.items[k].id = id;
	init(&list.items[k].types, n);
	return (int)k;
}

int main(void)
{
	if (add(4, 3) < 0 || add(7, 2) < 0)
		return 1;
	struct tab *first = list.items[0].types;
	for (size_t u = 0; u < first->n; u++)
		puts("type");
	for (size_t u = 0; u < list.items[1].types->n; u++)
		puts("type");
	for (unsigned long u = 0; u < list.items[1].id; u++)
		fputs("id", stdout);
	return 0;
}

// EXPECT: program p2=12 p3=39
// EXPECT: main/loop#1 executions=3
// EXPECT: main/loop#2 executions=2
// EXPECT: main/loop#3 executions=7
// EXPECT-KNOWN: program p2 p3
