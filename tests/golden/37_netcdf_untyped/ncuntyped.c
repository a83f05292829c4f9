/*
 * ncuntyped.c - the NetCDF calls whose element size is not in their name,
 * and the extents vidya cannot know.
 *
 * A classic-format file with a record (unlimited) dimension t and x = 100:
 * variable h is NC_SHORT (2 bytes).  nc_put_att moves len elements of its
 * xtype (NC_FLOAT: 4 bytes); the untyped nc_put_vara moves prod(count[])
 * elements of the variable's type; nc_put_var_short of a variable with an
 * unlimited dimension has no known size (it depends on the records
 * written), nor does anything read from input.nc, which the program did not
 * define: except nc_get_vara_double, whose count array (one element, 64)
 * gives the extent without the variable.
 */
#include <stddef.h>
#include <netcdf.h>

#define NX 100
#define NT 5

static short h[NT][NX];
static float scale[2] = { 0.01f, 273.15f };
static double z[1024];

int main(void)
{
	int ncid, in, dt, dx, vh, vz, t, dims[2];
	size_t start[2] = { 0, 0 }, count[2] = { 1, NX };
	size_t s1[1] = { 0 }, c1[1] = { 64 };

	nc_create("u.nc", NC_CLOBBER, &ncid);
	nc_def_dim(ncid, "t", NC_UNLIMITED, &dt);
	nc_def_dim(ncid, "x", NX, &dx);
	dims[0] = dt;
	dims[1] = dx;
	nc_def_var(ncid, "h", NC_SHORT, 2, dims, &vh);
	nc_put_att(ncid, vh, "scale", NC_FLOAT, 2, scale);
	nc_enddef(ncid);
	for (t = 0; t < NT; t++) {
		start[0] = t;
		nc_put_vara(ncid, vh, start, count, h[t]);
	}
	nc_put_var_short(ncid, vh, &h[0][0]);
	nc_close(ncid);

	nc_open("input.nc", NC_NOWRITE, &in);
	nc_inq_varid(in, "z", &vz);
	nc_get_vara_double(in, vz, s1, c1, z);
	nc_get_var_double(in, vz, z);
	nc_close(in);
	return 0;
}

/*
 * I/O calls of main: io#1 nc_create, io#2 nc_def_var, io#3 nc_put_att:
 * 2 x 4 = 8 bytes, io#4 nc_enddef, loop#1/io#1 nc_put_vara: 5 trips x
 * (1 x 100) x 2 = 5 x 200 = 1000 bytes, io#5 nc_put_var_short: unknown
 * (unlimited dimension), io#6 nc_close, io#7 nc_open, io#8 nc_inq_varid,
 * io#9 nc_get_vara_double: 64 x 8 = 512 bytes, io#10 nc_get_var_double:
 * unknown, io#11 nc_close.  P2 = 11 + 5 = 16.
 */
// EXPECT: main/io#3 p2=1 p3=8
// EXPECT-KNOWN: main/io#3 p3
// EXPECT: main/loop#1/io#1 p2=5 p3=1000
// EXPECT-KNOWN: main/loop#1/io#1 p3
// EXPECT-UNKNOWN: main/io#5 p3
// EXPECT: main/io#9 p2=1 p3=512
// EXPECT-KNOWN: main/io#9 p3
// EXPECT-UNKNOWN: main/io#10 p3
// EXPECT: main p2=16
// EXPECT-ROWS: kind='io' 12
