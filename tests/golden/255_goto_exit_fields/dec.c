/* A resumable decoder (bzip2's BZ2_decompress): a switch on the saved
 * state, each step storing its state and leaving through
 * `goto save` when the input runs out (an unknown condition), the last
 * step storing ST_IDLE.  The walk goes on along the path where the input
 * never runs out, but the entries that jumped bring to `save:` the state
 * of the step they left from: at the label (and so in the caller) the
 * field holds the merge of ST_HEAD (first goto), ST_BODY (second goto) and
 * ST_IDLE (the path that did not jump) - unknown.  A field stored at the
 * label itself (d->saved) is what every path leaves: 1.
 *
 * argc is unknown (no --args): `d->avail == 0` is a guess each time.
 *
 * main: `d.state == ST_IDLE` rests on an unknown value (before: ST_IDLE
 * for certain, "end" printed once, not flagged); `d.saved == 1` is
 * certain: fputs("saved\n") once, 6 B, known.  The goto from an arm that
 * stores first (`d->state = ST_ERR; goto save;` in check()) brings its
 * value too: `e.state == ST_OK` is a guess (before: certain).
 */
#include <stdio.h>

enum { ST_IDLE = 1, ST_OK = 2, ST_ERR = 3, ST_HEAD = 10, ST_BODY = 11 };

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

// EXPECT-UNKNOWN: main/branch#1 p2
// EXPECT: main/branch#2 p2=1 p3=6
// EXPECT-KNOWN: main/branch#2 p2 p3
// EXPECT-UNKNOWN: main/branch#3 p2
int main(int argc, char **argv)
{
	struct dec d = { ST_HEAD, 0, 0 }, e = { 0, 0, 0 };
	(void)argv;
	d.avail = argc - 1;
	e.avail = argc;
	step(&d);
	check(&e);
	if (d.state == ST_IDLE)
		fputs("end\n", stdout);
	if (d.saved == 1)
		fputs("saved\n", stdout);
	if (e.state == ST_OK)
		fputs("ok\n", stdout);
	return 0;
}
