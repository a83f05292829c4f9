/* A handle opened on demand - `if (out == NULL || used + n > cap)
 * next_part();`, next_part doing `if (out != NULL) fclose(out); out =
 * fopen(...)` - is NULL before its first open only: in a loop walked once
 * (2000 passes, more than the walk runs one by one) that starts with it
 * NULL, a test of it at a place reached m times finds it NULL with
 * probability 1 / m, and after the loop, with its opens expected at least
 * once, it is not NULL.  out is only ever set from fopen.  strlen of the
 * record snprintf made (unknown text, 11 bytes whatever i is) is 11, so
 * the fill test `used + n > cap` takes its share: once per 100 passes.
 *
 * put: the test holds with 1/2000 + (1 - 1/2000) / 100 = 0.010495: 20.99
 * calls of next_part (the run: 20); 2000 fputs of 11 B.  With next_part's
 * calls, p2 = 2000 + 40.98 = 2040.98, p3 = 22000.
 * next_part: 20.99 fopen, fclose when out is not NULL: 20.99 - 1 = 19.99
 * (the run: 20 and 19).  (Before: the tests' call and pointer
 * heuristics, 440 fopen and 131 fclose.)
 * main: its fclose after the loop: 1 (before: 0.30).
 */
#include <stdio.h>
#include <string.h>

static FILE *out;
static long used;
static int part;

static void next_part(void)
{
	char name[64];
	if (out != NULL)
		fclose(out);
	snprintf(name, sizeof name, "part%03d.txt", part++);
	out = fopen(name, "w");
	used = 0;
}

static void put(const char *rec, long cap)
{
	long n = (long)strlen(rec);
	if (out == NULL || used + n > cap)
		next_part();
	fputs(rec, out);
	used += n;
}

int main(void)
{
	char rec[64];
	for (int i = 0; i < 2000; i++) {
		snprintf(rec, sizeof rec, "rec %06d\n", i);
		put(rec, 1100);
	}
	if (out)
		fclose(out);
	return 0;
}

// EXPECT: put p2=2040.98 p3=22000
// EXPECT: put/io#1 p2=2000 p3=22000
// EXPECT: next_part/io#1 p2=20.99
// EXPECT: next_part/branch#1/io#1 p2=19.99
// EXPECT: main/branch#1/io#1 p2=1
