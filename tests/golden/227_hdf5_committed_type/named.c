/* H5Tcommitted of a datatype an HDF5 input gives (types.h5, made from
 * types.cdl by ncgen, SETUP) is answered from the file: neither dataset
 * "a" (float) nor "p" (netCDF-4 stores the compound pt as a named type,
 * but the dataset's own type is a copy, not committed: h5dump shows it
 * inline) has a named datatype: 0.  A tool that lists the named types it
 * finds (h5dump's type table, then its pass over "unnamed" named types,
 * which made h5dump 28x high) takes the arm the file decides: the plain
 * line for each, 10 times; the named line never (main's binary: the
 * result unknown, each arm taken with probability 0.5: 10 named lines).
 *
 * main: H5Fopen, 2 x (H5Dopen2, H5Dclose), H5Fclose = 6 calls, and 20
 * puts of 6 B ("plain\n") = 120 B: 26 calls.
 */
// SETUP: ncgen -k nc4 -o types.h5 types.cdl
// CFLAGS: -I/usr/include/hdf5/serial
#include <hdf5.h>
#include <stdio.h>

static int is_named(hid_t f, const char *name)
{
	hid_t d = H5Dopen2(f, name, H5P_DEFAULT);
	hid_t t = H5Dget_type(d);
	int named = H5Tcommitted(t) > 0;
	H5Tclose(t);
	H5Dclose(d);
	return named;
}

static void list(int named)
{
	for (int i = 0; i < 10; i++) {
		if (named)
			fputs("named\n", stdout);
		else
			fputs("plain\n", stdout);
	}
}

int main(void)
{
	hid_t f = H5Fopen("types.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
	list(is_named(f, "a"));
	list(is_named(f, "p"));
	H5Fclose(f);
	return 0;
}

// EXPECT: main p2=26 p3=120
// EXPECT: list/loop#1/branch#1/io#1 p2=0
// EXPECT: list/loop#1/branch#1/io#2 p2=20 p3=120
// EXPECT-KNOWN: main p2
