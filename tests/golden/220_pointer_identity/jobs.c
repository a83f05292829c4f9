/* A job copies its parent's settings, and only a parent that is not the
 * global default shares its option list: `if (parent != &def)` compares
 * two pointers to variables, equal when they name the same variable and
 * unequal for two different globals.
 *
 * get_job(&def): the "inherit" puts 0 times; get_job(&group): 1 time.
 * The `p == &def` test on a local pointer to `other` is false: 0 puts.
 * main: 1 + 1 (the "done" puts) = 2 calls, 8 + 5 = 13 B.  (Before: each
 * comparison unknown, 0.30 by the pointer heuristic.)
 */
#include <stdio.h>

struct job {
	int depth;
	int shared;
};

struct job def;
struct job group;
struct job other;

static int get_job(struct job *parent)
{
	int n = parent->depth;
	if (parent != &def)
		puts("inherit");
	return n;
}

int main(void)
{
	struct job *p = &other;
	get_job(&def);
	get_job(&group);
	if (p == &def)
		puts("default");
	puts("done");
	return 0;
}

// EXPECT: get_job/branch#1/io#1 p2=1
// EXPECT: main/branch#1/io#1 p2=0
// EXPECT: main p2=2 p3=13
// EXPECT-KNOWN: main p2 p3
