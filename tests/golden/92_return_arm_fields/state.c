/*
 * state.c - a field written in an arm that returns does not reach the code
 * after the branch (bzip2's BZ_SETERR(...); return;).  The arms of a branch
 * whose condition is unknown are walked one by one; what an arm that
 * returned wrote to a struct field is undone, so after the branch the
 * field holds what it held before.  ferror() is a test for a failed I/O
 * call: 0, as I/O calls are assumed to succeed (error path not taken).
 *
 * finish(&st, fd): st.err is 0 before; `if (ferror(f))` is decided (error
 * path not taken); `if (st->pending < 0)` is unknown: the arm sets
 * err = 5 and returns.  After it err is 0 again, so `if (st->err == 0)`
 * is known true and its loop runs 3 writes of 2 bytes for every entry
 * that did not return.  With the field leaking (before the fix) the test
 * was false: 0 writes.
 *
 * The entries that return in the unknown arm: `x < 0` taken 0.16
 * (opcode heuristic) and an arm that returns 0.28 (return heuristic),
 * combined (Dempster-Shafer) 0.16*0.28 / (0.16*0.28 + 0.84*0.72) = 2/29.
 * The rest, 27/29, write: 3 * 27/29 = 2.7931034482758621 calls and
 * 6 * 27/29 = 5.5862068965517241 bytes.  The test on err is known.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct state {
	int pending;
	int err;
};

// EXPECT: finish/branch#3/loop#1/io#1 p2=2.7931034482758621 p3=5.5862068965517241
// EXPECT-KNOWN: finish/branch#3 p2 p3
static void finish(struct state *st, FILE *f, int fd)
{
	if (ferror(f)) {
		st->err = 6;
		return;
	}
	if (st->pending < 0) {
		st->err = 5;
		return;
	}
	if (st->err == 0)
		for (int i = 0; i < 3; i++)
			write(fd, "ok", 2);
}

int main(void)
{
	struct state st = { 0, 0 };
	st.pending = atoi(getenv("PENDING") ? getenv("PENDING") : "1") - 1;
	FILE *f = fopen("state.log", "w");
	int fd = open("state.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	finish(&st, f, fd);
	close(fd);
	fclose(f);
	return 0;
}
