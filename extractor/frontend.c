/*
 * frontend.c - lowers each translation unit from libclang cursors into
 * vidya's IR (ir.h).
 *
 * libclang (>= 17) names operators and finds initializers, also inside
 * macro expansions.  Which parts of a `for` header are present is read
 * from the token stream of the enclosing definition (tokenized once and
 * searched by offset), or, for a loop written by a macro, from the forms
 * of its parts.  Constant sub-expressions - literals, macros,
 * enum constants, sizeof - are folded by clang itself through
 * clang_Cursor_Evaluate.  Every CXString is disposed where it is obtained
 * (cx_dup); nothing of libclang outlives parse_job().
 */
#define _GNU_SOURCE
#include <clang-c/Index.h>

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sys/stat.h>
#include <xxhash.h>

#include "project.h"

typedef struct tok {
	unsigned off;
	char punct;        /* '(', ')' or ';' (what `for` headers need), else 0 */
	const char *ident; /* spelling of identifiers, kept only with --define */
} tok;

typedef struct lower {
	vd_project *p;
	CXTranslationUnit tu;
	const char *dir;
	ir_func *fn;      /* function being lowered, NULL for globals */
	VD_VEC(tok) toks; /* tokens of the current definition */
	CXFile tok_file;
	int defs_added; /* functions added from this TU */
	int depth;      /* nesting of lower_expr */
	int deep_noted;
} lower;

/* Expressions nested deeper than this (a 10,000-term sum) are cut: what is
 * below is not analyzed, and a warning says so.  Bounds the recursion of
 * the lowering and of every walk over the IR. */
#define MAX_EXPR_DEPTH 2000

static char *cx_dup(vd_arena *a, CXString s)
{
	const char *c = clang_getCString(s);
	char *r = vd_arena_strdup(a, c ? c : "");
	clang_disposeString(s);
	return r;
}

typedef VD_VEC(CXCursor) cursors;

static enum CXChildVisitResult collect_cb(CXCursor c, CXCursor parent, CXClientData d)
{
	cursors *v = d;
	vd_vec_push(*v, c);
	return CXChildVisit_Continue;
}

static cursors children(CXCursor c)
{
	cursors v = { 0 };
	clang_visitChildren(c, collect_cb, &v);
	return v;
}

static unsigned loc_off(CXSourceLocation l, CXFile *file, unsigned *line)
{
	unsigned off = 0, ln = 0;
	clang_getExpansionLocation(l, file, &ln, NULL, &off);
	if (line)
		*line = ln;
	return off;
}

static int cur_line(CXCursor c)
{
	unsigned line;
	loc_off(clang_getRangeStart(clang_getCursorExtent(c)), NULL, &line);
	return (int)line;
}

static int cur_end_line(CXCursor c)
{
	unsigned line;
	loc_off(clang_getRangeEnd(clang_getCursorExtent(c)), NULL, &line);
	return (int)line;
}

static unsigned start_off(CXCursor c)
{
	return loc_off(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL);
}

static unsigned end_off(CXCursor c)
{
	return loc_off(clang_getRangeEnd(clang_getCursorExtent(c)), NULL, NULL);
}

/* ---- tokens ------------------------------------------------------------------- */

static void load_tokens(lower *L, CXCursor def)
{
	L->toks.n = 0;
	CXSourceRange r = clang_getCursorExtent(def);
	CXToken *t = NULL;
	unsigned n = 0;
	clang_tokenize(L->tu, r, &t, &n);
	loc_off(clang_getRangeStart(r), &L->tok_file, NULL);
	for (unsigned i = 0; i < n; i++) {
		tok k = { 0 };
		k.off = loc_off(clang_getTokenLocation(L->tu, t[i]), NULL, NULL);
		CXTokenKind tk = clang_getTokenKind(t[i]);
		if (tk == CXToken_Punctuation) {
			CXString sp = clang_getTokenSpelling(L->tu, t[i]);
			const char *ps = clang_getCString(sp);
			if (ps && (!strcmp(ps, "(") || !strcmp(ps, ")") || !strcmp(ps, ";")))
				k.punct = ps[0];
			clang_disposeString(sp);
		} else if (tk == CXToken_Identifier && L->p->opts.ndefines)
			k.ident = cx_dup(L->p->arena, clang_getTokenSpelling(L->tu, t[i]));
		vd_vec_push(L->toks, k);
	}
	if (t)
		clang_disposeTokens(L->tu, t, n);
}

/* index of the first token at or after offset */
static size_t tok_at(lower *L, unsigned off)
{
	size_t lo = 0, hi = L->toks.n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (L->toks.v[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* ---- helpers ------------------------------------------------------------------------ */

static ir_expr *mk(lower *L, int kind, CXCursor c)
{
	ir_expr *e = vd_arena_alloc(L->p->arena, IR_EXPR_SIZE(kind));
	e->kind = (unsigned char)kind;
	e->line = cur_line(c);
	if (kind == E_CALL)
		e->block = -1;
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	e->is_float =
		t.kind == CXType_Float || t.kind == CXType_Double || t.kind == CXType_LongDouble;
	e->is_unsigned = t.kind == CXType_UInt || t.kind == CXType_ULong ||
			 t.kind == CXType_ULongLong || t.kind == CXType_UShort ||
			 t.kind == CXType_UChar;
	return e;
}

static void set_kids(lower *L, ir_expr *e, ir_expr **k, int n)
{
	e->kids = vd_arena_alloc(L->p->arena, (size_t)(n ? n : 1) * sizeof(ir_expr *));
	if (n)
		memcpy(e->kids, k, (size_t)n * sizeof(ir_expr *));
	e->nkids = n;
}

/* vidya's operator for a BinaryOperator/CompoundAssignOperator cursor
 * (libclang >= 17 names it, also inside macro expansions): OP_NONE for
 * `=`, *compound set for `op=`, -1 for an operator vidya does not model */
static int binop_of(CXCursor c, int *compound)
{
	*compound = 0;
	switch (clang_getCursorBinaryOperatorKind(c)) {
	case CXBinaryOperator_Mul:
		return OP_MUL;
	case CXBinaryOperator_Div:
		return OP_DIV;
	case CXBinaryOperator_Rem:
		return OP_MOD;
	case CXBinaryOperator_Add:
		return OP_ADD;
	case CXBinaryOperator_Sub:
		return OP_SUB;
	case CXBinaryOperator_Shl:
		return OP_SHL;
	case CXBinaryOperator_Shr:
		return OP_SHR;
	case CXBinaryOperator_LT:
		return OP_LT;
	case CXBinaryOperator_GT:
		return OP_GT;
	case CXBinaryOperator_LE:
		return OP_LE;
	case CXBinaryOperator_GE:
		return OP_GE;
	case CXBinaryOperator_EQ:
		return OP_EQ;
	case CXBinaryOperator_NE:
		return OP_NE;
	case CXBinaryOperator_And:
		return OP_BAND;
	case CXBinaryOperator_Xor:
		return OP_XOR;
	case CXBinaryOperator_Or:
		return OP_BOR;
	case CXBinaryOperator_LAnd:
		return OP_LAND;
	case CXBinaryOperator_LOr:
		return OP_LOR;
	case CXBinaryOperator_Comma:
		return OP_COMMA;
	case CXBinaryOperator_Assign:
		return OP_NONE;
	default:
		break;
	}
	*compound = 1;
	switch (clang_getCursorBinaryOperatorKind(c)) {
	case CXBinaryOperator_MulAssign:
		return OP_MUL;
	case CXBinaryOperator_DivAssign:
		return OP_DIV;
	case CXBinaryOperator_RemAssign:
		return OP_MOD;
	case CXBinaryOperator_AddAssign:
		return OP_ADD;
	case CXBinaryOperator_SubAssign:
		return OP_SUB;
	case CXBinaryOperator_ShlAssign:
		return OP_SHL;
	case CXBinaryOperator_ShrAssign:
		return OP_SHR;
	case CXBinaryOperator_AndAssign:
		return OP_BAND;
	case CXBinaryOperator_XorAssign:
		return OP_XOR;
	case CXBinaryOperator_OrAssign:
		return OP_BOR;
	default:
		break;
	}
	*compound = 0;
	return -1;
}

/* vidya's operator for a UnaryOperator cursor; -1 for the ones whose value
 * is their operand's (__extension__, __real__, __imag__) */
static int unop_of(CXCursor c)
{
	switch (clang_getCursorUnaryOperatorKind(c)) {
	case CXUnaryOperator_PostInc:
		return OP_POSTINC;
	case CXUnaryOperator_PostDec:
		return OP_POSTDEC;
	case CXUnaryOperator_PreInc:
		return OP_PREINC;
	case CXUnaryOperator_PreDec:
		return OP_PREDEC;
	case CXUnaryOperator_AddrOf:
		return OP_ADDR;
	case CXUnaryOperator_Deref:
		return OP_DEREF;
	case CXUnaryOperator_Plus:
		return OP_PLUS;
	case CXUnaryOperator_Minus:
		return OP_NEG;
	case CXUnaryOperator_Not:
		return OP_BNOT;
	case CXUnaryOperator_LNot:
		return OP_NOT;
	default:
		return -1;
	}
}

/* The USR of a declaration, or a stable substitute for unnamed ones. */
static const char *usr_of(lower *L, CXCursor d)
{
	char *u = cx_dup(L->p->arena, clang_getCursorUSR(d));
	if (u[0])
		return u;
	return vd_arena_printf(L->p->arena, "vidya:%s:%u", L->fn ? L->fn->usr : "global",
			       start_off(d));
}

static int in_system_header(CXCursor c)
{
	return clang_Location_isInSystemHeader(clang_getCursorLocation(c));
}

/* Relative path of the file a cursor is (expanded) in. */
static const char *rel_file(lower *L, CXCursor c)
{
	CXFile f = NULL;
	loc_off(clang_getCursorLocation(c), &f, NULL);
	if (!f)
		return "<unknown>";
	char *name = cx_dup(L->p->arena, clang_getFileName(f));
	char *abs = vd_path_join(L->p->arena, L->dir, name);
	return vd_path_relative(L->p->arena, L->p->root, abs);
}

/* ---- variables --------------------------------------------------------------------- */

static void fill_var_type(ir_var *v, CXType t)
{
	t = clang_getCanonicalType(t);
	v->size = (long)clang_Type_getSizeOf(t);
	v->is_float =
		t.kind == CXType_Float || t.kind == CXType_Double || t.kind == CXType_LongDouble;
	v->is_pointer = t.kind == CXType_Pointer;
	v->const_pointee =
		v->is_pointer && clang_isConstQualifiedType(clang_getPointeeType(t)) ? 1 : 0;
	v->is_struct = t.kind == CXType_Record;
	if (t.kind == CXType_ConstantArray) {
		v->array_len = (long)clang_getArraySize(t);
		v->elem_size = (long)clang_Type_getSizeOf(clang_getArrayElementType(t));
	}
	/* a canonical array type holds its elements' qualifiers itself */
	CXType e = t;
	int ro = clang_isConstQualifiedType(e);
	while (!ro && (e.kind == CXType_ConstantArray || e.kind == CXType_IncompleteArray)) {
		e = clang_getCanonicalType(clang_getArrayElementType(e));
		ro = clang_isConstQualifiedType(e);
	}
	v->read_only = ro != 0;
}

/* The ir_var for a declaration cursor (VarDecl/ParmDecl), created on first use. */
static ir_var *var_for(lower *L, CXCursor d)
{
	const char *usr = usr_of(L, d);
	ir_var *v = vd_map_get(L->p->var_by_usr, usr);
	if (v)
		return v;
	v = vd_arena_alloc(L->p->arena, sizeof(*v));
	v->usr = usr;
	v->name = cx_dup(L->p->arena, clang_getCursorSpelling(d));
	v->size = -1;
	fill_var_type(v, clang_getCursorType(d));
	enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(d));
	int local = pk == CXCursor_FunctionDecl && clang_getCursorKind(d) != CXCursor_FunctionDecl;
	if (local && clang_Cursor_getStorageClass(d) == CX_SC_Static)
		local = 0;
	if (clang_getCursorKind(d) == CXCursor_ParmDecl)
		local = 1;
	if (local && L->fn) {
		v->slot = L->fn->nslots++;
	} else {
		v->global = 1;
		v->slot = (int)L->p->globals.n;
		vd_vec_push(L->p->globals, v);
	}
	vd_map_put(L->p->var_by_usr, usr, v);
	vd_vec_push(L->p->allvars, v);
	return v;
}

/* The initializer of a variable declaration, or a null cursor (libclang
 * finds it inside macro expansions too, where tokens cannot) */
static CXCursor initializer_of(CXCursor d)
{
	return clang_Cursor_getVarDeclInitializer(d);
}

/* ---- expressions ------------------------------------------------------------------- */

static ir_expr *lower_expr(lower *L, CXCursor c);
static ir_stmt *lower_stmt(lower *L, CXCursor c);

static CXCursor strip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
		    k != CXCursor_CStyleCastExpr)
			return c;
		cursors ch = children(c);
		if (ch.n == 0) {
			vd_vec_free(ch);
			return c;
		}
		CXCursor last = ch.v[ch.n - 1];
		vd_vec_free(ch);
		if (clang_getCursorKind(last) == CXCursor_TypeRef)
			return c;
		c = last;
	}
}

