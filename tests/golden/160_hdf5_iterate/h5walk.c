/*
 * h5walk.c - a program walking an existing HDF5 file with the iteration
 * API (a NetCDF-4 file made from walk.cdl by ncgen -k nc4, SETUP):
 *
 *   root links a (3 x 4 floats), b (4 ints), x (3), y (4): the last two are
 *   the dimension scales NetCDF-4 writes, all four are datasets;
 *   root attributes _NCProperties, history, title (3).
 *
 * - H5Aiterate2 over the root's attributes calls on_attr 3 times: one
 *   fputs of the name and one fputc each, 6 calls;
 * - H5Literate over the root's links calls on_link 4 times with the real
 *   names; H5Oget_info_by_name gives each object's type (dataset), so
 *   each is opened; its rank and dimensions (H5Sget_simple_extent_ndims,
 *   _dims) bound a loop over the last dimension: 4 + 4 + 3 + 4 = 15 fputc,
 *   H5Sget_simple_extent_npoints the loop writing one '.' per element:
 *   12 + 4 + 3 + 4 = 23 fputc; H5Dread of each as native ints: 12 + 4 + 3 + 4 = 23 points
 *   of H5Tget_size 4 bytes = 92 bytes in 4 reads;
 * - H5Oget_info's num_attrs of "a" (units, DIMENSION_LIST,
 *   _Netcdf4Coordinates: 3) is printed with one fprintf per attribute
 *   ("attr 0\n": 7 bytes each, 21).
 */
#include <hdf5.h>
#include <stdio.h>
#include <string.h>

// SETUP: ncgen -k nc4 -o walk.h5 walk.cdl
// CFLAGS: -I/usr/include/hdf5/serial
// EXPECT: on_attr executions=3 p2=6
// EXPECT: on_link executions=4
// EXPECT: on_link/loop#1 executions=15 p2=15
// EXPECT-KNOWN: on_link/loop#1 p2
// EXPECT: on_link/loop#2 executions=23 p2=23 p3=23
// EXPECT-KNOWN: on_link/loop#2 p2
// EXPECT: on_link/io#2 p2=4 p3=92
// EXPECT-KNOWN: on_link/io#2 p3
// EXPECT: on_link/branch#2/loop#1 executions=3 p2=3 p3=21
static FILE *out;
static int buf[1024];

static herr_t on_attr(hid_t o, const char *name, const H5A_info_t *ai, void *d)
{
	(void)o, (void)ai, (void)d;
	fputs(name, out);
	fputc('\n', out);
	return 0;
}

static herr_t on_link(hid_t g, const char *name, const H5L_info_t *li, void *d)
{
	H5O_info_t oi;
	hsize_t dims[8];
	(void)li, (void)d;
	if (H5Oget_info_by_name(g, name, &oi, H5P_DEFAULT) < 0 || oi.type != H5O_TYPE_DATASET)
		return 0;
	hid_t ds = H5Dopen2(g, name, H5P_DEFAULT);
	hid_t sp = H5Dget_space(ds);
	int nd = H5Sget_simple_extent_ndims(sp);
	H5Sget_simple_extent_dims(sp, dims, NULL);
	for (hsize_t r = 0; r < dims[nd - 1]; r++)
		fputc('|', out);
	hssize_t total = H5Sget_simple_extent_npoints(sp);
	for (hssize_t k = 0; k < total; k++)
		fputc('.', out);
	H5Dread(ds, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
	if (!strcmp(name, "a")) {
		for (hsize_t k = 0; k < oi.num_attrs; k++)
			fprintf(out, "attr %d\n", (int)k);
	}
	H5Sclose(sp);
	H5Dclose(ds);
	return 0;
}

int main(void)
{
	out = fopen("out.txt", "w");
	if (!out)
		return 1;
	hid_t f = H5Fopen("walk.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
	if (f < 0)
		return 1;
	hid_t root = H5Gopen2(f, "/", H5P_DEFAULT);
	hsize_t idx = 0;
	H5Aiterate2(root, H5_INDEX_NAME, H5_ITER_INC, &idx, on_attr, NULL);
	idx = 0;
	H5Literate(root, H5_INDEX_NAME, H5_ITER_INC, &idx, on_link, NULL);
	H5Gclose(root);
	H5Fclose(f);
	fclose(out);
	return 0;
}
