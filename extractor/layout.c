/*
 * layout.c - joins the translation units and lays out the static blocks.
 *
 * Calls are resolved once every unit is parsed: a catalog function becomes
 * an `io` block, a function defined anywhere in the project (joined by USR)
 * a `call` block, an indirect call a `call` block whose targets are every
 * function stored into the same struct field or variable (field-based
 * points-to analysis).  Block ids are "file:function/kind#N/..." with N
 * counted per kind among siblings, so they survive re-indentation and
 * edits elsewhere in the file.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "project.h"

typedef struct parent_ctx {
	int block;
	int count[4]; /* loop, branch, call, io ordinals */
	int in_loop;  /* inside a loop of its function */
} parent_ctx;

static int add_block(vd_project *p, vd_kind kind, const char *id, const char *file, const char *fn,
		     const char *label, int line, int end_line, int parent)
{
	vd_sblock b = { 0 };
	b.id = id;
	b.kind = kind;
	b.file = file;
	b.function = fn;
	b.label = label;
	b.line = line;
	b.end_line = end_line;
	b.parent = parent;
	b.file_block = parent >= 0 ? p->blocks.v[parent].file_block : -1;
	if (kind == VD_KIND_FILE)
		b.file_block = (int)p->blocks.n;
	vd_vec_push(p->blocks, b);
	return (int)p->blocks.n - 1;
}

static int child_block(vd_project *p, parent_ctx *pc, vd_kind kind, const char *label, int line,
		       int end_line)
{
	static const char *names[] = { "loop", "branch", "call", "io" };
	int k = kind - VD_KIND_LOOP;
	const vd_sblock *par = &p->blocks.v[pc->block];
	const char *id = vd_arena_printf(p->arena, "%s/%s#%d", par->id, names[k], ++pc->count[k]);
	return add_block(p, kind, id, par->file, par->function, label, line, end_line, pc->block);
}

/* ---- call resolution --------------------------------------------------------------- */

static void resolve_call(vd_project *p, ir_expr *e, vd_map *user_names)
{
	if (e->usr) {
		ir_func *f = NULL;
		if (e->owner) { /* a definition in the caller's own file first */
			vd_buf k = VD_BUF_INIT;
			vd_buf_printf(&k, "%s\x1f%s", e->usr, e->owner->file);
			f = vd_map_get(p->func_by_usr_file, vd_buf_cstr(&k));
			vd_buf_release(&k);
		}
		if (!f)
			f = vd_map_get(p->func_by_usr, e->usr);
		const vd_catalog_entry *c = e->str ? vd_catalog_find(p->catalog, e->str) : NULL;
		/* the catalog wins over a definition for names the user's
		 * catalogs give, and for vidya optimize's runtime (vd_rt.h,
		 * defined in the unit that includes it: its calls are the I/O
		 * calls they stand for) */
		if (c && (!f || vd_map_has(user_names, e->str) || vd_runtime_name(e->str))) {
			e->cat = c;
			return;
		}
		if (!f && e->str)
			f = vd_map_get(p->func_by_name, e->str);
		if (f) {
			e->callees = vd_arena_alloc(p->arena, sizeof(ir_func *));
			e->callees[0] = f;
			e->ncallees = 1;
		}
		return;
	}
	/* indirect: every function stored into the slot it is loaded from */
	VD_VEC(ir_func *) t = { 0 };
	const vd_catalog_entry *only_cat = NULL;
	int cats = 0;
	for (size_t i = 0; e->slot_key && i < p->stores.n; i++) {
		if (strcmp(p->stores.v[i].slot_key, e->slot_key) != 0)
			continue;
		ir_func *f = vd_map_get(p->func_by_usr, p->stores.v[i].func_usr);
		if (!f) {
			/* a library function stored in a table: `.write = write` */
			const char *u = p->stores.v[i].func_usr;
			const char *nm = strrchr(u, '@');
			const vd_catalog_entry *c = nm ? vd_catalog_find(p->catalog, nm + 1) : NULL;
			if (c) {
				only_cat = c;
				cats++;
			}
			continue;
		}
		int dup = 0;
		for (size_t k = 0; k < t.n; k++)
			dup |= t.v[k] == f;
		if (!dup)
			vd_vec_push(t, f);
	}
	if (t.n == 0 && cats == 1) {
		e->cat = only_cat;
		e->str = only_cat->name;
	} else if (t.n) {
		e->callees = vd_arena_alloc(p->arena, t.n * sizeof(ir_func *));
		memcpy(e->callees, t.v, t.n * sizeof(ir_func *));
		e->ncallees = (int)t.n;
	}
	vd_vec_free(t);
}

