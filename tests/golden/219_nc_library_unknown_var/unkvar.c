/*
 * unkvar.c - a program built with its NetCDF library's sources (lib.c)
 * asks about a variable whose id the walk does not know (`rand() % 3`)
 * in an existing input made from in.cdl (SETUP).
 *
 * The file cannot answer the inquiry for an unknown id; it is still an
 * inquiry on an input, whose body reads the library's in-memory header:
 * the body is not walked, and what it stores and returns is unknown.  So
 * the body's log of a high rank is not counted: main makes open + read of
 * 64 B (in nc_open) + close (in nc_close) = 3 calls, 64 bytes.
 * (Before: the body was walked, its fprintf taken with the branch's
 * probability 0.22: 3.22 calls.)
 */
#include <netcdf.h>
#include <stdlib.h>

// SETUP: ncgen -o in.nc in.cdl
// CFLAGS: -I/usr/include
// EXPECT: main p2=3 p3=64
int main(void)
{
	int ncid, nd = 0;
	if (nc_open("in.nc", NC_NOWRITE, &ncid) != NC_NOERR)
		return 1;
	nc_inq_varndims(ncid, rand() % 3, &nd);
	nc_close(ncid);
	return nd > 0 ? 0 : 2;
}
