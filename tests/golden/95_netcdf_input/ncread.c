/*
 * ncread.c - a program that reads an existing NetCDF file by walking its
 * header: nc_inq gives the number of variables, nc_inq_var each one's
 * dimensions, nc_inq_dimlen their lengths.  The input is made from in.cdl
 * by ncgen before the analysis (SETUP), so the walk reads the real header:
 *
 *   dimensions time = 3 (unlimited, 3 records), y = 5, x = 4;
 *   variables  temp(time, y, x) double, pres(y, x) float, step(time) int;
 *   attributes title = "small" (global), temp:units = "K".
 *
 * - loop over nvars = 3 variables: nc_get_var_double reads each whole
 *   variable as doubles: 60, 20, 3 points x 8 = 480 + 160 + 24 = 664 bytes
 *   in 3 calls; the points counted from nc_inq_dimlen size an fwrite of
 *   the same 664 bytes in 3 calls;
 * - the inner loop over each variable's dimensions runs 3 + 2 + 1 = 6
 *   times (nd from nc_inq_var);
 * - nc_inq_varid("temp") then nc_get_var_float: 60 x 4 = 240 bytes;
 *   untyped nc_get_var of "pres" (float, its own type): 20 x 4 = 80 bytes;
 * - the global title's length (nc_inq_attlen: 5) sizes an fwrite of 5
 *   bytes; temp:units has length 1 (nc_inq_att on the varid handle): one
 *   fputc per character, 1 call;
 * - ndims = 3 decides a branch: the fputs under `ndims != 3` never runs;
 * - the file has no variable "nope": that nc_inq_varid fails (NC_ENOTVAR)
 *   and the fputs under its success never runs.
 *
 * main: nc_open, fopen, 3 x (nc_get_var_double, fwrite), 3 nc_inq_varid,
 * nc_get_var_float, nc_get_var, nc_get_att_text, fwrite, fputc, nc_close,
 * fclose = 18 calls (the other nc_inq* calls are not I/O); 664 + 664 + 240 + 80
 * + 5 + 1 = 1654 bytes.
 */
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>

// SETUP: ncgen -o in.nc in.cdl
// CFLAGS: -I/usr/include
// EXPECT: main/loop#1 p1=3 executions=3
// EXPECT: main/loop#1/loop#1 executions=6
// EXPECT: main/loop#1/io#1 p2=3 p3=664
// EXPECT-KNOWN: main/loop#1/io#1 p3
// EXPECT: main/loop#1/io#2 p2=3 p3=664
// EXPECT-KNOWN: main/loop#1/io#2 p3
// EXPECT: main/io#3 p2=1 p3=240
// EXPECT-KNOWN: main/io#3 p3
// EXPECT: main/io#5 p2=1 p3=80
// EXPECT-KNOWN: main/io#5 p3
// EXPECT: main/io#7 p2=1 p3=5
// EXPECT-KNOWN: main/io#7 p3
// EXPECT: main/loop#2 p1=1 executions=1
// EXPECT: main/branch#3/io#1 p2=0
// EXPECT: main p2=18 p3=1654
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	int ncid, ndims, nvars, natts, unlim;
	if (nc_open("in.nc", NC_NOWRITE, &ncid) != NC_NOERR)
		return 1;
	FILE *out = fopen("out.bin", "wb");
	if (!out)
		return 1;
	nc_inq(ncid, &ndims, &nvars, &natts, &unlim);
	double *buf = malloc(1024 * sizeof(double));
	float *fbuf = malloc(1024 * sizeof(float));
	for (int v = 0; v < nvars; v++) {
		char name[NC_MAX_NAME + 1];
		nc_type type;
		int nd, dimids[8], na;
		nc_inq_var(ncid, v, name, &type, &nd, dimids, &na);
		size_t points = 1;
		for (int d = 0; d < nd; d++) {
			size_t len;
			nc_inq_dimlen(ncid, dimids[d], &len);
			points *= len;
		}
		nc_get_var_double(ncid, v, buf);
		fwrite(buf, sizeof(double), points, out);
	}
	int tid, pid;
	nc_inq_varid(ncid, "temp", &tid);
	nc_get_var_float(ncid, tid, fbuf);
	nc_inq_varid(ncid, "pres", &pid);
	nc_get_var(ncid, pid, fbuf);
	size_t tlen;
	char title[64];
	nc_inq_attlen(ncid, NC_GLOBAL, "title", &tlen);
	nc_get_att_text(ncid, NC_GLOBAL, "title", title);
	fwrite(title, 1, tlen, out);
	nc_type ut;
	size_t ulen;
	nc_inq_att(ncid, tid, "units", &ut, &ulen);
	for (size_t i = 0; i < ulen; i++)
		fputc('K', out);
	if (ndims != 3)
		fputs("unexpected\n", out);
	int nope;
	if (nc_inq_varid(ncid, "nope", &nope) == NC_NOERR)
		fputs("found\n", out);
	nc_close(ncid);
	fclose(out);
	free(buf);
	free(fbuf);
	return 0;
}
