/*
 * strace.c - events from strace logs written with `strace -f -tt -T -y`.
 *
 * A record is   [PID] TIME CALL(ARGS) = RET [ERRNO (text)] <DUR>
 * where PID is there with -f (or "[pid N]" on a terminal), TIME is -tt's
 * HH:MM:SS.micro or -ttt's seconds.micro, and -y annotates descriptors as
 * 3</path> (strace escapes '<' '>' and unprintable bytes there as \ooo).
 * A call another process interrupts in the log is split in two records,
 *   PID TIME CALL(ARGS... <unfinished ...>
 *   PID TIME <... CALL resumed>REST) = RET <DUR>
 * joined here by PID; the event starts at the first one.  Calls that end in
 * ERESTARTSYS (and the other ERESTART* codes) are dropped, as are signals
 * (--- SIG... ---), exits (+++ ... +++) and calls with no return (= ?).
 * Anything else that does not parse is an issue with its line number.
 */
#define _GNU_SOURCE
#include "dfg_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct pending {
	char call[64];
	double start;
	long line;
	char *path;    /* annotation or string argument seen so far */
	char *dirpath; /* the first argument's annotation when the path may be relative */
	int nargs_top; /* top-level commas seen */
	int in_use;
} pending;

typedef struct sparse {
	vd_dfg_log *l;
	const char *file; /* as given, for issues */
	char *case_base;  /* a9042 */
	char *host;       /* host1, "" when the name has no host */
	long rid;         /* 9042, 0 when none */
	vd_dfg_casekey key;
	VD_VEC(pending) pend; /* by pid, linear: few processes run at once */
	VD_VEC(long) pend_pid;
	double day; /* -tt wraps at midnight */
	double last_tod;
	int have_last;
	long last_pid;
	size_t last_case;
	int have_case;
} sparse;

/* ---- small scanners ---------------------------------------------------------- */

static int octal(char c)
{
	return c >= '0' && c <= '7';
}
static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* strace's escapes in [s, e) decoded into a new string */
static char *unescape(const char *s, const char *e)
{
	char *out = vd_xmalloc((size_t)(e - s) + 1), *o = out;
	while (s < e) {
		if (*s != '\\' || s + 1 >= e) {
			*o++ = *s++;
			continue;
		}
		s++;
		if (octal(*s)) {
			int v = 0, k = 0;
			while (k < 3 && s < e && octal(*s))
				v = v * 8 + (*s++ - '0'), k++;
			*o++ = (char)v;
		} else if (*s == 'x' && s + 2 < e + 0 && hexval(s[1]) >= 0 && hexval(s[2]) >= 0) {
			*o++ = (char)(hexval(s[1]) * 16 + hexval(s[2]));
			s += 3;
		} else {
			switch (*s) {
			case 'n':
				*o++ = '\n';
				break;
			case 't':
				*o++ = '\t';
				break;
			case 'r':
				*o++ = '\r';
				break;
			case 'v':
				*o++ = '\v';
				break;
			case 'f':
				*o++ = '\f';
				break;
			default:
				*o++ = *s;
				break;
			}
			s++;
		}
	}
	*o = 0;
	return out;
}

/* openat, newfstatat, statx, ...: a directory descriptor and a name */
static int at_call(const char *call)
{
	size_t n = strlen(call);
	return !strcmp(call, "statx") || (n > 2 && !strcmp(call + n - 2, "at")) ||
	       (n > 3 && !strcmp(call + n - 3, "at2")) || (n > 4 && !strcmp(call + n - 4, "at64"));
}

/* the first unescaped `close` in [p, end), or end */
static const char *skip_to(const char *p, const char *end, char close)
{
	while (p < end && *p != close)
		p += (*p == '\\' && p + 1 < end) ? 2 : 1;
	return p < end ? p : end;
}

/* the '>' closing a -y annotation that starts at p (after its '<'), or end.
 * -yy nests the device of a file, 1</dev/null<char 1:3>>, and writes
 * sockets as 3<TCP:[1.2.3.4:5->6.7.8.9:80]>: inner <...> and [...] are
 * skipped (the path's own '<' '>' are escaped, \74 \76) */
