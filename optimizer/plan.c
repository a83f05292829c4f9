/*
 * plan.c - the rewriter's plan: findings -> byte-range edits of the
 * sources (vd_rewrite.h), with the preconditions of docs/optimize.md
 * checked on the extractor's call ranges (vd_callsites.h), and the plan as
 * unified diffs.
 */
#include <stdlib.h>
#include <string.h>

#include "vd_callsites.h"
#include "vd_rewrite.h"

int vd_rewrite_rule(vd_rule_id r)
{
	return r == VD_RULE_STDIO_BUFFER || r == VD_RULE_PREFETCH || r == VD_RULE_SMALL_IO_LOOP ||
	       r == VD_RULE_SYNC_IN_LOOP;
}

/* a file being planned */
typedef struct pfile {
	const char *rel;
	vd_callsites *cs;
	VD_VEC(vd_edit) edits;
	int runtime;
	vd_rule_id runtime_rule; /* the first rule that needed the runtime */
	int stdio_bufs;          /* setvbuf buffers declared so far */
} pfile;

typedef struct planner {
	vd_plan *p;
	const vd_plan_opts *o;
	VD_VEC(pfile) files;
} planner;

static pfile *get_file(planner *pl, const char *rel, const char **why)
{
	for (size_t i = 0; i < pl->files.n; i++)
		if (!strcmp(pl->files.v[i].rel, rel))
			return pl->files.v[i].cs ? &pl->files.v[i] : NULL;
	pfile f = { 0 };
	f.rel = vd_arena_strdup(pl->p->arena, rel); /* the plan outlives the findings */
	const char *abs =
		rel[0] == '/' ? rel : vd_arena_printf(pl->p->arena, "%s/%s", pl->o->root, rel);
	int rc = vd_callsites_scan(pl->o->compdb, abs, &f.cs);
	vd_vec_push(pl->files, f);
	if (rc != 0) {
		*why = vd_arena_strdup(pl->p->arena, vd_error_last());
		return NULL;
	}
	return &pl->files.v[pl->files.n - 1];
}

/* the sites of the finding's call on its line */
static size_t sites_at(const vd_callsites *cs, const char *call, int line, size_t *idx, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < cs->nsites && n < max; i++)
		if (cs->sites[i].callee && !strcmp(cs->sites[i].callee, call) &&
		    cs->sites[i].call.line == line)
			idx[n++] = i;
	return n;
}

/* adds an edit; an edit of the same range with the same text is one
 * edit, a different one over it refuses the new one (0 added or the same,
 * -1 refused) */
static int add_edit(pfile *f, size_t b, size_t e, const char *text, vd_rule_id rule, int replace)
{
	for (size_t i = 0; i < f->edits.n; i++) {
		vd_edit *x = &f->edits.v[i];
		int same = x->begin == b && x->end == e;
		if (same && !strcmp(x->text, text))
			return 0;
		if (same && replace) {
			x->text = text;
			x->rule = rule;
			return 0;
		}
		/* a runtime call already (vd_rt_fsync_deferred where this
		 * rule would put vd_rt_fsync): the descriptor is covered */
		if (same && vd_runtime_name(x->text) && vd_runtime_name(text))
			return 0;
		if (b < x->end && x->begin < e)
			return -1;
		if (same && b == e) /* two insertions at one place: refuse */
			return -1;
	}
	vd_edit ed = { b, e, text, rule };
	vd_vec_push(f->edits, ed);
	return 0;
}

static const char *rename_to(const char *callee, int deferred)
{
	static const char *const map[][2] = {
		{ "write", "vd_rt_write" },     { "pwrite", "vd_rt_pwrite" },
		{ "read", "vd_rt_read" },       { "pread", "vd_rt_pread" },
		{ "lseek", "vd_rt_lseek" },     { "fsync", "vd_rt_fsync" },
		{ "fdatasync", "vd_rt_fsync" }, /* a full sync: flush, then fsync */
		{ "close", "vd_rt_close" },
	};
	if (deferred && !strcmp(callee, "fsync"))
		return "vd_rt_fsync_deferred";
	if (deferred && !strcmp(callee, "fdatasync"))
		return "vd_rt_fdatasync_deferred";
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(map[i][0], callee))
			return map[i][1];
	return NULL;
}

