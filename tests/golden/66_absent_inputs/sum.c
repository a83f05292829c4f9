/*
 * sum.c - a loop over numbered inputs in a directory, some of which do not
 * exist: `if (!f) { missing++; continue; }`.  The directory in/ (beside
 * this file) holds 0000.dat (300 bytes) and 0002.dat (150 bytes); 0001.dat
 * and 0003.dat are absent, so their fopen returns NULL in the run, and the
 * analysis, which sees the same files, says so.
 *
 * - 4 fopens; 0000: fread(buf, 1, 256, f) to the end: 2 with data and a
 *   last one: 3 freads, 300 bytes; 0002: 1 + 1 = 2 freads, 150 bytes;
 *   2 fcloses;
 * - 2 files read, 2 missing: fwrite of the 8-byte total once.
 * main: 4 + 5 + 2 fopen/fread/fclose, + fopen, fwrite, fclose of the
 * report = 14 calls, 450 + 8 = 458 bytes.
 */
#include <stdio.h>

// EXPECT: main p2=14 p3=458
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	char path[64], buf[256];
	long total = 0;
	int missing = 0;
	for (int i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "in/%04d.dat", i);
		FILE *f = fopen(path, "rb");
		if (!f) {
			missing++;
			continue;
		}
		size_t r;
		while ((r = fread(buf, 1, sizeof buf, f)) > 0)
			total += (long)r;
		fclose(f);
	}
	FILE *o = fopen("report.bin", "wb");
	if (missing == 2)
		fwrite(&total, sizeof total, 1, o);
	fclose(o);
	return 0;
}
