/*
 * other.c - a program built with its NetCDF library's sources (lib.c)
 * opens an existing input made from in.cdl (SETUP), releases a cache of
 * it through an id the walk has lost (read back from the environment,
 * unknown), and closes it.
 *
 * While the input is open, the library's other public calls on it are
 * not walked: their bodies work on the library's in-memory state (here a
 * table indexed by an id the walk does not know, and lists of unknown
 * length).  nc_free_cache, not an I/O call of the catalog, succeeds and
 * logs nothing; its id, unknown while the program has one netCDF file
 * open (an input) and created none, is that input's.  nc_close is the
 * catalog's close at the program's call.  main: open + read of 64 B (in
 * nc_open, walked) + the close = 3 calls, 64 B, known.  (Before: both
 * bodies walked, their loops 100 iterations assumed: 203 calls.)
 */
#include <netcdf.h>
#include <stdlib.h>

// SETUP: ncgen -o in.nc in.cdl
// CFLAGS: -I/usr/include
// EXPECT: main p2=3 p3=64
// EXPECT-KNOWN: main p2 p3
int nc_free_cache(int ncid);

int main(void)
{
	int ncid;
	if (nc_open("in.nc", NC_NOWRITE, &ncid) != NC_NOERR)
		return 1;
	const char *s = getenv("CACHE_ID");
	int lost = s ? atoi(s) : ncid;
	nc_free_cache(lost);
	nc_close(ncid);
	return 0;
}
