/* A global left pointing at a local of a call that has returned (`last =
 * &local`).  The walks of functions main does not reach start from the
 * state main's walk left, saved and put back around each of them: that
 * save must not follow the dead pointer into the freed frame (it read
 * freed memory, and gzip's analysis crashed on it).
 *
 * main: fopen, 4 fwrite of 4 bytes, fclose = 6 calls, 16 bytes.
 * report (never called, walked on its own): fopen, 10 fprintf of "%d\n"
 * (i = 0..9: 2 bytes each), fclose = 12 calls, 20 bytes.
 */
#include <stdio.h>

static int *last;

static void note(int n)
{
	int local = n * 2;
	last = &local;
}

void report(void)
{
	FILE *f = fopen("r.txt", "w");
	if (!f)
		return;
	for (int i = 0; i < 10; i++)
		fprintf(f, "%d\n", i);
	fclose(f);
}

int main(void)
{
	FILE *f = fopen("o.bin", "wb");
	if (!f)
		return 1;
	for (int i = 0; i < 4; i++) {
		note(i);
		fwrite(&i, sizeof i, 1, f);
	}
	fclose(f);
	return 0;
}

// EXPECT: main p2=6 p3=16
// EXPECT: report p2=12 p3=20
