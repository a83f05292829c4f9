/* Three loops run iteration by iteration, one inside the other through
 * calls, as fio parses `--filename=a.dat:b.dat`: a comma list split by a
 * `do { ... if (!next) break; ... } while (1)` loop, each item a colon
 * list walked by `while ((name = next_name(&str)) != NULL)`, and
 * next_name's own `do { ... } while (1)` that skips empty pieces.  The
 * innermost loop runs for real too (up to three such loops are under way
 * at once), so next_name returns each piece and then NULL.
 *
 * --args "a.dat:b.dat,c.dat": 3 puts of 6 B = 18 B, known.  (Before: with
 * two loops under way the third was a loop of unknown count; next_name's
 * result unknown, the names loop 100 assumed iterations.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *next_name(char **ptr)
{
	char *str = *ptr, *p, *start;

	if (!str || !strlen(str))
		return NULL;
	start = str;
	do {
		p = strchr(str, ':');
		if (!p) {
			*ptr = NULL;
			break;
		}
		if (p == start) {
			str = ++start;
			continue;
		}
		*p = '\0';
		*ptr = p + 1;
		break;
	} while (1);
	return start;
}

static void add_names(const char *input)
{
	char *copy = strdup(input), *str = copy, *name;

	while ((name = next_name(&str)) != NULL)
		puts(name);
	free(copy);
}

static void apply_list(char *arg)
{
	do {
		char *next = strchr(arg, ',');
		if (next)
			*next = '\0';
		add_names(arg);
		if (!next)
			break;
		arg = next + 1;
	} while (1);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		apply_list(argv[1]);
	return 0;
}

// VIDYA: --args "a.dat:b.dat,c.dat"
// EXPECT: apply_list/loop#1 executions=2
// EXPECT: add_names/loop#1 executions=3
// EXPECT: add_names/loop#1/io#1 p2=3 p3=18
// EXPECT-KNOWN: add_names/loop#1/io#1 p2 p3
