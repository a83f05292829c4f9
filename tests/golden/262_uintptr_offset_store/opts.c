/* A table-driven option parser that finds each option's field by integer
 * arithmetic on the struct's address, `(void *)((uintptr_t)base + off)`,
 * as fio's td_var does: the sum is a pointer at that byte offset, as
 * `(char *)base + off` is, and what is stored through it is what the
 * field reads.  (Before: only `+` on a byte pointer made such a pointer;
 * the integer sum was unknown, the stores went nowhere, and the fields
 * read the zero global's 0.)
 *
 * Defaults: bs = 8192, size = 65536 (stored through the sums).  Loop:
 * 65536 / 8192 = 8 writes of 8192 B = 65536 B.  `def.bs == 0` is false:
 * its write never runs.  main: 8 calls, 65536 B. */
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

struct topts {
	unsigned int bs;
	unsigned long long size;
};

struct opt {
	const char *name;
	int wide;
	unsigned int off;
	unsigned long long def;
};

static const struct opt options[] = {
	{ "bs", 0, offsetof(struct topts, bs), 8192 },
	{ "size", 1, offsetof(struct topts, size), 65536 },
	{ NULL, 0, 0, 0 },
};

static struct topts def;
static char buf[8192];

static void *field_at(void *base, unsigned int off)
{
	return (void *)((uintptr_t)base + off);
}

static void fill_defaults(void *data)
{
	for (const struct opt *o = &options[0]; o->name; o++) {
		if (o->wide) {
			unsigned long long *lp = field_at(data, o->off);
			*lp = o->def;
		} else {
			unsigned int *ip = field_at(data, o->off);
			*ip = (unsigned int)o->def;
		}
	}
}

int main(void)
{
	fill_defaults(&def);
	for (unsigned long long d = 0; d < def.size; d += def.bs)
		write(1, buf, def.bs);
	if (def.bs == 0)
		write(2, buf, 1);
	return 0;
}

// EXPECT: main/loop#1/io#1 p2=8 p3=65536
// EXPECT-KNOWN: main/loop#1/io#1 p2 p3
// EXPECT: main/branch#1/io#1 p2=0
// EXPECT: main p2=8 p3=65536
// EXPECT-KNOWN: main p2 p3
