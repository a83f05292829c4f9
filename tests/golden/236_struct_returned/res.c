/* A struct filled by a callee and returned by value (zstd's
 * `cRess_t ress = FIO_createCResources(...)`): the members the callee
 * stored (`r.blocks = n`, `r.out = fopen(...)`) travel with the value, so
 * the caller's `r.blocks` is 8 and `r.out` is the file.  A struct
 * assigned whole (`copy = r`) takes the value's members: what was stored
 * in `copy.blocks` before no longer hides it.
 *
 * main/loop#1: 8 fwrites of 512 bytes: 4096 bytes (before: r.blocks was
 * unknown, 100 iterations assumed).
 * main/loop#2: 8 fputs of "x\n": 16 bytes (before: copy.blocks read 3).
 */
#include <stdio.h>
#include <stdlib.h>

struct res {
	FILE *out;
	int blocks;
	char *buf;
};

static struct res open_res(const char *path, int n)
{
	struct res r;
	r.out = fopen(path, "wb");
	r.blocks = n;
	r.buf = calloc(1, 512);
	return r;
}

int main(void)
{
	struct res r = open_res("out.dat", 8);
	for (int i = 0; i < r.blocks; i++)
		fwrite(r.buf, 1, 512, r.out);
	struct res copy;
	copy.blocks = 3;
	copy = r;
	for (int i = 0; i < copy.blocks; i++)
		fputs("x\n", copy.out);
	fclose(r.out);
	free(r.buf);
	return 0;
}

// EXPECT: main/loop#1 p1=8 p2=8 p3=4096
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main/loop#2 p1=8 p2=8 p3=16
// EXPECT-KNOWN: main/loop#2 p1 p2 p3
