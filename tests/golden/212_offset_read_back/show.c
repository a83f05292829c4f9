/* A generic option printer reads each option's value back through its
 * table offset: `*(unsigned *)((char *)o + d->off)` reads the field a
 * member store (`o.width = 12`) wrote.
 *
 * width 12, lines 5: print_all's loop runs once per option (2); for each,
 * the value read through the offset gives that many fputc calls: 12 + 5 =
 * 17 fputc of 1 B (print_all/loop#1/loop#1/io#1), known.  (Before: each
 * value read unknown, 100 assumed per option: 200 calls, flagged.)
 */
#include <stddef.h>
#include <stdio.h>

struct layout {
	unsigned lines;
	unsigned width;
};

struct desc {
	const char *name;
	size_t off;
};

static const struct desc descs[] = {
	{ "lines", offsetof(struct layout, lines) },
	{ "width", offsetof(struct layout, width) },
};

static void print_all(const struct layout *o)
{
	for (int i = 0; i < 2; i++) {
		unsigned v = *(const unsigned *)((const char *)o + descs[i].off);
		for (unsigned k = 0; k < v; k++)
			fputc('#', stdout);
	}
}

int main(void)
{
	struct layout o;
	o.lines = 5;
	o.width = 12;
	print_all(&o);
	return 0;
}

// EXPECT: print_all/loop#1/loop#1 executions=17
// EXPECT: print_all/loop#1/loop#1/io#1 p2=17 p3=17
// EXPECT-KNOWN: print_all/loop#1/loop#1/io#1 p2 p3
