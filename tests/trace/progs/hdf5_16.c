/*
 * hdf5_16.c - HDF5's 1.6 API, as IOR uses it (H5_USE_16_API): H5Dcreate
 * and H5Dopen are H5Dcreate1 and H5Dopen1.
 *
 * H5Fcreate("v16.h5") 1, H5Dcreate1("/x", N ints) 1, H5Dwrite 1,
 * H5Dclose 2, H5Fclose 2, H5Fopen 1, H5Dopen1("/x") 1, H5Dread 1.
 * stdout: "hdf5_16: N ints, data ok" when the data read back matches.
 */
#define H5_USE_16_API 1
#include <hdf5.h>
#include <stdio.h>

#define N 1000

int main(void)
{
	static int out[N], in[N];
	for (int i = 0; i < N; i++)
		out[i] = i * 7;
	hsize_t dims[1] = { N };
	hid_t f = H5Fcreate("v16.h5", H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	hid_t s = H5Screate_simple(1, dims, NULL);
	hid_t d = H5Dcreate(f, "/x", H5T_NATIVE_INT, s, H5P_DEFAULT);
	if (f < 0 || s < 0 || d < 0 ||
	    H5Dwrite(d, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, out) < 0)
		return 1;
	H5Dclose(d);
	H5Sclose(s);
	H5Fclose(f);
	f = H5Fopen("v16.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
	d = f < 0 ? -1 : H5Dopen(f, "/x");
	if (d < 0 || H5Dread(d, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, in) < 0)
		return 2;
	int ok = 1;
	for (int i = 0; i < N; i++)
		ok &= in[i] == out[i];
	H5Dclose(d);
	H5Fclose(f);
	printf("hdf5_16: %d ints, data %s\n", N, ok ? "ok" : "WRONG");
	return 0;
}