static const char *skip_annot(const char *p, const char *end)
{
	int angle = 0, square = 0;
	for (; p < end; p++) {
		if (*p == '\\' && p + 1 < end)
			p++;
		else if (*p == '[')
			square++;
		else if (*p == ']' && square)
			square--;
		else if (*p == '<' && !square)
			angle++;
		else if (*p == '>' && !square) {
			if (!angle)
				return p;
			angle--;
		}
	}
	return end;
}

/* an annotation [s, e) decoded, without -yy's nested "<device>" */
static char *annot_path(const char *s, const char *e)
{
	for (const char *q = s; q < e; q++) {
		if (*q == '\\' && q + 1 < e)
			q++;
		else if (*q == '<' && q > s) {
			e = q;
			break;
		}
	}
	return unescape(s, e);
}

/* the arguments scanned from p: strings, -y annotations, nesting.  Stops at
 * the ')' closing the call (returns a pointer to it), at " <unfinished ...>"
 * (sets *unfinished) or at the end (returns NULL). */
typedef struct argscan {
	char *first_annot; /* annotation inside the first argument */
	char *second_str;  /* a string that is the second argument */
	char *first_str;   /* a string that is the first argument */
	int top_commas;
} argscan;

static const char *scan_args(const char *p, const char *end, argscan *a, int *unfinished,
			     int want_second)
{
	int depth = 0;
	char prev = '(';
	*unfinished = 0;
	while (p < end) {
		char c = *p;
		if (c == '"') {
			const char *s = ++p;
			p = skip_to(p, end, '"');
			if (p >= end)
				return NULL;
			if (depth == 0 && a->top_commas == 0 && !a->first_str)
				a->first_str = unescape(s, p);
			else if (want_second && depth == 0 && a->top_commas == 1 && !a->second_str)
				a->second_str = unescape(s, p);
			p++;
			prev = '"';
			continue;
		}
		if (c == '<') {
			if (end - p >= 16 && !strncmp(p, "<unfinished ...>", 16)) {
				*unfinished = 1;
				return p;
			}
			if (prev == '_' || (prev >= '0' && prev <= '9') ||
			    (prev >= 'A' && prev <= 'Z') || (prev >= 'a' && prev <= 'z')) {
				/* a -y annotation: up to the next '>' (strace escapes '>' inside) */
				const char *s = ++p;
				p = skip_annot(p, end);
				if (p >= end)
					return NULL;
				if (depth == 0 && a->top_commas == 0 && !a->first_annot)
					a->first_annot = annot_path(s, p);
				p++;
				prev = '>';
				continue;
			}
		}
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ']' || c == '}')
			depth--;
		else if (c == ')') {
			if (depth == 0)
				return p;
			depth--;
		} else if (c == ',' && depth == 0)
			a->top_commas++;
		prev = c;
		p++;
	}
	return NULL;
}

static void argscan_free(argscan *a)
{
	free(a->first_annot);
	free(a->second_str);
	free(a->first_str);
	memset(a, 0, sizeof *a);
}

static char *join_dir(const char *dir, const char *name)
{
	if (name[0] == '/')
		return vd_xstrdup(name);
	size_t dl = strlen(dir), n = dl + strlen(name) + 2;
	char *p = vd_xmalloc(n);
	snprintf(p, n, "%s%s%s", dir, dl && dir[dl - 1] == '/' ? "" : "/", name);
	return p;
}

/* the file the call worked on: the descriptor it returned, the name an *at
 * call was given (relative to its directory), the first argument's
 * descriptor, else a first argument that is a string (open, stat) */
static char *call_path(const char *call, const argscan *a, const char *ret_annot)
{
	if (ret_annot && *ret_annot)
		return vd_xstrdup(ret_annot);
	if (at_call(call) && a->first_annot && a->second_str && *a->second_str)
		return join_dir(a->first_annot, a->second_str);
	if (a->first_annot)
		return vd_xstrdup(a->first_annot);
	if (a->first_str)
		return vd_xstrdup(a->first_str);
	return NULL;
}

