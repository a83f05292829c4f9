/*
 * hdf5_writer.c - computes a 2-D field and writes it to HDF5, step by step.
 *
 *   hdf5_writer run DIR NX NY STEPS WORK LAYOUT FLUSH READBACK
 *     NX, NY    field size (doubles)
 *     STEPS     output steps
 *     WORK      smoothing sweeps per step (compute knob)
 *     LAYOUT    sep    = one new contiguous dataset /step_NNNN per step
 *               append = one chunked dataset /field[STEPS][NX][NY], the step
 *                        written as a hyperslab (chunk = one NX x NY plane)
 *     FLUSH     0 = none, 1 = H5Fflush(H5F_SCOPE_GLOBAL) after every step (hands
 *               the data to the OS), 2 = H5Fflush + fsync of the file's
 *               descriptor (durable, like a synchronous checkpoint)
 *     READBACK  0 | 1: reopen the file and H5Dread every step, then reduce
 * No setup is needed. Output: DIR/field.h5 (kept) and DIR/h5stats.txt.
 *
 * Phases: compute_field (compute), write_separate / write_append (H5Dwrite),
 * flush_file (H5Fflush [+ fsync]),
 * read_back (H5Dread + reduction), write_stats (fprintf).
 * Configs vary compute sweeps against field size, per-step flushes, the
 * dataset layout and the read-back pass.
 */
#define _POSIX_C_SOURCE 200809L
#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((noinline)) void compute_field(double *u, double *t, int nx, int ny, int step, int work)
{
	for (int j = 0; j < ny; j++) /* separable initial field: one cos per column */
		t[j] = cos(0.02 * j);
	for (int i = 0; i < nx; i++) {
		double si = sin(0.01 * i + 0.1 * step);
		for (int j = 0; j < ny; j++)
			u[(long)i * ny + j] = si * t[j];
	}
	for (int w = 0; w < work; w++) {
		for (int i = 1; i < nx - 1; i++)
			for (int j = 1; j < ny - 1; j++) {
				long k = (long)i * ny + j;
				t[k] = 0.2 * (u[k] + u[k - 1] + u[k + 1] + u[k - ny] + u[k + ny]);
			}
		for (int i = 1; i < nx - 1; i++)
			for (int j = 1; j < ny - 1; j++)
				u[(long)i * ny + j] = t[(long)i * ny + j];
	}
}

__attribute__((noinline)) void flush_file(hid_t file, int flush)
{
	void *handle = NULL;
	H5Fflush(file, H5F_SCOPE_GLOBAL);
	if (flush > 1 && H5Fget_vfd_handle(file, H5P_DEFAULT, &handle) >= 0 && handle)
		fsync(*(int *)handle); /* sec2 driver: the handle is the descriptor */
}

