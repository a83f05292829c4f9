/*
 * callsites.c - vd_callsites_scan: one translation unit's call expressions
 * and local-variable references with exact byte ranges (vd_callsites.h),
 * for the rewriter.  The file is read once; libclang parses those very
 * bytes (an unsaved file), so every offset indexes vd_callsites.text.
 */
#define _GNU_SOURCE
#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "project.h"
#include "vd_callsites.h"

#define VD_CALLSITES_MAX (64u << 20) /* largest source file scanned */

typedef struct scan {
	vd_callsites *out;
	CXFile main;
	const char *text;
	size_t len;
	VD_VEC(CXCursor) stack; /* ancestors of the cursor being visited */
	VD_VEC(vd_callsite) sites;
	VD_VEC(vd_varuse) uses;
	VD_VEC(vd_srange) macros; /* macro expansions in the file */
	VD_VEC(size_t) line_starts;
} scan;

int vd_callsite_fd_arg(const char *callee)
{
	static const struct {
		const char *name;
		int arg;
	} tab[] = {
		{ "read", 0 },     { "write", 0 },         { "pread", 0 },     { "pwrite", 0 },
		{ "pread64", 0 },  { "pwrite64", 0 },      { "close", 0 },     { "lseek", 0 },
		{ "lseek64", 0 },  { "fsync", 0 },         { "fdatasync", 0 }, { "ftruncate", 0 },
		{ "readv", 0 },    { "writev", 0 },        { "fstat", 0 },     { "dup", 0 },
		{ "dup2", 0 },     { "fcntl", 0 },         { "fread", 3 },     { "fwrite", 3 },
		{ "fputs", 1 },    { "fputc", 1 },         { "putc", 1 },      { "fprintf", 0 },
		{ "vfprintf", 0 }, { "fgets", 2 },         { "fgetc", 0 },     { "getc", 0 },
		{ "fscanf", 0 },   { "fflush", 0 },        { "fclose", 0 },    { "fseek", 0 },
		{ "ftell", 0 },    { "fseeko", 0 },        { "ftello", 0 },    { "rewind", 0 },
		{ "setvbuf", 0 },  { "setbuf", 0 },        { "fileno", 0 },    { "feof", 0 },
		{ "ferror", 0 },   { "posix_fadvise", 0 },
	};
	if (!callee)
		return -1;
	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (!strcmp(tab[i].name, callee))
			return tab[i].arg;
	return -1;
}

static size_t off_of(CXSourceLocation l, CXFile *f)
{
	unsigned off = 0;
	clang_getFileLocation(l, f, NULL, NULL, &off);
	return off;
}

