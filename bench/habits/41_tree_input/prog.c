/* tree built from an input of "parent child name" lines, then a recursive pre-order dump with indentation */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { int id; char name[32]; int nkids; struct node *kids[8]; };

static struct node *nodes[1024];

static struct node *get(int id)
{
    if (!nodes[id]) { nodes[id] = calloc(1, sizeof(struct node)); nodes[id]->id = id; }
    return nodes[id];
}

static void dump(FILE *o, const struct node *n, int depth)
{
    for (int i = 0; i < depth; i++) fputs("  ", o);
    fprintf(o, "%s\n", n->name);
    for (int k = 0; k < n->nkids; k++) dump(o, n->kids[k], depth + 1);
}

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    FILE *in = fopen(argv[1], "r");
    if (!in) return 1;
    int p, c;
    char name[32];
    while (fscanf(in, "%d %d %31s", &p, &c, name) == 3) {
        if (p < 0 || p >= 1024 || c < 0 || c >= 1024) continue;
        struct node *pn = get(p), *cn = get(c);
        strcpy(cn->name, name);
        if (pn->nkids < 8) pn->kids[pn->nkids++] = cn;
    }
    fclose(in);
    strcpy(get(0)->name, "root");
    FILE *o = fopen(argv[2], "w");
    if (!o) return 1;
    dump(o, get(0), 0);
    fclose(o);
    for (int i = 0; i < 1024; i++) free(nodes[i]);
    return 0;
}
