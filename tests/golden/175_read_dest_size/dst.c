/* A binary read whose byte count is unknown (a record size from the
 * command line, when given) into one variable of known size moves that size: fread(&r,
 * rs, 1, f) reads sizeof r = 64 bytes.  So the read-to-the-end loop over
 * in.dat (640 bytes) runs 640 / 64 = 10 iterations, its condition's fread
 * 11 times (the last finds the end), moving the file's 640 bytes.
 *
 * main: fopen, 11 x fread, fclose = 13 calls, 640 bytes; the byte count
 * rests on the destination's size: P3 flagged.
 */
// SETUP: head -c 640 /dev/zero > in.dat
#include <stdio.h>
#include <stdlib.h>

struct rec {
	double v[8];
};

int main(int argc, char **argv)
{
	size_t rs = argc > 1 ? (size_t)atol(argv[1]) : sizeof(struct rec);
	FILE *f = fopen("in.dat", "rb");
	if (!f)
		return 1;
	struct rec r;
	long n = 0;
	while (fread(&r, rs, 1, f) == 1)
		n++;
	fclose(f);
	return n > 0 ? 0 : 2;
}

// EXPECT: main p2=13 p3=640
// EXPECT-UNKNOWN: main p3
