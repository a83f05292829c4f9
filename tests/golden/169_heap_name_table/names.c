/* A table of file names built in a malloc'ed array, as zstd's command
 * line does (UTIL_allocateFileNamesTable, UTIL_refFilename): the words of
 * argv that are not options are stored with `t->names[t->size++] = arg`,
 * and the first one is opened.  An element of a heap buffer keeps the
 * pointer to the --args word it was given.
 *
 * --args "-f in.txt": open_input opens "in.txt" and reads 64 bytes:
 * fopen, fread, fclose, 64 B.  The literal "-" stored as the second entry
 * is kept too: open_input returns before opening it (stdin).  Before: the
 * names were unknown, `strcmp(src, "-")` undecided, 4.32 calls and 92 B
 * expected over the two entries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	const char **names;
	size_t size, cap;
} name_table;

static name_table *table_new(size_t cap)
{
	const char **v = malloc(cap * sizeof(*v));
	name_table *t;
	if (!v)
		return NULL;
	t = malloc(sizeof(*t));
	if (!t)
		exit(1);
	t->names = v;
	t->cap = cap;
	t->size = 0;
	return t;
}

static void table_add(name_table *t, const char *name)
{
	if (t->size < t->cap)
		t->names[t->size++] = name;
}

static int open_input(const char *src)
{
	char buf[64];
	FILE *f;
	if (!strcmp(src, "-"))
		return 0; /* stdin */
	f = fopen(src, "rb");
	if (!f)
		return 1;
	fread(buf, 1, sizeof buf, f);
	fclose(f);
	return 0;
}

int main(int argc, const char **argv)
{
	name_table *t = table_new((size_t)argc + 1);
	int i, rc = 0;
	if (!t)
		return 1;
	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-')
			continue;
		table_add(t, argv[i]);
	}
	table_add(t, "-");
	for (i = 0; i < (int)t->size; i++)
		rc |= open_input(t->names[i]);
	return rc;
}

// VIDYA: --args "-f in.txt"
// SETUP: head -c 100 /dev/zero > in.txt
// EXPECT: open_input p2=3 p3=64
// EXPECT: main p2=3 p3=64
// EXPECT-KNOWN: main p2
