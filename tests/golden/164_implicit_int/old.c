/*
 * old.c - C as older code bases still write it, which GCC builds with
 * warnings and clang 16 and later refuse by default: a function without a
 * return type (implicit int, HDF5 1.10's H5HL_insert), a call of a function
 * never declared, an integer stored into a pointer.  vidya parses it as
 * GCC builds it, so the unit is analyzed (it was "not analyzed: 1 error").
 *
 * log_line(): fputs of 6 bytes, run 10 times (10 calls, 60 bytes).  main:
 * fopen, 10 x log_line, fclose = 12
 * calls, 60 bytes; helper() is declared nowhere before its call.
 */
#include <stdio.h>

static FILE *out;

log_line(const char *s)
{
	fputs(s, out);
	return 0;
}

int main(void)
{
	out = fopen("old.log", "w");
	for (int i = 0; i < 10; i++)
		helper(i);
	char *p = 1;
	(void)p;
	fclose(out);
	return 0;
}

int helper(int i)
{
	(void)i;
	return log_line("line.\n");
}
// EXPECT: main p2=12 p3=60
// EXPECT: log_line p2=10 p3=60
