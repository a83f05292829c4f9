/*
 * h5reopen.c - writes a 100 x 100 temperature field (doubles) in group /run
 * and a 10-element step array (ints) at the root, closes the file, then
 * reopens it and reads both back the way a post-processing step does:
 * knowing nothing but the names.
 *
 * With H5_USE_16_API (IOR's HDF5 backend builds so) H5Gcreate, H5Gopen,
 * H5Dcreate and H5Dopen are H5Gcreate1, H5Gopen1, H5Dcreate1 and
 * H5Dopen1; the step array uses the 1.8 names H5Dcreate2/H5Dopen2.
 *
 * The reads' sizes come from the datasets' dataspaces: /run/temperature is
 * read with H5S_ALL (the whole dataset, as created), /steps with the
 * dataspace and type H5Dget_space/H5Dget_type return.  H5S*, H5T* and
 * H5Dget_space/H5Dget_type are not I/O.
 */
#include <hdf5.h>

#define NX 100
#define NY 100
#define NSTEP 10

static double field[NX][NY];
static int steps[NSTEP];

int h5_roundtrip(void)
{
	hsize_t dims2[2] = { NX, NY };
	hsize_t dims1[1] = { NSTEP };
	hid_t file, grp, space2, space1, dtemp, dstep, fspace, ftype;
	H5G_info_t ginfo;
	void *vfd;
	int units;

	file = H5Fcreate("fields.h5", H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	grp = H5Gcreate(file, "/run", 0);
	space2 = H5Screate_simple(2, dims2, NULL);
	dtemp = H5Dcreate(grp, "temperature", H5T_NATIVE_DOUBLE, space2, H5P_DEFAULT);
	H5Dwrite(dtemp, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, field);
	space1 = H5Screate_simple(1, dims1, NULL);
	dstep = H5Dcreate2(file, "/steps", H5T_NATIVE_INT, space1, H5P_DEFAULT, H5P_DEFAULT,
			   H5P_DEFAULT);
	H5Dwrite(dstep, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, steps);
	H5Dclose(dstep);
	H5Dclose(dtemp);
	H5Sclose(space1);
	H5Sclose(space2);
	H5Gclose(grp);
	H5Fclose(file);

	/* post-processing: only the names are known */
	file = H5Fopen("fields.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
	H5Fget_vfd_handle(file, H5P_DEFAULT, &vfd);
	grp = H5Gopen(file, "/run");
	H5Gget_info(grp, &ginfo);
	dtemp = H5Dopen(grp, "temperature");
	units = H5Aexists(dtemp, "units");
	H5Dread(dtemp, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, field);
	dstep = H5Dopen2(file, "steps", H5P_DEFAULT);
	fspace = H5Dget_space(dstep);
	ftype = H5Dget_type(dstep);
	H5Dread(dstep, ftype, H5S_ALL, fspace, H5P_DEFAULT, steps);
	H5Tclose(ftype);
	H5Sclose(fspace);
	H5Dclose(dstep);
	H5Dclose(dtemp);
	H5Gclose(grp);
	H5Fclose(file);
	return units > 0;
}

/*
 * I/O calls in order (H5S*, H5T*, H5Dget_space and H5Dget_type are not):
 * io#1 H5Fcreate, io#2 H5Gcreate1, io#3 H5Dcreate1, io#4 H5Dwrite
 * (H5S_ALL: 100 x 100 points x 8 = 80000 bytes), io#5 H5Dcreate2,
 * io#6 H5Dwrite (10 x 4 = 40), io#7/io#8 H5Dclose, io#9 H5Gclose,
 * io#10 H5Fclose, io#11 H5Fopen, io#12 H5Fget_vfd_handle, io#13 H5Gopen1,
 * io#14 H5Gget_info, io#15 H5Dopen1 ("temperature" in /run is
 * /run/temperature, the dataset io#3 created), io#16 H5Aexists,
 * io#17 H5Dread (H5S_ALL: the dataset's dataspace, 100 x 100 x 8 = 80000),
 * io#18 H5Dopen2 ("steps" at the root is /steps), io#19 H5Dread (memory
 * H5S_ALL, file space = H5Dget_space = 10 points, type = H5Dget_type =
 * 4 bytes: 40), io#20/io#21 H5Dclose, io#22 H5Gclose, io#23 H5Fclose.
 * P2 = 23, P3 = 80000 + 40 + 80000 + 40 = 160080, P6 = 4 data calls,
 * P13 = 2 (the 40-byte ones; 80000 is not below 64 KiB).
 * fields.h5 does not exist when vidya runs: P8 = its bytes written,
 * 80000 + 40 = 80040 (reads add none); P9 = 1.
 */
// EXPECT: h5_roundtrip/io#4 p2=1 p3=80000 p6=1 p13=0
// EXPECT: h5_roundtrip/io#6 p2=1 p3=40 p13=1
// EXPECT: h5_roundtrip/io#15 p2=1 p3=0 p9=1
// EXPECT: h5_roundtrip/io#17 p2=1 p3=80000 p6=1 p13=0
// EXPECT-KNOWN: h5_roundtrip/io#17 p3 p13
// EXPECT: h5_roundtrip/io#19 p2=1 p3=40 p6=1 p13=1
// EXPECT-KNOWN: h5_roundtrip/io#19 p3 p13
// EXPECT: h5_roundtrip/io#12 p2=1 p3=0
// EXPECT: h5_roundtrip/io#14 p2=1 p3=0
// EXPECT: h5_roundtrip/io#16 p2=1 p3=0
// EXPECT: h5_roundtrip p2=23 p3=160080 p4=23 p5=0 p6=4 p7=0 p13=2 p8=80040 p9=1
// EXPECT-KNOWN: h5_roundtrip p3
// EXPECT-ROWS: block_id LIKE 'h5reopen.c:h5_roundtrip/io#%' 23
