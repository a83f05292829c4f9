/*
 * lib.c - a small library: export_table() is part of the public API but the
 * driver in main.c never calls it.  It must still get a function block
 * (users ask about library code too), and none of its I/O may leak into the
 * totals of the run from main.
 */
#include <stdio.h>

#include "lib.h"

int export_table(const char *path, const double *v, int n)
{
	FILE *fp = fopen(path, "w");
	int i;

	for (i = 0; i < n; i++)
		fprintf(fp, "%d %g\n", i, v[i]);
	return fclose(fp);
}

void scale(double *v, int n, double f)
{
	int i;

	for (i = 0; i < n; i++)
		v[i] *= f;
}

// EXPECT-ROWS: block_id='lib.c:export_table' AND kind='function' AND function='export_table' 1
// EXPECT-ROWS: block_id='lib.c:scale' AND kind='function' 1
