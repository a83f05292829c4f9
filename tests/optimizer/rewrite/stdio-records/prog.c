/*
 * stdio-records - 60000 short text records through fprintf with the
 * stream's default buffer: stdio-buffer gives the stream a 1 MiB buffer
 * right after its fopen.
 */
// OPTIMIZE: --rule stdio-buffer
// EXPECT: rewritten
#include <stdio.h>

int main(void)
{
	FILE *out = fopen("records.csv", "w");
	char rec[16];
	int i;

	if (!out)
		return 1;
	for (i = 0; i < 60000; i++) {
		snprintf(rec, sizeof rec, "%9d,%4d", i, i % 7);
		rec[sizeof rec - 1] = '\n';
		fwrite(rec, 1, sizeof rec, out);
	}
	if (fclose(out) != 0)
		return 2;
	puts("done");
	return 0;
}
