/*
 * h5lib.c - a program built together with its HDF5 library's sources
 * (lib.c), walking an existing file made from walk.cdl by ncgen -k nc4
 * (SETUP): root links a (3 x 4), b (4), x (3), y (4), all datasets.
 *
 * While the input is open the public API calls are answered from the file
 * (libhdf5 at analysis time) and their bodies in lib.c are not walked:
 *
 * - H5Fopen, H5Gopen2, H5Dopen2, H5Dread and the closes are the catalog's
 *   calls (as with an external libhdf5: one call each, opens and closes
 *   included), not lib.c's open + pread;
 * - H5Literate calls on_link once per link with its real name (4 times),
 *   not the number of links lib.c reads from the file;
 * - H5Oget_info_by_name gives the type (dataset): each is opened and
 *   H5Dget_space + H5Sget_simple_extent_npoints bound the loop writing one
 *   '.' per element: 12 + 4 + 3 + 4 = 23 fputc;
 * - H5Pcreate's body (its write) is not walked: 0 calls;
 * - H5Dread of each as native ints: 4 reads of 48 + 16 + 12 + 16 = 92 bytes;
 *
 * on_link: 4 H5Dopen2 + 23 fputc + 4 H5Dread + 4 H5Dclose = 35 calls, 115
 * bytes; main: fopen + H5Fopen + H5Gopen2 + on_link's + H5Gclose + H5Fclose
 * + fclose = 41 calls.
 */
#include <hdf5.h>
#include <stdio.h>

// SETUP: ncgen -k nc4 -o walk.h5 walk.cdl
// CFLAGS: -I/usr/include/hdf5/serial
// EXPECT: on_link executions=4
// EXPECT: on_link/loop#1 executions=23 p2=23 p3=23
// EXPECT-KNOWN: on_link/loop#1 p2
// EXPECT: on_link/call#2 executions=4 p2=4 p3=0
// EXPECT: on_link/call#5 executions=4 p2=4 p3=92
// EXPECT-KNOWN: on_link/call#5 p3
// EXPECT: on_link/call#1 executions=4 p2=0
// EXPECT: on_link p2=35 p3=115
// EXPECT: main p2=41 p3=115
// EXPECT-KNOWN: main p2 p3
static FILE *out;
static int buf[1024];

static herr_t on_link(hid_t g, const char *name, const H5L_info_t *li, void *d)
{
	H5O_info_t oi;
	(void)li, (void)d;
	if (H5Oget_info_by_name(g, name, &oi, H5P_DEFAULT) < 0 || oi.type != H5O_TYPE_DATASET)
		return 0;
	hid_t dapl = H5Pcreate(H5P_DATASET_ACCESS);
	hid_t ds = H5Dopen2(g, name, dapl);
	hid_t sp = H5Dget_space(ds);
	hssize_t total = H5Sget_simple_extent_npoints(sp);
	for (hssize_t k = 0; k < total; k++)
		fputc('.', out);
	H5Dread(ds, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
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
	H5Literate(root, H5_INDEX_NAME, H5_ITER_INC, &idx, on_link, NULL);
	H5Gclose(root);
	H5Fclose(f);
	fclose(out);
	return 0;
}
