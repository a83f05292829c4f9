/*
 * carry.c - state that a loop's callees carry from one iteration to the
 * next through a pointer, and a cleanup label reached only from above.
 *
 * - csv_row(&w, ...) counts records in w->nrec and flushes every
 *   w->every = 100 records.  The loops pass &w to a function of the
 *   program, so they carry state: 40 x 25 = 1000 iterations of at most
 *   1024 run one by one.  nrec = 100, 200, ..., 1000: 10 fflush calls,
 *   known (walked once, the flush test would read nrec as it was before
 *   the loop, 0, and never flush).  The 1000 fprintf of "%d,%d\n" are
 *   exact too: t < 40 and k < 25 print 2 + 1 + 2 + 1 characters, minus one
 *   for each one-digit value: t has 10 of those, k has 10, over 25 and 40
 *   rows: 1000 x 6 - 10 x 25 - 10 x 40 = 5350 bytes.
 * - open_all() opens 3 files; `if (!f[k]) { n = k; goto out; }` is an
 *   error path (fopen assumed to succeed), so no goto runs and at `out:`
 *   n is still 3: 3 fclose calls, known.
 */
#include <stdio.h>

typedef struct {
	FILE *f;
	int every;
	long nrec;
} csv_t;

static void csv_row(csv_t *w, int t, int k)
{
	fprintf(w->f, "%d,%d\n", t, k);
	w->nrec++;
	if (w->nrec % w->every == 0)
		fflush(w->f);
}

static int open_all(void)
{
	FILE *f[3];
	const char *names[3] = { "a.txt", "b.txt", "c.txt" };
	int n = 3, rc = 1;
	for (int k = 0; k < 3; k++) {
		f[k] = fopen(names[k], "w");
		if (!f[k]) {
			n = k;
			goto out;
		}
	}
	rc = 0;
out:
	for (int k = 0; k < n; k++)
		fclose(f[k]);
	return rc;
}

// EXPECT: csv_row p2=1010 p3=5350
// EXPECT: csv_row/branch#1 p2=10
// EXPECT-KNOWN: csv_row p2 p3
// EXPECT: open_all/loop#2 p2=3
// EXPECT-KNOWN: open_all/loop#2 p2
int main(void)
{
	csv_t w = { NULL, 100, 0 };
	w.f = fopen("rows.csv", "w");
	if (!w.f)
		return 1;
	for (int t = 0; t < 40; t++)
		for (int k = 0; k < 25; k++)
			csv_row(&w, t, k);
	fclose(w.f);
	return open_all();
}
