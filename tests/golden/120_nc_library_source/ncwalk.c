/*
 * ncwalk.c - a program built together with its NetCDF library's sources
 * (lib.c), reading an existing file made from in.cdl by ncgen (SETUP):
 *
 *   dimensions time = 3 (unlimited, 3 records), y = 5, x = 4;
 *   variables  temp(time, y, x) double, pres(y, x) float, step(time) int;
 *   attributes title = "small" (global), temp:units = "K".
 *
 * nc_open, nc_inq_* and nc_get_att_text are project functions here.  The
 * walk goes through nc_open's and nc_close's bodies for their I/O (open,
 * read of 64 bytes, close), and then the API's contract applies: the
 * caller's ncid denotes the input, and the inquiry calls on it answer from
 * the file without walking their bodies:
 *
 * - nc_inq_nvars: 3, the loop over variables runs 3 times;
 * - nc_inq_varndims + nc_inq_vardimid + nc_inq_dimlen: 3 + 2 + 1 = 6 inner
 *   iterations, points 60, 20, 3: fwrite of 8 x points = 480 + 160 + 24 =
 *   664 bytes in 3 calls;
 * - nc_inq_attlen of the global "title": 5; nc_get_att_text fills title[];
 *   one fputc per character: 5 calls, 5 bytes;
 * - the file has no global "history": nc_inq_attlen returns NC_ENOTATT as
 *   the library will, so the fputs under its success never runs.
 *
 * main: open + read (in nc_open) + fopen + 3 fwrite + 5 fputc + close (in
 * nc_close) + fclose = 13 calls; 64 + 664 + 5 = 733 bytes.
 */
#include <netcdf.h>
#include <stdio.h>

// SETUP: ncgen -o in.nc in.cdl
// CFLAGS: -I/usr/include
// EXPECT: main/loop#1 p1=3 executions=3
// EXPECT: main/loop#1/loop#1 executions=6
// EXPECT: main/loop#1/io#1 p2=3 p3=664
// EXPECT-KNOWN: main/loop#1/io#1 p2 p3
// EXPECT: main/loop#2/io#1 p2=5 p3=5
// EXPECT: main/branch#3/io#1 p2=0
// EXPECT: main p2=13 p3=733
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	int ncid, nvars;
	static double buf[1024];
	if (nc_open("in.nc", NC_NOWRITE, &ncid) != NC_NOERR)
		return 1;
	FILE *out = fopen("out.bin", "wb");
	if (!out)
		return 1;
	nc_inq_nvars(ncid, &nvars);
	for (int v = 0; v < nvars; v++) {
		int nd, dimids[8];
		nc_inq_varndims(ncid, v, &nd);
		nc_inq_vardimid(ncid, v, dimids);
		size_t points = 1;
		for (int d = 0; d < nd; d++) {
			size_t len;
			nc_inq_dimlen(ncid, dimids[d], &len);
			points *= len;
		}
		fwrite(buf, 8, points, out);
	}
	size_t tl, hl;
	char title[64];
	nc_inq_attlen(ncid, NC_GLOBAL, "title", &tl);
	nc_get_att_text(ncid, NC_GLOBAL, "title", title);
	for (size_t i = 0; i < tl; i++)
		fputc(title[i], out);
	if (nc_inq_attlen(ncid, NC_GLOBAL, "history", &hl) == NC_NOERR)
		fputs("history\n", out);
	nc_close(ncid);
	fclose(out);
	return 0;
}
