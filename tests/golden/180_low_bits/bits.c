/* Tests of the low bits of data read from a file: the walk does not know
 * the records (rec.bin does not exist at analysis time), so it takes their
 * low bits as evenly spread.  1000 records:
 *   r.flags & 1           holds for 1/2: 500 fwrite of 8 bytes = 4000 B
 *   r.id % 4 == 0         holds for 1/4: 250 fputc = 250 B
 *   (r.flags & 6) != 0    holds for 3/4: 750 fputc = 750 B
 * (a heuristic gave 0.22 - the arm has a call - and less for `== 0`).
 * The read's failure check is an error path: 1000 fread of 8 bytes.
 *
 * main: fopen x2, 1000 fread, 500 fwrite, 1000 fputc, fclose x2 = 2504
 * calls; 8000 + 4000 + 250 + 750 = 13000 bytes.
 */
#include <stdio.h>

struct rec {
	int id;
	unsigned flags;
};

int main(void)
{
	FILE *in = fopen("rec.bin", "rb");
	if (!in)
		return 1;
	FILE *out = fopen("sel.bin", "wb");
	if (!out)
		return 1;
	struct rec r;
	for (int i = 0; i < 1000; i++) {
		if (fread(&r, sizeof r, 1, in) != 1)
			break;
		if (r.flags & 1)
			fwrite(&r, sizeof r, 1, out);
		if (r.id % 4 == 0)
			fputc('a', out);
		if ((r.flags & 6) != 0)
			fputc('b', out);
	}
	fclose(out);
	fclose(in);
	return 0;
}

// EXPECT: main p2=2504 p3=13000
