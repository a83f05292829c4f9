/*
 * h5read.c - a program reading datasets of an existing HDF5 file (a
 * NetCDF-4 file, made from fields.cdl by ncgen -k nc4 before the analysis:
 * its variables are HDF5 datasets at the root) whose shapes only the file
 * knows:
 *
 *   /temp  5 x 4 doubles (20 points, 8 bytes), /count 7 shorts (2 bytes).
 *
 * - H5Dread of /temp with H5S_ALL as doubles: 20 x 8 = 160 bytes;
 * - H5Dget_space + H5Sget_simple_extent_npoints (20) and H5Dget_type +
 *   H5Tget_size (8) size an fwrite of 20 x 8 = 160 bytes;
 * - H5Dread of /count with H5S_ALL as native shorts: 7 x 2 = 14 bytes,
 *   and npoints = 7 bounds a loop of 7 fputc;
 * - missing.h5 does not exist: its H5Fopen is not read (nothing to read),
 *   a dataset opened in it has an unknown size (flagged).
 */
#include <hdf5.h>
#include <stdio.h>

// SETUP: ncgen -k nc4 -o fields.h5 fields.cdl
// CFLAGS: -I/usr/include/hdf5/serial
// EXPECT: main/io#4 p2=1 p3=160
// EXPECT-KNOWN: main/io#4 p3
// EXPECT: main/io#5 p2=1 p3=160
// EXPECT-KNOWN: main/io#5 p3
// EXPECT: main/io#8 p2=1 p3=14
// EXPECT-KNOWN: main/io#8 p3
// EXPECT: main/loop#1 executions=7 p2=7 p3=7
// EXPECT-UNKNOWN: main/io#13 p3
int main(void)
{
	static double buf[1024];
	static short cnt[1024];
	FILE *out = fopen("out.bin", "wb");
	if (!out)
		return 1;
	hid_t f = H5Fopen("fields.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
	hid_t d = H5Dopen2(f, "/temp", H5P_DEFAULT);
	H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
	hid_t sp = H5Dget_space(d), ty = H5Dget_type(d);
	hssize_t np = H5Sget_simple_extent_npoints(sp);
	size_t sz = H5Tget_size(ty);
	fwrite(buf, sz, (size_t)np, out);
	H5Sclose(sp);
	H5Tclose(ty);
	H5Dclose(d);
	hid_t c = H5Dopen2(f, "count", H5P_DEFAULT);
	H5Dread(c, H5T_NATIVE_SHORT, H5S_ALL, H5S_ALL, H5P_DEFAULT, cnt);
	hid_t cs = H5Dget_space(c);
	hssize_t nc = H5Sget_simple_extent_npoints(cs);
	for (hssize_t i = 0; i < nc; i++)
		fputc('0' + cnt[i] % 10, out);
	H5Sclose(cs);
	H5Dclose(c);
	H5Fclose(f);
	hid_t g = H5Fopen("missing.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
	hid_t m = H5Dopen2(g, "/temp", H5P_DEFAULT);
	H5Dread(m, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
	H5Dclose(m);
	H5Fclose(g);
	fclose(out);
	return 0;
}
