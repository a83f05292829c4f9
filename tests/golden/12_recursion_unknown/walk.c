/*
 * walk.c - copies fixed-size prefixes of the lines of an input file into an
 * index, then dumps a binary tree of depth 4 recursively.
 *
 * The `while (fgets(...))` loop has no evaluable bound: it takes the default
 * --assume-trip of 100 and is marked unknown.  Its condition runs trip + 1 =
 * 101 times, each fgets counted at its upper bound of sizeof line - 1 = 255
 * bytes.  dump_tree() recurses; the analysis must terminate (depth cap /
 * cycle detection) and still report the function, so no totals that include
 * the recursion are asserted.
 */
#include <stdio.h>
#include <string.h>

#define LINE 256
#define RECLEN 64
#define NHDR 3

static void dump_tree(FILE *out, int depth)
{
	fputs("node\n", out);
	if (depth > 0) {
		dump_tree(out, depth - 1);
		dump_tree(out, depth - 1);
	}
}

int main(void)
{
	FILE *in = fopen("walk.in", "r");
	FILE *idx = fopen("walk.idx", "wb");
	FILE *out = fopen("walk.tree", "w");
	char line[LINE];
	int h;

	if (in == NULL)
		in = stdin;
	memset(line, 0, sizeof line);
	for (h = 0; h < NHDR; h++)
		fwrite(line, 1, RECLEN, idx);
	while (fgets(line, sizeof line, in))
		fwrite(line, 1, RECLEN, idx);
	dump_tree(out, 4);
	fclose(out);
	fclose(idx);
	if (in != stdin)
		fclose(in);
	return 0;
}

/*
 * loop#1 (header): 3 fwrite x 64 = 192 bytes, exact.
 * loop#2 (lines): fgets 101 x 255 = 25755 bytes + fwrite 100 x 64 = 6400:
 * P1 = 100, P2 = 201, P3 = 32155, P6 = 100 (fgets is text), P13 = 201,
 * and P1, P2, P3 rest on the assumed trip count.
 */
// EXPECT: main/loop#1 p1=3 p2=3 p3=192 p6=3 p13=3
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main/loop#2 p1=100 p2=201 p3=32155 p6=100 p13=201
// EXPECT-UNKNOWN: main/loop#2 p1 p2 p3
// EXPECT-ROWS: block_id='walk.c:dump_tree' AND kind='function' 1
// EXPECT-ROWS: block_id='walk.c:main/call#1' AND kind='call' 1
// EXPECT-ROWS: kind='function' 2
