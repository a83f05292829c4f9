/* H5Oopen of a dataset in an HDF5 input (made from walk.cdl by ncgen,
 * SETUP) is answered as the H5Dopen2 it is: the handle carries the
 * dataset, so H5Dget_space and H5Sget_simple_extent_dims give a (3 x 4).
 * H5Oopen is not an I/O call of the catalog and has no I/O block: it makes
 * the handle and no site counts it (vidya aborted here, counting it in
 * block -1).  The product of the dimensions is a reduction loop (run per
 * element): n = 3 * 4 = 12 lines of 2 B.
 */
#include <hdf5.h>
#include <stdio.h>

int main(void)
{
	hid_t f = H5Fopen("walk.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
	hid_t o = H5Oopen(f, "a", H5P_DEFAULT);
	hid_t space = H5Dget_space(o);
	hsize_t dims[8];
	int nd = H5Sget_simple_extent_ndims(space);
	H5Sget_simple_extent_dims(space, dims, NULL);
	hsize_t n = 1;
	for (int i = 0; i < nd; i++)
		n *= dims[i];
	for (hsize_t j = 0; j < n; j++)
		fputs("v\n", stdout);
	H5Sclose(space);
	H5Oclose(o);
	H5Fclose(f);
	return 0;
}

// SETUP: ncgen -k nc4 -o walk.h5 walk.cdl
// CFLAGS: -I/usr/include/hdf5/serial
// EXPECT: main/loop#2 executions=12
// EXPECT: main/loop#2/io#1 p2=12 p3=24
// EXPECT-KNOWN: main/loop#2/io#1 p2 p3
