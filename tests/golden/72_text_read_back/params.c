/*
 * params.c - parameters the run writes to a small text file and reads
 * back (a restart file): the walk knows every byte written ("n 4\nm 3\n",
 * 8 bytes, from a truncating fopen, written once), so the reads follow
 * that text as they follow an input's: fscanf returns 2 twice and then
 * EOF, n = 4 and m = 3.
 *
 * - save: fopen, 2 fprintf (4 bytes each), fclose: 4 calls, 8 bytes;
 * - load: fopen, 3 fscanf (8 bytes consumed), fclose: 5 calls, 8 bytes;
 * - 4 x 3 = 12 fputs of 2 bytes between an fopen and an fclose: 14 calls,
 *   24 bytes;
 * main: 23 calls, 40 bytes.
 */
#include <stdio.h>
#include <string.h>

static void save(int n, int m)
{
	FILE *f = fopen("params.txt", "w");
	if (!f)
		return;
	fprintf(f, "n %d\n", n);
	fprintf(f, "m %d\n", m);
	fclose(f);
}

static int load(int *n, int *m)
{
	FILE *f = fopen("params.txt", "r");
	if (!f)
		return -1;
	char key[16];
	int v;
	while (fscanf(f, "%15s %d", key, &v) == 2) {
		if (!strcmp(key, "n"))
			*n = v;
		else if (!strcmp(key, "m"))
			*m = v;
	}
	fclose(f);
	return 0;
}

// EXPECT: main p2=23 p3=40
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	int n = 0, m = 0;
	save(4, 3);
	if (load(&n, &m) != 0)
		return 1;
	FILE *o = fopen("out.txt", "w");
	if (!o)
		return 1;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			fputs("ab", o);
	fclose(o);
	return 0;
}
