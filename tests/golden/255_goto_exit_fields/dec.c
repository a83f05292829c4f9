/* A resumable decoder (bzip2's BZ2_decompress): a switch on the saved
 * state, each step storing its state and leaving through `goto save` when
 * the input runs out (an unknown condition), the last step storing
 * ST_IDLE.  The walk goes on along the path where the input never runs
 * out, but the entries that jumped bring to `save:` the state of the step
 * they left from.  At the label the field holds, of what the gotos
 * brought and what the walk brings: the walk's value when the walk is the
 * likelier way there (the entries that take a goto: the share of its arm,
 * at most 1 each; the walk's: 1), marked as an arm's stored value is
 * (branches decided by it flagged); else their merge, unknown.  A field
 * stored at the label itself (d->saved) is what every path leaves.
 *
 * argc is unknown (no --args).  step(): `d->avail == 0` is a guess each
 * time, taken with probability 0.16 (the opcode heuristic: x == K fails
 * 0.84); the two gotos take 0.16 + 0.16 = 0.32 < 1: ST_IDLE kept, main's
 * `d.state == ST_IDLE` decided by it, flagged: fputs("end\n") 1 call,
 * 4 B (before: the same count, not flagged).  `d.saved == 1`: 1 call, 6 B,
 * known.
 *
 * resume(): three steps leaving when `d->avail < 2` (no heuristic
 * applies: 0.5 each): the gotos take 1.5 > 1, so the state at the label is
 * the merge of ST_HEAD, ST_BODY, ST_TAIL and ST_IDLE - unknown; main's
 * `r.state == ST_IDLE` is a guess (before: ST_IDLE for certain, 1 call,
 * not flagged).
 *
 * check(): the goto from an arm that stores ST_ERR first (`avail > 3`:
 * 0.5) brings ST_ERR; 0.5 < 1: ST_OK kept, `e.state == ST_OK` decided by
 * it, flagged: 1 call, 3 B.
 */
#include <stdio.h>

enum { ST_IDLE = 1, ST_OK = 2, ST_ERR = 3, ST_HEAD = 10, ST_BODY = 11, ST_TAIL = 12 };

struct dec {
	int state;
	int avail;
	int saved;
};

#define RETURN(r)          \
	{                  \
		ret = r;   \
		goto save; \
	}

#define NEED(st)                   \
	case st:                   \
		d->state = st;     \
		if (d->avail == 0) \
			RETURN(1); \
		d->avail--;

static int step(struct dec *d)
{
	int ret = 0;
	switch (d->state) {
		NEED(ST_HEAD)
		NEED(ST_BODY)
		d->state = ST_IDLE;
		RETURN(4);
	default:
		return -1;
	}
save:
	d->saved = 1;
	return ret;
}

#define STEP(st)                   \
	case st:                   \
		d->state = st;     \
		if (d->avail < 2)  \
			RETURN(1); \
		d->avail -= 2;

static int resume(struct dec *d)
{
	int ret = 0;
	switch (d->state) {
		STEP(ST_HEAD)
		STEP(ST_BODY)
		STEP(ST_TAIL)
		d->state = ST_IDLE;
		RETURN(4);
	default:
		return -1;
	}
save:
	return ret;
}

static int check(struct dec *d)
{
	if (d->avail > 3) {
		d->state = ST_ERR;
		goto out;
	}
	d->state = ST_OK;
out:
	return 0;
}

// EXPECT: main/branch#1 p2=1 p3=4
// EXPECT-UNKNOWN: main/branch#1 p2
// EXPECT: main/branch#2 p2=1 p3=6
// EXPECT-KNOWN: main/branch#2 p2 p3
// EXPECT: main/branch#3 p2=1 p3=3
// EXPECT-UNKNOWN: main/branch#3 p2
// EXPECT-UNKNOWN: main/branch#4 p2
int main(int argc, char **argv)
{
	struct dec d = { ST_HEAD, 0, 0 }, e = { 0, 0, 0 }, r = { ST_HEAD, 0, 0 };
	(void)argv;
	d.avail = argc - 1;
	e.avail = argc;
	r.avail = argc;
	step(&d);
	check(&e);
	resume(&r);
	if (d.state == ST_IDLE)
		fputs("end\n", stdout);
	if (d.saved == 1)
		fputs("saved\n", stdout);
	if (e.state == ST_OK)
		fputs("ok\n", stdout);
	if (r.state == ST_IDLE)
		fputs("done\n", stdout);
	return 0;
}