/* calls after which buffered writes would have to be flushed first */
static int is_exec_like(const char *c)
{
	static const char *const names[] = { "system",  "popen",   "execl",       "execle",
					     "execlp",  "execv",   "execve",      "execvp",
					     "execvpe", "fexecve", "posix_spawn", "posix_spawnp",
					     "vfork",   "signal",  "sigaction" };
	for (size_t i = 0; c && i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(names[i], c))
			return 1;
	return 0;
}

/* the open of `var` inside the loop of `c` (the file is opened again on
 * every iteration: the runtime's per-descriptor state would be set up
 * each time for nothing - hoisting the open is the remedy), or NULL */
static const vd_callsite *opened_in_loop(const vd_callsites *cs, const vd_callsite *c)
{
	for (size_t i = 0; c->fd_var && c->loop.line && i < cs->nsites; i++) {
		const vd_callsite *s = &cs->sites[i];
		if (s->result_var == c->fd_var && s->call.begin >= c->loop.begin &&
		    s->call.end <= c->loop.end)
			return s;
	}
	return NULL;
}

/* calls that reach a file by its name (or run other programs) */
static int names_file(const char *c)
{
	static const char *const names[] = {
		"open",     "openat", "creat",     "fopen",    "freopen", "stat",     "lstat",
		"fstatat",  "access", "faccessat", "truncate", "rename",  "renameat", "unlink",
		"unlinkat", "remove", "link",      "symlink",  "opendir", "scandir",  "fork",
	};
	for (size_t i = 0; c && i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(names[i], c))
			return 1;
	return 0;
}

/*
 * Write-behind and deferred sync need every call on the descriptor from
 * its first rewritten write to its close rewritten (docs/optimize.md).
 * The descriptor must be a plain local variable of the function whose
 * every use is visible: assigned from open/creat/openat, compared, or the
 * descriptor argument of a call the runtime has (write, pwrite, read,
 * pread, lseek, fsync, fdatasync, close), with at least one close.
 * Returns NULL with the renames added as edits, or the reason.
 */
