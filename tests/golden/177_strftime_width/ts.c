/* A timestamp formatted with strftime and printed with %s: the format's
 * widths are known (%Y 4, %m %d %H %M %S 2 each, plus 2 dashes, a space
 * and 2 colons: 19 characters), so each "%s step\n" line is 19 + 6 = 25
 * bytes: 5 lines, 125 bytes (not the 8 characters of an unknown string).
 * The text itself is the analysis's clock: the bytes are flagged.
 *
 * main: fopen, 5 x fprintf, fclose = 7 calls, 125 bytes.
 */
#include <stdio.h>
#include <time.h>

int main(void)
{
	FILE *f = fopen("log.txt", "w");
	if (!f)
		return 1;
	char ts[64];
	time_t now = time(NULL);
	for (int i = 0; i < 5; i++) {
		strftime(ts, sizeof ts, "%Y-%m-%d %H:%M:%S", localtime(&now));
		fprintf(f, "%s step\n", ts);
	}
	fclose(f);
	return 0;
}

// EXPECT: main p2=7 p3=125
// EXPECT-UNKNOWN: main p3
