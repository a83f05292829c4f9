/*
 * h5field.c - writes a 2-D temperature field and a 1-D cell-count array into
 * an HDF5 file, then flushes it.
 *
 * Both H5Dwrite calls pass H5S_ALL, so the bytes come from each dataset's
 * dataspace (H5Screate_simple's dims) times the memory type's size.
 * H5Screate_simple/H5Sclose are not I/O; the H5open()/H5check_version()
 * calls hidden in H5T_NATIVE_* and H5F_ACC_TRUNC are not I/O either.
 */
// CFLAGS: -I/usr/include/hdf5/serial
#include <hdf5.h>

#define NX 128
#define NY 96

static double temp[NX][NY];
static int cells[NX];

int main(void)
{
	hsize_t dims2[2] = { NX, NY };
	hsize_t dims1[1] = { NX };
	hid_t file, space2, space1, dtemp, dcells;
	int i, j;

	for (i = 0; i < NX; i++) {
		cells[i] = NY;
		for (j = 0; j < NY; j++)
			temp[i][j] = 300.0 + i + 0.01 * j;
	}
	file = H5Fcreate("h5field.h5", H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	space2 = H5Screate_simple(2, dims2, NULL);
	dtemp = H5Dcreate2(file, "/temperature", H5T_NATIVE_DOUBLE, space2,
			   H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	H5Dwrite(dtemp, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, temp);
	space1 = H5Screate_simple(1, dims1, NULL);
	dcells = H5Dcreate2(file, "/cells", H5T_NATIVE_INT, space1,
			    H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	H5Dwrite(dcells, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, cells);
	H5Fflush(file, H5F_SCOPE_GLOBAL);
	H5Dclose(dcells);
	H5Dclose(dtemp);
	H5Sclose(space1);
	H5Sclose(space2);
	H5Fclose(file);
	return 0;
}

/*
 * I/O calls in order: io#1 H5Fcreate, io#2 H5Dcreate2, io#3 H5Dwrite
 * (128 x 96 x 8 = 98304 bytes: not small), io#4 H5Dcreate2, io#5 H5Dwrite
 * (128 x 4 = 512 bytes: small), io#6 H5Fflush, io#7/io#8 H5Dclose,
 * io#9 H5Fclose.  P2 = 9, P3 = 98816, P6 = 2 data calls, P7 = 1, P13 = 1.
 * The initialisation loops do no I/O.
 */
// EXPECT: main/io#3 p2=1 p3=98304 p6=1 p13=0
// EXPECT: main/io#5 p2=1 p3=512 p6=1 p13=1
// EXPECT: main/io#6 p2=1 p3=0 p7=1
// EXPECT-KNOWN: main/io#3 p3
// EXPECT: main p1=0 p2=9 p3=98816 p4=9 p5=0 p6=2 p7=1 p12=0 p13=1
// EXPECT: program p2=9 p3=98816 p6=2 p7=1 p9=1
// EXPECT-ROWS: kind='io' 9