/* the slot a function pointer is loaded from / stored into: a field USR, a
 * variable USR, or NULL */
static const char *slot_key_of(lower *L, CXCursor c)
{
	c = strip(c);
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_MemberRefExpr) {
		CXCursor f = clang_getCursorReferenced(c);
		return clang_Cursor_isNull(f) ? NULL : usr_of(L, f);
	}
	if (k == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(c);
		enum CXCursorKind dk = clang_getCursorKind(d);
		if (dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl)
			return usr_of(L, d);
		return NULL;
	}
	if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_UnaryOperator) {
		cursors ch = children(c);
		const char *r = ch.n ? slot_key_of(L, ch.v[0]) : NULL;
		vd_vec_free(ch);
		return r;
	}
	return NULL;
}

/* a function designator (possibly &f or (cast)f): its USR, else NULL */
static CXCursor func_ref(CXCursor c, int *ok)
{
	c = strip(c);
	if (clang_getCursorKind(c) == CXCursor_UnaryOperator) {
		cursors ch = children(c);
		if (ch.n == 1)
			c = strip(ch.v[0]);
		vd_vec_free(ch);
	}
	*ok = 0;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(c);
		if (clang_getCursorKind(d) == CXCursor_FunctionDecl) {
			*ok = 1;
			return d;
		}
	}
	return c;
}

static void add_store(lower *L, const char *slot, CXCursor fn)
{
	if (!slot)
		return;
	ir_store s = { slot, usr_of(L, fn) };
	vd_vec_push(L->p->stores, s);
}

typedef struct field_list {
	VD_VEC(const char *) usrs;
	lower *L;
} field_list;

static enum CXVisitorResult field_cb(CXCursor f, CXClientData d)
{
	field_list *fl = d;
	vd_vec_push(fl->usrs, usr_of(fl->L, f));
	return CXVisit_Continue;
}

/* Field-based points-to facts from an initializer list: `.xfer = posix_xfer`,
 * positional struct members, and arrays of such structs or of function
 * pointers (slot = the array variable). */
static void scan_initlist(lower *L, CXCursor list, const char *array_slot)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(list));
	field_list fl = { { 0 }, L };
	int is_record = t.kind == CXType_Record;
	if (is_record)
		clang_Type_visitFields(t, field_cb, &fl);
	cursors ch = children(list);
	for (size_t i = 0; i < ch.n; i++) {
		CXCursor item = ch.v[i];
		const char *slot = is_record ? (i < fl.usrs.n ? fl.usrs.v[i] : NULL) : array_slot;
		/* designated: UnexposedExpr { MemberRef field, value } */
		if (clang_getCursorKind(item) == CXCursor_UnexposedExpr) {
			cursors d = children(item);
			if (d.n >= 2 && clang_getCursorKind(d.v[0]) == CXCursor_MemberRef) {
				CXCursor f = clang_getCursorReferenced(d.v[0]);
				slot = clang_Cursor_isNull(f) ? NULL : usr_of(L, f);
				item = d.v[d.n - 1];
			}
			vd_vec_free(d);
		}
		CXCursor s = strip(item);
		if (clang_getCursorKind(s) == CXCursor_InitListExpr) {
			scan_initlist(L, s, array_slot);
			continue;
		}
		int ok;
		CXCursor fn = func_ref(item, &ok);
		if (ok)
			add_store(L, slot, fn);
	}
	vd_vec_free(ch);
	vd_vec_free(fl.usrs);
}

typedef struct field_find {
	CXCursor want;
	int i, found;
} field_find;

static enum CXVisitorResult field_find_cb(CXCursor f, CXClientData d)
{
	field_find *ff = d;
	if (clang_equalCursors(f, ff->want)) {
		ff->found = ff->i;
		return CXVisit_Break;
	}
	ff->i++;
	return CXVisit_Continue;
}

/* The position of a field among its record's fields, or -1. */
static int field_index(CXCursor f)
{
	if (clang_Cursor_isNull(f) || clang_getCursorKind(f) != CXCursor_FieldDecl)
		return -1;
	field_find ff = { f, 0, -1 };
	clang_Type_visitFields(clang_getCursorType(clang_getCursorSemanticParent(f)), field_find_cb,
			       &ff);
	return ff.found;
}

static ir_expr *lower_call(lower *L, CXCursor c)
{
	ir_expr *e = mk(L, E_CALL, c);
	int nargs = clang_Cursor_getNumArguments(c);
	if (nargs < 0)
		nargs = 0;
	ir_expr **k = vd_xmalloc((size_t)(nargs ? nargs : 1) * sizeof(*k));
	for (int i = 0; i < nargs; i++)
		k[i] = lower_expr(L, clang_Cursor_getArgument(c, (unsigned)i));
	set_kids(L, e, k, nargs);
	free(k);
	CXCursor ref = clang_getCursorReferenced(c);
	if (!clang_Cursor_isNull(ref) && clang_getCursorKind(ref) == CXCursor_FunctionDecl) {
		e->usr = usr_of(L, ref);
		e->str = cx_dup(L->p->arena, clang_getCursorSpelling(ref));
	} else {
		cursors ch = children(c);
		if (ch.n > 0) {
			int ok;
			CXCursor fn = func_ref(ch.v[0], &ok);
			if (ok) {
				e->usr = usr_of(L, fn);
				e->str = cx_dup(L->p->arena, clang_getCursorSpelling(fn));
			} else {
				e->callee = lower_expr(L, ch.v[0]);
				e->slot_key = slot_key_of(L, ch.v[0]);
				e->str = e->slot_key ? e->slot_key : "<indirect>";
			}
		}
		vd_vec_free(ch);
	}
	e->owner = L->fn;
	vd_vec_push(L->p->calls, e);
	return e;
}

/* 1 when t is a pointer to bytes (char, void, a one-byte integer): an
 * addition to it moves by bytes (`(char *)p + off`, GNU `void *` arithmetic) */
static int byte_pointer(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Pointer)
		return 0;
	CXType pt = clang_getCanonicalType(clang_getPointeeType(t));
	return pt.kind == CXType_Void || clang_Type_getSizeOf(pt) == 1;
}

static ir_expr *try_const(lower *L, CXCursor c)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	if (!r)
		return NULL;
	ir_expr *e = NULL;
	switch (clang_EvalResult_getKind(r)) {
	case CXEval_Int:
		e = mk(L, E_INT, c);
		e->ival = clang_EvalResult_isUnsignedInt(r)
				  ? (long long)clang_EvalResult_getAsUnsigned(r)
				  : clang_EvalResult_getAsLongLong(r);
		break;
	case CXEval_Float:
		e = mk(L, E_FLOAT, c);
		e->fval = clang_EvalResult_getAsDouble(r);
		break;
	case CXEval_StrLiteral:
		e = mk(L, E_STR, c);
		e->str = vd_arena_strdup(L->p->arena, clang_EvalResult_getAsStr(r));
		break;
	default:
		break;
	}
	clang_EvalResult_dispose(r);
	return e;
}

/* A string literal libclang does not evaluate on its own (it evaluates the
 * array-to-pointer conversion around it, which a parenthesized literal
 * such as a macro's `(s)` does not have): its spelling, which libclang
 * prints with adjacent literals joined and escapes in C form, unescaped.
 * Wide and Unicode literals stay unknown. */
static ir_expr *string_literal(lower *L, CXCursor c)
{
	CXString cs = clang_getCursorSpelling(c);
	const char *sp = clang_getCString(cs);
	size_t n = sp ? strlen(sp) : 0;
	ir_expr *e = NULL;
	if (n >= 2 && sp[0] == '"' && sp[n - 1] == '"') {
		vd_buf b = VD_BUF_INIT;
		int ok = 1;
		for (size_t i = 1; ok && i + 1 < n; i++) {
			if (sp[i] != '\\') {
				vd_buf_putc(&b, sp[i]);
				continue;
			}
			char x = sp[++i];
			const char *from = "ntrabfv\\\"'?", *to = "\n\t\r\a\b\f\v\\\"'?";
			const char *esc = x ? strchr(from, x) : NULL;
			if (esc) {
				vd_buf_putc(&b, to[esc - from]);
			} else if (x >= '0' && x <= '7') {
				int v = 0, d = 0;
				for (; d < 3 && sp[i] >= '0' && sp[i] <= '7' && i + 1 < n; d++, i++)
					v = v * 8 + (sp[i] - '0');
				i--;
				vd_buf_putc(&b, (char)v);
			} else if (x == 'x' && isxdigit((unsigned char)sp[i + 1])) {
				int v = 0;
				while (i + 2 < n && isxdigit((unsigned char)sp[i + 1])) {
					char h = sp[++i];
					v = v * 16 +
					    (isdigit((unsigned char)h)
						     ? h - '0'
						     : tolower((unsigned char)h) - 'a' + 10);
				}
				vd_buf_putc(&b, (char)v);
			} else {
				ok = 0; /* \u, \U, or something unexpected */
			}
		}
		if (ok && !memchr(b.ptr ? b.ptr : "", '\0', b.len)) {
			e = mk(L, E_STR, c);
			e->str = vd_arena_strdup(L->p->arena, b.ptr ? b.ptr : "");
		}
		vd_buf_release(&b);
	}
	clang_disposeString(cs);
	return e;
}

