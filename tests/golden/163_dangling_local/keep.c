/*
 * keep.c - a global left pointing at a local of a call that returned
 * (`last = &x` in remember(): undefined behaviour to use, but common in
 * real code, gzip among them) must not be followed when the walks of code
 * the entry does not reach save and restore the state the entry's walk
 * left: the local's storage is gone (it crashed the analysis, a read of
 * freed memory under AddressSanitizer).
 *
 * main: fopen, fputs of 6 bytes, fclose = 3 calls, 6 bytes.
 * dump() is never called: walked on its own, fopen, fputs of 2 bytes
 * (the `if (f)` test of a fresh handle passes), fclose = 3 calls, 2 bytes.
 */
#include <stdio.h>

int *last;

static void remember(void)
{
	int x = 3;
	last = &x;
}

void dump(void)
{
	FILE *f = fopen("dump.txt", "w");
	if (f) {
		fputs("x\n", f);
		fclose(f);
	}
}

int main(void)
{
	remember();
	FILE *f = fopen("out.txt", "w");
	fputs("hello\n", f);
	fclose(f);
	return 0;
}
// EXPECT: main p2=3 p3=6
// EXPECT: dump p2=3 p3=2
