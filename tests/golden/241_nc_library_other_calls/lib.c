/*
 * lib.c - a stand-in for libnetcdf's sources compiled into the project:
 * the open file's state lives in a heap table the walk cannot index, and
 * the cache release and the close walk a list of an unknown length,
 * logging each entry.
 */
#include <fcntl.h>
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct ncfile {
	int fd;
	int nentries;
};
static struct ncfile **files;

int nc_open(const char *path, int mode, int *ncidp)
{
	unsigned char hdr[64];
	int fd = open(path, O_RDONLY);
	(void)mode;
	read(fd, hdr, 64);
	if (!files)
		files = calloc(65536, sizeof *files);
	int id = rand() % 65536;
	files[id] = calloc(1, sizeof **files);
	files[id]->fd = fd;
	files[id]->nentries = rand();
	*ncidp = id;
	return NC_NOERR;
}

int nc_free_cache(int ncid)
{
	for (int i = 0; i < files[ncid]->nentries; i++)
		fprintf(stderr, "free %d\n", i);
	return NC_NOERR;
}

int nc_close(int ncid)
{
	for (int i = 0; i < files[ncid]->nentries; i++)
		fprintf(stderr, "drop %d\n", i);
	return close(files[ncid]->fd) ? NC_EBADID : NC_NOERR;
}
