/*
 * vd_getopt.h - GNU getopt()/getopt_long() simulated over a known command
 * line (getopt.c).  Internal to extractor/ (the walk), public in the tests.
 */
#ifndef VD_GETOPT_H
#define VD_GETOPT_H

typedef struct vd_longopt {
	const char *name;
	int has_arg;  /* 0 no_argument, 1 required_argument, 2 optional_argument */
	int has_flag; /* the `flag` pointer is not NULL: getopt_long returns 0 */
	int val;
} vd_longopt;

/* returned for a long option of a table that is not known */
#define VD_OPT_UNKNOWN (-2)

typedef struct vd_optev {
	int ch;             /* what getopt returns: the option, '?', ':', 0, 1 or
			      * VD_OPT_UNKNOWN */
	const char *optarg; /* its argument, or NULL */
	int longindex;      /* the long option matched, or -1 */
} vd_optev;

typedef struct vd_getopt_result {
	vd_optev *ev; /* the calls' results in order (the final -1 not included) */
	int n;
	const char **perm; /* argv as getopt leaves it (non-options permuted last) */
	int nperm;
	int optind; /* optind after the last call */
} vd_getopt_result;

/* long_only: getopt_long_only (a single '-' may start a long option).
 * nlong < 0: the long options are not known (a table built at run time):
 * each long option is returned as VD_OPT_UNKNOWN with the text after '='.
 * optstring NULL (built at run time): every word that starts with '-' is
 * one such option, except that a known long options table still names
 * "--name[=value]" words (and, for getopt_long_only, "-name" words that
 * match one of its names).
 * Returns 0 (out of memory is fatal).  Free with vd_getopt_result_free. */
int vd_getopt_sim(const char *const *argv, int argc, const char *optstring,
		  const vd_longopt *longopts, int nlong, int long_only, vd_getopt_result *r);
void vd_getopt_result_free(vd_getopt_result *r);

#endif