/* a --define the TU's source used (kept in its blob, so cached TUs say it too) */
static void define_used(vd_project *p, const char *name)
{
	for (size_t i = 0; i < p->defines_used.n; i++)
		if (!strcmp(p->defines_used.v[i], name))
			return;
	vd_vec_push(p->defines_used, vd_arena_strdup(p->arena, name));
}

/* --define NAME=VALUE for a macro: an expression written as the single
 * token NAME (a macro use; variables are rebound by the evaluator) takes
 * VALUE, whatever the source's #define says. */
static ir_expr *defined_macro(lower *L, CXCursor c)
{
	unsigned so = start_off(c), eo = end_off(c);
	size_t i = tok_at(L, so);
	if (i >= L->toks.n || L->toks.v[i].off != so || !L->toks.v[i].ident)
		return NULL;
	if (i + 1 < L->toks.n && L->toks.v[i + 1].off < eo)
		return NULL;
	const char *v = vd_map_get(L->p->defines, L->toks.v[i].ident);
	if (!v)
		return NULL;
	enum CXCursorKind k = clang_getCursorKind(strip(c));
	if (k == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(strip(c));
		if (clang_getCursorKind(d) == CXCursor_VarDecl ||
		    clang_getCursorKind(d) == CXCursor_ParmDecl)
			return NULL;
	}
	define_used(L->p, L->toks.v[i].ident);
	char *end;
	long long iv = strtoll(v, &end, 0);
	ir_expr *e;
	if (*v && !*end) {
		e = mk(L, E_INT, c);
		e->ival = iv;
		return e;
	}
	double fv = strtod(v, &end);
	if (*v && !*end) {
		e = mk(L, E_FLOAT, c);
		e->fval = fv;
		return e;
	}
	e = mk(L, E_STR, c);
	e->str = vd_arena_strdup(L->p->arena, v);
	return e;
}

static ir_expr *lower_expr_at(lower *L, CXCursor c);

static ir_expr *lower_expr(lower *L, CXCursor c)
{
	if (L->depth >= MAX_EXPR_DEPTH) {
		if (!L->deep_noted)
			vd_project_diag(
				L->p, VD_DIAG_WARNING, rel_file(L, c), cur_line(c),
				"expression nested more than %d levels deep: the part below "
				"is not analyzed",
				MAX_EXPR_DEPTH);
		L->deep_noted = 1;
		return mk(L, E_UNKNOWN, c);
	}
	L->depth++;
	ir_expr *e = lower_expr_at(L, c);
	L->depth--;
	return e;
}

static ir_expr *lower_expr_at(lower *L, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	ir_expr *e = NULL;

	if (L->p->opts.ndefines && (e = defined_macro(L, c)))
		return e;

	/* literals, sizeof, enum constants and constant arithmetic fold in clang
	 * (a DeclRef to a variable is looked up instead: --define may rebind it) */
	if (k != CXCursor_CallExpr && k != CXCursor_DeclRefExpr && k != CXCursor_InitListExpr &&
	    k != CXCursor_CompoundLiteralExpr && (e = try_const(L, c)))
		return e;

	cursors ch = children(c);
	switch (k) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_StringLiteral:
		e = try_const(L, c);
		if (!e && k == CXCursor_StringLiteral)
			e = string_literal(L, c);
		if (!e)
			e = mk(L, E_UNKNOWN, c);
		break;
	case CXCursor_DeclRefExpr: {
		CXCursor d = clang_getCursorReferenced(c);
		enum CXCursorKind dk = clang_getCursorKind(d);
		if (dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl) {
			e = mk(L, E_VAR, c);
			e->var = var_for(L, d);
			e->str = e->var->name;
		} else if (dk == CXCursor_FunctionDecl) {
			e = mk(L, E_FUNCREF, c);
			e->usr = usr_of(L, d);
			e->str = cx_dup(L->p->arena, clang_getCursorSpelling(d));
		} else if (dk == CXCursor_EnumConstantDecl) {
			e = mk(L, E_INT, c);
			e->ival = clang_getEnumConstantDeclValue(d);
		} else {
			e = mk(L, E_UNKNOWN, c);
		}
		break;
	}
	case CXCursor_CallExpr:
		e = lower_call(L, c);
		break;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator: {
		if (ch.n != 2) {
			e = mk(L, E_UNKNOWN, c);
			break;
		}
		int compound;
		int op = binop_of(c, &compound);
		ir_expr *kids[2] = { lower_expr(L, ch.v[0]), lower_expr(L, ch.v[1]) };
		if (op == OP_NONE || compound) {
			e = mk(L, E_ASSIGN, c);
			e->op = compound ? op : OP_NONE;
			int ok;
			CXCursor fn = func_ref(ch.v[1], &ok);
			if (ok && !compound)
				add_store(L, slot_key_of(L, ch.v[0]), fn);
		} else if (op < 0) {
			e = mk(L, E_BIN, c);
			e->op = OP_NONE; /* an operator vidya does not model: unknown value */
		} else {
			e = mk(L, E_BIN, c);
			e->op = op;
		}
		if (!compound && (op == OP_ADD || op == OP_SUB))
			e->ival = byte_pointer(clang_getCursorType(c));
		set_kids(L, e, kids, 2);
		break;
	}
	case CXCursor_UnaryOperator: {
		if (ch.n != 1) {
			e = mk(L, E_UNKNOWN, c);
			break;
		}
		int op = unop_of(c);
		if (op < 0) { /* __extension__, __real__, __imag__: the operand */
			e = lower_expr(L, ch.v[0]);
			break;
		}
		ir_expr *kid = lower_expr(L, ch.v[0]);
		e = mk(L, op >= OP_PREINC ? E_INCDEC : E_UN, c);
		e->op = op;
		set_kids(L, e, &kid, 1);
		break;
	}
	case CXCursor_StmtExpr: {
		/* GNU statement expression ({ ...; value; }): glibc's assert(),
		 * MIN/MAX-style macros; its statements run, its value is the last one */
		e = mk(L, E_STMT, c);
		for (size_t i = 0; i < ch.n; i++)
			if (clang_getCursorKind(ch.v[i]) == CXCursor_CompoundStmt)
				e->stmt = lower_stmt(L, ch.v[i]);
		if (!e->stmt)
			e->kind = E_UNKNOWN;
		break;
	}
	case CXCursor_UnaryExpr:
		/* sizeof/alignof that clang could not fold (a VLA): the operand is
		 * not evaluated, so no call in it runs */
		e = mk(L, E_UNKNOWN, c);
		break;
	case CXCursor_ConditionalOperator: {
		if (ch.n != 3) {
			e = mk(L, E_UNKNOWN, c);
			break;
		}
		ir_expr *kids[3] = { lower_expr(L, ch.v[0]), lower_expr(L, ch.v[1]),
				     lower_expr(L, ch.v[2]) };
		e = mk(L, E_COND, c);
		set_kids(L, e, kids, 3);
		break;
	}
	case CXCursor_MemberRefExpr: {
		e = mk(L, E_MEMBER, c);
		CXCursor f = clang_getCursorReferenced(c);
		e->str = cx_dup(L->p->arena, clang_getCursorSpelling(c));
		e->usr = clang_Cursor_isNull(f) ? NULL : usr_of(L, f);
		e->ival = field_index(f) + 1; /* 0: unknown */
		CXType mt = clang_getCanonicalType(clang_getCursorType(c));
		e->is_array = mt.kind == CXType_ConstantArray || mt.kind == CXType_IncompleteArray;
		/* the field's byte offset in its struct, -1 unknown (a bit-field):
		 * a store through `(char *)p + offsetof(...)` names it by that;
		 * a struct or union member's is where its own members start */
		e->is_record = mt.kind == CXType_Record;
		long long fbits = clang_Cursor_isNull(f) ? -1 : clang_Cursor_getOffsetOfField(f);
		e->fval = fbits >= 0 && fbits % 8 == 0 ? (double)(fbits / 8) : -1;
		if (ch.n > 0) {
			/* op 1: `p->f`, the base is a pointer */
			CXType bt = clang_getCanonicalType(clang_getCursorType(ch.v[0]));
			e->op = bt.kind == CXType_Pointer;
			ir_expr *base = lower_expr(L, ch.v[0]);
			set_kids(L, e, &base, 1);
		}
		break;
	}
	case CXCursor_ArraySubscriptExpr: {
		if (ch.n != 2) {
			e = mk(L, E_UNKNOWN, c);
			break;
		}
		ir_expr *kids[2] = { lower_expr(L, ch.v[0]), lower_expr(L, ch.v[1]) };
		e = mk(L, E_INDEX, c);
		set_kids(L, e, kids, 2);
		break;
	}
	case CXCursor_InitListExpr: {
		scan_initlist(L, c, NULL);
		e = mk(L, E_INITLIST, c);
		CXType t = clang_getCanonicalType(clang_getCursorType(c));
		field_list fl = { { 0 }, L };
		if (t.kind == CXType_Record)
			clang_Type_visitFields(t, field_cb, &fl);
		if (fl.usrs.n == 0) {
			/* an array's declared length: the elements past the
			 * initializer's are zero */
			if (t.kind == CXType_ConstantArray)
				e->ival = (long long)clang_getArraySize(t);
			ir_expr **items = vd_xmalloc((ch.n ? ch.n : 1) * sizeof(*items));
			for (size_t i = 0; i < ch.n; i++)
				items[i] = lower_expr(L, ch.v[i]);
			set_kids(L, e, items, (int)ch.n);
			free(items);
			break;
		}
		/* a struct: one value per field, in declaration order, whatever
		 * order designators (`.xfer = f`) give them in; missing ones 0 */
		size_t nf = fl.usrs.n;
		ir_expr **kids = vd_xcalloc(nf, sizeof(*kids));
		size_t pos = 0;
		for (size_t i = 0; i < ch.n; i++) {
			CXCursor item = ch.v[i];
			if (clang_getCursorKind(item) == CXCursor_UnexposedExpr) {
				cursors d = children(item);
				if (d.n >= 2 && clang_getCursorKind(d.v[0]) == CXCursor_MemberRef) {
					CXCursor f = clang_getCursorReferenced(d.v[0]);
					const char *fu =
						clang_Cursor_isNull(f) ? NULL : usr_of(L, f);
					for (size_t q = 0; fu && q < nf; q++)
						if (!strcmp(fl.usrs.v[q], fu))
							pos = q;
					item = d.v[d.n - 1];
				}
				vd_vec_free(d);
			}
			if (pos < nf)
				kids[pos++] = lower_expr(L, item);
		}
		for (size_t q = 0; q < nf; q++)
			if (!kids[q]) {
				kids[q] = mk(L, E_INT, c);
				kids[q]->ival = 0;
			}
		set_kids(L, e, kids, (int)nf);
		free(kids);
		vd_vec_free(fl.usrs);
		break;
	}
	case CXCursor_CStyleCastExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CompoundLiteralExpr: /* (T){ ... }: its initializer's value */
	case CXCursor_ParenExpr: {
		/* pass through, remembering a cast's type for float -> int */
		size_t last = ch.n;
		while (last > 0 && clang_getCursorKind(ch.v[last - 1]) == CXCursor_TypeRef)
			last--;
		if (last == 0) {
			e = mk(L, E_UNKNOWN, c);
			break;
		}
		/* designated initializer item: { MemberRef, value } */
		ir_expr *kid = lower_expr(L, ch.v[last - 1]);
		if (k == CXCursor_CStyleCastExpr) {
			e = mk(L, E_CAST, c);
			set_kids(L, e, &kid, 1);
		} else {
			e = kid;
		}
		break;
	}
	default: {
		/* anything else: keep the calls inside it, value unknown; a
		 * statement inside it would be lost, which is said */
		ir_expr **kids = vd_xmalloc((ch.n ? ch.n : 1) * sizeof(*kids));
		int n = 0;
		for (size_t i = 0; i < ch.n; i++) {
			enum CXCursorKind ck = clang_getCursorKind(ch.v[i]);
			if (clang_isExpression(ck)) {
				kids[n++] = lower_expr(L, ch.v[i]);
			} else if (clang_isStatement(ck)) {
				CXString ks = clang_getCursorKindSpelling(k);
				vd_project_diag(L->p, VD_DIAG_WARNING, rel_file(L, c), cur_line(c),
						"%s not modelled: the statements inside it are "
						"not analyzed",
						clang_getCString(ks));
				clang_disposeString(ks);
			}
		}
		e = mk(L, n ? E_COMMA : E_UNKNOWN, c);
		if (n)
			set_kids(L, e, kids, n);
		e->op = 1; /* comma-like node whose value is unknown */
		free(kids);
		break;
	}
	}
	vd_vec_free(ch);
	return e;
}

