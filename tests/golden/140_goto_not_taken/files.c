/*
 * files.c - a `goto out` on an error path that is assumed not taken
 * (`if (ret) goto out;` after a call whose result is unknown, as in an
 * option parser's `ret = add_job(); if (ret) goto out_free;`) jumps
 * nowhere: the label is reached only from above, so the count the code
 * above it left is known there.
 *
 * --args "a.out b.out c.out": argc = 4; collect() calls check() for
 * the 3 names, never takes the goto, then counts them with the loop
 * (n = 3), and returns 3 at `out:`.  main opens, writes and closes each
 * file: 3 fopen + 3 fputs ("data\n", 5 bytes) + 3 fclose = 9 calls,
 * 15 bytes.  Before: the goto walked at probability 0 made every
 * variable collect() writes unknown at `out:`, so n was unknown and the
 * loop in main took the assumed 100 iterations (300 calls).
 */
#include <stdio.h>
#include <stdlib.h>

static int check(const char *name)
{
	(void)name;
	return rand() % 5 == 0 ? -1 : 0; /* unknown to the walk */
}

static int collect(int argc, char **argv)
{
	int n = 0, ret;

	for (int i = 1; i < argc; i++) {
		ret = check(argv[i]);
		if (ret)
			goto out;
	}
	while (n < argc - 1)
		n++;
out:
	return n;
}

// EXPECT: main p2=9 p3=15
// EXPECT: main/loop#1 p1=3
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// VIDYA: --args "a.out b.out c.out"
int main(int argc, char **argv)
{
	int n = collect(argc, argv);

	for (int i = 0; i < n; i++) {
		FILE *f = fopen(argv[i + 1], "w");
		if (!f)
			return 1;
		fputs("data\n", f);
		fclose(f);
	}
	return 0;
}