static pending *pending_get(sparse *s, long pid, int create)
{
	for (size_t i = 0; i < s->pend.n; i++)
		if (s->pend_pid.v[i] == pid)
			return &s->pend.v[i];
	if (!create)
		return NULL;
	for (size_t i = 0; i < s->pend.n; i++)
		if (!s->pend.v[i].in_use) {
			s->pend_pid.v[i] = pid;
			return &s->pend.v[i];
		}
	pending z = { 0 };
	vd_vec_push(s->pend, z);
	vd_vec_push(s->pend_pid, pid);
	return &s->pend.v[s->pend.n - 1];
}

static void pending_clear(pending *p)
{
	free(p->path);
	free(p->dirpath);
	memset(p, 0, sizeof *p);
}

static size_t case_of(sparse *s, long pid)
{
	if (s->have_case && (s->key == VD_DFG_CASE_FILE || s->last_pid == pid))
		return s->last_case;
	char name[512];
	if (s->key == VD_DFG_CASE_FILE)
		snprintf(name, sizeof name, "%s", s->case_base);
	else
		snprintf(name, sizeof name, "%s:%ld", s->case_base, pid);
	s->last_case = vd_dfg_log_case(s->l, name, s->file);
	s->last_pid = pid;
	s->have_case = 1;
	return s->last_case;
}

static void issue(sparse *s, long line, const char *fmt, ...) VD_PRINTF(3, 4);
static void issue(sparse *s, long line, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	vd_dfg_log_issue_add(s->l, s->file, line, msg);
}

/* " = RET [annot] [ERRNO (text)] <DUR>" after the closing ')' */
static int parse_return(sparse *s, long line, const char *p, const char *end, long long *ret,
			char **ret_annot, double *dur, int *dropped)
{
	*ret_annot = NULL;
	*dropped = 0;
	p++; /* ')' */
	while (p < end && *p == ' ')
		p++;
	if (p >= end || *p != '=') {
		issue(s, line, "no return value after the arguments");
		return -1;
	}
	p++;
	while (p < end && *p == ' ')
		p++;
	if (p < end && *p == '?') {
		/* the call never returned (exit_group, a killed process) or was interrupted */
		*dropped = 1;
		return 0;
	}
	char *q = NULL;
	errno = 0;
	long long v = strtoll(p, &q, 0);
	if (q == p || errno) {
		issue(s, line, "unreadable return value");
		return -1;
	}
	*ret = v;
	p = q;
	if (p < end && *p == '<') {
		const char *a = ++p;
		p = skip_annot(p, end);
		if (p >= end) {
			issue(s, line, "unterminated <...> annotation of the return value");
			return -1;
		}
		*ret_annot = annot_path(a, p);
		p++;
	}
	if (p < end && memmem(p, (size_t)(end - p), "ERESTART", 8)) {
		*dropped = 1;
		return 0;
	}
	/* the duration: the last <...> of the line */
	const char *e = end;
	while (e > p && (e[-1] == ' ' || e[-1] == '\r'))
		e--;
	if (e <= p || e[-1] != '>') {
		issue(s, line, "no duration <...> at the end (strace -T)");
		free(*ret_annot);
		*ret_annot = NULL;
		return -1;
	}
	const char *lt = e - 1;
	while (lt > p && *lt != '<')
		lt--;
	char *dq = NULL;
	double d = strtod(lt + 1, &dq);
	if (*lt != '<' || dq != e - 1 || d < 0) {
		issue(s, line, "unreadable duration at the end (strace -T)");
		free(*ret_annot);
		*ret_annot = NULL;
		return -1;
	}
	*dur = d;
	return 0;
}

static void emit(sparse *s, long pid, const char *call, double start, double dur, long long ret,
		 const char *path)
{
	vd_dfg_event e = { call,    NULL,   path,
			   start,   dur,    vd_dfg_call_transfers(call) && ret > 0 ? ret : 0,
			   s->host, s->rid, pid };
	vd_dfg_log_add(s->l, case_of(s, pid), &e);
}

