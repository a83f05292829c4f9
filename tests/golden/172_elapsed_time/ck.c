/* A checkpoint taken every 10 steps or when too much time has passed:
 * the elapsed-time test (a clock's reading minus an earlier one compared
 * with a threshold) counts as not taken, so the `||` holds as its step
 * test does: s = 10, 20, ..., 100, 10 times in 100 steps.  Each checkpoint
 * is fopen + fwrite of 64 doubles (512 bytes) + fclose: branch#1 30 calls,
 * 5120 bytes.
 *
 * branch#2 is the elapsed-time test alone (difftime of two time()
 * readings > 3600): not taken, its puts 0 calls, flagged.
 */
#include <stdio.h>
#include <time.h>

static double u[64];

int main(void)
{
	time_t last = time(NULL);
	for (int s = 1; s <= 100; s++) {
		for (int i = 0; i < 64; i++)
			u[i] += 0.5 * i;
		time_t now = time(NULL);
		if (s % 10 == 0 || now - last > 600) {
			FILE *f = fopen("ck.bin", "wb");
			fwrite(u, sizeof(double), 64, f);
			fclose(f);
			last = now;
		}
		if (difftime(now, last) > 3600)
			puts("slow step");
	}
	return 0;
}

// EXPECT: main/loop#1/branch#1 p2=30 p3=5120
// EXPECT: main/loop#1/branch#2 p2=0 p3=0
// EXPECT-UNKNOWN: main/loop#1/branch#2/io#1 p2