static const char *rewrite_descriptor(planner *pl, pfile *f, const vd_callsite *w, vd_rule_id rule,
				      int deferred)
{
	vd_arena *a = pl->p->arena;
	const vd_callsites *cs = f->cs;
	if (w->not_rewritable)
		return w->not_rewritable;
	if (!w->loop.line)
		return vd_arena_printf(a, "the call on line %d is not inside a loop", w->call.line);
	if (!w->fd_var)
		return vd_arena_printf(
			a,
			"the descriptor '%s' is not a local variable of %s() (its other uses "
			"cannot be seen)",
			w->fd_text ? w->fd_text : "?", w->function ? w->function : "the function");
	const vd_callsite *op = opened_in_loop(cs, w);
	if (op)
		return vd_arena_printf(a,
				       "'%s' is opened in the same loop (line %d): the runtime "
				       "does not help one file per iteration (hoist the open)",
				       w->fd_text, op->call.line);
	for (size_t i = 0; i < cs->nsites; i++)
		if (is_exec_like(cs->sites[i].callee))
			return vd_arena_printf(
				a,
				"the file calls %s() (line %d): buffered writes would not be in "
				"the file before it",
				cs->sites[i].callee, cs->sites[i].call.line);
	/* the span of the calls on it: nothing in between may look at files
	 * by name, which would not see the buffered bytes */
	size_t lo = (size_t)-1, hi = 0;
	for (size_t i = 0; i < cs->nuses; i++)
		if (cs->uses[i].var == w->fd_var && cs->uses[i].kind == VD_USE_ARG) {
			const vd_callsite *s = &cs->sites[cs->uses[i].site];
			lo = s->call.begin < lo ? s->call.begin : lo;
			hi = s->call.end > hi ? s->call.end : hi;
		}
	for (size_t i = 0; i < cs->nsites; i++) {
		const vd_callsite *s = &cs->sites[i];
		if (s->call.begin > lo && s->call.begin < hi && s->func.begin == w->func.begin &&
		    names_file(s->callee))
			return vd_arena_printf(
				a,
				"%s() on line %d, between the calls on the descriptor, "
				"could see the file without the buffered writes",
				s->callee, s->call.line);
	}
	const char *name = NULL;
	int closes = 0;
	for (size_t i = 0; i < cs->nuses; i++) {
		const vd_varuse *u = &cs->uses[i];
		if (u->var != w->fd_var)
			continue;
		name = u->name;
		switch (u->kind) {
		case VD_USE_DECL:
		case VD_USE_ASSIGN:
			if (u->init_callee &&
			    (!*u->init_callee || !strcmp(u->init_callee, "open") ||
			     !strcmp(u->init_callee, "creat") || !strcmp(u->init_callee, "openat")))
				break;
			return vd_arena_printf(
				a,
				"'%s' is %s on line %d with something other than open(): the "
				"descriptor may be shared",
				u->name, u->kind == VD_USE_DECL ? "initialised" : "assigned",
				u->line);
		case VD_USE_COMPARE:
			break;
		case VD_USE_ARG: {
			const vd_callsite *s = &cs->sites[u->site];
			if (u->arg != s->fd_arg || !rename_to(s->callee, 0))
				return vd_arena_printf(
					a,
					"the descriptor '%s' is passed to %s() on line %d, code "
					"the rewriter cannot see",
					u->name, s->callee ? s->callee : "a function pointer",
					u->line);
			if (s->not_rewritable)
				return s->not_rewritable;
			if (!strcmp(s->callee, "close"))
				closes++;
			break;
		}
		case VD_USE_OTHER:
		default:
			return vd_arena_printf(
				a,
				"the descriptor '%s' escapes on line %d (its address "
				"taken, stored or returned)",
				u->name, u->line);
		}
	}
	if (!closes)
		return vd_arena_printf(a,
				       "no close() of '%s' in %s(): the buffered bytes would have "
				       "no visible close to reach the file",
				       name ? name : "the descriptor", w->function);
	/* every call on it: renamed */
	for (size_t i = 0; i < cs->nuses; i++) {
		const vd_varuse *u = &cs->uses[i];
		if (u->var != w->fd_var || u->kind != VD_USE_ARG)
			continue;
		const vd_callsite *s = &cs->sites[u->site];
		int defer = deferred && s->loop.line &&
			    (!strcmp(s->callee, "fsync") || !strcmp(s->callee, "fdatasync"));
		const char *to = rename_to(s->callee, defer);
		if (add_edit(f, s->name.begin, s->name.end, to, rule, defer) != 0)
			return vd_arena_printf(a, "another edit overlaps the call on line %d",
					       s->call.line);
	}
	if (!f->runtime)
		f->runtime_rule = rule;
	f->runtime = 1;
	return NULL;
}

