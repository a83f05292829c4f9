/*
 * blob.c - one translation unit's IR as a compact byte string.
 *
 * Every TU is lowered into a private project and written out as a blob;
 * the main thread reads blobs back in compilation-database order into the
 * real project.  The same bytes are what the per-TU cache stores and what
 * shard databases carry to `vidya merge`, so a parallel, cached or sharded
 * analysis goes through exactly the same decoding as a serial cold one and
 * gives the same result.
 *
 * Format (little endian): "VDIR" u32 version, then the TU's status,
 * diagnostics, variables, functions and function-pointer stores.  Strings
 * are u32 length + bytes (0xffffffff = NULL); variables are referenced by
 * index + 1 (0 = none).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "project.h"

#define BLOB_MAGIC "VDIR"
#define NIL 0xffffffffu

/* ---- writing -------------------------------------------------------------------- */

typedef struct wr {
	vd_buf *b;
	vd_map *var_index; /* usr -> index + 1, this TU's variables */
} wr;

static void put(wr *w, const void *p, size_t n)
{
	vd_buf_put(w->b, p, n);
}

static void u8(wr *w, unsigned v)
{
	unsigned char c = (unsigned char)v;
	put(w, &c, 1);
}

static void u32(wr *w, uint32_t v)
{
	put(w, &v, 4);
}

static void i64(wr *w, int64_t v)
{
	put(w, &v, 8);
}

static void f64(wr *w, double v)
{
	put(w, &v, 8);
}

static void str(wr *w, const char *s)
{
	if (!s) {
		u32(w, NIL);
		return;
	}
	uint32_t n = (uint32_t)strlen(s);
	u32(w, n);
	put(w, s, n);
}

static void var_ref(wr *w, const ir_var *v)
{
	u32(w, v ? (uint32_t)(uintptr_t)vd_map_get(w->var_index, v->usr) : 0);
}

static void w_stmt(wr *w, const ir_stmt *s);

static void w_expr(wr *w, const ir_expr *e)
{
	if (!e) {
		u8(w, 0);
		return;
	}
	u8(w, 1);
	u8(w, (unsigned)e->kind);
	u32(w, (uint32_t)e->op);
	i64(w, e->ival);
	f64(w, e->fval);
	str(w, e->str);
	str(w, e->usr);
	var_ref(w, e->kind == E_STMT ? NULL : e->var);
	u32(w, (uint32_t)e->line);
	u8(w, (unsigned)(e->is_float | e->is_unsigned << 1 | e->is_array << 2 | e->is_record << 3));
	if (e->kind == E_CALL) {
		str(w, e->slot_key);
		w_expr(w, e->callee);
	}
	if (e->kind == E_STMT)
		w_stmt(w, e->stmt);
	u32(w, (uint32_t)e->nkids);
	for (int i = 0; i < e->nkids; i++)
		w_expr(w, e->kids[i]);
}

static void w_stmt(wr *w, const ir_stmt *s)
{
	if (!s) {
		u8(w, 0);
		return;
	}
	u8(w, 1);
	u8(w, (unsigned)s->kind);
	u32(w, (uint32_t)s->line);
	u32(w, (uint32_t)s->end_line);
	w_expr(w, s->e);
	w_stmt(w, s->init);
	w_expr(w, s->inc);
	var_ref(w, s->var);
	i64(w, s->locals_bytes);
	u32(w, (uint32_t)s->nkids);
	for (int i = 0; i < s->nkids; i++)
		w_stmt(w, s->kids[i]);
	if (s->kind == S_SWITCH)
		for (int i = 0; i < s->nkids; i++)
			w_expr(w, s->case_vals[i]);
	if (s->kind == S_GOTO)
		u32(w, (uint32_t)s->target);
}

