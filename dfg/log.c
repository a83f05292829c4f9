/*
 * log.c - the mapping f (event -> activity) and the event log: cases,
 * interned activities and one compact record per mapped event.
 */
#define _GNU_SOURCE
#include "dfg_internal.h"

#include <fnmatch.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_KEPT_ISSUES 1000

void vd_dfg_mapopt_init(vd_dfg_mapopt *o)
{
	memset(o, 0, sizeof *o);
	o->depth = 2;
}

int vd_dfg_mapopt_check(const vd_dfg_mapopt *o)
{
	if (o->depth < 0) {
		vd_error_set("depth %d: must be 0 or more", o->depth);
		return -1;
	}
	for (size_t i = 0; i < o->nabstract; i++) {
		const char *a = o->abstract[i];
		const char *eq = a ? strchr(a, '=') : NULL;
		if (!eq || eq == a || !eq[1]) {
			vd_error_set("'%s' is not NAME=PREFIX", a ? a : "");
			return -1;
		}
		for (const char *p = a; p < eq; p++)
			if (!(*p == '_' || (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
			      (p > a && *p >= '0' && *p <= '9'))) {
				vd_error_set(
					"'%s': NAME must be a variable name (letters, digits, _)",
					a);
				return -1;
			}
	}
	return 0;
}

/* ---- call families ---------------------------------------------------------- */

static const char *const read_calls[] = { "read",   "pread",   "pread64",  "readv",
					  "preadv", "preadv2", "preadv64", "process_vm_readv",
					  NULL };
static const char *const write_calls[] = { "write",   "pwrite",   "pwrite64",  "writev",
					   "pwritev", "pwritev2", "pwritev64", NULL };
static const char *const open_calls[] = { "open",     "open64", "openat",  "openat2",
					  "openat64", "creat",  "creat64", NULL };
static const char *const stat_calls[] = { "stat",    "stat64",     "lstat",     "lstat64", "fstat",
					  "fstat64", "newfstatat", "fstatat64", "statx",   NULL };
static const char *const seek_calls[] = { "lseek", "_llseek", "llseek", "lseek64", NULL };
static const char *const sync_calls[] = { "fsync", "fdatasync", "syncfs", "sync_file_range", NULL };

static int in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(s, *list))
			return 1;
	return 0;
}

const char *vd_dfg_call_group(const char *call)
{
	if (!call)
		return "";
	if (in_list(call, read_calls))
		return "read";
	if (in_list(call, write_calls))
		return "write";
	if (in_list(call, open_calls))
		return "open";
	if (in_list(call, stat_calls))
		return "stat";
	if (in_list(call, seek_calls))
		return "seek";
	if (in_list(call, sync_calls))
		return "sync";
	return call;
}

int vd_dfg_call_transfers(const char *call)
{
	return call && (in_list(call, read_calls) || in_list(call, write_calls));
}

/* ---- the mapping --------------------------------------------------------------- */

static int has_glob(const char *p)
{
	return strpbrk(p, "*?[") != NULL;
}

static int filter_match(const char *pat, const char *path)
{
	return has_glob(pat) ? fnmatch(pat, path, 0) == 0 : strstr(path, pat) != NULL;
}

/* `path` with the first matching NAME=PREFIX replaced by $NAME, into b */
static void abstract_path(const vd_dfg_mapopt *o, const char *path, vd_buf *b)
{
	vd_buf_clear(b);
	for (size_t i = 0; i < o->nabstract; i++) {
		const char *eq = strchr(o->abstract[i], '=');
		if (!eq)
			continue;
		const char *pre = eq + 1;
		size_t n = strlen(pre);
		while (n > 1 && pre[n - 1] == '/')
			n--;
		if (!strncmp(path, pre, n) && (path[n] == '/' || path[n] == 0)) {
			vd_buf_putc(b, '$');
			vd_buf_put(b, o->abstract[i], (size_t)(eq - o->abstract[i]));
			vd_buf_puts(b, path + n);
			return;
		}
	}
	vd_buf_puts(b, path);
}

