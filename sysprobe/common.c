/*
 * common.c - small helpers the sysprobe sources share.
 *
 * /proc and /sys hold one value per file; these readers take a root
 * directory standing in for "/" so that every parser can be pointed at a
 * fixture tree.  Also here: the metric names generated from the X-macro
 * list, cancellation and progress plumbing, and JSON scalars.
 */
#define _GNU_SOURCE
#include "sp_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- files ------------------------------------------------------------ */

int sp_root_is_live(const char *root)
{
	return !root || !*root || !strcmp(root, "/");
}

char *sp_path(vd_arena *a, const char *root, const char *rel)
{
	while (*rel == '/')
		rel++;
	if (sp_root_is_live(root))
		return vd_arena_printf(a, "/%s", rel);
	return vd_arena_printf(a, "%s%s%s", root, root[strlen(root) - 1] == '/' ? "" : "/", rel);
}

char *sp_trim(char *s)
{
	char *e;
	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

char *sp_read_line(vd_arena *a, const char *path)
{
	char line[4096], *s;
	FILE *f;

	if (!path || !(f = fopen(path, "r")))
		return NULL;
	if (!fgets(line, sizeof(line), f)) {
		fclose(f);
		return NULL;
	}
	fclose(f);
	line[strcspn(line, "\n")] = '\0';
	s = sp_trim(line);
	return vd_arena_strdup(a, s);
}

long long sp_read_ll(const char *path, long long dflt)
{
	char line[128], *end;
	long long v;
	FILE *f;

	if (!path || !(f = fopen(path, "r")))
		return dflt;
	if (!fgets(line, sizeof(line), f)) {
		fclose(f);
		return dflt;
	}
	fclose(f);
	v = strtoll(line, &end, 0);
	return end == line ? dflt : v;
}

/* ---- metrics ------------------------------------------------------------ */

static const struct {
	const char *key, *unit, *what;
} metric_info[VD_SP__COUNT] = {
#define VD_SP_INFO_(id, key, unit, what) { key, unit, what },
	VD_SYSPROBE_METRICS(VD_SP_INFO_)
#undef VD_SP_INFO_
};

const char *vd_sysprobe_metric_key(vd_sysprobe_metric m)
{
	return (unsigned)m < VD_SP__COUNT ? metric_info[m].key : "?";
}

const char *vd_sysprobe_metric_unit(vd_sysprobe_metric m)
{
	return (unsigned)m < VD_SP__COUNT ? metric_info[m].unit : "?";
}

const char *vd_sysprobe_metric_what(vd_sysprobe_metric m)
{
	return (unsigned)m < VD_SP__COUNT ? metric_info[m].what : "?";
}

/* ---- cancellation and progress ---------------------------------------------- */

int sp_cancelled(const vd_sysprobe_opts *opts)
{
	return opts && opts->cancel && *opts->cancel;
}

void sp_progress(const vd_sysprobe_opts *opts, const char *phase)
{
	if (opts && opts->progress)
		opts->progress(phase, opts->payload);
}

/* ---- JSON scalars ------------------------------------------------------------- */

void sp_json_num(vd_buf *b, double v)
{
	if (!isfinite(v))
		vd_buf_puts(b, "null");
	else if (v == floor(v) && fabs(v) < 1e15)
		vd_buf_printf(b, "%.0f", v);
	else
		vd_buf_printf(b, "%.6g", v);
}
