/*
 * tree.c - a tree built from an input of "parent child" lines, nodes
 * calloc'd on first use and kept by id in a global array of pointers
 * (`nodes[id]`), children in an array field; then a recursive dump that
 * loops over each node's children (`dump(fd, n->kids[k], depth + 1)`).
 * Each iteration of that loop passes another node, so it runs iteration
 * by iteration, also inside the recursion.
 *
 * tree.txt (beside this file, 51 bytes): child c = 1 .. 12 of parent
 * (c - 1) / 3: 1 root, 3 children, 9 grandchildren.
 * - fopen, 12 fscanf that match and 1 at the end (51 bytes), fclose;
 * - dump: per node an indent of `depth` 1-byte writes and a 2-byte line:
 *   13 lines (26 bytes) and 3 x 1 + 9 x 2 = 21 indents (21 bytes);
 * dump: 34 calls, 47 bytes; main: 15 + open + 34 + close = 51 calls,
 * 98 bytes.
 */
// VIDYA: --args "tree.txt"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct node {
	int nkids;
	struct node *kids[4];
};

static struct node *nodes[100];

static struct node *get(int id)
{
	if (!nodes[id])
		nodes[id] = calloc(1, sizeof(struct node));
	return nodes[id];
}

// EXPECT: dump p2=34 p3=47
static void dump(int fd, const struct node *n, int depth)
{
	for (int i = 0; i < depth; i++)
		write(fd, " ", 1);
	write(fd, "n\n", 2);
	for (int k = 0; k < n->nkids; k++)
		dump(fd, n->kids[k], depth + 1);
}

// EXPECT: main p2=51 p3=98
// EXPECT-KNOWN: main p2 p3
int main(int argc, char **argv)
{
	FILE *in = fopen(argv[1], "r");
	if (!in)
		return 1;
	int p, ch;
	while (fscanf(in, "%d %d", &p, &ch) == 2) {
		if (p < 0 || p >= 100 || ch < 0 || ch >= 100)
			continue;
		struct node *pn = get(p), *cn = get(ch);
		if (pn->nkids < 4)
			pn->kids[pn->nkids++] = cn;
	}
	fclose(in);
	int fd = open("tree.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	dump(fd, get(0), 0);
	close(fd);
	return 0;
}