/* "[pid N] " or "N " before the time stamp (-f, -ff); *pid stays 0 without
 * one.  0, or -1 (said) */
static int parse_pid(sparse *s, const char **pp, const char *end, long line, long *pid)
{
	const char *p = *pp;
	if (!strncmp(p, "[pid", 4)) {
		p += 4;
		char *q;
		*pid = strtol(p, &q, 10);
		if (q == p || *q != ']') {
			issue(s, line, "unreadable [pid N] prefix");
			return -1;
		}
		p = q + 1;
	} else {
		const char *q = p;
		while (q < end && *q >= '0' && *q <= '9')
			q++;
		if (q > p && q < end && (*q == ' ' || *q == '\t')) {
			*pid = strtol(p, NULL, 10);
			p = q;
		}
	}
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	*pp = p;
	return 0;
}

/* the time stamp (-tt: HH:MM:SS.micro, days counted past midnight; -ttt:
 * seconds.micro) into *t.  0, or -1 (said) */
static int parse_time(sparse *s, const char **pp, const char *end, long line, double *t)
{
	const char *p = *pp;
	char *q;
	/* HH:MM:SS.micro, by hand: sscanf would be half the parse time */
	if (end - p >= 8 && p[2] == ':' && p[5] == ':' && p[0] >= '0' && p[0] <= '9' &&
	    p[1] >= '0' && p[1] <= '9' && p[3] >= '0' && p[3] <= '9' && p[4] >= '0' &&
	    p[4] <= '9' && p[6] >= '0' && p[6] <= '9' && p[7] >= '0' && p[7] <= '9') {
		*t = ((p[0] - '0') * 10 + (p[1] - '0')) * 3600.0 +
		     ((p[3] - '0') * 10 + (p[4] - '0')) * 60.0 + (p[6] - '0') * 10 + (p[7] - '0');
		p += 8;
		if (p < end && *p == '.') {
			long long frac = 0, scale = 1;
			for (p++; p < end && *p >= '0' && *p <= '9'; p++)
				if (scale < 1000000000LL)
					frac = frac * 10 + (*p - '0'), scale *= 10;
			*t += (double)frac / (double)scale;
		}
		if (s->have_last && *t + 43200 < s->last_tod)
			s->day += 86400; /* past midnight */
		s->last_tod = *t;
		s->have_last = 1;
		*t += s->day;
	} else if ((*t = strtod(p, &q)),
		   q > p && q < end && *q == ' ' && memchr(p, '.', (size_t)(q - p))) {
		p = q;
	} else {
		issue(s, line, "no time stamp (strace -tt)");
		return -1;
	}
	while (p < end && *p == ' ')
		p++;
	*pp = p;
	return 0;
}

/* The return value, its annotation (*ra, caller frees) and the duration of
 * a call whose arguments end at `close`: 1 when the call returned, 0 when
 * it did not (interrupted, never returned) or the rest is unreadable (said). */
static int call_returned(sparse *s, long line, const char *close, const char *end, long long *ret,
			 double *dur, char **ra)
{
	int dropped = 0;
	*ret = 0;
	*dur = 0;
	if (parse_return(s, line, close, end, ret, ra, dur, &dropped) == 0 && !dropped)
		return 1;
	free(*ra);
	*ra = NULL;
	return 0;
}

