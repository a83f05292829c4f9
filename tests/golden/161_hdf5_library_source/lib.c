/*
 * lib.c - a stand-in for libhdf5's own sources compiled into the project
 * (as h5dump and h5ls are built with the library): the public API functions
 * are project functions whose answers come from tables filled from bytes
 * read from the file - values the walk does not know.  Their contract is
 * the library's, so while an input read at analysis time is open they are
 * answered from the file and their bodies are not walked (see h5lib.c).
 */
#include <fcntl.h>
#include <hdf5.h>
#include <unistd.h>

struct obj {
	int fd;
	int nlinks;
	char names[16][8];
	hssize_t points[16];
};
static struct obj objs[8];
static unsigned char super[512];

hid_t H5Fopen(const char *name, unsigned flags, hid_t fapl)
{
	(void)flags, (void)fapl;
	int fd = open(name, O_RDONLY);
	pread(fd, super, sizeof super, 0);
	objs[0].fd = fd;
	objs[0].nlinks = super[40];
	return super[41];
}

hid_t H5Gopen2(hid_t loc, const char *name, hid_t gapl)
{
	(void)name, (void)gapl;
	return loc + super[42];
}

herr_t H5Literate(hid_t grp, H5_index_t idx_type, H5_iter_order_t order, hsize_t *idx,
		  H5L_iterate_t op, void *op_data)
{
	H5L_info_t li;
	(void)idx_type, (void)order, (void)idx;
	for (int i = 0; i < objs[grp].nlinks; i++) {
		pread(objs[0].fd, super, 64, 512 * i);
		li.type = H5L_TYPE_HARD;
		if (op(grp, objs[grp].names[i], &li, op_data))
			break;
	}
	return 0;
}

herr_t H5Oget_info_by_name(hid_t loc, const char *name, H5O_info_t *oi, hid_t lapl)
{
	(void)name, (void)lapl;
	oi->type = (H5O_type_t)super[loc];
	oi->num_attrs = super[loc + 1];
	return 0;
}

hid_t H5Dopen2(hid_t loc, const char *name, hid_t dapl)
{
	(void)name, (void)dapl;
	return loc + super[43];
}

hid_t H5Dget_space(hid_t dset)
{
	return dset + 100;
}

hssize_t H5Sget_simple_extent_npoints(hid_t space)
{
	return objs[space % 8].points[0];
}

herr_t H5Dread(hid_t dset, hid_t mtype, hid_t mspace, hid_t fspace, hid_t dxpl, void *buf)
{
	(void)mtype, (void)mspace, (void)fspace, (void)dxpl;
	pread(objs[0].fd, buf, (size_t)objs[dset % 8].points[0] * 4, super[44]);
	return 0;
}

hid_t H5Pcreate(hid_t cls)
{
	write(2, "H5Pcreate\n", 10); /* a debugging trace the library would not print */
	return cls + 1;
}

herr_t H5Sclose(hid_t space)
{
	return space < 0 ? -1 : 0;
}

herr_t H5Dclose(hid_t dset)
{
	return dset < 0 ? -1 : 0;
}

herr_t H5Gclose(hid_t grp)
{
	return grp < 0 ? -1 : 0;
}

herr_t H5Fclose(hid_t file)
{
	return close(objs[file % 8].fd) ? -1 : 0;
}
