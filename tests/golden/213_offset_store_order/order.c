/* Stores by offset, by name and through a field's address reach the same
 * field, and the later one wins: defaults applied through the option
 * table (`nblocks` 8 by offset), then a named override (`o.nblocks = 3`),
 * one more store by offset to `bsize` (2048) after `o.bsize = 512` by
 * name, and last IOR's habit, a table of field addresses (`long *vars[] =
 * { &o.nblocks }`) through which `*vars[0] += 1` makes nblocks 4.
 *
 * nblocks 4, bsize 2048: main/loop#2 4 iterations, io#1 4 fwrite of 2048
 * B = 8192 B, known.  (Before: the table's stores were lost and `&o.nblocks`
 * was the field's value: 3 x 512 B.)
 */
#include <stddef.h>
#include <stdio.h>

struct cfg {
	long nblocks;
	long bsize;
};

struct def {
	size_t off;
	long value;
};

static const struct def defaults[] = {
	{ offsetof(struct cfg, nblocks), 8 },
	{ offsetof(struct cfg, bsize), 1024 },
};

static void set_long(struct cfg *c, size_t off, long v)
{
	*(long *)((char *)c + off) = v;
}

static char block[4096];

int main(void)
{
	struct cfg o;
	for (int i = 0; i < 2; i++)
		set_long(&o, defaults[i].off, defaults[i].value);
	o.nblocks = 3;
	o.bsize = 512;
	set_long(&o, offsetof(struct cfg, bsize), 2048);
	long *vars[] = { &o.nblocks };
	*vars[0] += 1;
	for (long b = 0; b < o.nblocks; b++)
		fwrite(block, 1, (size_t)o.bsize, stdout);
	return 0;
}

// EXPECT: main/loop#2 executions=4
// EXPECT: main/loop#2/io#1 p2=4 p3=8192
// EXPECT-KNOWN: main/loop#2/io#1 p2 p3
