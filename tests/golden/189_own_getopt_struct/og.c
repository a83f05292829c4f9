/*
 * A getopt of the program's own that keeps argc and argv in a struct
 * (`g_init(&g, argc, argv)`, then `while ((c = g_next(&g, "vo:")) >= 0)`,
 * lzop's acc_getopt): the condition names neither argc nor a getopt, so
 * the loop was one of unknown count (100 passes of the body, every
 * option a guess).  A loop whose condition calls a project function
 * handed the address of a struct holding argv runs one iteration per
 * option, as a getopt loop does.
 *
 * --args "-v -o out.txt -v": verbose = 2 and the output named out.txt;
 * main then writes verbose lines of "line\n" (5 B) to it: fopen, 2 fputs,
 * fclose.  main: p2 = 4, p3 = 10; the option loop runs 3 times.
 */
#include <stdio.h>
#include <string.h>

struct getopt_state {
	int argc;
	char **argv;
	int optind;
	const char *optarg;
};

static void g_init(struct getopt_state *g, int argc, char **argv)
{
	g->argc = argc;
	g->argv = argv;
	g->optind = 1;
	g->optarg = NULL;
}

static int g_next(struct getopt_state *g, const char *opts)
{
	if (g->optind >= g->argc)
		return -1;
	const char *a = g->argv[g->optind];
	if (a[0] != '-' || !a[1])
		return -1;
	const char *s = strchr(opts, a[1]);
	g->optind++;
	if (!s)
		return '?';
	if (s[1] == ':') {
		if (g->optind >= g->argc)
			return '?';
		g->optarg = g->argv[g->optind++];
	}
	return a[1];
}

int main(int argc, char **argv)
{
	struct getopt_state g;
	int c, verbose = 0;
	const char *out = "default.txt";
	g_init(&g, argc, argv);
	while ((c = g_next(&g, "vo:")) >= 0) {
		switch (c) {
		case 'v':
			verbose++;
			break;
		case 'o':
			out = g.optarg;
			break;
		default:
			return 2;
		}
	}
	FILE *f = fopen(out, "w");
	if (!f)
		return 1;
	for (int i = 0; i < verbose; i++)
		fputs("line\n", f);
	fclose(f);
	return 0;
}

// VIDYA: --args "-v -o out.txt -v"
// EXPECT: main p2=4 p3=10
// EXPECT: main/loop#1 executions=3
