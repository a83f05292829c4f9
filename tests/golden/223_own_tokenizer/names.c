/* A hand-written strsep drives the loop over a colon-separated list of
 * file names: `while ((name = next_name(&str)) != NULL)` where
 * next_name cuts the text at the next ':' and moves `str` past it (NULL
 * after the last piece).  With the text known (a strdup of the --args
 * word) the loop runs piece by piece, as a strsep loop does.
 *
 * --args "one.dat:two.dat:three": add_names/loop#1 runs 3
 * iterations, 3 puts of 8 + 8 + 6 = 22 B, known.  (Before: the loop's
 * count unknown, 100 assumed, each name's length estimated.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *next_name(char **ptr)
{
	char *str = *ptr, *p;

	if (!str || !strlen(str))
		return NULL;
	p = strchr(str, ':');
	if (p) {
		*p = '\0';
		*ptr = p + 1;
	} else {
		*ptr = NULL;
	}
	return str;
}

static void add_names(const char *input)
{
	char *copy = strdup(input), *str = copy, *name;

	while ((name = next_name(&str)) != NULL)
		puts(name);
	free(copy);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		add_names(argv[1]);
	return 0;
}

// VIDYA: --args "one.dat:two.dat:three"
// EXPECT: add_names/loop#1 executions=3
// EXPECT: add_names/loop#1/io#1 p2=3 p3=22
// EXPECT-KNOWN: add_names/loop#1/io#1 p2 p3
