/*
 * visit.c - a recursive walk of an existing HDF5 file by name (a NetCDF-4
 * file with a group, made from tree.cdl by ncgen -k nc4, SETUP), from a
 * file id the walk does not know (picked from a table by an unknown
 * index):
 *
 *   /a (3 ints), /sub (a group), /sub/v (3 doubles), /x (3, the dimension
 *   scale NetCDF-4 writes).
 *
 * - the location is unknown but the names are absolute, and one HDF5 input
 *   is open: H5Oget_info_by_name(loc, "/sub") finds a group (the fputs
 *   under it runs once), H5Lvisit_by_name(loc, "/") visits the file;
 * - H5Lvisit_by_name calls on_link once per link below "/" (4: a, sub,
 *   sub/v, x), each with the visited group as its location, so the
 *   callback's H5Oget_info_by_name and H5Dopen2 by the relative name
 *   answer from the file: 3 datasets, each read as 3 doubles (24 bytes, 72
 *   in all) and its name written by fputs ("a", "sub/v", "x": 7 bytes).
 */
#include <hdf5.h>
#include <stdio.h>
#include <unistd.h>

// SETUP: ncgen -k nc4 -o tree.h5 tree.cdl
// CFLAGS: -I/usr/include/hdf5/serial
// EXPECT: on_link executions=4
// EXPECT: on_link/branch#2 executions=4
// EXPECT: on_link/branch#2/io#2 p2=3 p3=72
// EXPECT-KNOWN: on_link/branch#2/io#2 p3
// EXPECT: on_link/branch#2/io#3 p2=3 p3=7
// EXPECT-KNOWN: on_link/branch#2/io#3 p3
// EXPECT: main/branch#3/io#1 p2=1 p3=6
static FILE *out;
static double buf[64];

static herr_t on_link(hid_t g, const char *name, const H5L_info_t *li, void *d)
{
	H5O_info_t oi;
	(void)li, (void)d;
	if (H5Oget_info_by_name(g, name, &oi, H5P_DEFAULT) < 0)
		return -1;
	if (oi.type == H5O_TYPE_DATASET) {
		hid_t ds = H5Dopen2(g, name, H5P_DEFAULT);
		H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
		fputs(name, out);
		H5Dclose(ds);
	}
	return 0;
}

int main(void)
{
	hid_t ids[4];
	H5O_info_t oi;
	out = fopen("out.txt", "w");
	if (!out)
		return 1;
	ids[getpid() % 4] = H5Fopen("tree.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
	hid_t loc = ids[getpid() % 4];
	if (H5Oget_info_by_name(loc, "/sub", &oi, H5P_DEFAULT) < 0)
		return 1;
	if (oi.type == H5O_TYPE_GROUP)
		fputs("group\n", out);
	H5Lvisit_by_name(loc, "/", H5_INDEX_NAME, H5_ITER_INC, on_link, NULL, H5P_DEFAULT);
	H5Fclose(loc);
	fclose(out);
	return 0;
}