__attribute__((noinline)) void write_separate(hid_t file, const double *u, int nx, int ny, int step, int flush)
{
	char name[32];
	hsize_t dims[2] = { (hsize_t)nx, (hsize_t)ny };
	snprintf(name, sizeof name, "/step_%04d", step);
	hid_t space = H5Screate_simple(2, dims, NULL);
	hid_t dset = H5Dcreate2(file, name, H5T_NATIVE_DOUBLE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
	H5Dwrite(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, u);
	H5Dclose(dset);
	H5Sclose(space);
	if (flush)
		flush_file(file, flush);
}

__attribute__((noinline)) void write_append(hid_t file, hid_t dset, const double *u, int nx, int ny, int step,
					    int flush)
{
	hsize_t start[3] = { (hsize_t)step, 0, 0 }, count[3] = { 1, (hsize_t)nx, (hsize_t)ny };
	hid_t fspace = H5Dget_space(dset);
	hid_t mspace = H5Screate_simple(3, count, NULL);
	H5Sselect_hyperslab(fspace, H5S_SELECT_SET, start, NULL, count, NULL);
	H5Dwrite(dset, H5T_NATIVE_DOUBLE, mspace, fspace, H5P_DEFAULT, u);
	H5Sclose(mspace);
	H5Sclose(fspace);
	if (flush)
		flush_file(file, flush);
}

__attribute__((noinline)) double read_back(const char *path, double *u, int nx, int ny, int steps, int append)
{
	double sum = 0;
	char name[32];
	hid_t file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
	hid_t all = append ? H5Dopen2(file, "/field", H5P_DEFAULT) : -1;
	for (int s = 0; s < steps; s++) {
		if (append) {
			hsize_t start[3] = { (hsize_t)s, 0, 0 }, count[3] = { 1, (hsize_t)nx, (hsize_t)ny };
			hid_t fspace = H5Dget_space(all), mspace = H5Screate_simple(3, count, NULL);
			H5Sselect_hyperslab(fspace, H5S_SELECT_SET, start, NULL, count, NULL);
			H5Dread(all, H5T_NATIVE_DOUBLE, mspace, fspace, H5P_DEFAULT, u);
			H5Sclose(mspace);
			H5Sclose(fspace);
		} else {
			snprintf(name, sizeof name, "/step_%04d", s);
			hid_t dset = H5Dopen2(file, name, H5P_DEFAULT);
			H5Dread(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, u);
			H5Dclose(dset);
		}
		for (long k = 0; k < (long)nx * ny; k++)
			sum += fabs(u[k]);
	}
	if (append)
		H5Dclose(all);
	H5Fclose(file);
	return sum;
}

__attribute__((noinline)) void write_stats(const char *dir, int nx, int ny, int steps, double sum)
{
	char path[512];
	snprintf(path, sizeof path, "%s/h5stats.txt", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		return;
	fprintf(f, "nx %d ny %d steps %d bytes %ld sum %.9e\n", nx, ny, steps, (long)nx * ny * steps * 8, sum);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc < 10) {
		fprintf(stderr, "usage: hdf5_writer run DIR NX NY STEPS WORK sep|append FLUSH READBACK\n");
		return 2;
	}
	int nx = atoi(argv[3]), ny = atoi(argv[4]), steps = atoi(argv[5]), work = atoi(argv[6]);
	int append = argv[7][0] == 'a', flush = atoi(argv[8]), readback = atoi(argv[9]);
	double *u = malloc((size_t)nx * ny * sizeof(double)), *t = malloc((size_t)nx * ny * sizeof(double));
	double sum = 0;
	if (!u || !t)
		return 1;
	snprintf(path, sizeof path, "%s/field.h5", argv[2]);
	hid_t file = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
	hid_t dset = -1;
	if (file < 0)
		return 1;
	if (append) {
		hsize_t dims[3] = { (hsize_t)steps, (hsize_t)nx, (hsize_t)ny }, chunk[3] = { 1, (hsize_t)nx, (hsize_t)ny };
		hid_t space = H5Screate_simple(3, dims, NULL), dcpl = H5Pcreate(H5P_DATASET_CREATE);
		H5Pset_chunk(dcpl, 3, chunk);
		dset = H5Dcreate2(file, "/field", H5T_NATIVE_DOUBLE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
		H5Pclose(dcpl);
		H5Sclose(space);
	}
	for (int s = 0; s < steps; s++) {
		compute_field(u, t, nx, ny, s, work);
		if (append)
			write_append(file, dset, u, nx, ny, s, flush);
		else
			write_separate(file, u, nx, ny, s, flush);
	}
	if (append)
		H5Dclose(dset);
	H5Fclose(file);
	if (readback)
		sum = read_back(path, u, nx, ny, steps, append);
	write_stats(argv[2], nx, ny, steps, sum);
	printf("checksum sum=%.9e u=%.9e\n", sum, u[(long)(nx / 2) * ny + ny / 2]);
	free(u);
	free(t);
	return 0;
}