static const char *plan_prefetch(planner *pl, pfile *f, const vd_callsite *r)
{
	vd_arena *a = pl->p->arena;
	const vd_callsites *cs = f->cs;
	if (r->not_rewritable)
		return r->not_rewritable;
	if (!r->loop.line)
		return vd_arena_printf(a, "the call on line %d is not inside a loop", r->call.line);
	const vd_callsite *op = opened_in_loop(cs, r);
	if (op)
		return vd_arena_printf(a,
				       "'%s' is opened in the same loop (line %d): no read-ahead "
				       "for one file per iteration (hoist the open)",
				       r->fd_text, op->call.line);
	/* a descriptor also written by plain calls could serve stale
	 * read-ahead within the file system's time-stamp granularity */
	for (size_t i = 0; r->fd_var && strcmp(r->callee, "fread") && i < cs->nsites; i++) {
		const vd_callsite *s = &cs->sites[i];
		if (s->fd_var == r->fd_var && s->callee &&
		    (!strcmp(s->callee, "write") || !strcmp(s->callee, "pwrite")))
			return vd_arena_printf(a, "'%s' is also written (line %d)", r->fd_text,
					       s->call.line);
	}
	const char *to = !strcmp(r->callee, "fread") ? "vd_rt_fread" : rename_to(r->callee, 0);
	if (add_edit(f, r->name.begin, r->name.end, to, VD_RULE_PREFETCH, 0) != 0)
		return vd_arena_printf(a, "another edit overlaps the call on line %d",
				       r->call.line);
	if (!f->runtime)
		f->runtime_rule = VD_RULE_PREFETCH;
	f->runtime = 1;
	return NULL;
}

/* the start of the line holding offset `o` */
static size_t line_start(const char *t, size_t o)
{
	while (o > 0 && t[o - 1] != '\n')
		o--;
	return o;
}

static const char *indent_of(vd_arena *a, const char *t, size_t len, size_t o)
{
	size_t b = line_start(t, o), e = b;
	while (e < len && (t[e] == ' ' || t[e] == '\t'))
		e++;
	return vd_arena_strndup(a, t + b, e - b);
}

/*
 * stdio-buffer: a 1 MiB buffer for the stream, set right after the
 * statement that opens it.  glibc ignores setvbuf's size when the buffer
 * is NULL (it keeps st_blksize), so the buffer is a static array: one per
 * fopen, which is only safe when that fopen runs once at a time - in
 * main(), outside any loop.
 */
static const char *plan_stdio(planner *pl, pfile *f, const vd_callsite *w)
{
	vd_arena *a = pl->p->arena;
	const vd_callsites *cs = f->cs;
	if (!w->fd_var)
		return vd_arena_printf(a, "the stream '%s' is not a local variable",
				       w->fd_text ? w->fd_text : "?");
	const vd_callsite *op = NULL;
	for (size_t i = 0; i < cs->nsites; i++) {
		const vd_callsite *s = &cs->sites[i];
		if (s->result_var == w->fd_var && s->callee && !strcmp(s->callee, "fopen") &&
		    s->call.begin < w->call.begin) {
			if (op)
				return vd_arena_printf(a,
						       "'%s' is opened more than once (lines %d "
						       "and %d)",
						       w->fd_text, op->call.line, s->call.line);
			op = s;
		}
		if (s->fd_var == w->fd_var && s->callee &&
		    (!strcmp(s->callee, "setvbuf") || !strcmp(s->callee, "setbuf")))
			return vd_arena_printf(a,
					       "the program sets the buffer of '%s' itself "
					       "(line %d)",
					       w->fd_text, s->call.line);
	}
	if (!op)
		return vd_arena_printf(a, "no fopen() of '%s' before line %d in %s()", w->fd_text,
				       w->call.line, w->function);
	if (!op->function || strcmp(op->function, "main") != 0 || op->loop.line)
		return vd_arena_printf(
			a,
			"the fopen() on line %d is not in main() outside loops: a static buffer "
			"could be shared by two open streams",
			op->call.line);
	if (!op->stmt_in_block || !op->stmt.line)
		return vd_arena_printf(a, "the fopen() on line %d is not a statement of a block",
				       op->call.line);
	const char *var = NULL;
	for (size_t i = 0; i < cs->nuses && !var; i++)
		if (cs->uses[i].var == w->fd_var)
			var = cs->uses[i].name;
	if (!var)
		return "the stream's variable was not found";
	int k = ++f->stdio_bufs;
	const char *buf = vd_arena_printf(a, "vd_stdio_buf_%d", k);
	const char *decl = vd_arena_printf(
		a, "static char %s[1 << 20]; /* vidya optimize: %s's stdio buffer */\n", buf, var);
	const char *ind = indent_of(a, cs->text, cs->len, op->stmt.begin);
	/* after the statement: at the next line's start when only blanks
	 * follow it on its line */
	size_t at = op->stmt.end;
	while (at < cs->len && (cs->text[at] == ' ' || cs->text[at] == '\t'))
		at++;
	const char *call;
	if (at < cs->len && cs->text[at] == '\n') {
		at++;
		call = vd_arena_printf(a, "%sif (%s)\n%s\tsetvbuf(%s, %s, _IOFBF, sizeof %s);\n",
				       ind, var, ind, var, buf, buf);
	} else {
		at = op->stmt.end;
		call = vd_arena_printf(a, "\n%sif (%s)\n%s\tsetvbuf(%s, %s, _IOFBF, sizeof %s);",
				       ind, var, ind, var, buf, buf);
	}
	size_t fb = line_start(cs->text, op->func.begin);
	if (add_edit(f, fb, fb, decl, VD_RULE_STDIO_BUFFER, 0) != 0 ||
	    add_edit(f, at, at, call, VD_RULE_STDIO_BUFFER, 0) != 0)
		return vd_arena_printf(a, "another edit overlaps line %d", op->call.line);
	return NULL;
}

