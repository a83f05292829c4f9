/*
 * lib.c - a stand-in for libnetcdf's sources compiled into the project:
 * nc_get_var_double finds the variable's place and size in a table filled
 * from header bytes the walk does not know, then seeks and reads.
 */
#include <fcntl.h>
#include <netcdf.h>
#include <unistd.h>

struct ncfile {
	int fd;
	int nvars;
	off_t off[8];
	size_t size[8];
};
static struct ncfile files[4];

int nc_open(const char *path, int mode, int *ncidp)
{
	unsigned char hdr[64];
	int fd = open(path, O_RDONLY);
	(void)mode;
	read(fd, hdr, 64);
	files[0].fd = fd;
	files[0].nvars = hdr[7];
	*ncidp = hdr[3];
	return NC_NOERR;
}

int nc_inq_nvars(int ncid, int *nvarsp)
{
	*nvarsp = files[ncid].nvars;
	return NC_NOERR;
}

int nc_inq_varndims(int ncid, int varid, int *ndimsp)
{
	*ndimsp = files[ncid].nvars > varid ? 3 : 0;
	return NC_NOERR;
}

int nc_get_var_double(int ncid, int varid, double *ip)
{
	struct ncfile *f = &files[ncid];
	if (lseek(f->fd, f->off[varid], SEEK_SET) < 0)
		return NC_EIO;
	if (read(f->fd, ip, f->size[varid]) < 0)
		return NC_EIO;
	return NC_NOERR;
}

int nc_close(int ncid)
{
	return close(files[ncid].fd) ? NC_EBADID : NC_NOERR;
}
