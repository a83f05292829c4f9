/*
 * reset.c - memset(&s, 0, sizeof s) leaves every field of s zero, as a
 * zero-initialized struct: a global cleared through a pointer parameter
 * (`reset(&cfg)`, as fio's fill_def_thread clears its default job) and a
 * local cleared by name.
 *
 * cfg.nfiles = 7, reset(&cfg) clears it, += 3: the first loop runs 3
 * times.  local.nfiles = 5, cleared, + 2: the second loop runs 2 times.
 * Each iteration is one puts("x") of 2 bytes: main 5 calls, 10 bytes.
 * Before: memset made the structs unknown, so both loops took the assumed
 * 100 iterations.
 */
#include <stdio.h>
#include <string.h>

struct cfg {
	int nfiles;
	const char *dir;
};

static struct cfg cfg;

static void reset(struct cfg *c)
{
	memset(c, 0, sizeof(*c));
}

// EXPECT: main p2=5 p3=10
// EXPECT: main/loop#1 p1=3
// EXPECT: main/loop#2 p1=2
// EXPECT-KNOWN: main p1 p2 p3
int main(void)
{
	struct cfg local;

	cfg.nfiles = 7;
	reset(&cfg);
	cfg.nfiles += 3;
	for (int i = 0; i < cfg.nfiles; i++)
		puts("x");

	local.nfiles = 5;
	memset(&local, 0, sizeof local);
	for (int i = 0; i < local.nfiles + 2; i++)
		puts("x");
	return 0;
}
