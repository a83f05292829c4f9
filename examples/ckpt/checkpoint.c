/*
 * checkpoint.c - checkpoint and result output.
 *
 * A checkpoint is one file per call, named from the checkpoint index with
 * snprintf (ckpt_0000.dat, ckpt_0001.dat, ...), holding a small header and
 * the grid written one row at a time with POSIX write(), then fsync'ed.
 * Row-sized writes (nx * 8 bytes) are small accesses; writing the grid in
 * one call would be the obvious optimization.  The final result is written
 * with a single stdio fwrite.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "ckpt.h"

struct ckpt_header {
	int nx, ny, step;
};

int write_checkpoint(const double *u, int nx, int ny, int step, int index)
{
	struct ckpt_header hdr;
	char path[64];
	int fd, j, rc = 0;

	snprintf(path, sizeof path, "ckpt_%04d.dat", index);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror(path);
		return -1;
	}
	hdr.nx = nx;
	hdr.ny = ny;
	hdr.step = step;
	if (write(fd, &hdr, sizeof hdr) != (ssize_t)sizeof hdr)
		rc = -1;
	for (j = 0; j < ny; j++)
		write(fd, u + (size_t)j * nx, (size_t)nx * sizeof(double));
	fsync(fd);
	close(fd);
	return rc;
}

int write_result(const double *u, int nx, int ny, const char *path)
{
	FILE *fp = fopen(path, "wb");
	size_t n;

	if (fp == NULL) {
		perror(path);
		return -1;
	}
	n = fwrite(u, sizeof(double), (size_t)nx * ny, fp);
	fclose(fp);
	return n == (size_t)nx * ny ? 0 : -1;
}
