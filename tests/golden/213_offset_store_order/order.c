/* Stores by offset and by name reach the same field, and the later one
 * wins: defaults applied through the option table (`nblocks` 8 by
 * offset), then a named override (`o.nblocks = 3`), then one more store
 * by offset to `bsize` (2048) after `o.bsize = 512` by name.
 *
 * nblocks 3, bsize 2048: main/loop#1 3 iterations, io#1 3 fwrite of 2048
 * B = 6144 B, known.  (Before: the table's stores were lost: 3 x 512 B.)
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
	for (long b = 0; b < o.nblocks; b++)
		fwrite(block, 1, (size_t)o.bsize, stdout);
	return 0;
}

// EXPECT: main/loop#2 executions=3
// EXPECT: main/loop#2/io#1 p2=3 p3=6144
// EXPECT-KNOWN: main/loop#2/io#1 p2 p3