/* where `#include "vd_rt.h"` goes: after the last #include outside any
 * #if before `limit` (the first edit: so after the file's own feature
 * macros, and before the first call it declares), else at the top */
static size_t include_point(const char *t, size_t len, size_t limit)
{
	size_t at = 0;
	int depth = 0;
	for (size_t o = 0; o < len && o < limit;) {
		size_t e = o;
		while (e < len && t[e] != '\n')
			e++;
		size_t k = o;
		while (k < e && (t[k] == ' ' || t[k] == '\t'))
			k++;
		if (k < e && t[k] == '#') {
			k++;
			while (k < e && (t[k] == ' ' || t[k] == '\t'))
				k++;
			if (!strncmp(t + k, "if", 2))
				depth++;
			else if (!strncmp(t + k, "endif", 5) && depth > 0)
				depth--;
			else if (!strncmp(t + k, "include", 7) && depth == 0)
				at = e < len ? e + 1 : e;
		}
		o = e < len ? e + 1 : e;
	}
	return at;
}

static const char *plan_one(planner *pl, const vd_finding *x, vd_plan_action *act)
{
	vd_arena *a = pl->p->arena;
	*act = VD_PLAN_SKIPPED;
	if (!x->call || !x->file) {
		*act = VD_PLAN_ADVICE;
		return NULL;
	}
	const char *c = x->call;
	int ok_call = 0;
	switch (x->rule) {
	case VD_RULE_STDIO_BUFFER:
		ok_call = !strcmp(c, "fprintf") || !strcmp(c, "fputs") || !strcmp(c, "fwrite") ||
			  !strcmp(c, "fputc") || !strcmp(c, "putc") || !strcmp(c, "vfprintf");
		break;
	case VD_RULE_PREFETCH:
		ok_call = !strcmp(c, "read") || !strcmp(c, "pread") || !strcmp(c, "fread");
		break;
	case VD_RULE_SMALL_IO_LOOP:
		ok_call = !strcmp(c, "write");
		break;
	case VD_RULE_SYNC_IN_LOOP:
		ok_call = !strcmp(c, "fsync") || !strcmp(c, "fdatasync");
		if (ok_call && !pl->o->allow_durability)
			return "a deferred sync changes durability: pass --allow-durability";
		break;
	default:
		*act = VD_PLAN_ADVICE;
		return NULL;
	}
	if (!ok_call)
		return vd_arena_printf(a, "the rewriter does not rewrite %s() for this rule", c);
	const char *why = NULL;
	pfile *f = get_file(pl, x->file, &why);
	if (!f)
		return why ? why : "the file could not be scanned";
	size_t idx[8];
	size_t n = sites_at(f->cs, c, x->site_line, idx, 8);
	if (n == 0)
		return vd_arena_printf(a, "no call to %s() on line %d of the file as it is now", c,
				       x->site_line);
	size_t mark = f->edits.n;
	int runtime = f->runtime, bufs = f->stdio_bufs;
	vd_rule_id rrule = f->runtime_rule;
	for (size_t i = 0; i < n && !why; i++) {
		const vd_callsite *s = &f->cs->sites[idx[i]];
		if (x->rule == VD_RULE_STDIO_BUFFER)
			why = plan_stdio(pl, f, s);
		else if (x->rule == VD_RULE_PREFETCH)
			why = plan_prefetch(pl, f, s);
		else
			why = rewrite_descriptor(pl, f, s, x->rule,
						 x->rule == VD_RULE_SYNC_IN_LOOP);
	}
	if (why) { /* all of the finding's edits, or none */
		f->edits.n = mark;
		f->runtime = runtime;
		f->runtime_rule = rrule;
		f->stdio_bufs = bufs;
		return vd_arena_strdup(a, why); /* it may live in the scan, freed first */
	}
	*act = VD_PLAN_REWRITTEN;
	const vd_callsite *s = &f->cs->sites[idx[0]];
	switch (x->rule) {
	case VD_RULE_STDIO_BUFFER:
		return vd_arena_printf(a, "a 1 MiB buffer for '%s' (setvbuf after its fopen)",
				       s->fd_text);
	case VD_RULE_PREFETCH:
		return vd_arena_printf(a, "%s() -> vd_rt_%s() (read-ahead in the background)", c,
				       c);
	case VD_RULE_SMALL_IO_LOOP:
		return vd_arena_printf(a,
				       "write() -> vd_rt_write() (write-behind), and every call on "
				       "'%s' up to its close through the runtime",
				       s->fd_text);
	default:
		return vd_arena_printf(a,
				       "%s() -> vd_rt_%s_deferred() (the sync runs in the "
				       "background; close syncs), every call on '%s' through the "
				       "runtime",
				       c, c, s->fd_text);
	}
}

