/* A flag option counted through its table offset: every `-v` adds one to
 * the field with `*(int *)((char *)o + off) += 1` (a load and a store
 * through the offset), and `-q` sets another field to 1.  An argument may
 * list flags with commas, split by a `do { ... } while (1)` loop left by
 * a break (as fio's handle_option does): it runs once per item.
 *
 * --args "-v,-v,-v,-q": apply_list/loop#1 4 iterations, one per item;
 * verbose 3, quiet 1: main/loop#1 3 iterations, 3 puts of "detail" +
 * newline (7 B) = 21 B; the quiet branch's puts 0.  (Before: the
 * do-while of unknown count, 100 assumed, verbose unknown: 100 puts,
 * flagged.)
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct flags {
	int verbose;
	int quiet;
};

struct flag {
	const char *name;
	size_t off;
	int add;
};

static const struct flag table[] = {
	{ "-v", offsetof(struct flags, verbose), 1 },
	{ "-q", offsetof(struct flags, quiet), 0 },
};

static void apply(struct flags *o, const char *arg)
{
	for (int i = 0; i < 2; i++) {
		if (strcmp(arg, table[i].name) != 0)
			continue;
		int *at = (int *)((char *)o + table[i].off);
		if (table[i].add)
			*at += 1;
		else
			*at = 1;
	}
}

static void apply_list(struct flags *o, char *arg)
{
	do {
		char *next = strchr(arg, ',');
		if (next)
			*next = '\0';
		apply(o, arg);
		if (!next)
			break;
		arg = next + 1;
	} while (1);
}

int main(int argc, char **argv)
{
	struct flags o = { 0, 0 };
	if (argc > 1)
		apply_list(&o, argv[1]);
	for (int k = 0; k < o.verbose; k++)
		puts("detail");
	if (!o.quiet)
		puts("summary");
	return 0;
}

// VIDYA: --args "-v,-v,-v,-q"
// EXPECT: apply_list/loop#1 executions=4
// EXPECT: main/loop#1 executions=3
// EXPECT: main/loop#1/io#1 p2=3 p3=21
// EXPECT: main/branch#2/io#1 p2=0
// EXPECT-KNOWN: main/loop#1/io#1 p2 p3
