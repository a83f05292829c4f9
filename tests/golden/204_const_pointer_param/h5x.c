/* An HDF5 public API function (H5 + interface capital + lower-case name)
 * whose body is part of the project is answered without walking it (as
 * when HDF5's sources are analyzed with the program): its results and
 * what it writes through its pointer parameters are unknown - except
 * through the pointers it declares to const (`const hsize_t count[]` in
 * H5Sselect_hyperslab), which it does not write.  Here `n` passed to the
 * const parameter keeps its 5 (5 fputs, known), `m` passed to the other
 * one is unknown after the call (the assumed 100 fputs, flagged).
 *
 * main: fopen, 5 + 100 fputs, fclose = 107 calls.
 */
#include <stdio.h>

int H5Xcount_copy(const unsigned long *count, unsigned long *out);

int H5Xcount_copy(const unsigned long *count, unsigned long *out)
{
	*out = *count + 1;
	return 0;
}

// EXPECT: main/loop#1 executions=5 p2=5
// EXPECT-KNOWN: main/loop#1 p2
// EXPECT: main/loop#2 executions=100 p2=100
// EXPECT-UNKNOWN: main/loop#2 p2
// EXPECT: main p2=107
int main(void)
{
	FILE *o = fopen("out.txt", "w");
	if (!o)
		return 1;
	unsigned long n = 5, m = 7;
	H5Xcount_copy(&n, &m);
	for (unsigned long i = 0; i < n; i++)
		fputs("n\n", o);
	for (unsigned long i = 0; i < m; i++)
		fputs("m\n", o);
	fclose(o);
	return 0;
}
