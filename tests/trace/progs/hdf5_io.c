/*
 * hdf5_io.c - known HDF5 traffic: one 2-D dataset of doubles.
 *
 *     hdf5_io NX NY
 *
 * HDF5 calls: H5Fcreate("data.h5", TRUNC) 1, H5Dcreate2("/x", NX x NY
 * native doubles, contiguous) 1, H5Dwrite of the whole dataset
 * (8 * NX * NY bytes) 1, H5Dread of the whole dataset 1, H5Dclose 1,
 * H5Fclose 1.  Everything the library does on data.h5 (open(2), the
 * superblock and object headers, the raw data) happens inside one of these
 * calls.  With 8 * NX * NY above HDF5's 64 KiB sieve buffer the raw data
 * goes straight to the file inside H5Dwrite (and comes back inside H5Dread).
 * stdout: one line with the dims and whether the data read back matched.
 */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: hdf5_io NX NY\n");
		return 2;
	}
	hsize_t dims[2] = {(hsize_t)atol(argv[1]), (hsize_t)atol(argv[2])};
	size_t n = (size_t)(dims[0] * dims[1]);
	if (n == 0)
		return 2;
	double *out = malloc(n * sizeof *out), *in = malloc(n * sizeof *in);
	if (!out || !in)
		return 2;
	for (size_t i = 0; i < n; i++)
		out[i] = 0.5 * (double)i;

	hid_t file = H5Fcreate("data.h5", H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	if (file < 0)
		return 3;
	hid_t space = H5Screate_simple(2, dims, NULL);
	hid_t dset =
	    H5Dcreate2(file, "/x", H5T_NATIVE_DOUBLE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	if (dset < 0)
		return 4;
	/* MARK:H5Dwrite (the call on the next line) */
	if (H5Dwrite(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, out) < 0)
		return 5;
	if (H5Dread(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, in) < 0)
		return 6;
	H5Dclose(dset);
	H5Sclose(space);
	H5Fclose(file);

	int good = 1;
	for (size_t i = 0; i < n; i++)
		if (in[i] != out[i])
			good = 0;
	printf("hdf5_io: %llu x %llu doubles, data %s\n", (unsigned long long)dims[0],
	       (unsigned long long)dims[1], good ? "ok" : "WRONG");
	free(out);
	free(in);
	return good ? 0 : 1;
}