/* ---- statements --------------------------------------------------------------------- */

static ir_stmt *mks(lower *L, int kind, CXCursor c)
{
	ir_stmt *s = vd_arena_alloc(L->p->arena, sizeof(*s));
	s->kind = kind;
	s->line = cur_line(c);
	s->end_line = cur_end_line(c);
	s->block = -1;
	return s;
}

static void set_skids(lower *L, ir_stmt *s, ir_stmt **k, int n)
{
	s->kids = vd_arena_alloc(L->p->arena, (size_t)(n ? n : 1) * sizeof(ir_stmt *));
	if (n) /* k may be NULL for no kids (memcpy's arguments never are) */
		memcpy(s->kids, k, (size_t)n * sizeof(ir_stmt *));
	s->nkids = n;
}

static ir_stmt *lower_decl(lower *L, CXCursor d)
{
	ir_stmt *s = mks(L, S_DECL, d);
	s->var = var_for(L, d);
	if (L->fn && !s->var->global && s->var->size > 0)
		L->fn->frame_bytes += s->var->size;
	CXCursor init = initializer_of(d);
	if (!clang_Cursor_isNull(init)) {
		s->e = lower_expr(L, init);
		if (clang_getCursorKind(strip(init)) == CXCursor_InitListExpr) {
			scan_initlist(L, strip(init), s->var->array_len > 0 ? s->var->usr : NULL);
		} else {
			int ok;
			CXCursor fn = func_ref(init, &ok);
			if (ok)
				add_store(L, s->var->usr, fn);
		}
	}
	if (s->var->global) { /* static local: initialised once, like a global */
		s->var->init = s->e;
		s->var->has_def = 1;
		s->e = NULL;
	}
	return s;
}

static ir_stmt *seq_of(lower *L, CXCursor c, cursors *ch, size_t from, size_t to)
{
	ir_stmt *s = mks(L, S_SEQ, c);
	ir_stmt **k = vd_xmalloc(((to - from) ? (to - from) : 1) * sizeof(*k));
	int n = 0;
	for (size_t i = from; i < to; i++) {
		ir_stmt *x = lower_stmt(L, ch->v[i]);
		if (x)
			k[n++] = x;
	}
	set_skids(L, s, k, n);
	free(k);
	return s;
}

/* Is the cursor written by a macro (its text is not at its expansion place)? */
static int in_macro(CXCursor c)
{
	CXSourceLocation l = clang_getRangeStart(clang_getCursorExtent(c));
	CXFile ef = NULL, sf = NULL;
	unsigned eo = 0, so = 0;
	clang_getExpansionLocation(l, &ef, NULL, NULL, &eo);
	clang_getSpellingLocation(l, &sf, NULL, NULL, &so);
	return eo != so || !clang_File_isEqual(ef, sf);
}

/* How a `for` header item reads when tokens cannot tell its place:
 * 'I' a declaration, 'A' an assignment, 'N' a step (++, --, op=), 'C' else */
static int header_item_class(CXCursor c)
{
	CXCursor s = strip(c);
	switch (clang_getCursorKind(s)) {
	case CXCursor_DeclStmt:
		return 'I';
	case CXCursor_CompoundAssignOperator:
		return 'N';
	case CXCursor_BinaryOperator:
		return clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Assign ? 'A' : 'C';
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(s);
		return k == CXUnaryOperator_PreInc || k == CXUnaryOperator_PostInc ||
				       k == CXUnaryOperator_PreDec || k == CXUnaryOperator_PostDec
			       ? 'N'
			       : 'C';
	}
	default:
		return 'C';
	}
}

/* The part of `for (init; cond; inc) body` each child is: 0 init, 1 cond,
 * 2 inc, 3 body.  libclang skips absent parts; outside macros the header's
 * semicolons (tokens) place each child, inside a macro the children's forms
 * do (a declaration or `=` first is the init, a step is the increment). */
static void for_roles(lower *L, CXCursor c, const cursors *ch, int *role)
{
	size_t n = ch->n;
	if (n == 0)
		return;
	if (!in_macro(c)) {
		unsigned semi1 = 0, semi2 = 0, rparen = 0;
		size_t i = tok_at(L, start_off(c));
		int depth = 0, semis = 0;
		for (; i < L->toks.n && !rparen; i++) {
			char s = L->toks.v[i].punct;
			if (s == '(') {
				depth++;
			} else if (s == ')') {
				if (--depth == 0)
					rparen = L->toks.v[i].off;
			} else if (s == ';' && depth == 1) {
				if (semis++ == 0)
					semi1 = L->toks.v[i].off;
				else
					semi2 = L->toks.v[i].off;
			}
		}
		if (rparen && semi2) {
			for (size_t k = 0; k < n; k++) {
				unsigned o = start_off(ch->v[k]);
				role[k] = (k == n - 1 && o > rparen) ? 3
					  : o < semi1                ? 0
					  : o < semi2                ? 1
								     : 2;
			}
			return;
		}
	}
	role[n - 1] = 3;
	size_t h = n - 1; /* header items */
	if (h == 3) {
		role[0] = 0, role[1] = 1, role[2] = 2;
	} else if (h == 1) {
		int k = header_item_class(ch->v[0]);
		role[0] = k == 'I' || k == 'A' ? 0 : k == 'N' ? 2 : 1;
	} else if (h == 2) {
		int a = header_item_class(ch->v[0]), b = header_item_class(ch->v[1]);
		if (a == 'C')
			role[0] = 1, role[1] = 2; /* (; cond; inc) */
		else if (b == 'N' || (b == 'A' && a == 'I'))
			role[0] = 0, role[1] = 2; /* (init; ; inc) */
		else
			role[0] = 0, role[1] = 1; /* (init; cond; ) */
	}
}

static ir_stmt *lower_switch(lower *L, CXCursor c, cursors *ch)
{
	ir_stmt *s = mks(L, S_SWITCH, c);
	s->e = lower_expr(L, ch->v[0]);
	CXCursor body = ch->v[ch->n - 1];
	cursors items = children(body);
	VD_VEC(ir_stmt *) arms = { 0 };
	VD_VEC(ir_expr *) vals = { 0 };
	ir_stmt *cur = NULL;
	VD_VEC(ir_stmt *) cur_items = { 0 };
	for (size_t i = 0; i <= items.n; i++) {
		CXCursor it = i < items.n ? items.v[i] : clang_getNullCursor();
		enum CXCursorKind k = i < items.n ? clang_getCursorKind(it) : CXCursor_CaseStmt;
		if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
			if (cur) {
				set_skids(L, cur, cur_items.v, (int)cur_items.n);
				cur_items.n = 0;
			}
			if (i == items.n)
				break;
			/* unwrap `case a: case b: stmt` to the innermost statement,
			 * keeping every label: one arm whose value is the list of
			 * them (an E_COMMA, which no case label can be in C); a
			 * `default:` among them makes the arm the default */
			VD_VEC(ir_expr *) labels = { 0 };
			int is_default = 0;
			CXCursor inner = it;
			while (clang_getCursorKind(inner) == CXCursor_CaseStmt ||
			       clang_getCursorKind(inner) == CXCursor_DefaultStmt) {
				cursors cc = children(inner);
				if (clang_getCursorKind(inner) == CXCursor_DefaultStmt)
					is_default = 1;
				else if (cc.n >= 1)
					vd_vec_push(labels, lower_expr(L, cc.v[0]));
				CXCursor next = cc.n ? cc.v[cc.n - 1] : clang_getNullCursor();
				vd_vec_free(cc);
				if (clang_Cursor_isNull(next))
					break;
				inner = next;
			}
			ir_expr *val = NULL;
			if (!is_default && labels.n == 1) {
				val = labels.v[0];
			} else if (!is_default && labels.n > 1) {
				val = mk(L, E_COMMA, it);
				set_kids(L, val, labels.v, (int)labels.n);
			}
			vd_vec_free(labels);
			cur = mks(L, S_SEQ, it);
			vd_vec_push(arms, cur);
			vd_vec_push(vals, val);
			if (!clang_equalCursors(inner, it)) {
				ir_stmt *x = lower_stmt(L, inner);
				if (x)
					vd_vec_push(cur_items, x);
			}
		} else if (cur) {
			ir_stmt *x = lower_stmt(L, it);
			if (x)
				vd_vec_push(cur_items, x);
		}
	}
	set_skids(L, s, arms.v, (int)arms.n);
	s->case_vals = vd_arena_alloc(L->p->arena, (arms.n + 1) * sizeof(ir_expr *));
	if (vals.n)
		memcpy(s->case_vals, vals.v, vals.n * sizeof(ir_expr *));
	vd_vec_free(arms);
	vd_vec_free(vals);
	vd_vec_free(cur_items);
	vd_vec_free(items);
	return s;
}

/* `for (init; cond; inc) body`, its parts told apart by for_roles */
static ir_stmt *lower_for(lower *L, CXCursor c, const cursors *ch)
{
	ir_stmt *s = mks(L, S_FOR, c);
	int *role = vd_xcalloc(ch->n + 1, sizeof(int));
	for_roles(L, c, ch, role);
	ir_stmt *body = NULL;
	for (size_t i = 0; i < ch->n; i++) {
		if (role[i] == 3)
			body = lower_stmt(L, ch->v[i]);
		else if (role[i] == 0)
			s->init = lower_stmt(L, ch->v[i]);
		else if (role[i] == 1)
			s->e = lower_expr(L, ch->v[i]);
		else
			s->inc = lower_expr(L, ch->v[i]);
	}
	free(role);
	if (!body)
		body = mks(L, S_NOP, c);
	set_skids(L, s, &body, 1);
	return s;
}