/* "<... CALL resumed>REST": the end of the call pid left unfinished */
static void parse_resumed(sparse *s, const char *p, const char *end, long line, long pid)
{
	argscan a = { 0 };
	int unfinished = 0;
	const char *c = p + 5, *ce = c;
	while (ce < end && *ce != ' ')
		ce++;
	if (end - ce < 9 || strncmp(ce, " resumed>", 9)) {
		issue(s, line, "unreadable '<... resumed>' record");
		return;
	}
	pending *pd = pending_get(s, pid, 0);
	if (!pd || !pd->in_use) {
		issue(s, line, "resumed call of pid %ld without its <unfinished ...> record", pid);
		return;
	}
	if ((size_t)(ce - c) != strlen(pd->call) || strncmp(c, pd->call, (size_t)(ce - c))) {
		issue(s, line, "'%.*s' resumed while pid %ld left '%s' unfinished", (int)(ce - c),
		      c, pid, pd->call);
		pending_clear(pd);
		return;
	}
	a.top_commas = pd->nargs_top;
	const char *close = scan_args(ce + 9, end, &a, &unfinished, at_call(pd->call));
	if (!close || unfinished) {
		issue(s, line, "truncated record (no closing parenthesis)");
		argscan_free(&a);
		pending_clear(pd);
		return;
	}
	long long ret;
	double dur;
	char *ra = NULL;
	if (call_returned(s, line, close, end, &ret, &dur, &ra)) {
		/* the returned descriptor, an *at name that came resumed, the
		 * unfinished part's path, else what the resumed part showed */
		char *path = ra && *ra ? vd_xstrdup(ra) : NULL;
		if (!path && pd->dirpath && a.second_str && *a.second_str)
			path = join_dir(pd->dirpath, a.second_str);
		if (!path && pd->path)
			path = vd_xstrdup(pd->path);
		if (!path)
			path = call_path(pd->call, &a, NULL);
		emit(s, pid, pd->call, pd->start, dur, ret, path);
		free(path);
		free(ra);
	}
	argscan_free(&a);
	pending_clear(pd);
}

/* "CALL(ARGS) = RET <DUR>", or "CALL(ARGS <unfinished ...>" kept for its end */
static void parse_call(sparse *s, const char *p, const char *end, long line, long pid, double t)
{
	argscan a = { 0 };
	int unfinished = 0;
	const char *c = p;
	while (p < end && (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			   (*p >= '0' && *p <= '9')))
		p++;
	if (p == c || p >= end || *p != '(' || p - c >= 64) {
		issue(s, line, "not a system call record");
		return;
	}
	char call[64];
	memcpy(call, c, (size_t)(p - c));
	call[p - c] = 0;
	const char *close = scan_args(p + 1, end, &a, &unfinished, at_call(call));
	if (unfinished) {
		pending *pd = pending_get(s, pid, 1);
		if (pd->in_use)
			issue(s, (long)pd->line, "unfinished '%s' of pid %ld never resumed",
			      pd->call, pid);
		pending_clear(pd);
		pd->in_use = 1;
		snprintf(pd->call, sizeof pd->call, "%s", call);
		pd->start = t;
		pd->line = line;
		pd->nargs_top = a.top_commas;
		pd->path = call_path(call, &a, NULL);
		if (at_call(call) && a.first_annot && !a.second_str)
			pd->dirpath = vd_xstrdup(a.first_annot); /* the name comes resumed */
		argscan_free(&a);
		return;
	}
	if (!close) {
		issue(s, line, "truncated record (no closing parenthesis)");
		argscan_free(&a);
		return;
	}
	long long ret;
	double dur;
	char *ra = NULL;
	if (call_returned(s, line, close, end, &ret, &dur, &ra)) {
		char *path = call_path(call, &a, ra);
		emit(s, pid, call, t, dur, ret, path);
		free(path);
		free(ra);
	}
	argscan_free(&a);
}

/* One line of `strace -f -tt -T -y` (or -ff, -ttt): [pid] time, then a
 * call, the end of an unfinished one, or a signal or exit (skipped). */
static void parse_line(sparse *s, const char *p, const char *end, long line)
{
	while (end > p && (end[-1] == '\n' || end[-1] == '\r'))
		end--;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end)
		return;
	if (end - p > 8 && !strncmp(p, "strace: ", 8))
		return;
	long pid = 0;
	double t;
	if (parse_pid(s, &p, end, line, &pid) || parse_time(s, &p, end, line, &t))
		return;
	if (end - p >= 3 && (!strncmp(p, "---", 3) || !strncmp(p, "+++", 3)))
		return; /* a signal, an exit */
	if (end - p > 5 && !strncmp(p, "<... ", 5))
		parse_resumed(s, p, end, line, pid);
	else
		parse_call(s, p, end, line, pid, t);
}

