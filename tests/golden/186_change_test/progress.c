/* A change test - `if (pct / 10 != last) { last = pct / 10; ... }` - in a
 * loop walked once runs its arm when the value tested changes, not on a
 * heuristic's 0.22 of the passes.  The value is computed, before the test
 * at the top level of the body, from an accumulator the body steps by a
 * known amount: each pass is tried in turn.
 *
 * copy: in.dat (made by SETUP) is 2000000 bytes, read 1000 at a time (2000
 * reads with data, one more finds the end).  done = 1000 k on pass k, pct
 * = k / 20, pct / 10 = k / 200: 0 .. 10, eleven values, the first differs
 * from last's -1: 11 fputs of 5 B (before: 0.22 x 2000 = 440).  p2 = 2001
 * + 2000 + 11 = 4012, p3 = 2000000 + 2000000 + 55 = 4000055.
 *
 * blocks: 5000 passes of `sum += 3; int blk = sum / 1000;`: blk 0 .. 14
 * and 15 on the last pass (sum 15000): 16 values, 16 fputs of 6 B (before:
 * 1100).  p2 = 16, p3 = 96.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static void copy(FILE *in, FILE *out, long total)
{
	char buf[1000];
	long done = 0;
	int last = -1;
	size_t r;
	while ((r = fread(buf, 1, sizeof buf, in)) > 0) {
		fwrite(buf, 1, r, out);
		done += (long)r;
		int pct = (int)(done * 100 / total);
		if (pct / 10 != last) {
			last = pct / 10;
			fputs("tick\n", stderr);
		}
	}
}

static void blocks(FILE *out)
{
	long sum = 0;
	long cur = -1;
	for (int i = 0; i < 5000; i++) {
		sum += 3;
		long blk = sum / 1000;
		if (blk != cur) {
			cur = blk;
			fputs("block\n", out);
		}
	}
}

int main(void)
{
	struct stat st;
	if (stat("in.dat", &st) != 0)
		return 1;
	FILE *in = fopen("in.dat", "rb");
	FILE *out = fopen("out.dat", "wb");
	if (!in || !out)
		return 1;
	copy(in, out, (long)st.st_size);
	blocks(out);
	fclose(in);
	fclose(out);
	return 0;
}

// SETUP: head -c 2000000 /dev/zero > in.dat
// EXPECT: copy p2=4012 p3=4000055
// EXPECT: blocks p2=16 p3=96