void vd_blob_write(vd_buf *out, const vd_project *t, int failed)
{
	wr w = { out, vd_map_new() };
	put(&w, BLOB_MAGIC, 4);
	u32(&w, VD_BLOB_VERSION);
	u32(&w, (uint32_t)failed);
	u32(&w, (uint32_t)t->diags.n);
	for (size_t i = 0; i < t->diags.n; i++) {
		const vd_pdiag *d = &t->diags.v[i];
		u32(&w, (uint32_t)d->severity);
		str(&w, d->file);
		u32(&w, (uint32_t)d->line);
		str(&w, d->message);
	}
	/* variables: indices first, so initializers may refer to any of them */
	for (size_t i = 0; i < t->allvars.n; i++)
		vd_map_put(w.var_index, t->allvars.v[i]->usr, (void *)(uintptr_t)(i + 1));
	u32(&w, (uint32_t)t->allvars.n);
	for (size_t i = 0; i < t->allvars.n; i++) {
		const ir_var *v = t->allvars.v[i];
		str(&w, v->usr);
		str(&w, v->name);
		u8(&w, (unsigned)(v->global | v->is_float << 1 | v->is_pointer << 2 |
				  v->is_struct << 3 | v->has_def << 4 | v->read_only << 5 |
				  v->const_pointee << 6));
		u32(&w, (uint32_t)v->slot);
		i64(&w, v->size);
		i64(&w, v->array_len);
		i64(&w, v->elem_size);
	}
	for (size_t i = 0; i < t->allvars.n; i++)
		w_expr(&w, t->allvars.v[i]->global ? t->allvars.v[i]->init : NULL);
	u32(&w, (uint32_t)t->funcs.n);
	for (size_t i = 0; i < t->funcs.n; i++) {
		const ir_func *f = t->funcs.v[i];
		str(&w, f->usr);
		str(&w, f->name);
		str(&w, f->file);
		u32(&w, (uint32_t)f->line);
		u32(&w, (uint32_t)f->end_line);
		u8(&w,
		   (unsigned)(f->is_variadic | (vd_map_get(t->func_by_name, f->name) == f) << 1 |
			      f->is_ctor << 2));
		u32(&w, (uint32_t)f->nparams);
		for (int k = 0; k < f->nparams; k++)
			var_ref(&w, f->params[k]);
		u32(&w, (uint32_t)f->nslots);
		i64(&w, f->frame_bytes);
		w_stmt(&w, f->body);
	}
	u32(&w, (uint32_t)t->stores.n);
	for (size_t i = 0; i < t->stores.n; i++) {
		str(&w, t->stores.v[i].slot_key);
		str(&w, t->stores.v[i].func_usr);
	}
	u32(&w, (uint32_t)t->defines_used.n);
	for (size_t i = 0; i < t->defines_used.n; i++)
		str(&w, t->defines_used.v[i]);
	vd_map_free(w.var_index);
}

/* ---- reading -------------------------------------------------------------------- */

typedef struct rd {
	const unsigned char *p, *end;
	vd_project *proj;
	ir_var **vars;
	uint32_t nvars;
	ir_func *owner;
	int err;
} rd;

static void get(rd *r, void *dst, size_t n)
{
	if (r->err || (size_t)(r->end - r->p) < n) {
		r->err = 1;
		memset(dst, 0, n);
		return;
	}
	memcpy(dst, r->p, n);
	r->p += n;
}

static unsigned g8(rd *r)
{
	unsigned char c;
	get(r, &c, 1);
	return c;
}

static uint32_t g32(rd *r)
{
	uint32_t v;
	get(r, &v, 4);
	return v;
}

static int64_t g64(rd *r)
{
	int64_t v;
	get(r, &v, 8);
	return v;
}

static double gf(rd *r)
{
	double v;
	get(r, &v, 8);
	return v;
}

/* Strings are interned: a project's IR repeats the same identifiers,
 * USRs and file names in every expression that names them. */
static const char *gstr(rd *r)
{
	uint32_t n = g32(r);
	if (n == NIL || r->err)
		return NULL;
	if ((size_t)(r->end - r->p) < n) {
		r->err = 1;
		return NULL;
	}
	char small[256];
	char *tmp = n < sizeof(small) ? small : vd_xmalloc((size_t)n + 1);
	memcpy(tmp, r->p, n);
	tmp[n] = '\0';
	r->p += n;
	const char *s = vd_map_get(r->proj->strings, tmp);
	if (!s) {
		s = vd_arena_strndup(r->proj->arena, tmp, n);
		vd_map_put(r->proj->strings, s, (void *)s);
	}
	if (tmp != small)
		free(tmp);
	return s;
}

static ir_var *gvar(rd *r)
{
	uint32_t i = g32(r);
	if (i == 0 || i > r->nvars) {
		if (i > r->nvars)
			r->err = 1;
		return NULL;
	}
	return r->vars[i - 1];
}

static ir_stmt *r_stmt(rd *r, int depth);