static const char *call_label(vd_project *p, ir_expr *e)
{
	if (e->cat)
		return e->cat->name;
	if (e->ncallees == 0)
		return "<indirect>";
	if (e->ncallees == 1)
		return e->callees[0]->name;
	vd_buf b = VD_BUF_INIT;
	for (int i = 0; i < e->ncallees; i++) {
		if (i)
			vd_buf_putc(&b, '|');
		vd_buf_puts(&b, e->callees[i]->name);
	}
	const char *r = vd_arena_strdup(p->arena, b.ptr);
	vd_buf_release(&b);
	return r;
}

/* ---- functions that never return ------------------------------------------------------ */

static const char *const exit_calls[] = {
	"exit",    "_exit",      "_Exit",     "quick_exit",    "abort",
	"err",     "errx",       "verr",      "verrx",         "pthread_exit",
	"longjmp", "siglongjmp", "MPI_Abort", "__assert_fail", NULL,
};

int vd_stmt_exits(const ir_stmt *s)
{
	if (!s || s->kind != S_EXPR || !s->e)
		return 0;
	const ir_expr *e = s->e;
	while ((e->kind == E_CAST || (e->kind == E_COMMA && !e->op)) && e->nkids >= 1)
		e = e->kids[e->nkids - 1];
	if (e->kind != E_CALL)
		return 0;
	if (e->ncallees == 1)
		return e->callees[0]->noreturn;
	if (e->ncallees == 0 && !e->cat && e->str)
		for (int i = 0; exit_calls[i]; i++)
			if (!strcmp(e->str, exit_calls[i]))
				return 1;
	return 0;
}

/* A function whose body's top level calls one of those never returns;
 * iterated because that may be another such function. */
static void mark_noreturn(vd_project *p)
{
	int changed = 1;
	while (changed) {
		changed = 0;
		for (size_t i = 0; i < p->funcs.n; i++) {
			ir_func *f = p->funcs.v[i];
			if (f->noreturn || !f->body || f->body->kind != S_SEQ)
				continue;
			for (int k = 0; k < f->body->nkids && !f->noreturn; k++)
				if (vd_stmt_exits(f->body->kids[k]))
					f->noreturn = changed = 1;
		}
	}
}

/* ---- blocks ----------------------------------------------------------------------------- */

static long layout_stmt(vd_project *p, parent_ctx *pc, ir_stmt *s);

static void layout_expr(vd_project *p, parent_ctx *pc, ir_expr *e)
{
	if (!e)
		return;
	if (e->kind == E_CALL) {
		/* how often a callee may run: summaries are recorded only for
		 * functions that can run more than once (eval.c) */
		for (int i = 0; i < e->ncallees; i++)
			e->callees[i]->call_sites += pc->in_loop ? 2 : 1;
		int is_block = (e->cat && e->cat->op != VD_OP_NONE) ||
			       (!e->cat && (e->ncallees > 0 || !e->usr));
		if (is_block) {
			e->block = child_block(p, pc, e->cat ? VD_KIND_IO : VD_KIND_CALL,
					       call_label(p, e), e->line, e->line);
			if (e->cat) {
				p->blocks.v[e->block].api = e->cat->api;
				p->blocks.v[e->block].op = vd_opclass_name(e->cat->op);
			}
		}
		if (e->callee)
			layout_expr(p, pc, e->callee);
	}
	if (e->kind == E_STMT && e->stmt)
		layout_stmt(p, pc, e->stmt);
	for (int i = 0; i < e->nkids; i++)
		layout_expr(p, pc, e->kids[i]);
}