/* `goto label;` kept so that `if (rc < 0) goto fail;` reads as an arm that
 * leaves; the walk follows it to its label (target) where it is certain
 * to run */
static ir_stmt *lower_goto(lower *L, CXCursor c, const cursors *ch)
{
	ir_stmt *s = mks(L, S_GOTO, c);
	for (size_t i = 0; i < ch->n; i++)
		if (clang_getCursorKind(ch->v[i]) == CXCursor_LabelRef) {
			CXCursor lab = clang_getCursorReferenced(ch->v[i]);
			if (!clang_Cursor_isNull(lab))
				s->target = cur_line(lab);
		}
	return s;
}

static ir_stmt *lower_stmt(lower *L, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	ir_stmt *s = NULL;
	cursors ch = children(c);
	switch (k) {
	case CXCursor_CompoundStmt:
		s = seq_of(L, c, &ch, 0, ch.n);
		break;
	case CXCursor_DeclStmt: {
		s = mks(L, S_SEQ, c);
		ir_stmt **kk = vd_xmalloc((ch.n ? ch.n : 1) * sizeof(*kk));
		int n = 0;
		for (size_t i = 0; i < ch.n; i++)
			if (clang_getCursorKind(ch.v[i]) == CXCursor_VarDecl)
				kk[n++] = lower_decl(L, ch.v[i]);
		set_skids(L, s, kk, n);
		free(kk);
		break;
	}
	case CXCursor_IfStmt: {
		s = mks(L, S_IF, c);
		if (ch.n < 2)
			break;
		s->e = lower_expr(L, ch.v[0]);
		ir_stmt *arms[2] = { lower_stmt(L, ch.v[1]),
				     ch.n > 2 ? lower_stmt(L, ch.v[2]) : NULL };
		set_skids(L, s, arms, arms[1] ? 2 : 1);
		break;
	}
	case CXCursor_SwitchStmt:
		if (ch.n >= 2)
			s = lower_switch(L, c, &ch);
		break;
	case CXCursor_ForStmt:
		s = lower_for(L, c, &ch);
		break;
	case CXCursor_WhileStmt: {
		s = mks(L, S_WHILE, c);
		if (ch.n < 2)
			break;
		s->e = lower_expr(L, ch.v[0]);
		ir_stmt *body = lower_stmt(L, ch.v[ch.n - 1]);
		set_skids(L, s, &body, 1);
		break;
	}
	case CXCursor_DoStmt: {
		s = mks(L, S_DO, c);
		if (ch.n < 2)
			break;
		ir_stmt *body = lower_stmt(L, ch.v[0]);
		s->e = lower_expr(L, ch.v[1]);
		set_skids(L, s, &body, 1);
		break;
	}
	case CXCursor_ReturnStmt:
		s = mks(L, S_RETURN, c);
		if (ch.n)
			s->e = lower_expr(L, ch.v[0]);
		break;
	case CXCursor_BreakStmt:
		s = mks(L, S_BREAK, c);
		break;
	case CXCursor_ContinueStmt:
		s = mks(L, S_CONTINUE, c);
		break;
	case CXCursor_LabelStmt: {
		/* a place gotos jump to: { S_LABEL, the statement } */
		ir_stmt *lk[2] = { mks(L, S_LABEL, c),
				   ch.n ? lower_stmt(L, ch.v[ch.n - 1]) : NULL };
		s = mks(L, S_SEQ, c);
		set_skids(L, s, lk, lk[1] ? 2 : 1);
		break;
	}
	case CXCursor_GotoStmt:
		s = lower_goto(L, c, &ch);
		break;
	case CXCursor_NullStmt:
		break;
	default:
		if (clang_isExpression(k)) {
			s = mks(L, S_EXPR, c);
			s->e = lower_expr(L, c);
		}
		break;
	}
	vd_vec_free(ch);
	/* loops and branches need non-NULL bodies for the evaluator */
	if (s && (s->kind == S_WHILE || s->kind == S_DO) && s->nkids == 0) {
		ir_stmt *nop = mks(L, S_NOP, c);
		set_skids(L, s, &nop, 1);
	}
	return s;
}

/* ---- top level ------------------------------------------------------------------------- */

/* an attribute cursor that starts with `constructor` (libclang exposes
 * __attribute__((constructor)) only as an unexposed attribute) */
static int is_ctor_attr(lower *L, CXCursor a)
{
	if (clang_getCursorKind(a) != CXCursor_UnexposedAttr)
		return 0;
	CXToken *t = NULL;
	unsigned n = 0;
	/* the token where the attribute starts: its extent may run from a
	 * macro's definition in a header (`#define fio_init
	 * __attribute__((constructor))`) to its use, which does not tokenize */
	CXSourceLocation at = clang_getRangeStart(clang_getCursorExtent(a));
	clang_tokenize(L->tu, clang_getRange(at, at), &t, &n);
	int yes = 0;
	if (n > 0) {
		CXString sp = clang_getTokenSpelling(L->tu, t[0]);
		const char *w = clang_getCString(sp);
		yes = w && (!strcmp(w, "constructor") || !strcmp(w, "__constructor__"));
		clang_disposeString(sp);
	}
	if (t)
		clang_disposeTokens(L->tu, t, n);
	return yes;
}

static void lower_function(lower *L, CXCursor c)
{
	const char *usr = usr_of(L, c);
	if (vd_map_has(L->p->func_by_usr, usr))
		return; /* an inline/static-in-header definition seen in another TU */
	ir_func *f = vd_arena_alloc(L->p->arena, sizeof(*f));
	f->usr = usr;
	f->name = cx_dup(L->p->arena, clang_getCursorSpelling(c));
	f->file = rel_file(L, c);
	f->line = cur_line(c);
	f->end_line = cur_end_line(c);
	f->block = -1;
	f->nwritten = -1;
	f->fills = -1;
	f->is_variadic = clang_isFunctionTypeVariadic(clang_getCursorType(c));
	L->fn = f;
	load_tokens(L, c);
	int np = clang_Cursor_getNumArguments(c);
	if (np < 0)
		np = 0;
	f->params = vd_arena_alloc(L->p->arena, (size_t)(np ? np : 1) * sizeof(ir_var *));
	for (int i = 0; i < np; i++)
		f->params[i] = var_for(L, clang_Cursor_getArgument(c, (unsigned)i));
	f->nparams = np;
	cursors ch = children(c);
	for (size_t i = 0; i < ch.n; i++) {
		if (clang_getCursorKind(ch.v[i]) == CXCursor_CompoundStmt)
			f->body = lower_stmt(L, ch.v[i]);
		else if (is_ctor_attr(L, ch.v[i]))
			f->is_ctor = 1;
	}
	vd_vec_free(ch);
	L->fn = NULL;
	if (!f->body)
		return;
	vd_map_put(L->p->func_by_usr, usr, f);
	if (clang_getCursorLinkage(c) == CXLinkage_External &&
	    !vd_map_has(L->p->func_by_name, f->name))
		vd_map_put(L->p->func_by_name, f->name, f);
	vd_vec_push(L->p->funcs, f);
	L->defs_added++;
}

static void lower_global(lower *L, CXCursor c)
{
	ir_var *v = var_for(L, c);
	if (clang_Cursor_getStorageClass(c) == CX_SC_Extern && !clang_isCursorDefinition(c))
		return;  /* a declaration: nothing to read from its tokens */
	if (v->size < 0) /* first met as `extern uch window[];`: the definition has the size */
		fill_var_type(v, clang_getCursorType(c));
	load_tokens(L, c);
	CXCursor init = initializer_of(c);
	if (!clang_Cursor_isNull(init)) {
		CXCursor s = strip(init);
		if (clang_getCursorKind(s) == CXCursor_InitListExpr) {
			scan_initlist(L, s, v->array_len > 0 ? v->usr : NULL);
		} else {
			int ok;
			CXCursor fn = func_ref(init, &ok);
			if (ok)
				add_store(L, v->usr, fn);
		}
		if (!v->init)
			v->init = lower_expr(L, init);
	}
	/* a file-scope `static int verbose;` is a tentative definition: zero
	 * unless another declaration initializes it */
	if (clang_isCursorDefinition(c) || clang_Cursor_getStorageClass(c) != CX_SC_Extern)
		v->has_def = 1;
}

static enum CXChildVisitResult top_cb(CXCursor c, CXCursor parent, CXClientData d)
{
	lower *L = d;
	if (in_system_header(c))
		return CXChildVisit_Continue;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c))
		lower_function(L, c);
	else if (k == CXCursor_VarDecl)
		lower_global(L, c);
	else if (k == CXCursor_LinkageSpec)
		clang_visitChildren(c, top_cb, d);
	return CXChildVisit_Continue;
}

/* Error diagnostics of a TU; returns how many there were. */
/* The -include/-imacros argument of `job` that a "'PATH' file not found"
 * message names, or NULL. */
static const char *forced_include(const tu_job *job, const char *msg, const char **flag)
{
	for (int i = 0; job && i + 1 < job->argc; i++) {
		if (strcmp(job->argv[i], "-include") && strcmp(job->argv[i], "-imacros"))
			continue;
		const char *a = job->argv[i + 1];
		size_t n = strlen(a);
		if (msg[0] == '\'' && !strncmp(msg + 1, a, n) && msg[1 + n] == '\'') {
			*flag = job->argv[i];
			return a;
		}
	}
	return NULL;
}

static int report_errors(vd_project *p, CXTranslationUnit tu, const tu_job *job, int *missing_hdr)
{
	int errors = 0;
	const char *file = job->file;
	unsigned n = clang_getNumDiagnostics(tu);
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		if (sev >= CXDiagnostic_Error) {
			CXFile f = NULL;
			unsigned line = 0;
			clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, &line, NULL,
						   NULL);
			char *msg = cx_dup(p->arena, clang_getDiagnosticSpelling(d));
			char *fname = f ? cx_dup(p->arena, clang_getFileName(f)) : (char *)file;
			if (missing_hdr && strstr(msg, "file not found"))
				*missing_hdr = 1;
			if (!f) {
				/* no file: the command line (-include, -D), whose
				 * line numbers are those of clang's predefines
				 * buffer, meaningless to the user */
				line = 0;
				const char *flag = NULL;
				const char *inc = forced_include(job, msg, &flag);
				if (inc && strstr(msg, "file not found"))
					msg = vd_arena_printf(
						p->arena,
						"'%s %s' on the command line of this "
						"translation unit: file not found",
						flag, vd_path_relative(p->arena, p->root, inc));
				else
					msg = vd_arena_printf(p->arena, "%s (on the command line)",
							      msg);
			}
			if (errors < 5)
				vd_project_diag(p, VD_DIAG_ERROR,
						vd_path_relative(p->arena, p->root, fname),
						(int)line, "%s", msg);
			errors++;
		}
		clang_disposeDiagnostic(d);
	}
	return errors;
}

/* libclang parsed nothing (no diagnostics to show): finds the argument
 * without which the command line is accepted, parsing an empty stand-in for
 * the source (cheap; only on this failure path).  NULL when no single
 * argument is to blame. */