static ir_expr *r_expr(rd *r, int depth)
{
	if (!g8(r) || r->err)
		return NULL;
	if (depth > 10000) {
		r->err = 1;
		return NULL;
	}
	unsigned kind = g8(r);
	ir_expr *e = vd_arena_alloc(r->proj->arena, IR_EXPR_SIZE(kind));
	e->kind = (unsigned char)kind;
	e->op = (int)g32(r);
	e->ival = g64(r);
	e->fval = gf(r);
	e->str = gstr(r);
	e->usr = gstr(r);
	e->var = gvar(r);
	e->line = (int)g32(r);
	unsigned fl = g8(r);
	e->is_float = fl & 1;
	e->is_unsigned = (fl >> 1) & 1;
	e->is_array = (fl >> 2) & 1;
	e->is_record = (fl >> 3) & 1;
	if (kind == E_CALL) {
		e->slot_key = gstr(r);
		e->block = -1;
		e->callee = r_expr(r, depth + 1);
	}
	if (kind == E_STMT)
		e->stmt = r_stmt(r, depth + 1);
	uint32_t n = g32(r);
	if (n > (uint32_t)(r->end - r->p)) {
		r->err = 1;
		return e;
	}
	e->nkids = (int)n;
	e->kids = vd_arena_alloc(r->proj->arena, (n ? n : 1) * sizeof(ir_expr *));
	for (uint32_t i = 0; i < n && !r->err; i++)
		e->kids[i] = r_expr(r, depth + 1);
	if (e->kind == E_CALL) {
		e->owner = r->owner;
		vd_vec_push(r->proj->calls, e);
	}
	return e;
}

static ir_stmt *r_stmt(rd *r, int depth)
{
	if (!g8(r) || r->err)
		return NULL;
	if (depth > 10000) {
		r->err = 1;
		return NULL;
	}
	ir_stmt *s = vd_arena_alloc(r->proj->arena, sizeof(*s));
	s->kind = (int)g8(r);
	s->line = (int)g32(r);
	s->end_line = (int)g32(r);
	s->e = r_expr(r, depth + 1);
	s->init = r_stmt(r, depth + 1);
	s->inc = r_expr(r, depth + 1);
	s->var = gvar(r);
	s->locals_bytes = (long)g64(r);
	s->block = -1;
	uint32_t n = g32(r);
	if (n > (uint32_t)(r->end - r->p)) {
		r->err = 1;
		return s;
	}
	s->nkids = (int)n;
	s->kids = vd_arena_alloc(r->proj->arena, (n ? n : 1) * sizeof(ir_stmt *));
	for (uint32_t i = 0; i < n && !r->err; i++)
		s->kids[i] = r_stmt(r, depth + 1);
	if (s->kind == S_SWITCH) {
		s->case_vals = vd_arena_alloc(r->proj->arena, (n + 1) * sizeof(ir_expr *));
		for (uint32_t i = 0; i < n && !r->err; i++)
			s->case_vals[i] = r_expr(r, depth + 1);
	}
	if (s->kind == S_GOTO)
		s->target = (int)g32(r);
	return s;
}