static int cmp_edit(const void *a, const void *b)
{
	const vd_edit *x = a, *y = b;
	return x->begin < y->begin ? -1 : x->begin > y->begin ? 1 : 0;
}

static void finish_file(planner *pl, pfile *f)
{
	vd_arena *a = pl->p->arena;
	vd_callsites *cs = f->cs;
	if (f->runtime) {
		size_t first = cs->len;
		for (size_t i = 0; i < f->edits.n; i++)
			if (f->edits.v[i].begin < first)
				first = f->edits.v[i].begin;
		size_t at = include_point(cs->text, cs->len, first);
		vd_edit inc = { at, at,
				"#include \"vd_rt.h\" /* vidya optimize: the runtime library */\n",
				f->runtime_rule };
		vd_vec_push(f->edits, inc);
	}
	qsort(f->edits.v, f->edits.n, sizeof(vd_edit), cmp_edit);
	vd_plan_file pf = { 0 };
	pf.path = vd_arena_strdup(a, cs->file);
	pf.rel = f->rel;
	pf.orig = vd_arena_alloc(a, cs->len + 1);
	memcpy(pf.orig, cs->text, cs->len);
	pf.len = cs->len;
	pf.hash = cs->hash;
	pf.nedits = f->edits.n;
	pf.edits = vd_arena_alloc(a, (f->edits.n + 1) * sizeof(vd_edit));
	memcpy(pf.edits, f->edits.v, f->edits.n * sizeof(vd_edit));
	pf.runtime = f->runtime;
	vd_buf nb = VD_BUF_INIT;
	size_t pos = 0;
	for (size_t i = 0; i < pf.nedits; i++) {
		vd_buf_put(&nb, cs->text + pos, pf.edits[i].begin - pos);
		vd_buf_puts(&nb, pf.edits[i].text);
		pos = pf.edits[i].end;
	}
	vd_buf_put(&nb, cs->text + pos, cs->len - pos);
	pf.text_len = nb.len;
	pf.text = vd_arena_alloc(a, nb.len + 1);
	memcpy(pf.text, vd_buf_cstr(&nb), nb.len);
	vd_buf_release(&nb);
	pf.directory = vd_arena_strdup(a, cs->directory);
	pf.argc = cs->argc;
	pf.argv = vd_arena_alloc(a, ((size_t)cs->argc + 1) * sizeof(char *));
	for (int i = 0; i < cs->argc; i++)
		pf.argv[i] = vd_arena_strdup(a, cs->argv[i]);
	pl->p->files[pl->p->nfiles++] = pf;
}

