/* A counter in a heap object that a function called in the loop steps
 * (`s->fill += n`) carries state from one iteration to the next.  The
 * loop (100000 iterations) is walked once, so the test `s->fill >= 64`
 * is decided as that walk left it: fill is 16 after the first add, the
 * flush arm is dead and its fwrite counts 0 (the run makes 25000).  The
 * decision stands, but it is flagged, and so is the fwrite, naming the
 * field and the loop; the fwrite is reached (0 times), not code the entry
 * never reaches, so its flag counts.
 *
 * main/loop#1: 100000 iterations, add runs 100000 times; add/branch#1
 * entered 100000 times; add/branch#1/io#1: p2 = 0, p3 = 0, flagged.
 */
#include <stdio.h>
#include <stdlib.h>

struct sink {
	int fill;
	FILE *f;
	char buf[64];
};

static void put(struct sink *s, int n)
{
	s->fill += n;
}

static void add(struct sink *s, int n)
{
	put(s, n);
	if (s->fill >= 64) {
		fwrite(s->buf, 1, 64, s->f);
		s->fill = 0;
	}
}

int main(void)
{
	struct sink *s = calloc(1, sizeof *s);
	if (!s)
		return 1;
	s->f = fopen("out.dat", "wb");
	if (!s->f)
		return 1;
	for (int i = 0; i < 100000; i++)
		add(s, 16);
	fclose(s->f);
	free(s);
	return 0;
}

// EXPECT: main/loop#1 executions=100000
// EXPECT: add/branch#1 executions=100000
// EXPECT: add/branch#1/io#1 p2=0 p3=0 reachable=1
// EXPECT-UNKNOWN: add/branch#1/io#1 p2
// EXPECT-UNKNOWN: add/branch#1 p2
