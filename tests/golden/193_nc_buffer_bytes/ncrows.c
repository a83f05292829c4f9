/*
 * A NetCDF array write whose count the walk does not know moves at most
 * its buffer: `nc_put_vara(ncid, v, cor, edg, row)` with edg[1] from the
 * environment (unknown) and row a malloc'ed row of 64 floats (256 B).
 * Each of the 10 writes is sized 256 B, flagged, not the --assume-bytes
 * 4096 B.
 *
 * main: nc_create, nc_def_var, nc_enddef, 10 nc_put_vara, nc_close =
 * 14 calls (nc_def_dim is not an I/O call); P3 = 10 x 256 = 2560 B
 * (before: 40960 B).
 */
#include <netcdf.h>
#include <stdlib.h>

int main(void)
{
	int ncid, v, d[2];
	size_t *cor = malloc(2 * sizeof(size_t)), *edg = malloc(2 * sizeof(size_t));
	float *row = calloc(64, sizeof(float));
	const char *nx = getenv("NCOLS");
	if (!cor || !edg || !row || !nx)
		return 1;
	if (nc_create("rows.nc", NC_CLOBBER, &ncid))
		return 1;
	nc_def_dim(ncid, "y", 10, &d[0]);
	nc_def_dim(ncid, "x", 64, &d[1]);
	nc_def_var(ncid, "v", NC_FLOAT, 2, d, &v);
	nc_enddef(ncid);
	cor[1] = 0;
	edg[0] = 1;
	edg[1] = (size_t)atol(nx);
	for (int r = 0; r < 10; r++) {
		cor[0] = (size_t)r;
		nc_put_vara(ncid, v, cor, edg, row);
	}
	nc_close(ncid);
	free(row);
	free(edg);
	free(cor);
	return 0;
}

// EXPECT: main p2=14 p3=2560
// EXPECT-UNKNOWN: main p3