/* f with a caller's scratch buffer `ab` (the log reuses one) */
static int map_into(const vd_dfg_mapopt *o, const char *call, const char *group, const char *path,
		    vd_buf *out, vd_buf *abuf)
{
	vd_buf_clear(out);
	if (!call || !*call)
		return 0;
	if (path && !*path)
		path = NULL;
	if (!path && (o->nfilters || (!o->keep_pathless && o->depth > 0)))
		return 0;
	vd_buf *ab = abuf;
	vd_buf_clear(ab);
	if (path)
		abstract_path(o, path, ab);
	if (o->nfilters) {
		int ok = 0;
		for (size_t i = 0; i < o->nfilters && !ok; i++)
			ok = filter_match(o->filters[i], path) ||
			     filter_match(o->filters[i], vd_buf_cstr(ab));
		if (!ok)
			return 0;
	}
	const char *name = call;
	if (o->group_variants)
		name = group && *group ? group : vd_dfg_call_group(call);
	vd_buf_puts(out, name);
	if (path && o->depth > 0) {
		/* the first `depth` components; a leading / is kept */
		const char *p = vd_buf_cstr(ab);
		vd_buf_putc(out, ':');
		if (*p == '/')
			vd_buf_putc(out, '/');
		int kept = 0;
		while (*p && kept < o->depth) {
			while (*p == '/')
				p++;
			if (!*p)
				break;
			const char *e = strchr(p, '/');
			size_t n = e ? (size_t)(e - p) : strlen(p);
			if (kept)
				vd_buf_putc(out, '/');
			vd_buf_put(out, p, n);
			kept++;
			p += n;
		}
	}
	return 1;
}

int vd_dfg_map(const vd_dfg_mapopt *o, const char *call, const char *group, const char *path,
	       vd_buf *out)
{
	vd_buf ab = { 0 };
	int r = map_into(o, call, group, path, out, &ab);
	vd_buf_release(&ab);
	return r;
}

/* ---- the log ------------------------------------------------------------------------ */

/* every output format needs valid UTF-8 without control characters (XML
 * forbids them, JSON and Graphviz choke on broken UTF-8): each offending
 * byte becomes '?', in place */
static void printable(char *s)
{
	unsigned char *p = (unsigned char *)s;
	while (*p) {
		size_t n = vd_utf8_len(p);
		if (n == 0 || (n == 1 && (*p < 0x20 || *p == 0x7f))) {
			*p++ = '?';
			continue;
		}
		p += n;
	}
}

vd_dfg_log *vd_dfg_log_new(const vd_dfg_mapopt *o)
{
	vd_dfg_log *l = vd_xcalloc(1, sizeof *l);
	l->arena = vd_arena_new();
	l->opt = *o;
	l->opt.filters = vd_xcalloc(o->nfilters + 1, sizeof(char *));
	for (size_t i = 0; i < o->nfilters; i++)
		l->opt.filters[i] = vd_arena_strdup(l->arena, o->filters[i]);
	l->opt.abstract = vd_xcalloc(o->nabstract + 1, sizeof(char *));
	for (size_t i = 0; i < o->nabstract; i++)
		l->opt.abstract[i] = vd_arena_strdup(l->arena, o->abstract[i]);
	l->case_ix = vd_map_new();
	l->act_ix = vd_map_new();
	return l;
}

void vd_dfg_log_free(vd_dfg_log *l)
{
	if (!l)
		return;
	free((void *)l->opt.filters);
	free((void *)l->opt.abstract);
	vd_map_free(l->case_ix);
	vd_map_free(l->act_ix);
	vd_vec_free(l->cases);
	vd_vec_free(l->acts);
	vd_vec_free(l->events);
	vd_vec_free(l->issues);
	vd_buf_release(&l->scratch);
	vd_buf_release(&l->scratch2);
	vd_arena_free(l->arena);
	free(l);
}

size_t vd_dfg_log_case(vd_dfg_log *l, const char *name, const char *source)
{
	void *v = vd_map_get(l->case_ix, name);
	if (v)
		return (size_t)(uintptr_t)v - 1;
	dfg_case c = { vd_arena_strdup(l->arena, name),
		       vd_arena_strdup(l->arena, source ? source : ""), 0 };
	printable((char *)c.name);
	vd_vec_push(l->cases, c);
	vd_map_put(l->case_ix, name, (void *)(uintptr_t)l->cases.n);
	return l->cases.n - 1;
}

static uint32_t activity(vd_dfg_log *l, const char *name)
{
	void *v = vd_map_get(l->act_ix, name);
	if (v)
		return (uint32_t)((uintptr_t)v - 1);
	vd_vec_push(l->acts, vd_arena_strdup(l->arena, name));
	vd_map_put(l->act_ix, name, (void *)(uintptr_t)l->acts.n);
	return (uint32_t)(l->acts.n - 1);
}

