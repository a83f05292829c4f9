/* A global struct cleared with `memset(&g, 0, sizeof(g))` over its full
 * size is a zero struct: its fields read 0 until stored, also a field a
 * store before the memset had set (the list of files left by an earlier
 * call is NULL again), so `if (!defaults.files) return;` returns, and
 * the loop over `nfiles` runs 0 times.  A field stored after the memset
 * keeps its value (`defaults.passes = 3`: 3 writes).
 *
 * main: 3 puts of "pass" (5 B each) = 3 calls, 15 B, known.  (Before:
 * the memset of a global made the struct unknown: the early return taken
 * with 0.28, the loop 100 assumed iterations.)
 */
#include <stdio.h>
#include <string.h>

struct settings {
	char **files;
	int nfiles;
	int passes;
};

struct settings defaults;
static char *names[] = { "a", "b" };

static void copy_files(struct settings *from)
{
	if (!from->files)
		return;
	for (int i = 0; i < from->nfiles; i++)
		puts(from->files[i]);
}

int main(void)
{
	defaults.files = names;
	memset(&defaults, 0, sizeof(defaults));
	defaults.passes = 3;
	copy_files(&defaults);
	for (int k = 0; k < defaults.passes; k++)
		puts("pass");
	return 0;
}

// EXPECT: copy_files/loop#1 executions=0
// EXPECT: main/loop#1/io#1 p2=3 p3=15
// EXPECT: main p2=3 p3=15
// EXPECT-KNOWN: main p2 p3