static long layout_kids(vd_project *p, parent_ctx *pc, ir_stmt *s)
{
	long bytes = 0;
	for (int i = 0; i < s->nkids; i++)
		if (s->kids[i])
			bytes += layout_stmt(p, pc, s->kids[i]);
	return bytes;
}

/* returns the bytes of (non-static) locals declared in s */
static long layout_stmt(vd_project *p, parent_ctx *pc, ir_stmt *s)
{
	long bytes = 0;
	switch (s->kind) {
	case S_FOR:
	case S_WHILE:
	case S_DO: {
		const char *label = s->kind == S_FOR ? "for" : s->kind == S_WHILE ? "while" : "do";
		/* the init runs once before the loop: its calls belong outside */
		if (s->init)
			bytes += layout_stmt(p, pc, s->init);
		s->block = child_block(p, pc, VD_KIND_LOOP, label, s->line, s->end_line);
		parent_ctx inner = { s->block, { 0 }, 1 };
		if (s->kind != S_DO)
			layout_expr(p, &inner, s->e);
		bytes += layout_kids(p, &inner, s);
		if (s->kind == S_DO)
			layout_expr(p, &inner, s->e);
		layout_expr(p, &inner, s->inc);
		p->blocks.v[s->block].frame_bytes = bytes;
		return bytes;
	}
	case S_IF:
	case S_SWITCH: {
		s->block = child_block(p, pc, VD_KIND_BRANCH, s->kind == S_IF ? "if" : "switch",
				       s->line, s->end_line);
		parent_ctx inner = { s->block, { 0 }, pc->in_loop };
		layout_expr(p, &inner, s->e);
		for (int i = 0; s->kind == S_SWITCH && i < s->nkids; i++)
			layout_expr(p, &inner, s->case_vals[i]);
		bytes += layout_kids(p, &inner, s);
		p->blocks.v[s->block].frame_bytes = bytes;
		return bytes;
	}
	case S_DECL:
		layout_expr(p, pc, s->e);
		return s->var && !s->var->global && s->var->size > 0 ? s->var->size : 0;
	case S_SEQ:
		return layout_kids(p, pc, s);
	default:
		layout_expr(p, pc, s->e);
		return 0;
	}
}

static int file_block(vd_project *p, const char *file)
{
	long idx = (long)(intptr_t)vd_map_get(p->file_block, file);
	if (idx)
		return (int)idx - 1;
	int b = add_block(p, VD_KIND_FILE, file, file, NULL, file, 0, 0, 0);
	vd_map_put(p->file_block, file, (void *)(intptr_t)(b + 1));
	return b;
}

int vd_layout(vd_project *p)
{
	vd_map *user_names = vd_map_new();
	for (size_t i = 0; i < p->opts.nuser_catalogs; i++) {
		vd_catalog *u = NULL;
		if (vd_catalog_load(&u, p->opts.user_catalogs[i]) == 0) {
			for (size_t k = 0; k < vd_catalog_count(u); k++)
				vd_map_put(user_names, vd_catalog_at(u, k)->name, NULL);
			vd_catalog_free(u);
		}
	}
	for (size_t i = 0; i < p->calls.n; i++)
		resolve_call(p, p->calls.v[i], user_names);
	vd_map_free(user_names);
	mark_noreturn(p);

	p->blocks.n = 0;
	add_block(p, VD_KIND_PROGRAM, "program", NULL, NULL, "program", 0, 0, -1);
	for (size_t i = 0; i < p->funcs.n; i++) {
		ir_func *f = p->funcs.v[i];
		int fb = file_block(p, f->file);
		const char *id = vd_arena_printf(p->arena, "%s:%s", f->file, f->name);
		f->block = add_block(p, VD_KIND_FUNCTION, id, f->file, f->name, f->name, f->line,
				     f->end_line, fb);
		p->blocks.v[f->block].frame_bytes = f->frame_bytes;
		if (p->blocks.v[fb].end_line < f->end_line)
			p->blocks.v[fb].end_line = f->end_line;
		if (!p->blocks.v[fb].line || p->blocks.v[fb].line > f->line)
			p->blocks.v[fb].line = 1;
		parent_ctx pc = { f->block, { 0 }, 0 };
		layout_stmt(p, &pc, f->body);
	}
	return 0;
}
