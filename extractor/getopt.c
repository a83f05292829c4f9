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

int vd_getopt_sim(const char *const *argv, int argc, const char *optstring,
		  const vd_longopt *longopts, int nlong, int long_only, vd_getopt_result *r)
{
	memset(r, 0, sizeof(*r));
	r->perm = vd_xcalloc((size_t)argc + 1, sizeof(char *));
	int cap = 0;
	const char *os = optstring ? optstring : "";
	int in_order = 0, stop_at_nonopt = 0;
	if (*os == '-') {
		in_order = 1;
		os++;
	} else if (*os == '+') {
		stop_at_nonopt = 1;
		os++;
	}
	int colon = *os == ':';
	/* the permuted argv: argv[0], the option words, then the rest */
	int np = 0, nrest = 0;
	const char **rest = vd_xcalloc((size_t)argc + 1, sizeof(char *));
	if (argc > 0)
		r->perm[np++] = argv[0];
	int i = 1;
	for (; i < argc; i++) {
		const char *w = argv[i];
		if (!w)
			break;
		if (!strcmp(w, "--")) {
			r->perm[np++] = w;
			i++;
			break;
		}
		if (w[0] != '-' || w[1] == 0) { /* a non-option */
			if (in_order) {
				r->perm[np++] = w;
				push(&r->ev, &r->n, &cap, 1, w, -1);
				continue;
			}
			if (stop_at_nonopt)
				break;
			rest[nrest++] = w;
			continue;
		}
		r->perm[np++] = w;
		if (!optstring) {
			/* nothing known of the options: one per word, its argument
			 * the text after '=' */
			const char *eq = strchr(w, '=');
			push(&r->ev, &r->n, &cap, VD_OPT_UNKNOWN, eq ? eq + 1 : NULL, -1);
			continue;
		}
		int is_long = w[1] == '-';
		if ((is_long || long_only) && nlong < 0 && (is_long || !strchr(os, w[1]))) {
			/* the long options are not known: one option, its value
			 * unknown, its argument the text after '=' */
			const char *eq = strchr(w, '=');
			push(&r->ev, &r->n, &cap, VD_OPT_UNKNOWN, eq ? eq + 1 : NULL, -1);
			continue;
		}
		if ((is_long || long_only) && nlong > 0) {
			const char *name = w + (is_long ? 2 : 1);
			const char *eq = strchr(name, '=');
			size_t len = eq ? (size_t)(eq - name) : strlen(name);
			int li = find_long(longopts, nlong, name, len);
			/* getopt_long_only: "-x" falls back to the short option x
			 * when no long option matches */
			if (li >= 0 || is_long || !strchr(os, name[0])) {
				if (li < 0) {
					push(&r->ev, &r->n, &cap, '?', NULL, -1);
					continue;
				}
				const vd_longopt *o = &longopts[li];
				const char *arg = NULL;
				if (eq) {
					if (o->has_arg == 0) {
						push(&r->ev, &r->n, &cap, '?', NULL, li);
						continue;
					}
					arg = eq + 1;
				} else if (o->has_arg == 1) {
					if (i + 1 < argc && argv[i + 1]) {
						arg = argv[++i];
						r->perm[np++] = arg;
					} else {
						push(&r->ev, &r->n, &cap, colon ? ':' : '?', NULL,
						     li);
						continue;
					}
				}
				/* with a flag, getopt_long stores val there and returns 0 */
				push(&r->ev, &r->n, &cap, o->has_flag ? 0 : o->val, arg, li);
				continue;
			}
		}
		/* a cluster of short options: -abc, -ofile, -o file */
		for (const char *p = w + 1; *p; p++) {
			const char *spec = *p != ':' && *p != '-' ? strchr(os, *p) : NULL;
			if (!spec) {
				push(&r->ev, &r->n, &cap, '?', NULL, -1);
				continue;
			}
			if (spec[1] != ':') {
				push(&r->ev, &r->n, &cap, *p, NULL, -1);
				continue;
			}
			const char *arg = NULL;
			int ch = *p;
			if (p[1]) {
				arg = p + 1;
			} else if (spec[2] != ':') { /* required: the next word */
				if (i + 1 < argc && argv[i + 1]) {
					arg = argv[++i];
					r->perm[np++] = arg;
				} else {
					ch = colon ? ':' : '?';
				}
			}
			push(&r->ev, &r->n, &cap, ch, arg, -1);
			break; /* the rest of the word was the argument */
		}
	}
	/* after the options: the words permuted past them, then what follows
	 * "--" or the first non-option (with '+') */
	r->optind = np;
	for (int k = 0; k < nrest; k++)
		r->perm[np++] = rest[k];
	for (; i < argc; i++)
		r->perm[np++] = argv[i];
	r->nperm = np;
	free(rest);
	return 0;
}

void vd_getopt_result_free(vd_getopt_result *r)
{
	free(r->ev);
	free(r->perm);
	memset(r, 0, sizeof(*r));
}
