/* A text snprintf formats into a buffer from a loop counter is unknown on
 * a loop walked once, but its length is not: what writes the buffer later
 * writes that many bytes.  With --args "3000" (more iterations than the
 * walk runs one by one):
 *
 * "event %08ld status ok\n": 6 + 8 + 11 = 25 bytes for every i < 10^8,
 * written by emit's fputs: 3000 calls, 75000 B.
 * "row %ld\n" for i < n / 10 = 300: 4 + digits + 1 bytes: 6 for i < 10
 * (10 rows), 7 for i < 100 (90), 8 for i < 300 (200): 60 + 630 + 1600 =
 * 2290 B in 300 fputs.
 *
 * main: fopen, 3000 fputs in emit, 300 fputs, fclose = 3302 calls,
 * 77290 B (before: every fputs of an unknown text estimated at 8 B,
 * 26400 B).
 */
#include <stdio.h>
#include <stdlib.h>

static void emit(FILE *f, const char *msg)
{
	fputs(msg, f);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	long n = atol(argv[1]);
	FILE *f = fopen("events.log", "w");
	if (!f)
		return 1;
	char line[128];
	for (long i = 0; i < n; i++) {
		snprintf(line, sizeof line, "event %08ld status ok\n", i);
		emit(f, line);
	}
	for (long i = 0; i < n / 10; i++) {
		snprintf(line, sizeof line, "row %ld\n", i);
		fputs(line, f);
	}
	fclose(f);
	return 0;
}

// VIDYA: --args "3000"
// EXPECT: emit p2=3000 p3=75000
// EXPECT: main p2=3302 p3=77290