void vd_dfg_log_set_sink(vd_dfg_log *l, vd_dfg_sink fn, void *ctx)
{
	l->sink = fn;
	l->sink_ctx = ctx;
}

static void csv_field(vd_buf *o, const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		vd_buf_puts(o, s);
		return;
	}
	vd_buf_putc(o, '"');
	for (; *s; s++) {
		if (*s == '"')
			vd_buf_putc(o, '"');
		vd_buf_putc(o, *s);
	}
	vd_buf_putc(o, '"');
}

void vd_dfg_event_csv(vd_buf *o, const char *case_name, const vd_dfg_event *e, const char *activity)
{
	if (!e) {
		vd_buf_puts(o, "case,host,rank,pid,call,start,dur,path,size,activity\n");
		return;
	}
	csv_field(o, case_name);
	vd_buf_putc(o, ',');
	csv_field(o, e->host);
	vd_buf_printf(o, ",%ld,%ld,", e->rank, e->pid);
	csv_field(o, e->call);
	vd_buf_printf(o, ",%.9f,%.9f,", e->start, e->dur);
	csv_field(o, e->path);
	vd_buf_printf(o, ",%lld,", e->size);
	csv_field(o, activity);
	vd_buf_putc(o, '\n');
}

void vd_dfg_log_add(vd_dfg_log *l, size_t c, const vd_dfg_event *e)
{
	if (!map_into(&l->opt, e->call, e->group, e->path, &l->scratch, &l->scratch2)) {
		l->unmapped++;
		if (l->sink)
			l->sink(l->sink_ctx, l->cases.v[c].name, e, NULL);
		return;
	}
	printable(l->scratch.ptr);
	if (l->sink)
		l->sink(l->sink_ctx, l->cases.v[c].name, e, vd_buf_cstr(&l->scratch));
	dfg_ev ev = { (uint32_t)c,
		      activity(l, vd_buf_cstr(&l->scratch)),
		      e->start,
		      e->dur < 0 ? 0 : e->dur,
		      e->size < 0 ? 0 : e->size,
		      l->events.n };
	vd_vec_push(l->events, ev);
}

void vd_dfg_log_issue_add(vd_dfg_log *l, const char *file, long line, const char *reason)
{
	l->nissues++;
	if (l->issues.n >= MAX_KEPT_ISSUES)
		return;
	vd_dfg_issue is = { vd_arena_strdup(l->arena, file), line,
			    vd_arena_strdup(l->arena, reason) };
	printable((char *)is.file);
	printable((char *)is.reason);
	vd_vec_push(l->issues, is);
}

size_t vd_dfg_log_ncases(const vd_dfg_log *l)
{
	return l->cases.n;
}
const char *vd_dfg_log_case_name(const vd_dfg_log *l, size_t c)
{
	return c < l->cases.n ? l->cases.v[c].name : NULL;
}
size_t vd_dfg_log_nevents(const vd_dfg_log *l)
{
	return l->events.n;
}
size_t vd_dfg_log_nunmapped(const vd_dfg_log *l)
{
	return l->unmapped;
}
size_t vd_dfg_log_nissues(const vd_dfg_log *l)
{
	return l->nissues;
}
size_t vd_dfg_log_nkept_issues(const vd_dfg_log *l)
{
	return l->issues.n;
}
const vd_dfg_issue *vd_dfg_log_issue(const vd_dfg_log *l, size_t i)
{
	return i < l->issues.n ? &l->issues.v[i] : NULL;
}

long vd_dfg_log_set_group(vd_dfg_log *l, const char *pattern, int group)
{
	long matched = 0;
	char *list = vd_xstrdup(pattern), *save = NULL;
	int bad = 0;
	for (size_t c = 0; c < l->cases.n && !bad; c++) {
		dfg_case *cs = &l->cases.v[c];
		const char *base = strrchr(cs->source, '/');
		base = base ? base + 1 : cs->source;
		int hit = 0;
		strcpy(list, pattern);
		for (char *p = strtok_r(list, ",", &save); p && !hit;
		     p = strtok_r(NULL, ",", &save))
			hit = fnmatch(p, cs->name, 0) == 0 || (*base && fnmatch(p, base, 0) == 0);
		if (!hit)
			continue;
		if (cs->group && cs->group != group) {
			vd_error_set("case '%s' is in both the green and the red group", cs->name);
			bad = 1;
			break;
		}
		cs->group = group;
		matched++;
	}
	free(list);
	return bad ? -1 : matched;
}