static const char *rejected_arg(CXIndex idx, const tu_job *job, const char **args, int nargs)
{
	struct CXUnsavedFile empty = { job->file, "", 0 };
	const char **without = vd_xmalloc(sizeof(*without) * (size_t)(nargs > 0 ? nargs : 1));
	const char *culprit = NULL;
	for (int skip = 0; skip < nargs && !culprit; skip++) {
		if (!strcmp(args[skip], "-w") || !strncmp(args[skip], "-ferror-limit=", 14) ||
		    !strncmp(args[skip], "-Wno-error=", 11))
			continue;
		int k = 0;
		for (int i = 0; i < nargs; i++)
			if (i != skip)
				without[k++] = args[i];
		CXTranslationUnit tu = NULL;
		if (clang_parseTranslationUnit2(idx, job->file, without, k, &empty, 1,
						CXTranslationUnit_KeepGoing,
						&tu) == CXError_Success &&
		    tu)
			culprit = args[skip];
		if (tu)
			clang_disposeTranslationUnit(tu);
	}
	free(without);
	return culprit;
}

/* what a CXErrorCode means, for the message */
static const char *cx_error_name(enum CXErrorCode ec)
{
	switch (ec) {
	case CXError_Failure:
		return "libclang failed";
	case CXError_Crashed:
		return "libclang crashed";
	case CXError_InvalidArguments:
		return "invalid arguments";
	case CXError_ASTReadError:
		return "the compiler rejected the command line";
	default:
		return "unknown error";
	}
}

static size_t diag_mark(vd_project *p)
{
	return p->diags.n;
}

/* ---- dependencies and their content hashes --------------------------------------- */

/* Content hash of a file, hex; memoised per run (headers are shared by
 * many TUs).  NULL when it cannot be read. */
const char *vd_file_hash(vd_project *root, const char *path)
{
	pthread_mutex_lock(&root->mu);
	const char *h = vd_map_get(root->hash_memo, path);
	pthread_mutex_unlock(&root->mu);
	if (h)
		return *h ? h : NULL;
	char *text = NULL;
	size_t len = 0;
	char hex[40] = "", why[256];
	/* a FIFO or device in place of a dependency is no content: never
	 * block on it or read it without end */
	if (vd_read_regular(path, (size_t)1 << 30, &text, &len, why, sizeof(why)) == 0) {
		XXH128_hash_t x = XXH3_128bits(text, len); /* content hash: 128-bit XXH3 */
		snprintf(hex, sizeof(hex), "%016llx%016llx", (unsigned long long)x.high64,
			 (unsigned long long)x.low64);
	}
	free(text);
	pthread_mutex_lock(&root->mu);
	h = vd_map_get(root->hash_memo, path);
	if (!h) {
		h = vd_arena_strdup(root->shared, hex);
		vd_map_put(root->hash_memo, path, (void *)h);
	}
	pthread_mutex_unlock(&root->mu);
	return *h ? h : NULL;
}

typedef struct dep_ctx {
	vd_project *root;
	vd_buf *out;
	const char *dir;
	vd_arena *a;
	int bad;
	vd_map *dirs;   /* search directories already listed */
	strvec dirlist; /* ... in order */
	strvec headers; /* the project's headers read */
} dep_ctx;

/* A directory where an included header could be found: the include path's
 * directories and those of the project's headers. */
static void dep_dir(dep_ctx *d, const char *dir)
{
	if (!dir || !*dir || vd_map_has(d->dirs, dir))
		return;
	vd_map_put(d->dirs, dir, (void *)1);
	vd_vec_push(d->dirlist, dir);
}

/* The include search's outcome, for the cache: for each project header
 * found in search directory S as S/NAME, whether every other directory D
 * holds a D/NAME - a header added there later could shadow the one found.
 * Lines read "D/NAME<TAB>E" (exists) or "<TAB>N" (does not). */
static void dep_search(dep_ctx *d)
{
	for (size_t i = 0; i < d->headers.n; i++) {
		const char *f = d->headers.v[i], *name = NULL;
		size_t best = 0;
		for (size_t k = 0; k < d->dirlist.n; k++) {
			size_t l = strlen(d->dirlist.v[k]);
			if (l > best && !strncmp(f, d->dirlist.v[k], l) && f[l] == '/')
				best = l, name = f + l + 1;
		}
		if (!name)
			continue;
		for (size_t k = 0; k < d->dirlist.n; k++) {
			const char *cand = vd_arena_printf(d->a, "%s/%s", d->dirlist.v[k], name);
			if (!strcmp(cand, f))
				continue;
			struct stat st;
			vd_buf_printf(d->out, "%s\t%c\n", cand, stat(cand, &st) == 0 ? 'E' : 'N');
		}
	}
}

static void inclusion_cb(CXFile f, CXSourceLocation *stack, unsigned n, CXClientData data)
{
	dep_ctx *d = data;
	CXString s = clang_getFileName(f);
	const char *name = clang_getCString(s);
	if (name && name[0]) {
		const char *abs = vd_path_join(d->a, d->dir, name);
		const char *h = vd_file_hash(d->root, abs);
		if (h)
			vd_buf_printf(d->out, "%s\t%s\n", abs, h);
		else
			d->bad = 1;
		if (strncmp(abs, "/usr/", 5)) { /* a project header */
			const char *slash = strrchr(abs, '/');
			if (slash && slash > abs)
				dep_dir(d, vd_arena_strndup(d->a, abs, (size_t)(slash - abs)));
			vd_vec_push(d->headers, abs);
		}
	}
	clang_disposeString(s);
}

/* ---- one translation unit ----------------------------------------------------------- */

/* The include flags of the MPI and HDF5 installed here, for TUs that miss
 * mpi.h or hdf5.h; asked once per run. */
static void retry_flags(vd_project *root)
{
	pthread_mutex_lock(&root->mu);
	if (!root->mpi_retry_done) {
		root->mpi_retry_done = 1;
		vd_library_flags(root->shared, 'm', NULL, &root->mpi_retry);
	}
	if (!root->h5_retry_done) {
		root->h5_retry_done = 1;
		vd_library_flags(root->shared, 'h', NULL, &root->h5_retry);
	}
	pthread_mutex_unlock(&root->mu);
}

/* The job's source and its -include/-imacros files are regular files that
 * can be read.  0, or -1 (a diagnostic says why). */
static int job_readable(vd_project *p, const tu_job *job, const char *rel)
{
	char why[256];
	int fr = vd_regular_file(job->file, why, sizeof(why));
	if (fr == VD_ENOTFOUND) {
		vd_project_diag(p, VD_DIAG_ERROR, rel, 0, "source file not found");
		return -1;
	}
	if (fr != 0) { /* a FIFO would block libclang, /dev/zero exhaust memory */
		vd_project_diag(p, VD_DIAG_ERROR, rel, 0, "source file not parsed: %s", why);
		return -1;
	}
	for (int i = 0; i + 1 < job->argc; i++)
		if ((!strcmp(job->argv[i], "-include") || !strcmp(job->argv[i], "-imacros")) &&
		    vd_regular_file(job->argv[i + 1], why, sizeof(why)) == VD_ERROR) {
			/* a missing one is libclang's error to report */
			vd_project_diag(p, VD_DIAG_ERROR, rel, 0, "'%s %s' not read: %s",
					job->argv[i],
					vd_path_relative(p->arena, p->root, job->argv[i + 1]), why);
			return -1;
		}
	return 0;
}

typedef VD_VEC(const char *) argvec;

/* --define NAME=VALUE also defines NAME for the preprocessor when the
 * source tests it (#ifndef NAME / #ifdef NAME / defined(NAME)); a plain
 * variable of that name is bound by the evaluator instead */
static void define_args(vd_project *p, const tu_job *job, argvec *args)
{
	char *text = NULL;
	for (size_t i = 0; i < p->opts.ndefines; i++) {
		const char *d = p->opts.defines[i];
		const char *eq = strchr(d, '=');
		size_t nl = eq ? (size_t)(eq - d) : strlen(d);
		if (!text && vd_read_file(&text, NULL, job->file) != 0)
			break;
		char pat[3][160];
		snprintf(pat[0], sizeof(pat[0]), "ifndef %.*s", (int)nl, d);
		snprintf(pat[1], sizeof(pat[1]), "ifdef %.*s", (int)nl, d);
		snprintf(pat[2], sizeof(pat[2]), "defined(%.*s", (int)nl, d);
		if (strstr(text, pat[0]) || strstr(text, pat[1]) || strstr(text, pat[2])) {
			vd_vec_push(*args, vd_arena_printf(p->arena, "-D%s", d));
			define_used(p, vd_arena_strndup(p->arena, d, nl));
		}
	}
	free(text);
}

/* the diagnostic of a job libclang could not parse at all (error ec) */
static void parse_failed(vd_project *p, CXIndex idx, tu_job *job, const argvec *args,
			 const char *rel, enum CXErrorCode ec)
{
	/* libclang gives no diagnostics then: say which argument it
	 * rejects, when one alone is to blame */
	const char *bad = rejected_arg(idx, job, args->v, (int)args->n);
	if (bad && !strncmp(bad, "-std=", 5))
		vd_project_diag(p, VD_DIAG_ERROR, rel, 0,
				"not parsed: '%s' is not a C standard clang knows (c89, c99, "
				"c11, c17, c23, gnu11, ...; libclang error %d)",
				bad, (int)ec);
	else if (bad)
		vd_project_diag(p, VD_DIAG_ERROR, rel, 0,
				"not parsed: clang rejects the option '%s' of its command line "
				"(libclang error %d)",
				bad, (int)ec);
	else
		vd_project_diag(p, VD_DIAG_ERROR, rel, 0,
				"libclang could not parse this file: %s (error %d)",
				cx_error_name(ec), (int)ec);
}

/* "path<TAB>hash" lines of the job's file and everything it includes, and
 * the include search's outcome (dep_search), into deps; cleared when a
 * dependency cannot be read (never cached then) */
static void job_deps(vd_project *p, CXTranslationUnit tu, const tu_job *job, vd_buf *deps)
{
	dep_ctx d = { p->parent, deps, job->directory, p->arena, 0, vd_map_new(), { 0 }, { 0 } };
	/* the include path's directories: where a new header could appear */
	for (int i = 0; i < job->argc; i++) {
		const char *a = job->argv[i];
		static const char *const flags[] = { "-I", "-iquote", "-isystem", "-idirafter",
						     NULL };
		for (int k = 0; flags[k]; k++) {
			size_t fl = strlen(flags[k]);
			if (strncmp(a, flags[k], fl))
				continue;
			const char *dir =
				a[fl] ? a + fl : (i + 1 < job->argc ? job->argv[i + 1] : NULL);
			if (dir)
				dep_dir(&d, vd_path_join(p->arena, job->directory, dir));
			break;
		}
	}
	clang_getInclusions(tu, inclusion_cb, &d);
	dep_search(&d);
	vd_map_free(d.dirs);
	vd_vec_free(d.dirlist);
	vd_vec_free(d.headers);
	if (d.bad)
		vd_buf_clear(deps);
}

/* Parses one job into the private project `p` (p->parent is the run's
 * project).  Returns 0, or -1 when the TU could not be analyzed (the
 * reason is a diagnostic).  `deps` gets "path<TAB>hash" lines of the file
 * and everything it includes. */
static const char *const legacy_c[] = { "-Wno-error=implicit-int",
					"-Wno-error=implicit-function-declaration",
					"-Wno-error=int-conversion" };

