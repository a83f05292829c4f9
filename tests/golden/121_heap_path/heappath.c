/*
 * heappath.c - a path built in a heap buffer, character by character, as
 * a shell-unescaping copy does (NetCDF's NC_shellUnescape): `*q++ = *p++`
 * into `s = malloc(len + 1)`, then `*q = '\0'`.  The buffer keeps the
 * characters written through the moving pointer, so fopen gets the path
 * "in.dat" (--args), a 1000-byte file made by SETUP, and the loop reading
 * it to its end runs ceil(1000 / 100) = 10 times; its fread, in the
 * condition, runs once more (the call that finds the end): 11 calls moving
 * the file's 1000 bytes.  A second copy into a buffer with one character unknown
 * (`s2[2] = argv[0][k]`, k unknown) leaves its path unknown: that read loop
 * keeps the assumed trip count.
 *
 * main/loop#1 (the first read loop): fread 11 calls, 1000 bytes, known;
 * main/loop#2 (the second): unknown trip count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// SETUP: head -c 1000 /dev/zero > in.dat
// VIDYA: --args "in.dat"
// EXPECT: main/loop#1/io#1 p2=11 p3=1000
// EXPECT-KNOWN: main/loop#1/io#1 p2 p3
// EXPECT-UNKNOWN: main/loop#2 p1
static char *unescape(const char *esc)
{
	size_t len = strlen(esc);
	char *s = malloc(len + 1);
	const char *p;
	char *q;
	if (!s)
		return NULL;
	for (p = esc, q = s; *p;) {
		if (*p == '\\' && p[1] == '#')
			p++;
		*q++ = *p++;
	}
	*q = '\0';
	return s;
}

int main(int argc, char **argv)
{
	char buf[100];
	if (argc < 2)
		return 1;
	char *path = unescape(argv[1]);
	FILE *f = fopen(path, "rb");
	if (!f)
		return 1;
	while (fread(buf, 1, sizeof buf, f) == sizeof buf)
		;
	fclose(f);
	char *s2 = malloc(8);
	if (!s2)
		return 1;
	s2[0] = 'i';
	s2[1] = 'n';
	s2[2] = argv[0][rand() % 4];
	s2[3] = 0;
	FILE *g = fopen(s2, "rb");
	if (!g)
		return 1;
	while (fread(buf, 1, sizeof buf, g) == sizeof buf)
		;
	fclose(g);
	free(s2);
	free(path);
	return 0;
}
