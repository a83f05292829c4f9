/* A `goto` certain to run jumps: code between it and its label does not
 * run.  `lookup("data.nc")` finds no ':' (strchr is NULL, known), so
 * `goto done` skips the "url" print and `ret = 1`: ret is still -1 at
 * `done:` and main's "remote" print is not taken.  CHECK's
 * `do { if (!(x)) goto fail; } while (0)` with `n > 0` false (n = 0)
 * leaves the loop and skips the 50 writes after it.
 *
 * lookup/io#1 (fprintf "url"): 0 (before: 10, the walk went on after
 * the goto).  lookup/io#2 (fprintf at done): 10 calls.  main's fputs
 * "remote": 0 (before: 10, ret was 1).  The 50 fputc: 0; fputs at fail: 1.
 * P2 of main: fopen 1 + 10 + fputs 1 + fclose 1 = 13.
 */
#include <stdio.h>
#include <string.h>

#define CHECK(x)                   \
	do {                       \
		if (!(x))          \
			goto fail; \
	} while (0)

static int lookup(const char *name, FILE *log)
{
	int ret = -1;
	const char *colon = strchr(name, ':');
	if (!colon)
		goto done;
	fprintf(log, "url %s\n", name);
	ret = 1;
done:
	fprintf(log, "lookup\n");
	return ret;
}

int main(void)
{
	FILE *log = fopen("log.txt", "w");
	int n = 0, k;
	if (!log)
		return 1;
	for (k = 0; k < 10; k++)
		if (lookup("data.nc", log) > 0)
			fputs("remote\n", log);
	CHECK(n > 0);
	for (k = 0; k < 50; k++)
		fputc('x', log);
fail:
	fputs("end\n", log);
	fclose(log);
	return 0;
}

// EXPECT: lookup/io#1 p2=0
// EXPECT: lookup/io#2 p2=10 p3=70
// EXPECT: main/loop#1/branch#1/io#1 p2=0
// EXPECT: main/loop#3/io#1 p2=0
// EXPECT: main/io#2 p2=1 p3=4
// EXPECT: main p2=13 p3=74
// EXPECT-KNOWN: main p2 p3
