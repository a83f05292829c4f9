/*
 * defaults.c - a global struct without initializer is zero in every
 * field, read through a pointer to it (`j->file` with j = &defaults) as
 * well as by name (`defaults.file`): a job-options parser's default job
 * handed to a function that copies it.
 *
 * count(&defaults): j->file is NULL, so n stays 0; j->extra is 0; the
 * count is 0 + 0 + 2 = 2.  main writes 2 files: 2 fopen + 2 fputs
 * ("data\n", 5 bytes) + 2 fclose = 6 calls, 10 bytes, all known.
 * Before: `j->file` and `j->extra` read as unknown through the pointer,
 * so the branch took a heuristic probability and the loop the assumed
 * 100 iterations.
 */
#include <stdio.h>

struct job {
	const char *file;
	int extra;
	int depth;
};

static struct job defaults;

static int count(const struct job *j)
{
	int n = 0;

	if (j->file)
		n = 10;
	return n + j->extra + 2;
}

// EXPECT: main p2=6 p3=10
// EXPECT: main/loop#1 p1=2
// EXPECT-KNOWN: main p1 p2 p3
int main(void)
{
	char name[32];
	int n = count(&defaults);

	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof name, "out%d.txt", i);
		FILE *f = fopen(name, "w");
		if (!f)
			return 1;
		fputs("data\n", f);
		fclose(f);
	}
	return 0;
}
