/* recursion over a small tree built from argv depth, each node writes a record with fprintf */
#include <stdio.h>
#include <stdlib.h>

struct node { int id; struct node *kid[2]; };

static int next_id;

static struct node *build(int depth)
{
    struct node *n = calloc(1, sizeof *n);
    n->id = next_id++;
    if (depth > 0) {
        n->kid[0] = build(depth - 1);
        n->kid[1] = build(depth - 1);
    }
    return n;
}

static void dump(FILE *f, const struct node *n, int level)
{
    if (!n) return;
    fprintf(f, "%*snode %d\n", level * 2, "", n->id);
    dump(f, n->kid[0], level + 1);
    dump(f, n->kid[1], level + 1);
}

static void release(struct node *n)
{
    if (!n) return;
    release(n->kid[0]);
    release(n->kid[1]);
    free(n);
}

int main(int argc, char **argv)
{
    int depth = argc > 1 ? atoi(argv[1]) : 3;
    FILE *f = fopen(argc > 2 ? argv[2] : "tree.txt", "w");
    if (!f) return 1;
    struct node *root = build(depth);
    dump(f, root, 0);
    fclose(f);
    release(root);
    printf("%d nodes\n", next_id);
    return 0;
}
