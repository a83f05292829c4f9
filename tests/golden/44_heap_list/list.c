/*
 * list.c - a linked list of malloc'd nodes built from the command line,
 * then walked: each node is an object of its own, so the walk visits the
 * files named on the command line one by one.
 *
 * --args "-b 4 a.dat b.dat": block size 4; a.dat is 10 bytes, b.dat 25
 * (both beside this file).  For each file, cat_one() opens it, reads it to
 * its end in reads of 4 bytes and writes each block to out.dat:
 * - a.dat: ceil(10 / 4) = 3 reads with data and a last one that returns 0:
 *   4 reads, 10 bytes; 3 writes, 10 bytes;
 * - b.dat: ceil(25 / 4) = 7 reads with data, 8 reads, 25 bytes; 7 writes,
 *   25 bytes.
 * cat_one: 2 x (open + close) + 12 reads + 10 writes = 26 calls, 70 bytes
 * (each read that returns data returns its share of the file, 10 / 3 and
 * 25 / 7 bytes on average, which the writes write: 10 and 25 bytes).
 * The loop over the list runs 2 times (p = head, p = p->next, NULL); its P1
 * adds the iterations of the read loops it calls: 2 + 3 + 7 = 12.
 *
 * tree(out, 4): recursion whose depth is known (the argument counts down
 * to 0), unrolled call by call: 1 + 2 + 4 + 8 + 16 = 31 calls, each writing
 * "node\n" once: 31 writes, 155 bytes.
 *
 * build(3) makes a binary tree of calloc'd nodes, children in an array
 * field (n->kid[0], n->kid[1]): 1 + 2 + 4 + 8 = 15 nodes; dump() walks it
 * by recursion over the nodes themselves, one 4-byte write per node: 15
 * writes, 60 bytes (the NULL children end it).
 */
// VIDYA: --args "-b 4 a.dat b.dat"
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct item {
	const char *path;
	struct item *next;
};

static void cat_one(const char *path, int out, size_t bs)
{
	char buf[64];
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return;
	for (;;) {
		ssize_t n = read(fd, buf, bs);
		if (n <= 0)
			break;
		write(out, buf, (size_t)n);
	}
	close(fd);
}

struct node {
	int id;
	struct node *kid[2];
};

static struct node *build(int depth)
{
	struct node *n = calloc(1, sizeof *n);
	if (!n)
		return NULL;
	if (depth > 0) {
		n->kid[0] = build(depth - 1);
		n->kid[1] = build(depth - 1);
	}
	return n;
}

static void dump(int out, const struct node *n)
{
	if (!n)
		return;
	write(out, "node", 4);
	dump(out, n->kid[0]);
	dump(out, n->kid[1]);
}

// EXPECT: dump p2=15 p3=60
// EXPECT-KNOWN: dump p2 p3
static void tree(int out, int depth)
{
	write(out, "node\n", 5);
	if (depth > 0) {
		tree(out, depth - 1);
		tree(out, depth - 1);
	}
}

// EXPECT: tree p2=31 p3=155
// EXPECT-KNOWN: tree p2 p3
// EXPECT: cat_one p2=26 p3=70
// EXPECT-KNOWN: cat_one p2 p3
// EXPECT: main/loop#2 p1=12
int main(int argc, char **argv)
{
	struct item *head = NULL, **tail = &head;
	size_t bs = 16;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-b") && i + 1 < argc) {
			bs = (size_t)atoi(argv[++i]);
			continue;
		}
		struct item *it = malloc(sizeof *it);
		if (!it)
			return 1;
		it->path = argv[i];
		it->next = NULL;
		*tail = it;
		tail = &it->next;
	}
	int out = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (struct item *p = head; p; p = p->next)
		cat_one(p->path, out, bs);
	tree(out, 4);
	dump(out, build(3));
	close(out);
	while (head) {
		struct item *next = head->next;
		free(head);
		head = next;
	}
	return 0;
}
