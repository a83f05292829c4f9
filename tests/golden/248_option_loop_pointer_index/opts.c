/*
 * A hand-written option parser in the style of GNU's carg_parser: `while
 * (argind < argc)` where argind is moved by the function that parses one
 * option (`parse_short(..., &argind)`), and that function looks the
 * option's letter up in a table with `for (i = 0; options[i].code; ++i)
 * if (c == options[i].code) { index = i; break; }`.  The outer loop has no
 * count (its index is written through a pointer), so it was not taken for
 * an option loop over argv, the lookup at the third level of loops was
 * walked as a loop of unknown index, every option letter was unknown and
 * the records' count was an expected value (10 for "-k").  With --args
 * binding argv a loop testing argc is an option loop whatever its count:
 * each word is parsed on its own.
 *
 * --args "-k -o out.dat in.dat": records 'k', 'o' (argument out.dat), and
 * in.dat; keep = 1.  main then writes the output file named by -o once:
 * one fopen, one fputs of "kept\n" (5 B), one fclose; the loop over the
 * records runs 3 times.  main: p2 = 3, p3 = 5.
 */
#include <stdio.h>
#include <string.h>

enum has_arg { no_arg, yes_arg };
struct option {
	int code;
	enum has_arg has_arg;
};
struct record {
	int code;
	const char *arg;
};
/* the records, in a table of the program's (an array member of a struct
 * reached through a pointer is another matter) */
static struct record recs[16];
struct parser {
	int n;
};

static void push(struct parser *ap, int code, const char *arg)
{
	if (ap->n < 16) {
		recs[ap->n].code = code;
		recs[ap->n].arg = arg;
		ap->n++;
	}
}

static int parse_short(struct parser *ap, const char *opt, const char *arg,
		       const struct option options[], int *argindp)
{
	int index = -1;
	const unsigned char c = opt[1];
	for (int i = 0; options[i].code; ++i)
		if (c == options[i].code) {
			index = i;
			break;
		}
	if (index < 0)
		return 0;
	++*argindp;
	if (options[index].has_arg == yes_arg) {
		if (!arg)
			return 0;
		++*argindp;
		push(ap, c, arg);
	} else {
		push(ap, c, NULL);
	}
	return 1;
}

static int parse(struct parser *ap, int argc, char **argv, const struct option options[])
{
	int argind = 1;
	ap->n = 0;
	while (argind < argc) {
		const char *a = argv[argind];
		if (a[0] == '-' && a[1]) {
			const char *next = argind + 1 < argc ? argv[argind + 1] : NULL;
			if (!parse_short(ap, a, next, options, &argind))
				return 0;
		} else {
			push(ap, 0, argv[argind++]);
		}
	}
	return 1;
}

int main(int argc, char **argv)
{
	const struct option options[] = {
		{ 'c', no_arg }, { 'k', no_arg }, { 'o', yes_arg }, { 0, no_arg }
	};
	struct parser ap;
	const char *out = NULL;
	int keep = 0;
	if (!parse(&ap, argc, argv, options))
		return 1;
	for (int i = 0; i < ap.n; i++) {
		switch (recs[i].code) {
		case 'k':
			keep = 1;
			break;
		case 'o':
			out = recs[i].arg;
			break;
		default:
			break;
		}
	}
	if (out) {
		FILE *f = fopen(out, "w");
		if (!f)
			return 1;
		fputs(keep ? "kept\n" : "gone\n", f);
		fclose(f);
	}
	return 0;
}

// VIDYA: --args "-k -o out.dat in.dat"
// EXPECT: main p2=3 p3=5
// EXPECT: main/loop#1 executions=3
