/*
 * getvar.c - a program built with its NetCDF library's sources (lib.c)
 * reads every variable that has dimensions (all three here) of an
 * existing file made from in.cdl (SETUP):
 * temp(time = 3, y = 5, x = 4) double, pres(y, x) float, step(time) int.
 *
 * On an input read at analysis time, nc_get_var_double is the catalog's
 * read of the variable's bytes at the program's call, sized from the file
 * (its points x 8, the call's element size), as with an external
 * libnetcdf; its body (a seek and a read of a size from the library's
 * table, unknown to the walk) is not walked.
 *
 * main/loop#1: 3 calls, (60 + 20 + 3) x 8 = 664 bytes, known.
 * main: open + read of 64 B (in nc_open) + 3 nc_get_var_double + close
 * (in nc_close) = 6 calls, 728 bytes.
 * (Before: the body was walked: 3 lseek + 3 reads of 4096 assumed bytes,
 * 12288 B, flagged.)
 */
#include <netcdf.h>

// SETUP: ncgen -o in.nc in.cdl
// CFLAGS: -I/usr/include
// EXPECT: main/loop#1 p2=3 p3=664
// EXPECT-KNOWN: main/loop#1 p2 p3
// EXPECT: main p2=6 p3=728
int main(void)
{
	int ncid, nvars;
	static double buf[1024];
	if (nc_open("in.nc", NC_NOWRITE, &ncid) != NC_NOERR)
		return 1;
	nc_inq_nvars(ncid, &nvars);
	for (int v = 0; v < nvars; v++) {
		int nd;
		nc_inq_varndims(ncid, v, &nd);
		if (nd > 0)
			nc_get_var_double(ncid, v, buf);
	}
	nc_close(ncid);
	return 0;
}