static int line_of(const scan *s, size_t off)
{
	size_t lo = 0, hi = s->line_starts.n;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (s->line_starts.v[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return (int)lo + 1;
}

/* the cursor's extent in the main file (expansion locations); 0 when it
 * is not there */
static int extent(scan *s, CXCursor c, vd_srange *r)
{
	CXSourceRange x = clang_getCursorExtent(c);
	CXFile fb = NULL, fe = NULL;
	unsigned b = 0, e = 0;
	clang_getExpansionLocation(clang_getRangeStart(x), &fb, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getRangeEnd(x), &fe, NULL, NULL, &e);
	if (!fb || !fe || !clang_File_isEqual(fb, s->main) || !clang_File_isEqual(fe, s->main) ||
	    e < b || e > s->len)
		return 0;
	r->begin = b;
	r->end = e;
	r->line = line_of(s, b);
	r->end_line = line_of(s, e > b ? e - 1 : e);
	return 1;
}

static int overlaps_macro(const scan *s, size_t b, size_t e)
{
	for (size_t i = 0; i < s->macros.n; i++)
		if (s->macros.v[i].begin < (e > b ? e : b + 1) && b < s->macros.v[i].end)
			return 1;
	return 0;
}

/* skips implicit casts, parentheses and casts upwards: the index in the
 * stack of the first real ancestor of stack[i], or -1 */
static long real_parent(const scan *s, long i)
{
	for (long k = i - 1; k >= 0; k--) {
		enum CXCursorKind kk = clang_getCursorKind(s->stack.v[k]);
		if (kk != CXCursor_UnexposedExpr && kk != CXCursor_ParenExpr &&
		    kk != CXCursor_CStyleCastExpr)
			return k;
	}
	return -1;
}

static int is_local_var(CXCursor d)
{
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return 0;
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(d);
	if (sc != CX_SC_None && sc != CX_SC_Auto && sc != CX_SC_Register)
		return 0;
	CXCursor sp = clang_getCursorSemanticParent(d);
	return clang_getCursorKind(sp) == CXCursor_FunctionDecl;
}

static long var_id(scan *s, CXCursor d)
{
	CXFile f = NULL;
	size_t off = off_of(clang_getCursorLocation(d), &f);
	if (!f || !clang_File_isEqual(f, s->main))
		return 0;
	return (long)off + 1;
}

static const char *spelling(vd_arena *a, CXCursor c)
{
	CXString n = clang_getCursorSpelling(c);
	const char *t = clang_getCString(n);
	const char *r = t && *t ? vd_arena_strdup(a, t) : NULL;
	clang_disposeString(n);
	return r;
}

/* the callee of a call expression as a name, or NULL */
static const char *callee_name(scan *s, CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return NULL;
	return spelling(s->out->arena, ref);
}

/* the text between two offsets with blanks removed ("=", "<=", ...) */
static void op_between(const scan *s, size_t a, size_t b, char *out, size_t n)
{
	size_t k = 0;
	for (size_t i = a; i < b && i < s->len && k + 1 < n; i++)
		if (s->text[i] != ' ' && s->text[i] != '\t' && s->text[i] != '\n' &&
		    s->text[i] != '\r')
			out[k++] = s->text[i];
	out[k] = 0;
}

typedef struct kids {
	CXCursor v[2];
	int n;
} kids;

static enum CXChildVisitResult two_cb(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	kids *k = d;
	if (k->n < 2)
		k->v[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

/* the operator of a binary operator cursor, from the text between its
 * operands; "" when unknown */
static void binop(scan *s, CXCursor c, char *op, size_t n, vd_srange *lhs)
{
	kids k = { 0 };
	clang_visitChildren(c, two_cb, &k);
	vd_srange r;
	op[0] = 0;
	if (k.n != 2 || !extent(s, k.v[0], lhs) || !extent(s, k.v[1], &r))
		return;
	op_between(s, lhs->end, r.begin, op, n);
}

/* the call a value is, skipping casts and parentheses: its callee, or NULL */
static const char *value_callee(scan *s, CXCursor v)
{
	for (int depth = 0; depth < 16; depth++) {
		enum CXCursorKind k = clang_getCursorKind(v);
		if (k == CXCursor_CallExpr)
			return callee_name(s, v);
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
		    k != CXCursor_CStyleCastExpr)
			return NULL;
		kids kk = { 0 };
		clang_visitChildren(v, two_cb, &kk);
		if (kk.n < 1)
			return NULL;
		v = kk.v[kk.n > 1 ? 1 : 0]; /* a cast's operand follows its type */
	}
	return NULL;
}

static void add_decl_use(scan *s, CXCursor d)
{
	if (!is_local_var(d))
		return;
	vd_varuse u = { 0 };
	u.var = var_id(s, d);
	if (!u.var)
		return;
	u.name = spelling(s->out->arena, d);
	u.kind = VD_USE_DECL;
	u.offset = (size_t)u.var - 1;
	u.line = line_of(s, u.offset);
	u.site = -1;
	/* the initialiser: the last child that is an expression */
	kids k = { 0 };
	clang_visitChildren(d, two_cb, &k);
	CXCursor init = clang_getNullCursor();
	int have = 0;
	for (int i = 0; i < k.n && i < 2; i++)
		if (clang_isExpression(clang_getCursorKind(k.v[i]))) {
			init = k.v[i];
			have = 1;
		}
	u.init_callee = have ? value_callee(s, init) : "";
	vd_vec_push(s->uses, u);
}

static void add_ref_use(scan *s, CXCursor ref, long depth)
{
	CXCursor d = clang_getCursorReferenced(ref);
	if (!is_local_var(d))
		return;
	vd_varuse u = { 0 };
	u.var = var_id(s, d);
	vd_srange r;
	if (!u.var || !extent(s, ref, &r))
		return;
	u.name = spelling(s->out->arena, d);
	u.offset = r.begin;
	u.line = r.line;
	u.site = -1;
	u.kind = VD_USE_OTHER;
	long p = real_parent(s, depth);
	if (p >= 0) {
		CXCursor pc = s->stack.v[p];
		enum CXCursorKind pk = clang_getCursorKind(pc);
		if (pk == CXCursor_CallExpr) {
			int na = clang_Cursor_getNumArguments(pc);
			for (int i = 0; i < na; i++) {
				vd_srange ar;
				if (extent(s, clang_Cursor_getArgument(pc, (unsigned)i), &ar) &&
				    ar.begin <= r.begin && r.end <= ar.end) {
					u.kind = VD_USE_ARG;
					u.arg = i;
					vd_srange cr;
					if (extent(s, pc, &cr))
						for (size_t k = s->sites.n; k-- > 0;)
							if (s->sites.v[k].call.begin == cr.begin &&
							    s->sites.v[k].call.end == cr.end) {
								u.site = (long)k;
								break;
							}
					if (u.site < 0)
						u.kind = VD_USE_OTHER;
					break;
				}
			}
		} else if (pk == CXCursor_BinaryOperator) {
			char op[8];
			vd_srange lhs = { 0 };
			binop(s, pc, op, sizeof(op), &lhs);
			if (!strcmp(op, "=") && lhs.begin == r.begin && p == depth - 1) {
				u.kind = VD_USE_ASSIGN;
				kids k = { 0 };
				clang_visitChildren(pc, two_cb, &k);
				u.init_callee = k.n == 2 ? value_callee(s, k.v[1]) : NULL;
			} else if (!strcmp(op, "==") || !strcmp(op, "!=") || !strcmp(op, "<") ||
				   !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=")) {
				u.kind = VD_USE_COMPARE;
			}
		}
	}
	vd_vec_push(s->uses, u);
}

/* a call expression stack[depth]: its ranges, its descriptor argument,
 * the variable its result is stored in */
static void add_call(scan *s, CXCursor c, long depth)
{
	vd_callsite cs = { 0 };
	vd_arena *a = s->out->arena;
	if (!extent(s, c, &cs.call))
		return;
	cs.callee = callee_name(s, c);
	cs.fd_arg = -1;
	/* the name as written: the callee expression's extent */
	kids k = { 0 };
	clang_visitChildren(c, two_cb, &k);
	vd_srange nr = { 0 };
	int have_name = k.n >= 1 && extent(s, k.v[0], &nr);
	CXCursor ref = clang_getCursorReferenced(c);
	if (!cs.callee) {
		cs.not_rewritable = "the callee is not a named function";
	} else if (!clang_Location_isInSystemHeader(clang_getCursorLocation(ref))) {
		/* the program's own read() or write(): not the C library's */
		cs.not_rewritable = vd_arena_printf(
			a,
			"%s() called on line %d is the program's own function, not the C library's",
			cs.callee, cs.call.line);
	} else if (overlaps_macro(s, cs.call.begin, cs.call.begin + 1) ||
		   (have_name && overlaps_macro(s, nr.begin, nr.end))) {
		cs.not_rewritable = vd_arena_printf(
			a, "the call to %s() on line %d comes from a macro expansion", cs.callee,
			cs.call.line);
	} else if (!have_name || nr.end - nr.begin != strlen(cs.callee) ||
		   memcmp(s->text + nr.begin, cs.callee, nr.end - nr.begin) != 0 ||
		   nr.begin != cs.call.begin) {
		cs.not_rewritable = vd_arena_printf(
			a, "the call to %s() on line %d is not written as %s(...) in the source",
			cs.callee, cs.call.line, cs.callee);
	} else if (overlaps_macro(s, nr.begin, nr.end) ||
		   (cs.call.end > 0 && s->text[cs.call.end - 1] != ')') ||
		   overlaps_macro(s, cs.call.end - 1, cs.call.end)) {
		cs.not_rewritable = vd_arena_printf(
			a, "the call to %s() on line %d comes from a macro expansion", cs.callee,
			cs.call.line);
	}
	if (have_name)
		cs.name = nr;
	cs.nargs = clang_Cursor_getNumArguments(c);
	cs.fd_arg = vd_callsite_fd_arg(cs.callee);
	if (cs.fd_arg >= cs.nargs)
		cs.fd_arg = -1;
	if (cs.fd_arg >= 0) {
		CXCursor arg = clang_Cursor_getArgument(c, (unsigned)cs.fd_arg);
		vd_srange ar;
		if (extent(s, arg, &ar))
			cs.fd_text = vd_arena_strndup(a, s->text + ar.begin, ar.end - ar.begin);
		CXCursor v = arg;
		for (int d = 0; d < 8; d++) {
			enum CXCursorKind kk = clang_getCursorKind(v);
			if (kk == CXCursor_DeclRefExpr) {
				CXCursor decl = clang_getCursorReferenced(v);
				if (is_local_var(decl))
					cs.fd_var = var_id(s, decl);
				break;
			}
			if (kk != CXCursor_UnexposedExpr && kk != CXCursor_ParenExpr)
				break;
			kids kk2 = { 0 };
			clang_visitChildren(v, two_cb, &kk2);
			if (kk2.n != 1)
				break;
			v = kk2.v[0];
		}
	}
	/* ancestors: the statement, the loop, the function, the result */
	long p = real_parent(s, depth);
	if (p >= 0) {
		CXCursor pc = s->stack.v[p];
		enum CXCursorKind pk = clang_getCursorKind(pc);
		if (pk == CXCursor_VarDecl && is_local_var(pc)) {
			cs.result_var = var_id(s, pc);
		} else if (pk == CXCursor_BinaryOperator) {
			char op[8];
			vd_srange lhs = { 0 };
			binop(s, pc, op, sizeof(op), &lhs);
			kids bk = { 0 };
			clang_visitChildren(pc, two_cb, &bk);
			if (!strcmp(op, "=") && bk.n == 2 &&
			    clang_getCursorKind(bk.v[0]) == CXCursor_DeclRefExpr &&
			    is_local_var(clang_getCursorReferenced(bk.v[0])))
				cs.result_var = var_id(s, clang_getCursorReferenced(bk.v[0]));
		}
	}
	for (long i = depth; i >= 0; i--) {
		CXCursor x = s->stack.v[i];
		enum CXCursorKind xk = clang_getCursorKind(x);
		if (i > 0 && !cs.stmt.line) {
			enum CXCursorKind up = clang_getCursorKind(s->stack.v[i - 1]);
			/* x is a statement of a block, or a part (condition,
			 * body) of a control statement */
			if (clang_isStatement(up) &&
			    (clang_isStatement(xk) || clang_isExpression(xk)) &&
			    extent(s, x, &cs.stmt)) {
				cs.stmt_in_block = up == CXCursor_CompoundStmt;
				/* an expression statement's extent stops before
				 * its ';' */
				size_t e = cs.stmt.end;
				while (e < s->len && (s->text[e] == ' ' || s->text[e] == '\t'))
					e++;
				if (e < s->len && s->text[e] == ';' &&
				    (cs.stmt.end == 0 || s->text[cs.stmt.end - 1] != ';'))
					cs.stmt.end = e + 1;
			}
		}
		if (!cs.loop.line &&
		    (xk == CXCursor_ForStmt || xk == CXCursor_WhileStmt || xk == CXCursor_DoStmt))
			extent(s, x, &cs.loop);
		if (xk == CXCursor_FunctionDecl) {
			cs.function = spelling(a, x);
			extent(s, x, &cs.func);
			break;
		}
	}
	vd_vec_push(s->sites, cs);
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	scan *s = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXFile f = NULL;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (!f || !clang_File_isEqual(f, s->main))
		return CXChildVisit_Continue; /* headers */
	if (k == CXCursor_MacroExpansion) {
		vd_srange r;
		if (extent(s, c, &r))
			vd_vec_push(s->macros, r);
		return CXChildVisit_Continue;
	}
	vd_vec_push(s->stack, c);
	long depth = (long)s->stack.n - 1;
	if (k == CXCursor_CallExpr)
		add_call(s, c, depth);
	else if (k == CXCursor_DeclRefExpr)
		add_ref_use(s, c, depth);
	else if (k == CXCursor_VarDecl)
		add_decl_use(s, c);
	clang_visitChildren(c, visit, s);
	s->stack.n--;
	return CXChildVisit_Continue;
}

/* the job of `file` in the database: its index, or -1 */
static long find_job(vd_project *p, const char *file)
{
	char *real = realpath(file, NULL);
	long found = -1;
	for (size_t i = 0; i < p->jobs.n && found < 0; i++) {
		char *jr = realpath(p->jobs.v[i].file, NULL);
		if (!strcmp(p->jobs.v[i].file, file) || (real && jr && !strcmp(real, jr)))
			found = (long)i;
		free(jr);
	}
	free(real);
	return found;
}

static int parse_errors(CXTranslationUnit tu, const char *file)
{
	unsigned n = clang_getNumDiagnostics(tu);
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
		if (sev >= CXDiagnostic_Error) {
			CXString m = clang_getDiagnosticSpelling(dg);
			unsigned line = 0;
			clang_getExpansionLocation(clang_getDiagnosticLocation(dg), NULL, &line,
						   NULL, NULL);
			vd_error_set("%s:%u: does not parse: %s", file, line, clang_getCString(m));
			clang_disposeString(m);
			clang_disposeDiagnostic(dg);
			return 1;
		}
		clang_disposeDiagnostic(dg);
	}
	return 0;
}

int vd_callsites_scan(const char *compdb, const char *file, vd_callsites **out)
{
	*out = NULL;
	vd_project *p = vd_project_alloc();
	int rc = VD_ERROR;
	CXIndex idx = NULL;
	CXTranslationUnit tu = NULL;
	scan s = { 0 };
	vd_callsites *c = NULL;
	if (vd_compdb_load(p, compdb) != 0)
		goto done;
	char cwd[4096];
	if (!getcwd(cwd, sizeof(cwd)))
		snprintf(cwd, sizeof(cwd), ".");
	const char *abs = vd_path_join(p->arena, cwd, file);
	long j = find_job(p, abs);
	if (j < 0) {
		vd_error_set("'%s' has no C entry in compilation database '%s'", file, compdb);
		rc = VD_ENOTFOUND;
		goto done;
	}
	tu_job *job = &p->jobs.v[j];
	c = vd_xcalloc(1, sizeof(*c));
	c->arena = vd_arena_new();
	c->file = vd_arena_strdup(c->arena, job->file);
	c->directory = vd_arena_strdup(c->arena, job->directory);
	c->argc = job->ncmd;
	c->argv = vd_arena_alloc(c->arena, ((size_t)job->ncmd + 1) * sizeof(*c->argv));
	for (int i = 0; i < job->ncmd; i++)
		c->argv[i] = vd_arena_strdup(c->arena, job->cmd[i]);
	char why[256];
	if (vd_read_regular(job->file, VD_CALLSITES_MAX, &c->text, &c->len, why, sizeof(why)) !=
	    0) {
		vd_error_set("unable to read '%s': %s", job->file, why);
		goto done;
	}
	c->hash = vd_hash_bytes(c->text, c->len);
	VD_VEC(const char *) args = { 0 };
	vd_vec_push(args, "-w");
	for (int i = 0; i < job->argc; i++)
		vd_vec_push(args, job->argv[i]);
	struct CXUnsavedFile uf = { job->file, c->text, (unsigned long)c->len };
	idx = clang_createIndex(0, 0);
	enum CXErrorCode ec = clang_parseTranslationUnit2(
		idx, job->file, args.v, (int)args.n, &uf, 1,
		CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing, &tu);
	vd_vec_free(args);
	if (ec != CXError_Success || !tu) {
		vd_error_set("libclang could not parse '%s' (error %d)", job->file, (int)ec);
		goto done;
	}
	if (parse_errors(tu, job->file))
		goto done;
	s.out = c;
	s.main = clang_getFile(tu, job->file);
	s.text = c->text;
	s.len = c->len;
	vd_vec_push(s.line_starts, 0);
	for (size_t i = 0; i < c->len; i++)
		if (c->text[i] == '\n')
			vd_vec_push(s.line_starts, i + 1);
	/* macro expansions first (they are the TU's top-level children, in
	 * source order, interleaved with declarations) */
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &s);
	c->nsites = s.sites.n;
	c->sites = vd_arena_alloc(c->arena, (s.sites.n + 1) * sizeof(*c->sites));
	if (s.sites.n)
		memcpy(c->sites, s.sites.v, s.sites.n * sizeof(*c->sites));
	c->nuses = s.uses.n;
	c->uses = vd_arena_alloc(c->arena, (s.uses.n + 1) * sizeof(*c->uses));
	if (s.uses.n)
		memcpy(c->uses, s.uses.v, s.uses.n * sizeof(*c->uses));
	/* a call whose name a later macro expansion covers (expansions come
	 * in source order, so one after the function's body is seen late) */
	for (size_t i = 0; i < c->nsites; i++) {
		vd_callsite *x = &c->sites[i];
		x->args_macro = overlaps_macro(&s, x->call.begin, x->call.end);
		if (!x->not_rewritable && x->callee &&
		    (overlaps_macro(&s, x->name.begin, x->name.end) ||
		     overlaps_macro(&s, x->call.end - 1, x->call.end)))
			x->not_rewritable = vd_arena_printf(
				c->arena,
				"the call to %s() on line %d comes from a macro expansion",
				x->callee, x->call.line);
	}
	*out = c;
	c = NULL;
	rc = 0;
done:
	vd_vec_free(s.stack);
	vd_vec_free(s.sites);
	vd_vec_free(s.uses);
	vd_vec_free(s.macros);
	vd_vec_free(s.line_starts);
	if (tu)
		clang_disposeTranslationUnit(tu);
	if (idx)
		clang_disposeIndex(idx);
	vd_callsites_free(c);
	vd_project_free(p);
	return rc;
}

void vd_callsites_free(vd_callsites *c)
{
	if (!c)
		return;
	free(c->text);
	vd_arena_free(c->arena);
	free(c);
}
