/* Text a function copied character by character into a heap buffer
 * (`*q++ = *in` into `malloc(strlen(in) + 1)`, as netCDF's
 * NC_shellUnescape does) is read by the string functions: `strdup` of it
 * is the text, `strlen` its length, `strchr`/`strrchr` point into it and
 * `strcmp` compares it.  --args "in.dat".
 *
 * main/loop#1 runs strlen("in.dat") = 6 times: 6 fputc of 1 B (before:
 * strdup's copy unknown, 100 assumed).  ':' is not in the path, so the
 * "url" fputs is not taken; strrchr(path, '.') is ".dat", so the "data"
 * fputs (5 B) is.  P2 of main: fopen + 6 + 1 + fclose = 9; P3 6 + 5 = 11.
 */
// VIDYA: --args "in.dat"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a copy without the leading blanks, made by hand */
static char *copy_trimmed(const char *in)
{
	char *out = malloc(strlen(in) + 1), *q;
	if (out == NULL)
		return NULL;
	while (*in == ' ')
		in++;
	for (q = out; *in != '\0'; in++)
		*q++ = *in;
	*q = '\0';
	return out;
}

int main(int argc, char **argv)
{
	FILE *out;
	char *path, *copy, *dot;
	size_t i;
	if (argc < 2)
		return 1;
	path = copy_trimmed(argv[1]);
	if (path == NULL)
		return 1;
	copy = strdup(path);
	out = fopen("out.txt", "w");
	if (out == NULL || copy == NULL)
		return 1;
	for (i = 0; i < strlen(copy); i++)
		fputc(copy[i], out);
	if (strchr(path, ':') != NULL)
		fputs("url\n", out);
	dot = strrchr(path, '.');
	if (dot != NULL && strcmp(dot, ".dat") == 0)
		fputs("data\n", out);
	fclose(out);
	free(copy);
	free(path);
	return 0;
}

// EXPECT: main/loop#1/io#1 p2=6 p3=6
// EXPECT: main/branch#4/io#1 p2=0
// EXPECT: main/branch#5/io#1 p2=1 p3=5
// EXPECT: main p2=9 p3=11
// EXPECT-KNOWN: main p2 p3
