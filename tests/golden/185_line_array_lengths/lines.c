/* Lines read in a loop that reads a file to its end, walked once (more
 * lines than the walk runs one by one), are unknown texts, but their
 * expected length is known: the file's bytes over the lines.  in.txt
 * (made by SETUP) holds 1100 lines "record number K\n", K = 1 .. 1100:
 * 9 of 16 bytes, 90 of 17, 900 of 18 and 101 of 19: 19793 bytes.
 *
 * reverse: getline reads 1100 lines (1101 calls, the last finds the end),
 * strdup keeps each in a realloc'd array at an index the walk does not
 * know (n++), and fputs writes them back from the last: each element read
 * at an unknown index is a string of the mean length the stores put
 * there, so the 1100 fputs write 19793 B (before: 8 B each, 8800 B).
 * p2 = 1101 + 1100 = 2201, p3 = 19793 + 19793 = 39586.
 *
 * echo, the same with fgets into a char array, already wrote the file's
 * bytes (the buffer's expected length): the same 19793 B in 1100 fputs,
 * p2 = 2201, p3 = 39586 - the array of lines now agrees with it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reverse(FILE *in, FILE *out)
{
	char **lines = NULL;
	size_t n = 0, cap = 0, bcap = 0;
	char *buf = NULL;
	while (getline(&buf, &bcap, in) != -1) {
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			char **t = realloc(lines, cap * sizeof *t);
			if (!t)
				exit(1);
			lines = t;
		}
		lines[n++] = strdup(buf);
	}
	free(buf);
	for (size_t i = n; i-- > 0;) {
		fputs(lines[i], out);
		free(lines[i]);
	}
	free(lines);
}

static void echo(FILE *in, FILE *out)
{
	char line[256];
	while (fgets(line, sizeof line, in))
		fputs(line, out);
}

int main(void)
{
	FILE *in = fopen("in.txt", "r");
	FILE *out = fopen("out.txt", "w");
	if (!in || !out)
		return 1;
	reverse(in, out);
	fclose(in);
	in = fopen("in.txt", "r");
	if (!in)
		return 1;
	echo(in, out);
	fclose(in);
	fclose(out);
	return 0;
}

// SETUP: seq 1 1100 | sed 's/^/record number /' > in.txt
// EXPECT: reverse p2=2201 p3=39586
// EXPECT: echo p2=2201 p3=39586
