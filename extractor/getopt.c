/*
 * getopt.c - what GNU getopt(), getopt_long() and getopt_long_only() return
 * for a given command line, so that the walk can run an option-parsing
 * loop once per option the user passed (--args) instead of guessing.
 *
 * It follows glibc's documented behaviour: options are returned in order;
 * non-options are permuted to the end (unless the option string starts
 * with '+', which stops at the first non-option, or '-', which returns
 * each non-option as option 1); "--" ends the options; a short option
 * taking an argument takes the rest of its word or the next word (':'),
 * an optional one only the rest of its word ("::"); a long option takes
 * "--name=value" or, when required, the next word; unique prefixes of long
 * names match; an unknown option or a missing argument returns '?' (':'
 * for a missing argument when the string starts with ':').  Pure: no
 * global state, nothing printed.
 */
#include <stdlib.h>
#include <string.h>

#include "vd_getopt.h"
#include "vd_util.h"

static void push(vd_optev **ev, int *n, int *cap, int ch, const char *arg, int li)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 8;
		*ev = vd_xrealloc(*ev, (size_t)*cap * sizeof(**ev));
	}
	(*ev)[*n].ch = ch;
	(*ev)[*n].optarg = arg;
	(*ev)[*n].longindex = li;
	(*n)++;
}

/* the long option `name` (up to '=' or the end) matches: exact, else a
 * unique prefix; -1 none, -2 ambiguous */
static int find_long(const vd_longopt *lo, int nlong, const char *name, size_t len)
{
	int found = -1;
	for (int i = 0; i < nlong; i++) {
		if (strncmp(lo[i].name, name, len))
			continue;
		if (strlen(lo[i].name) == len)
			return i;
		if (found >= 0)
			found = -2;
		else if (found == -1)
			found = i;
	}
	return found;
}

/* the state of one simulation: the words, where it is, what it found */
typedef struct gscan {
	const char *const *argv;
	int argc, i;    /* argv[i]: the word being read */
	const char *os; /* the option characters (after any '+' or '-') */
	int colon;      /* os starts with ':' */
	const vd_longopt *longopts;
	int nlong;
	vd_getopt_result *r;
	int cap; /* of r->ev */
	int np;  /* words in r->perm */
} gscan;

static void ev(gscan *g, int ch, const char *arg, int li)
{
	push(&g->r->ev, &g->r->n, &g->cap, ch, arg, li);
}

/* the next word as the argument of an option, or NULL when there is none */
static const char *next_word(gscan *g)
{
	if (g->i + 1 < g->argc && g->argv[g->i + 1]) {
		const char *arg = g->argv[++g->i];
		g->r->perm[g->np++] = arg;
		return arg;
	}
	return NULL;
}

/* word w as a long option ("--name[=value]", or "-name" for
 * getopt_long_only): 1 when it was one, 0 when it is short options */
static int long_word(gscan *g, const char *w, int is_long)
{
	const char *name = w + (is_long ? 2 : 1);
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	int li = find_long(g->longopts, g->nlong, name, len);
	/* getopt_long_only: "-x" falls back to the short option x when no
	 * long option matches */
	if (li < 0 && !is_long && strchr(g->os, name[0]))
		return 0;
	if (li < 0) {
		ev(g, '?', NULL, -1);
		return 1;
	}
	const vd_longopt *o = &g->longopts[li];
	const char *arg = NULL;
	if (eq) {
		if (o->has_arg == 0) {
			ev(g, '?', NULL, li);
			return 1;
		}
		arg = eq + 1;
	} else if (o->has_arg == 1 && !(arg = next_word(g))) {
		ev(g, g->colon ? ':' : '?', NULL, li);
		return 1;
	}
	/* with a flag, getopt_long stores val there and returns 0 */
	ev(g, o->has_flag ? 0 : o->val, arg, li);
	return 1;
}

/* a cluster of short options: -abc, -ofile, -o file */
static void short_word(gscan *g, const char *w)
{
	for (const char *p = w + 1; *p; p++) {
		const char *spec = *p != ':' && *p != '-' ? strchr(g->os, *p) : NULL;
		if (!spec) {
			ev(g, '?', NULL, -1);
			continue;
		}
		if (spec[1] != ':') {
			ev(g, *p, NULL, -1);
			continue;
		}
		const char *arg = NULL;
		int ch = *p;
		if (p[1])
			arg = p + 1;
		else if (spec[2] != ':' && !(arg = next_word(g))) /* required: the next word */
			ch = g->colon ? ':' : '?';
		ev(g, ch, arg, -1);
		return; /* the rest of the word was the argument */
	}
}

int vd_getopt_sim(const char *const *argv, int argc, const char *optstring,
		  const vd_longopt *longopts, int nlong, int long_only, vd_getopt_result *r)
{
	memset(r, 0, sizeof(*r));
	r->perm = vd_xcalloc((size_t)argc + 1, sizeof(char *));
	gscan g = { argv, argc, 1, optstring ? optstring : "", 0, longopts, nlong, r, 0, 0 };
	int in_order = 0, stop_at_nonopt = 0;
	if (*g.os == '-') {
		in_order = 1;
		g.os++;
	} else if (*g.os == '+') {
		stop_at_nonopt = 1;
		g.os++;
	}
	g.colon = *g.os == ':';
	/* the permuted argv: argv[0], the option words, then the rest */
	int nrest = 0;
	const char **rest = vd_xcalloc((size_t)argc + 1, sizeof(char *));
	if (argc > 0)
		r->perm[g.np++] = argv[0];
	for (; g.i < argc; g.i++) {
		const char *w = argv[g.i];
		if (!w)
			break;
		if (!strcmp(w, "--")) {
			r->perm[g.np++] = w;
			g.i++;
			break;
		}
		if (w[0] != '-' || w[1] == 0) { /* a non-option */
			if (in_order) {
				r->perm[g.np++] = w;
				ev(&g, 1, w, -1);
				continue;
			}
			if (stop_at_nonopt)
				break;
			rest[nrest++] = w;
			continue;
		}
		r->perm[g.np++] = w;
		int is_long = w[1] == '-';
		if (!optstring && nlong >= 0 && is_long && long_word(&g, w, 1))
			continue; /* the long options read without the option string */
		if (!optstring && nlong >= 0 && long_only && w[2] &&
		    find_long(longopts, nlong, w + 1, strcspn(w + 1, "=")) >= 0 &&
		    long_word(&g, w, 0))
			continue;
		if (!optstring ||
		    ((is_long || long_only) && nlong < 0 && (is_long || !strchr(g.os, w[1])))) {
			/* nothing known of the options, or the long options are
			 * not known: one option per word, its value unknown, its
			 * argument the text after '=' */
			const char *eq = strchr(w, '=');
			ev(&g, VD_OPT_UNKNOWN, eq ? eq + 1 : NULL, -1);
			continue;
		}
		if ((is_long || long_only) && nlong > 0 && long_word(&g, w, is_long))
			continue;
		short_word(&g, w);
	}
	/* after the options: the words permuted past them, then what follows
	 * "--" or the first non-option (with '+') */
	r->optind = g.np;
	for (int k = 0; k < nrest; k++)
		r->perm[g.np++] = rest[k];
	for (; g.i < argc; g.i++)
		r->perm[g.np++] = argv[g.i];
	r->nperm = g.np;
	free(rest);
	return 0;
}

void vd_getopt_result_free(vd_getopt_result *r)
{
	free(r->ev);
	free(r->perm);
	memset(r, 0, sizeof(*r));
}