int vd_blob_read(vd_project *p, const void *data, size_t len, const char *what)
{
	rd r = { data, (const unsigned char *)data + len, p, NULL, 0, NULL, 0 };
	char magic[4];
	get(&r, magic, 4);
	if (r.err || memcmp(magic, BLOB_MAGIC, 4) != 0 || g32(&r) != VD_BLOB_VERSION) {
		vd_error_set("'%s': not a vidya IR blob of this version", what);
		return VD_EPARSE;
	}
	int failed = (int)g32(&r);
	uint32_t nd = g32(&r);
	for (uint32_t i = 0; i < nd && !r.err; i++) {
		vd_pdiag d;
		d.severity = (int)g32(&r);
		d.file = gstr(&r);
		d.line = (int)g32(&r);
		d.message = gstr(&r);
		vd_vec_push(p->diags, d);
	}
	if (failed)
		p->tus_failed++;

	r.nvars = g32(&r);
	if (r.nvars > len) {
		vd_error_set("'%s': corrupt IR blob", what);
		return VD_EPARSE;
	}
	r.vars = vd_xcalloc(r.nvars + 1, sizeof(ir_var *));
	/* variables: identities first, then initializers (which may name
	 * variables declared later in the TU) */
	unsigned char *defs = vd_xcalloc(r.nvars + 1, 1);
	for (uint32_t i = 0; i < r.nvars && !r.err; i++) {
		const char *usr = gstr(&r);
		const char *name = gstr(&r);
		unsigned fl = g8(&r);
		uint32_t slot = g32(&r);
		long size = (long)g64(&r), alen = (long)g64(&r), esz = (long)g64(&r);
		ir_var *v = NULL;
		int global = fl & 1;
		if (global && usr)
			v = vd_map_get(p->var_by_usr, usr);
		if (!v) {
			v = vd_arena_alloc(p->arena, sizeof(*v));
			v->usr = usr;
			v->name = name;
			v->global = global;
			v->size = size;
			v->array_len = alen;
			v->elem_size = esz;
			v->is_float = (fl >> 1) & 1;
			v->is_pointer = (fl >> 2) & 1;
			v->is_struct = (fl >> 3) & 1;
			v->read_only = (fl >> 5) & 1;
			v->const_pointee = (fl >> 6) & 1;
			if (global) {
				v->slot = (int)p->globals.n;
				vd_vec_push(p->globals, v);
				if (usr) /* a damaged blob: a global without its USR */
					vd_map_put(p->var_by_usr, usr, v);
			} else {
				v->slot = (int)slot;
			}
		} else if (v->size < 0 && size >= 0) {
			v->size = size;
			v->array_len = alen;
			v->elem_size = esz;
		}
		if (!((fl >> 5) & 1))
			v->read_only = 0; /* a declaration without const: writable */
		defs[i] = (fl >> 4) & 1;
		r.vars[i] = v;
	}
	for (uint32_t i = 0; i < r.nvars && !r.err; i++) {
		ir_expr *init = r_expr(&r, 0);
		ir_var *v = r.vars[i];
		/* the defining TU's initializer stands over a tentative one */
		if (v && v->global && init && (!v->init || (defs[i] && !v->has_def)))
			v->init = init;
		if (v && defs[i])
			v->has_def = 1;
	}
	free(defs);
	uint32_t nf = g32(&r);
	for (uint32_t i = 0; i < nf && !r.err; i++) {
		ir_func *f = vd_arena_alloc(p->arena, sizeof(*f));
		f->usr = gstr(&r);
		f->name = gstr(&r);
		f->file = gstr(&r);
		f->line = (int)g32(&r);
		f->end_line = (int)g32(&r);
		unsigned fl = g8(&r);
		f->is_variadic = fl & 1;
		f->is_ctor = (fl >> 2) & 1;
		int external = (fl >> 1) & 1;
		f->nparams = (int)g32(&r);
		if ((uint32_t)f->nparams > r.nvars + 1) {
			r.err = 1;
			break;
		}
		f->params = vd_arena_alloc(p->arena, (size_t)(f->nparams ? f->nparams : 1) *
							     sizeof(ir_var *));
		for (int k = 0; k < f->nparams; k++)
			f->params[k] = gvar(&r);
		f->nslots = (int)g32(&r);
		f->frame_bytes = (long)g64(&r);
		f->block = -1;
		f->nwritten = -1;
		f->fills = -1;
		size_t ncalls = p->calls.n;
		r.owner = f;
		f->body = r_stmt(&r, 0);
		r.owner = NULL;
		for (int k = 0; k < f->nparams; k++)
			if (!f->params[k])
				r.err = 1;
		if (r.err)
			break;
		ir_func *prev = f->usr ? vd_map_get(p->func_by_usr, f->usr) : NULL;
		if (!f->name || !f->file) { /* every function written has both */
			r.err = 1;
			break;
		}
		if (!f->usr || (prev && prev->file && !strcmp(prev->file, f->file))) {
			/* an inline or static-in-header definition seen in an earlier
			 * TU: the first one stands */
			p->calls.n = ncalls;
			continue;
		}
		/* the same external name defined in another file: another program
		 * of the same build (tools, tests) - kept, and found by callers in
		 * its own file first */
		const char *fkey = vd_arena_printf(p->arena, "%s\x1f%s", f->usr, f->file);
		vd_map_put(p->func_by_usr_file, fkey, f);
		if (prev) {
			vd_vec_push(p->funcs, f);
			continue;
		}
		vd_map_put(p->func_by_usr, f->usr, f);
		if (external && !vd_map_has(p->func_by_name, f->name))
			vd_map_put(p->func_by_name, f->name, f);
		vd_vec_push(p->funcs, f);
	}
	uint32_t ns = g32(&r);
	for (uint32_t i = 0; i < ns && !r.err; i++) {
		ir_store s;
		s.slot_key = gstr(&r);
		s.func_usr = gstr(&r);
		if (s.slot_key && s.func_usr)
			vd_vec_push(p->stores, s);
	}
	uint32_t nu = g32(&r);
	for (uint32_t i = 0; i < nu && !r.err; i++) {
		const char *name = gstr(&r);
		if (name && p->defines_read)
			vd_map_put(p->defines_read, name, (void *)name);
	}
	free(r.vars);
	if (r.err || r.p != r.end) {
		vd_error_set("'%s': corrupt IR blob", what);
		return VD_EPARSE;
	}
	return 0;
}
