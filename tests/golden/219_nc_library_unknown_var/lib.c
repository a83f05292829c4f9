/*
 * lib.c - a stand-in for libnetcdf's sources compiled into the project:
 * an inquiry looks its variable up in a table filled from header bytes
 * the walk does not know, and logs a high rank.
 */
#include <fcntl.h>
#include <netcdf.h>
#include <stdio.h>
#include <unistd.h>

struct ncfile {
	int fd;
	int nvars;
	int ndims[8];
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

int nc_inq_varndims(int ncid, int varid, int *ndimsp)
{
	if (varid < 0 || varid >= files[ncid].nvars)
		return NC_ENOTVAR;
	*ndimsp = files[ncid].ndims[varid];
	if (files[ncid].ndims[varid] > 2) /* a trace of high ranks */
		fprintf(stderr, "rank %d\n", files[ncid].ndims[varid]);
	return NC_NOERR;
}

int nc_close(int ncid)
{
	return close(files[ncid].fd) ? NC_EBADID : NC_NOERR;
}