int vd_plan_build(const vd_findings *f, const vd_plan_opts *o, vd_plan **out)
{
	vd_plan *p = vd_xcalloc(1, sizeof(*p));
	p->arena = vd_arena_new();
	planner pl = { p, o, { 0 } };
	p->items = vd_arena_alloc(p->arena, (f->n + 1) * sizeof(vd_plan_item));
	p->nitems = f->n;
	for (size_t i = 0; i < f->n; i++) {
		const vd_finding *x = &f->items[i];
		vd_plan_item *it = &p->items[i];
		it->finding = x;
		if (o->rules && !o->rules[x->rule]) {
			it->action = VD_PLAN_ADVICE;
			continue;
		}
		it->reason = plan_one(&pl, x, &it->action);
	}
	p->files = vd_arena_alloc(p->arena, (pl.files.n + 1) * sizeof(vd_plan_file));
	for (size_t i = 0; i < pl.files.n; i++) {
		pfile *pf = &pl.files.v[i];
		if (pf->cs && pf->edits.n)
			finish_file(&pl, pf);
		vd_vec_free(pf->edits);
		vd_callsites_free(pf->cs);
	}
	vd_vec_free(pl.files);
	*out = p;
	return 0;
}

void vd_plan_free(vd_plan *p)
{
	if (!p)
		return;
	vd_arena_free(p->arena);
	free(p);
}

/* ---- unified diffs ---------------------------------------------------------------- */

#define CONTEXT 3

/* 0-based index of the line holding offset o (o may be len) */
static size_t line_idx(const char *t, size_t o)
{
	size_t n = 0;
	for (size_t i = 0; i < o; i++)
		if (t[i] == '\n')
			n++;
	return n;
}

static size_t line_off(const char *t, size_t len, size_t line)
{
	size_t o = 0;
	while (line > 0 && o < len) {
		if (t[o] == '\n')
			line--;
		o++;
	}
	return o;
}

static size_t count_lines(const char *t, size_t len)
{
	size_t n = line_idx(t, len);
	return len > 0 && t[len - 1] != '\n' ? n + 1 : n;
}

static void put_lines(vd_buf *out, char mark, const char *t, size_t b, size_t e)
{
	while (b < e) {
		size_t k = b;
		while (k < e && t[k] != '\n')
			k++;
		vd_buf_putc(out, mark);
		vd_buf_put(out, t + b, k - b);
		vd_buf_putc(out, '\n');
		if (k == e) /* only the file's last line ends without '\n' */
			vd_buf_puts(out, "\\ No newline at end of file\n");
		b = k < e ? k + 1 : e;
	}
}

/* a changed region: original lines [ob, oe) become new lines [nb, ne) */
typedef struct region {
	size_t ob, oe, nb, ne;
	unsigned rules[VD_NRULES / 32 + 1];
} region;