static int parse_job(vd_project *p, CXIndex idx, tu_job *job, int retry, vd_buf *deps)
{
	vd_project *root = p->parent;
	const char *rel = vd_path_relative(p->arena, p->root, job->file);
	if (job_readable(p, job, rel) != 0)
		return -1;
	argvec args = { 0 };
	vd_vec_push(args, "-w");
	vd_vec_push(args, "-ferror-limit=20");
	/* what C99 removed and GCC still builds with a warning (clang 16 and
	 * later refuse it): old code such as HDF5 1.10's `H5HL_insert(...)`
	 * without a return type; the unit's own flags may still make them
	 * errors */
	for (size_t i = 0; i < sizeof legacy_c / sizeof legacy_c[0]; i++)
		vd_vec_push(args, legacy_c[i]);
	for (int i = 0; i < job->argc; i++)
		vd_vec_push(args, job->argv[i]);
	for (size_t i = 0; retry && i < root->mpi_retry.n; i++)
		vd_vec_push(args, root->mpi_retry.v[i]);
	for (size_t i = 0; retry && i < root->h5_retry.n; i++)
		vd_vec_push(args, root->h5_retry.v[i]);
	define_args(p, job, &args);
	CXTranslationUnit tu = NULL;
	enum CXErrorCode ec = clang_parseTranslationUnit2(
		idx, job->file, args.v, (int)args.n, NULL, 0,
		CXTranslationUnit_KeepGoing | CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles,
		&tu);
	if (ec != CXError_Success || !tu) {
		parse_failed(p, idx, job, &args, rel, ec);
		vd_vec_free(args);
		if (tu)
			clang_disposeTranslationUnit(tu);
		return -1;
	}
	vd_vec_free(args);
	size_t mark = diag_mark(p);
	int missing = 0;
	int errors = report_errors(p, tu, job, &missing);
	if (errors && missing && !retry) {
		/* a header such as mpi.h or hdf5.h not found: retry once with the
		 * include flags of the MPI and HDF5 wrappers installed here */
		p->diags.n = mark;
		clang_disposeTranslationUnit(tu);
		retry_flags(root);
		return parse_job(p, idx, job, 1, deps);
	}
	if (errors) {
		vd_project_diag(p, VD_DIAG_ERROR, rel, 0,
				"translation unit not analyzed: %d error%s (see above)", errors,
				errors == 1 ? "" : "s");
		/* errors in what it read (no header missing, which a later
		 * install could provide): the same files give the same errors,
		 * so the failure is cached under those files like a parse */
		if (!missing)
			job_deps(p, tu, job, deps);
		clang_disposeTranslationUnit(tu);
		return -1;
	}
	lower L = { 0 };
	L.p = p;
	L.tu = tu;
	L.dir = job->directory;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top_cb, &L);
	vd_vec_free(L.toks);
	job_deps(p, tu, job, deps);
	clang_disposeTranslationUnit(tu);
	return 0;
}

/* ---- the run: cache, workers, in-order decoding ------------------------------------------- */

static vd_project *shadow_new(vd_project *p)
{
	vd_project *s = vd_xcalloc(1, sizeof(*s));
	s->parent = p;
	s->arena = vd_arena_new();
	s->func_by_usr = vd_map_new();
	s->func_by_name = vd_map_new();
	s->var_by_usr = vd_map_new();
	s->opts = p->opts;
	s->root = p->root;
	s->defines = p->defines; /* read-only, owned by the parent */
	return s;
}

static void shadow_free(vd_project *s)
{
	if (!s)
		return;
	vd_vec_free(s->diags);
	vd_vec_free(s->funcs);
	vd_vec_free(s->globals);
	vd_vec_free(s->allvars);
	vd_vec_free(s->stores);
	vd_vec_free(s->calls);
	vd_map_free(s->func_by_usr);
	vd_map_free(s->func_by_name);
	vd_map_free(s->var_by_usr);
	vd_arena_free(s->arena);
	free(s);
}

typedef struct pool {
	vd_project *p;
	size_t *todo, ntodo, next;
	vd_buf *blobs, *deps;
	char *done; /* 1 parsed, 2 failed */
} pool;

/* The units are parsed in worker processes, one per -j slot: a crash in
 * libclang or a stack overflow on a pathological input costs that unit
 * only (an error, exit 3), never the run.  A worker is forked once, when
 * the first unit is handed out (before any IR is decoded in the parent, so
 * the fork copies a small process), creates libclang's index once and
 * parses unit after unit: the parent sends a job index (8 bytes) on a
 * socket pair, the worker answers with whether the parse failed, the
 * dependency list and the IR blob (a 3 x 8-byte header, then the two).  A
 * worker that dies on a unit (a signal, a failed write) makes that unit an
 * error with the diagnostic of its exit status and is replaced by a new
 * fork for the units left. */
typedef struct worker {
	pid_t pid; /* 0: no process */
	int fd;    /* the parent's end of the socket pair */
	int busy;  /* parsing `job` */
	size_t job;
	vd_buf in; /* the answer read so far */
} worker;

