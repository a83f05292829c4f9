/* A variable the loop body sets from the counter before it tests it
 * (`int r = i % 17; if (r > 14) continue;`) is tried on every value the
 * counter takes, as a test of the counter itself is: r > 14 holds for
 * r = 15 and 16, 2 of every 17 passes.  8500 = 17 x 500 passes: the
 * fwrite runs 500 x 15 = 7500 times, 7500 x 4 = 30000 bytes (not half of
 * the passes by a heuristic).  Likewise `t = i * 0.5; if (t >= 1000.0)`:
 * t >= 1000 for i >= 2000, 6500 passes: 6500 putc calls.
 *
 * main: fopen, 7500 fwrite, 6500 putc, fclose = 14002 calls;
 * 30000 + 6500 = 36500 bytes.
 */
#include <stdio.h>

int main(void)
{
	FILE *f = fopen("o.bin", "wb");
	if (!f)
		return 1;
	for (int i = 0; i < 8500; i++) {
		int r = i % 17;
		if (r > 14)
			continue;
		fwrite(&r, sizeof r, 1, f);
	}
	double t;
	for (int i = 0; i < 8500; i++) {
		t = i * 0.5;
		if (t >= 1000.0)
			putc('x', f);
	}
	fclose(f);
	return 0;
}

// EXPECT: main p2=14002 p3=36500
// EXPECT: main/loop#1 p2=7500 p3=30000
// EXPECT: main/loop#2 p2=6500 p3=6500