static void diff_file(const vd_plan_file *f, vd_buf *out)
{
	/* each edit's lines; edits sharing a line are one region */
	VD_VEC(region) rs = { 0 };
	long shift = 0; /* new lines minus original lines so far */
	for (size_t i = 0; i < f->nedits; i++) {
		const vd_edit *e = &f->edits[i];
		size_t ob = line_idx(f->orig, e->begin);
		size_t oe = line_idx(f->orig, e->end) + 1;
		/* an insertion at a line's start changes no earlier line */
		long added = 0;
		for (const char *c = e->text; *c; c++)
			added += *c == '\n';
		for (size_t k = e->begin; k < e->end; k++)
			added -= f->orig[k] == '\n';
		if (e->begin == e->end && (e->begin == 0 || f->orig[e->begin - 1] == '\n') &&
		    added > 0 && e->text[strlen(e->text) - 1] == '\n') {
			oe = ob; /* a pure insertion of whole lines */
		}
		if (rs.n && rs.v[rs.n - 1].oe >= ob) {
			region *r = &rs.v[rs.n - 1];
			r->oe = oe > r->oe ? oe : r->oe;
			r->ne = (size_t)((long)r->oe + shift + added);
		} else {
			region r = { 0 };
			r.ob = ob;
			r.oe = oe;
			r.nb = (size_t)((long)ob + shift);
			r.ne = (size_t)((long)oe + shift + added);
			vd_vec_push(rs, r);
		}
		rs.v[rs.n - 1].rules[e->rule / 32] |= 1u << (e->rule % 32);
		shift += added;
	}
	size_t olines = count_lines(f->orig, f->len), nlines = count_lines(f->text, f->text_len);
	vd_buf_printf(out, "--- a/%s\n+++ b/%s\n", f->rel, f->rel);
	for (size_t i = 0; i < rs.n;) {
		/* a hunk: regions whose contexts touch */
		size_t j = i;
		while (j + 1 < rs.n && rs.v[j + 1].ob < rs.v[j].oe + 2 * CONTEXT)
			j++;
		size_t hob = rs.v[i].ob > CONTEXT ? rs.v[i].ob - CONTEXT : 0;
		size_t hoe = rs.v[j].oe + CONTEXT < olines ? rs.v[j].oe + CONTEXT : olines;
		size_t hnb = rs.v[i].nb - (rs.v[i].ob - hob);
		size_t hne = rs.v[j].ne + (hoe - rs.v[j].oe);
		if (hne > nlines)
			hne = nlines;
		size_t on = hoe - hob, nn = hne - hnb;
		vd_buf_printf(out, "@@ -%zu,%zu +%zu,%zu @@", on ? hob + 1 : hob, on,
			      nn ? hnb + 1 : hnb, nn);
		const char *sep = " ";
		for (size_t k = i; k <= j; k++)
			for (int r = 0; r < VD_NRULES; r++)
				if (rs.v[k].rules[r / 32] & (1u << (r % 32))) {
					int dup = 0;
					for (size_t q = i; q < k; q++)
						dup |= !!(rs.v[q].rules[r / 32] & (1u << (r % 32)));
					if (!dup) {
						vd_buf_printf(out, "%s%s", sep,
							      vd_rule_table[r].id);
						sep = ", ";
					}
				}
		vd_buf_putc(out, '\n');
		size_t ocur = hob;
		for (size_t k = i; k <= j; k++) {
			const region *r = &rs.v[k];
			put_lines(out, ' ', f->orig, line_off(f->orig, f->len, ocur),
				  line_off(f->orig, f->len, r->ob));
			put_lines(out, '-', f->orig, line_off(f->orig, f->len, r->ob),
				  line_off(f->orig, f->len, r->oe));
			put_lines(out, '+', f->text, line_off(f->text, f->text_len, r->nb),
				  line_off(f->text, f->text_len, r->ne));
			ocur = r->oe;
		}
		put_lines(out, ' ', f->orig, line_off(f->orig, f->len, ocur),
			  line_off(f->orig, f->len, hoe));
		i = j + 1;
	}
	vd_vec_free(rs);
}

void vd_plan_diff(const vd_plan *p, vd_buf *out)
{
	for (size_t i = 0; i < p->nfiles; i++)
		diff_file(&p->files[i], out);
}
