/*
 * opt.c - the checks every option value of every vidya command goes
 * through: integers and numbers with their range, K/N shards, --args
 * strings, and the message for an option getopt does not know.
 *
 * Each check prints one line naming the option and the value
 * ("vidya: error: --top: 'abc' is not an integer") and returns -1, so a
 * command only has to return VD_EXIT_ERROR.  The grammar is strict: an
 * integer is an optional sign and decimal digits, nothing else (no blanks,
 * no "1e3", no "0x10"); a number is what strtod reads, but finite; a shard
 * is two such unsigned integers around one '/'.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "vd_util.h"

/* an optional sign, then decimal digits up to the end */
static int is_decimal(const char *s, int sign_ok)
{
	if (sign_ok && (*s == '-' || *s == '+'))
		s++;
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

int cli_opt_int(const char *opt, const char *s, long long min, long long max, const char *why,
		long long *out)
{
	if (!s || !is_decimal(s, 1)) {
		cli_error("%s: '%s' is not an integer", opt, s ? s : "");
		return -1;
	}
	errno = 0;
	long long v = strtoll(s, NULL, 10);
	if (errno == ERANGE || v < min || v > max) {
		cli_error("%s: '%s' is out of range (%lld to %lld%s%s)", opt, s, min, max,
			  why ? ": " : "", why ? why : "");
		return -1;
	}
	*out = v;
	return 0;
}

int cli_opt_double(const char *opt, const char *s, double min, double max, double *out)
{
	char *end = NULL;
	double v = 0;
	/* strtod skips leading blanks; a value with them is not one number */
	if (s && *s && !strchr(" \t\n\v\f\r", *s)) {
		errno = 0;
		v = strtod(s, &end);
	}
	if (!s || !end || end == s || *end) {
		cli_error("%s: '%s' is not a number", opt, s ? s : "");
		return -1;
	}
	if (!isfinite(v)) {
		cli_error("%s: '%s' is not a finite number", opt, s);
		return -1;
	}
	if (v < min || v > max) {
		cli_error("%s: '%s' is out of range (%g to %g)", opt, s, min, max);
		return -1;
	}
	*out = v;
	return 0;
}

int cli_opt_shard(const char *opt, const char *s, int *k, int *n)
{
	const char *slash = s ? strchr(s, '/') : NULL;
	long long kv = 0, nv = 0;
	int ok = slash != NULL;
	if (ok) {
		char kbuf[32], nbuf[32];
		size_t kl = (size_t)(slash - s), nl = strlen(slash + 1);
		ok = kl > 0 && kl < sizeof kbuf && nl > 0 && nl < sizeof nbuf;
		if (ok) {
			memcpy(kbuf, s, kl);
			kbuf[kl] = '\0';
			memcpy(nbuf, slash + 1, nl + 1);
			ok = is_decimal(kbuf, 0) && is_decimal(nbuf, 0);
			errno = 0;
			kv = ok ? strtoll(kbuf, NULL, 10) : 0;
			nv = ok ? strtoll(nbuf, NULL, 10) : 0;
			ok = ok && errno != ERANGE;
		}
	}
	if (!ok) {
		cli_error("%s: '%s' is not K/N (shard K of N, two positive integers)", opt,
			  s ? s : "");
		return -1;
	}
	if (nv < 1 || nv > INT_MAX || kv < 1 || kv > nv) {
		cli_error("%s: '%s' is out of range (1 <= K <= N <= %d)", opt, s, INT_MAX);
		return -1;
	}
	*k = (int)kv;
	*n = (int)nv;
	return 0;
}

int cli_opt_words(const char *opt, const char *s)
{
	vd_arena *a = vd_arena_new();
	char **words;
	size_t n;
	int rc = vd_split_words(a, s, &words, &n);
	if (rc != 0)
		cli_error("%s: '%s': %s", opt, s, vd_error_last());
	vd_arena_free(a);
	return rc != 0 ? -1 : 0;
}

int cli_max_jobs(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	if (ncpu < 1)
		ncpu = 1;
	return ncpu > CLI_MAX_JOBS / 4 ? CLI_MAX_JOBS : (int)(4 * ncpu);
}

int cli_bad_option(const char *cmd, int c, char **argv, const struct option *opts)
{
	/* getopt_long has moved optind past the option it refuses */
	const char *arg = optind > 0 ? argv[optind - 1] : "";
	char name[64];
	if (!strncmp(arg, "--", 2)) {
		size_t len = strcspn(arg, "=");
		snprintf(name, sizeof name, "%.*s",
			 (int)(len < sizeof name ? len : sizeof name - 1), arg);
	} else {
		snprintf(name, sizeof name, "-%c", optopt ? optopt : '?');
	}
	/* an abbreviation several long options share */
	vd_buf alts = VD_BUF_INIT;
	size_t plen = strlen(name) - 2, nalts = 0;
	for (size_t i = 0; c == '?' && !optopt && name[1] == '-' && opts && opts[i].name; i++)
		if (plen && !strncmp(opts[i].name, name + 2, plen))
			vd_buf_printf(&alts, "%s--%s", nalts++ ? ", " : "", opts[i].name);
	if (c == ':')
		cli_error("option '%s' needs a value; try 'vidya %s --help'", name, cmd);
	else if (nalts > 1)
		cli_error("ambiguous option '%s' (%s); try 'vidya %s --help'", name,
			  vd_buf_cstr(&alts), cmd);
	else if (optopt && !strncmp(arg, "--", 2))
		cli_error("option '%s' takes no value; try 'vidya %s --help'", name, cmd);
	else
		cli_error("unknown option '%s'; try 'vidya %s --help'", name, cmd);
	vd_buf_release(&alts);
	return VD_EXIT_ERROR;
}
