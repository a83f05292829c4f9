/*
 * ncnames.c - a reader that picks variables by name and reads them in
 * slabs, from an existing NetCDF file made from grid.cdl by ncgen:
 *
 *   dimensions lat = 6, lon = 8, lev = 2;
 *   variables  u(lev, lat, lon) float, v(lev, lat, lon) float,
 *              mask(lat, lon) short (2 attributes);
 *   3 global attributes.
 *
 * - nc_inq_nvars = 3: the loop over variables runs 3 times; nc_inq_varname
 *   + strcmp skip "mask": 2 variables read level by level;
 * - for those, nc_inq_varndims = 3 and nc_inq_vardimid + nc_inq_dimlen
 *   give count = {1, 6, 8}; nc_inq_dimlen(dimids[0]) = 2 levels: per
 *   variable 2 nc_get_vara_float of 1 x 6 x 8 x 4 = 192 bytes;
 *   in all 4 calls, 768 bytes;
 * - nc_inq_natts = 3: the loop over global attributes runs 3 times, each
 *   name (nc_inq_attname) and length (nc_inq_attlen: 4, 4, 13) printed
 *   with printf("%s %zu\n"): "title 4\n" 8 + "source 4\n" 9 +
 *   "history 13\n" 11 = 28 bytes in 3 calls;
 * - nc_inq_varid("mask") + nc_inq_varnatts = 2, nc_inq_dimid("lon"):
 *   nc_inq_dimname gives "lon", a puts of it: 4 bytes;
 *   nc_get_var_short of mask: 48 x 2 = 96 bytes;
 * - notnc.nc exists but is not a NetCDF file: its nc_open fails, as it
 *   will in the run (NC_ENOTNC), and main returns before the loop over
 *   its variables.
 *
 * main: nc_open, 4 nc_get_vara_float, 3 printf, nc_inq_varid, puts,
 * nc_get_var_short, nc_close, nc_open = 13 calls; 768 + 28 + 4 + 96 = 896
 * bytes.
 */
#include <netcdf.h>
#include <stdio.h>
#include <string.h>

// SETUP: ncgen -o grid.nc grid.cdl
// CFLAGS: -I/usr/include
// EXPECT: main/loop#1 executions=3 p2=4 p3=768
// EXPECT: main/loop#1/branch#1/loop#1 executions=6
// EXPECT: main/loop#1/branch#1/loop#2/io#1 p2=4 p3=768
// EXPECT-KNOWN: main/loop#1/branch#1/loop#2/io#1 p2 p3
// EXPECT: main/loop#2/io#1 p2=3 p3=28
// EXPECT-KNOWN: main/loop#2/io#1 p3
// EXPECT: main/io#2 p2=1 p3=4
// EXPECT: main/io#3 p2=1 p3=96
// EXPECT-KNOWN: main/io#3 p3
// EXPECT: main/branch#2/io#1 p2=1
// EXPECT: main/loop#3 executions=0 p2=0
// EXPECT: main p2=13 p3=896
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	int ncid, nvars, natts;
	float slab[6 * 8];
	short mask[6 * 8];
	if (nc_open("grid.nc", NC_NOWRITE, &ncid) != NC_NOERR)
		return 1;
	nc_inq_nvars(ncid, &nvars);
	for (int v = 0; v < nvars; v++) {
		char name[NC_MAX_NAME + 1];
		nc_inq_varname(ncid, v, name);
		if (strcmp(name, "mask") != 0) {
			int nd, dimids[4];
			size_t start[4] = { 0 }, count[4];
			nc_inq_varndims(ncid, v, &nd);
			nc_inq_vardimid(ncid, v, dimids);
			for (int d = 0; d < nd; d++)
				nc_inq_dimlen(ncid, dimids[d], &count[d]);
			size_t nlev = count[0];
			count[0] = 1;
			for (size_t k = 0; k < nlev; k++) {
				start[0] = k;
				nc_get_vara_float(ncid, v, start, count, slab);
			}
		}
	}
	nc_inq_natts(ncid, &natts);
	for (int a = 0; a < natts; a++) {
		char aname[NC_MAX_NAME + 1];
		size_t alen;
		nc_inq_attname(ncid, NC_GLOBAL, a, aname);
		nc_inq_attlen(ncid, NC_GLOBAL, aname, &alen);
		printf("%s %zu\n", aname, alen);
	}
	int mid, mnatts, lonid;
	char dname[NC_MAX_NAME + 1];
	nc_inq_varid(ncid, "mask", &mid);
	nc_inq_varnatts(ncid, mid, &mnatts);
	nc_inq_dimid(ncid, "lon", &lonid);
	nc_inq_dimname(ncid, lonid, dname);
	puts(dname);
	nc_get_var_short(ncid, mid, mask);
	nc_close(ncid);

	int bad, bvars;
	if (nc_open("notnc.nc", NC_NOWRITE, &bad) != NC_NOERR)
		return 1;
	nc_inq_nvars(bad, &bvars);
	for (int v = 0; v < bvars; v++)
		nc_get_var_float(bad, v, slab);
	nc_close(bad);
	return 0;
}
