/*
 * ret.c - what a call returns after a branch of its own was decided by a
 * value the walk cannot vouch for carries that: the caller's tests of it
 * are flagged as the decision was (bzip2's BZ2_bzRead returning 0 after
 * tests of fields one walk of the decoder left, and uncompressStream's
 * fwrite under `nread > 0` predicted 0 without a flag).
 *
 * main: `if (argc > 2) s.buf = mem;` - argc is unknown (no --args), so
 * the field is an arm's stored value (the other path leaves it NULL).
 * fill(): `if (s->buf != NULL) return 0;` is decided by that value (a
 * pointer: not NULL), flagged; it returns 0.  main: `if (n > 0)` is
 * decided false by it: the fwrite is predicted 0 calls, now flagged (P2
 * unknown); before, 0 and not flagged.  The fputs before the call does not
 * depend on it: 1 call, 6 B, known.
 */
#include <stdio.h>

struct st {
	char *buf;
};

static int fill(struct st *s)
{
	if (s->buf != NULL)
		return 0;
	return 10;
}

// EXPECT: main/branch#2/io#1 p2=0
// EXPECT-UNKNOWN: main/branch#2/io#1 p2
// EXPECT: main/io#1 p2=1 p3=6
// EXPECT-KNOWN: main/io#1 p2 p3
int main(int argc, char **argv)
{
	static char mem[16];
	struct st s = { NULL };
	(void)argv;
	if (argc > 2)
		s.buf = mem;
	fputs("start\n", stdout);
	int n = fill(&s);
	if (n > 0)
		fwrite(mem, 1, (size_t)n, stdout);
	return 0;
}