static void sparse_init(sparse *s, vd_dfg_log *l, const char *name, vd_dfg_casekey key)
{
	memset(s, 0, sizeof *s);
	s->l = l;
	s->file = name;
	s->key = key;
	/* <cid>_<host>_<rid>.st -> "<cid><rid>", else the base name without .st */
	const char *base = strrchr(name, '/');
	base = base ? base + 1 : name;
	size_t n = strlen(base);
	if (n > 3 && !strcmp(base + n - 3, ".st"))
		n -= 3;
	char *b = vd_xstrndup(base, n);
	char *last = strrchr(b, '_'), *first = strchr(b, '_');
	int rid_ok = last && last[1] && first && first < last && first > b;
	for (char *q = last ? last + 1 : NULL; rid_ok && *q; q++)
		rid_ok = *q >= '0' && *q <= '9';
	if (rid_ok) {
		size_t cl = (size_t)(first - b);
		s->case_base = vd_xmalloc(cl + strlen(last + 1) + 1);
		memcpy(s->case_base, b, cl);
		strcpy(s->case_base + cl, last + 1);
		s->host = vd_xstrndup(first + 1, (size_t)(last - first - 1));
		s->rid = strtol(last + 1, NULL, 10);
		free(b);
	} else {
		s->case_base = b;
		s->host = vd_xstrdup("");
	}
}

static void sparse_finish(sparse *s)
{
	for (size_t i = 0; i < s->pend.n; i++) {
		if (s->pend.v[i].in_use)
			issue(s, s->pend.v[i].line, "unfinished '%s' of pid %ld never resumed",
			      s->pend.v[i].call, s->pend_pid.v[i]);
		pending_clear(&s->pend.v[i]);
	}
	vd_vec_free(s->pend);
	vd_vec_free(s->pend_pid);
	free(s->case_base);
	free(s->host);
}

int vd_dfg_read_strace_mem(vd_dfg_log *l, const char *name, const char *text, size_t len,
			   vd_dfg_casekey key)
{
	sparse s;
	sparse_init(&s, l, name, key);
	const char *p = text, *end = text + len;
	long line = 0;
	vd_buf one = { 0 };
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		/* each line NUL-terminated, as getline gives them: the number
		 * readers (strtoll, strtod) must not run past it */
		vd_buf_clear(&one);
		vd_buf_put(&one, p, (size_t)(le - p));
		parse_line(&s, vd_buf_cstr(&one), vd_buf_cstr(&one) + one.len, ++line);
		p = nl ? nl + 1 : end;
	}
	vd_buf_release(&one);
	sparse_finish(&s);
	return 0;
}

static int read_one(vd_dfg_log *l, const char *path, vd_dfg_casekey key)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		vd_error_set("%s: %s", path, strerror(errno));
		return -1;
	}
	struct stat sb;
	if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
		fclose(f);
		vd_error_set("%s: is a directory, not an strace log", path);
		return -1;
	}
	sparse s;
	sparse_init(&s, l, path, key);
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;
	long line = 0;
	errno = 0;
	while ((n = getline(&buf, &cap, f)) >= 0)
		parse_line(&s, buf, buf + n, ++line);
	int err = ferror(f);
	free(buf);
	fclose(f);
	sparse_finish(&s);
	if (err) {
		vd_error_set("%s: read error", path);
		return -1;
	}
	return 0;
}

int vd_dfg_read_strace(vd_dfg_log *l, const char *path, vd_dfg_casekey key)
{
	struct stat sb;
	if (stat(path, &sb) == 0 || !strpbrk(path, "*?["))
		return read_one(l, path, key);
	/* a quoted glob: a_*_*.st */
	glob_t g;
	int rc = glob(path, 0, NULL, &g);
	if (rc != 0) {
		if (rc != GLOB_NOMATCH)
			globfree(&g);
		vd_error_set("%s: no file matches", path);
		return -1;
	}
	for (size_t i = 0; i < g.gl_pathc; i++)
		if (read_one(l, g.gl_pathv[i], key) < 0) {
			globfree(&g);
			return -1;
		}
	globfree(&g);
	return 0;
}