static int write_all(int fd, const void *buf, size_t n)
{
	const char *q = buf;
	while (n) {
		ssize_t w = write(fd, q, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		q += w;
		n -= (size_t)w;
	}
	return 0;
}

/* 0 when n bytes were read, -1 at the end of the stream or on an error */
static int read_all(int fd, void *buf, size_t n)
{
	char *q = buf;
	while (n) {
		ssize_t r = read(fd, q, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		q += r;
		n -= (size_t)r;
	}
	return 0;
}

static void parse_one(pool *P, CXIndex idx, size_t j, int *failed, vd_buf *deps, vd_buf *blob)
{
	vd_project *s = shadow_new(P->p);
	*failed = parse_job(s, idx, &P->p->jobs.v[j], 0, deps) != 0;
	vd_blob_write(blob, s, *failed);
	shadow_free(s);
}

/* A worker: job indices in, answers out, until the parent closes its end.
 * Every unit is parsed into a fresh shadow project, so what it parsed
 * before does not change a blob (the memo of file hashes it keeps is of
 * contents, the same for every process of the run). */
static _Noreturn void worker_main(pool *P, int fd)
{
	CXIndex idx = clang_createIndex(0, 0);
	vd_buf deps = VD_BUF_INIT, blob = VD_BUF_INIT;
	uint64_t j;
	while (read_all(fd, &j, sizeof(j)) == 0 && j < P->p->jobs.n) {
		int failed = 1;
		vd_buf_clear(&deps);
		vd_buf_clear(&blob);
		parse_one(P, idx, (size_t)j, &failed, &deps, &blob);
		uint64_t hdr[3] = { (uint64_t)failed, deps.len, blob.len };
		if (write_all(fd, hdr, sizeof(hdr)) ||
		    write_all(fd, deps.ptr ? deps.ptr : "", deps.len) ||
		    write_all(fd, blob.ptr ? blob.ptr : "", blob.len))
			_exit(1);
	}
	_exit(0); /* no atexit handlers, no leak report: the parent goes on */
}

static int spawn(pool *P, worker *ws, int nw, int k)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
		return -1;
	pid_t pid = fork();
	if (pid < 0) {
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (pid == 0) {
		close(sv[0]);
		/* the other workers' sockets: held here, their end of stream
		 * would never come */
		for (int o = 0; o < nw; o++)
			if (o != k && ws[o].pid)
				close(ws[o].fd);
		worker_main(P, sv[1]);
	}
	close(sv[1]);
	ws[k].pid = pid;
	ws[k].fd = sv[0];
	ws[k].busy = 0;
	vd_buf_clear(&ws[k].in);
	return 0;
}

/* Hands job j to worker w; -1 when the worker is gone (the caller reaps). */
static int assign(worker *w, size_t j)
{
	uint64_t v = j;
	ssize_t s;
	while ((s = send(w->fd, &v, sizeof(v), MSG_NOSIGNAL)) < 0 && errno == EINTR)
		;
	if (s != (ssize_t)sizeof(v))
		return -1;
	w->busy = 1;
	w->job = j;
	vd_buf_clear(&w->in);
	return 0;
}

/* The worker's answer is complete: the unit's results. */
static int answered(pool *P, worker *w)
{
	uint64_t hdr[3];
	if (w->in.len < sizeof(hdr))
		return 0;
	memcpy(hdr, w->in.ptr, sizeof(hdr));
	if (w->in.len - sizeof(hdr) < hdr[1] || w->in.len - sizeof(hdr) - hdr[1] < hdr[2])
		return 0;
	size_t j = w->job;
	const char *q = w->in.ptr + sizeof(hdr);
	vd_buf_put(&P->deps[j], q, hdr[1]);
	vd_buf_put(&P->blobs[j], q + hdr[1], hdr[2]);
	P->done[j] = hdr[0] ? 2 : 1;
	w->busy = 0;
	vd_buf_clear(&w->in);
	return 1;
}

/* The worker has ended (or must, kill = 1): waited for; the unit it was
 * parsing, if any, becomes the error of its exit status. */
static void reap(pool *P, worker *w, int kill_it)
{
	int status = 0;
	if (kill_it)
		kill(w->pid, SIGKILL);
	close(w->fd);
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	w->pid = 0;
	vd_buf_clear(&w->in);
	if (!w->busy || kill_it)
		return;
	w->busy = 0;
	/* the parse crashed: the unit is an error, the rest goes on */
	size_t j = w->job;
	vd_project *s = shadow_new(P->p);
	const char *rel = vd_path_relative(s->arena, P->p->root, P->p->jobs.v[j].file);
	if (WIFSIGNALED(status))
		vd_project_diag(
			s, VD_DIAG_ERROR, rel, 0,
			"the parser crashed on this file (signal %d%s): it was not analyzed",
			WTERMSIG(status),
			WTERMSIG(status) == SIGSEGV ? ", a stack overflow or a libclang bug" : "");
	else
		vd_project_diag(s, VD_DIAG_ERROR, rel, 0,
				"the parser failed on this file (exit %d): it was "
				"not analyzed",
				WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	vd_buf_clear(&P->blobs[j]);
	vd_buf_clear(&P->deps[j]);
	vd_blob_write(&P->blobs[j], s, 1);
	shadow_free(s);
	P->done[j] = 2;
}

/* Job j parsed here, when no worker process can be had (unprotected). */
static void parse_here(pool *P, size_t j)
{
	CXIndex idx = clang_createIndex(0, 0);
	int failed;
	parse_one(P, idx, j, &failed, &P->deps[j], &P->blobs[j]);
	clang_disposeIndex(idx);
	P->done[j] = failed ? 2 : 1;
}

/* Keeps the workers busy until *done_want is set (or every job is done,
 * done_want NULL).  Called between the decoding of two units: a worker
 * that finished meanwhile gets its next unit (and its answer is read, so
 * a large blob does not hold it) even when the unit wanted is there. */
static void pump(pool *P, worker *ws, int nw, const char *done_want)
{
	struct pollfd *pf = vd_xcalloc((size_t)nw, sizeof(*pf));
	for (;;) {
		int busy = 0;
		for (int k = 0; k < nw; k++) {
			while (!ws[k].busy && P->next < P->ntodo) {
				size_t j = P->todo[P->next];
				int fresh = !ws[k].pid;
				if (fresh && spawn(P, ws, nw, k) != 0) {
					/* no process to be had: parse here */
					P->next++;
					parse_here(P, j);
					continue;
				}
				if (assign(&ws[k], j) != 0) {
					/* died idle: a new one, or here when a new one
					 * cannot take it either */
					reap(P, &ws[k], 0);
					if (fresh) {
						P->next++;
						parse_here(P, j);
					}
					continue;
				}
				P->next++;
			}
			busy += ws[k].busy;
		}
		int have = done_want && *done_want;
		if (!busy)
			break;
		for (int k = 0; k < nw; k++) {
			pf[k].fd = ws[k].busy ? ws[k].fd : -1;
			pf[k].events = POLLIN;
			pf[k].revents = 0;
		}
		int ready = poll(pf, (nfds_t)nw, have ? 0 : -1);
		if (ready < 0 && errno != EINTR)
			break;
		if (ready <= 0 && have)
			break; /* nothing more to read now: back to decoding */
		for (int k = 0; k < nw; k++) {
			if (!ws[k].busy || !(pf[k].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			char buf[65536];
			ssize_t r = read(ws[k].fd, buf, sizeof(buf));
			if (r > 0) {
				vd_buf_put(&ws[k].in, buf, (size_t)r);
				answered(P, &ws[k]);
			} else if (r == 0 || errno != EINTR) {
				reap(P, &ws[k], 0);
			}
		}
	}
	free(pf);
}

/* identity of a job for the cache: what it parses and how */
static const char *job_key(vd_project *p, const tu_job *job)
{
	vd_buf b = VD_BUF_INIT;
	vd_buf_printf(&b, "vidya-ir-%d.%d\x1f%s\x1f%s", VD_BLOB_VERSION, VD_LOWER_VERSION, p->root,
		      job->file);
	for (int i = 0; i < job->argc; i++)
		vd_buf_printf(&b, "\x1f%s", job->argv[i]);
	for (size_t i = 0; i < p->opts.ndefines; i++)
		vd_buf_printf(&b, "\x1e%s", p->opts.defines[i]);
	uint64_t a = vd_hash_bytes(b.ptr, b.len);
	uint64_t c = vd_hash_bytes(b.ptr, b.len / 2) ^ (uint64_t)b.len * 0x9e3779b97f4a7c15ULL;
	vd_buf_release(&b);
	return vd_arena_printf(p->arena, "%016llx%016llx", (unsigned long long)a,
			       (unsigned long long)c);
}

/* Whether `path` exists, memoised per run: every unit records the same
 * places of the include search (tens of thousands of lookups on a large
 * project), asked once each. */
static int path_exists(vd_project *p, const char *path)
{
	char key[4200];
	if (snprintf(key, sizeof(key), "\037exists\037%s", path) >= (int)sizeof(key)) {
		struct stat st;
		return stat(path, &st) == 0;
	}
	pthread_mutex_lock(&p->mu);
	const char *h = vd_map_get(p->hash_memo, key);
	pthread_mutex_unlock(&p->mu);
	if (!h) {
		struct stat st;
		const char *v = stat(path, &st) == 0 ? "E" : "N";
		pthread_mutex_lock(&p->mu);
		if (!(h = vd_map_get(p->hash_memo, key))) {
			h = v;
			vd_map_put(p->hash_memo, key, (void *)v);
		}
		pthread_mutex_unlock(&p->mu);
	}
	return *h == 'E';
}

/* do the recorded dependencies still hash the same? */
static int deps_valid(vd_project *p, const char *deps)
{
	if (!deps || !*deps)
		return 0;
	const char *s = deps;
	char path[4096];
	while (*s) {
		const char *tab = strchr(s, '\t'), *nl = strchr(s, '\n');
		if (!tab || !nl || tab > nl || (size_t)(tab - s) >= sizeof(path))
			return 0;
		memcpy(path, s, (size_t)(tab - s));
		path[tab - s] = '\0';
		if (nl - tab == 2 && (tab[1] == 'E' || tab[1] == 'N')) {
			/* a place the include search looked: still as it was? */
			if (path_exists(p, path) != (tab[1] == 'E'))
				return 0;
			s = nl + 1;
			continue;
		}
		const char *h = vd_file_hash(p, path);
		if (!h || strlen(h) != (size_t)(nl - tab - 1) ||
		    strncmp(h, tab + 1, (size_t)(nl - tab - 1)))
			return 0;
		s = nl + 1;
	}
	return 1;
}

/*
 * The inputs of a run without parsing (vd_extract.h): the compilation
 * database read, each job's cache key and its recorded dependencies,
 * re-hashed.  Every TU must have a cache entry whose dependencies still
 * hash the same, else 0 (the run must parse).  The material appended to
 * `out` names every TU, every file it read with its content hash and the
 * catalogs' content hashes.
 */
int vd_project_inputs(const char *compdb, const vd_extract_opts *o, vd_buf *out, char **root_out)
{
	*root_out = NULL;
	const vd_tu_cache *c = o->cache;
	if (!c || !(c->deps || c->get) || !o->catalog)
		return 0;
	vd_project *p = vd_project_alloc();
	p->opts = *o;
	int rc = 1;
	if (vd_compdb_load(p, compdb) != 0) {
		vd_error_clear();
		rc = 0;
		goto done;
	}
	vd_buf_printf(out, "root\x1f%s\n", p->root);
	for (size_t i = 0; i <= o->nuser_catalogs; i++) {
		const char *h = vd_file_hash(p, i ? o->user_catalogs[i - 1] : o->catalog);
		if (!h) {
			rc = 0;
			goto done;
		}
		vd_buf_printf(out, "catalog\x1f%s\n", h);
	}
	for (size_t i = 0; rc && i < p->jobs.n; i++) {
		const char *key = job_key(p, &p->jobs.v[i]);
		char *deps = NULL;
		void *blob = NULL;
		size_t len = 0;
		int got = c->deps ? c->deps(c->payload, key, &deps)
				  : c->get(c->payload, key, &deps, &blob, &len);
		if (got != 0 || !deps_valid(p, deps))
			rc = 0;
		else
			vd_buf_printf(out, "tu\x1f%s\n%s", key, deps);
		free(deps);
		free(blob);
	}
	if (rc)
		*root_out = vd_xstrdup(p->root);
done:
	vd_project_free(p);
	return rc;
}

typedef struct order_item {
	const tu_job *job;
	size_t i;
} order_item;

static int order_cmp(const void *a, const void *b)
{
	const order_item *x = a, *y = b;
	int c = strcmp(x->job->file, y->job->file);
	for (int k = 0; !c && k < x->job->argc && k < y->job->argc; k++)
		c = strcmp(x->job->argv[k], y->job->argv[k]);
	if (!c)
		c = (x->job->argc > y->job->argc) - (x->job->argc < y->job->argc);
	return c ? c : (x->i > y->i) - (x->i < y->i);
}

int vd_frontend_parse_all(vd_project *p)
{
	size_t n = p->jobs.n;
	int rc = -1;
	pool P = { 0 };
	worker *kids = NULL;
	int nkids = 0;
	char *selected = vd_xcalloc(n + 1, 1);
	char *cached = vd_xcalloc(n + 1, 1);
	const char **keys = vd_xcalloc(n + 1, sizeof(char *));
	P.p = p;
	P.todo = vd_xcalloc(n + 1, sizeof(size_t));
	P.blobs = vd_xcalloc(n + 1, sizeof(vd_buf));
	P.deps = vd_xcalloc(n + 1, sizeof(vd_buf));
	P.done = vd_xcalloc(n + 1, 1);
	/* --shard K/N: a deterministic 1/N of the TUs, by sorted file name */
	if (p->opts.shard_n > 1) {
		order_item *ord = vd_xcalloc(n + 1, sizeof(*ord));
		for (size_t i = 0; i < n; i++)
			ord[i] = (order_item){ &p->jobs.v[i], i };
		qsort(ord, n, sizeof(*ord), order_cmp);
		for (size_t r = 0; r < n; r++)
			if ((int)(r % (size_t)p->opts.shard_n) == p->opts.shard_k - 1)
				selected[ord[r].i] = 1;
		free(ord);
	} else {
		memset(selected, 1, n);
	}
	/* the cache: an entry whose recorded dependencies still hash the same
	 * stands for the parse */
	for (size_t i = 0; i < n; i++) {
		if (!selected[i])
			continue;
		p->tus_selected++;
		keys[i] = job_key(p, &p->jobs.v[i]);
		const vd_tu_cache *c = p->opts.cache;
		char *deps = NULL;
		void *blob = NULL;
		size_t len = 0;
		if (c && c->get && c->get(c->payload, keys[i], &deps, &blob, &len) == 0 &&
		    deps_valid(p, deps)) {
			vd_buf_put(&P.blobs[i], blob, len);
			P.done[i] = 1;
			cached[i] = 1;
			p->tus_cached++;
		} else {
			P.todo[P.ntodo++] = i;
		}
		free(deps);
		free(blob);
	}
	nkids = p->opts.jobs > 0 ? p->opts.jobs : 1;
	if ((size_t)nkids > P.ntodo)
		nkids = P.ntodo ? (int)P.ntodo : 1;
	kids = vd_xcalloc((size_t)nkids, sizeof(worker));
	size_t step = 0;
	for (size_t i = 0; i < n; i++) {
		if (!selected[i])
			continue;
		if (p->opts.progress)
			p->opts.progress(p->opts.payload, step, p->tus_selected, p->jobs.v[i].file);
		pump(&P, kids, nkids, &P.done[i]); /* decoded in order, parsed ahead */
		step++;
		const char *rel = vd_path_relative(p->arena, p->root, p->jobs.v[i].file);
		if (vd_blob_read(p, P.blobs[i].ptr ? P.blobs[i].ptr : "", P.blobs[i].len, rel) != 0)
			goto cleanup;
		const vd_tu_cache *c = p->opts.cache;
		/* a failed unit has dependencies only when its failure is one
		 * of its files' errors (parse_job): cached too, the blob says
		 * it failed and holds the diagnostics */
		if (c && c->put && !cached[i] && P.done[i] && P.deps[i].len)
			c->put(c->payload, keys[i], p->jobs.v[i].file, P.deps[i].ptr,
			       P.blobs[i].ptr, P.blobs[i].len);
		vd_buf_release(&P.blobs[i]);
		vd_buf_release(&P.deps[i]);
	}
	if (p->opts.progress)
		p->opts.progress(p->opts.payload, p->tus_selected, p->tus_selected, NULL);
	rc = 0;
cleanup:
	/* the workers: an idle one ends at the end of its stream, one still
	 * parsing (an error stopped the decoding) is killed */
	for (int k = 0; kids && k < nkids; k++)
		if (kids[k].pid)
			reap(&P, &kids[k], kids[k].busy);
	for (int k = 0; kids && k < nkids; k++)
		vd_buf_release(&kids[k].in);
	free(kids);
	for (size_t i = 0; P.blobs && P.deps && i < n; i++) {
		vd_buf_release(&P.blobs[i]);
		vd_buf_release(&P.deps[i]);
	}
	free(P.todo);
	free(P.blobs);
	free(P.deps);
	free(P.done);
	free(selected);
	free(cached);
	free(keys);
	return rc;
}
