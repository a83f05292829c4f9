/*
 * ncfield.c - writes a 3-D temperature field one level at a time
 * (nc_put_vara_double), every other point of a 2-D pressure field
 * (nc_put_vars_float) and a whole 1-D cell-count array (nc_put_var_int)
 * into a NetCDF-4 file, then reopens it and reads back the whole
 * temperature field (nc_get_var_double) and one cell count
 * (nc_get_var1_int), knowing the variables by name only.
 *
 * Sizes come from the arrays: vara/vars move prod(count[]) elements of the
 * function's memory type, var the variable's defined dimensions (its
 * nc_def_dim lengths), var1 one element.  nc_def_dim is not I/O; the
 * variables defined and looked up (nc_def_var, nc_inq_varid) are objects
 * of the file, like HDF5 datasets.
 */
// CFLAGS: -I/usr/include
#include <stddef.h>
#include <netcdf.h>

#define NZ 8
#define NY 16
#define NX 32

static double temp[NZ][NY][NX];
static float pres[NY][NX];
static int cells[NX];

int main(void)
{
	int ncid, dz, dy, dx, vt, vp, vc, i;
	int dims3[3], dims2[2];
	size_t start3[3] = { 0, 0, 0 }, count3[3] = { 1, NY, NX };
	size_t start2[2] = { 0, 0 }, count2[2] = { NY / 2, NX / 2 };
	ptrdiff_t stride2[2] = { 2, 2 };
	size_t idx[1] = { 5 };

	nc_create("field.nc", NC_CLOBBER | NC_NETCDF4, &ncid);
	nc_def_dim(ncid, "z", NZ, &dz);
	nc_def_dim(ncid, "y", NY, &dy);
	nc_def_dim(ncid, "x", NX, &dx);
	dims3[0] = dz;
	dims3[1] = dy;
	dims3[2] = dx;
	nc_def_var(ncid, "temp", NC_DOUBLE, 3, dims3, &vt);
	dims2[0] = dy;
	dims2[1] = dx;
	nc_def_var(ncid, "pres", NC_FLOAT, 2, dims2, &vp);
	nc_def_var(ncid, "cells", NC_INT, 1, &dx, &vc);
	nc_put_att_text(ncid, vt, "units", 6, "kelvin");
	nc_enddef(ncid);
	for (i = 0; i < NZ; i++) {
		start3[0] = i;
		nc_put_vara_double(ncid, vt, start3, count3, &temp[i][0][0]);
	}
	nc_put_vars_float(ncid, vp, start2, count2, stride2, &pres[0][0]);
	nc_put_var_int(ncid, vc, cells);
	nc_close(ncid);

	nc_open("field.nc", NC_NOWRITE, &ncid);
	nc_inq_varid(ncid, "temp", &vt);
	nc_get_var_double(ncid, vt, &temp[0][0][0]);
	nc_inq_varid(ncid, "cells", &vc);
	nc_get_var1_int(ncid, vc, idx, &cells[0]);
	nc_close(ncid);
	return 0;
}

/*
 * I/O calls of main, in order (the loop's call is loop#1/io#1):
 *   io#1  nc_create            open
 *   io#2  nc_def_var temp      open (an object of the file)
 *   io#3  nc_def_var pres      open
 *   io#4  nc_def_var cells     open
 *   io#5  nc_put_att_text      6 x 1 = 6 bytes
 *   io#6  nc_enddef            meta
 *   loop#1/io#1 nc_put_vara_double, 8 trips x (1 x 16 x 32) x 8 = 8 x 4096 = 32768 bytes
 *   io#7  nc_put_vars_float    (16/2) x (32/2) x 4 = 8 x 16 x 4 = 512 bytes
 *   io#8  nc_put_var_int       x's length 32 x 4 = 128 bytes
 *   io#9  nc_close
 *   io#10 nc_open
 *   io#11 nc_inq_varid temp    open
 *   io#12 nc_get_var_double    8 x 16 x 32 x 8 = 32768 bytes
 *   io#13 nc_inq_varid cells   open
 *   io#14 nc_get_var1_int      1 x 4 = 4 bytes
 *   io#15 nc_close
 * P2 = 15 calls outside the loop (io#1..io#15) + 8 in it = 23; data calls (P6, all
 * binary): put_att, 8 vara, vars, var, get_var, get_var1 = 13.
 * P3 = 6 + 32768 + 512 + 128 + 32768 + 4 = 66186.  Every access is under
 * 64 KiB (P13 = 13).  One file (P9); P8 = bytes written = 6 + 32768 + 512
 * + 128 = 33414.
 */
// EXPECT: main/io#5 p2=1 p3=6 p6=1
// EXPECT: main/loop#1/io#1 p2=8 p3=32768 p6=8
// EXPECT-KNOWN: main/loop#1/io#1 p3
// EXPECT: main/io#7 p2=1 p3=512
// EXPECT-KNOWN: main/io#7 p3
// EXPECT: main/io#8 p2=1 p3=128
// EXPECT-KNOWN: main/io#8 p3
// EXPECT: main/io#12 p2=1 p3=32768
// EXPECT-KNOWN: main/io#12 p3
// EXPECT: main/io#14 p2=1 p3=4
// EXPECT: main p2=23 p3=66186 p6=13 p13=13
// EXPECT: program p2=23 p3=66186 p6=13 p8=33414 p9=1
// EXPECT-ROWS: kind='io' 16
