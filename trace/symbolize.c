/*
 * symbolize.c - run-time addresses to source frames through DWARF (libdw).
 *
 * Each ELF object the traced process had loaded is reported to libdwfl at
 * its load bias, so an address from a stack maps straight to a module, a
 * line-table row and the chain of scopes around it.  Inlined calls are
 * expanded the way `addr2line -i` does: an address inside an inlined
 * function yields that function's frame, then its caller's frame at the
 * inlined call site (DW_AT_call_file/DW_AT_call_line), up to the real
 * function.  Results are cached per address.
 *
 * Tail calls: a function that ends in `return f(...)` jumps to f at -O2
 * and leaves no frame, so a stack taken inside f skips it.  The call-site
 * records of DWARF (DW_TAG_call_site: the return address of each call, its
 * callee in DW_AT_call_origin, DW_AT_call_tail_call for a jump) put it
 * back the way gdb's tail-call frames do (dwarf2/frame-tailcall.c): the
 * return address in a caller names the function X it called; when the
 * frame below it is not in X, the chains of tail-call sites from X that
 * reach the function running there are listed, and the functions every
 * chain passes through (the common first and last links) are returned as
 * frames, at the line of their tail call.  No chain, or a callee that X
 * could not have reached: nothing is added.
 */
#define _GNU_SOURCE
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vd_trace_int.h"

typedef struct tindex tindex;

struct vd_sym {
	Dwfl *dwfl;
	vd_arena *arena;
	vd_map *cache;        /* "%llx" -> cached (NULL-terminated frame list) */
	VD_VEC(tindex *) tix; /* per module: its functions and call sites */
};

static void tindex_free(tindex *ix);

typedef struct cached {
	int n;
	vd_sym_frame f[];
} cached;

static const Dwfl_Callbacks callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
};

vd_sym *vd_sym_new(void)
{
	vd_sym *s = vd_xcalloc(1, sizeof *s);
	s->dwfl = dwfl_begin(&callbacks);
	s->arena = vd_arena_new();
	s->cache = vd_map_new();
	if (!s->dwfl) { /* libdw could not start a session */
		vd_sym_free(s);
		return NULL;
	}
	dwfl_report_begin(s->dwfl);
	return s;
}

void vd_sym_free(vd_sym *s)
{
	if (!s)
		return;
	if (s->dwfl)
		dwfl_end(s->dwfl);
	if (s->cache) {
		size_t it = 0;
		const char *k;
		void *v;
		while (vd_map_next(s->cache, &it, &k, &v))
			free(v);
		vd_map_free(s->cache);
	}
	for (size_t i = 0; i < s->tix.n; i++)
		tindex_free(s->tix.v[i]);
	vd_vec_free(s->tix);
	vd_arena_free(s->arena);
	free(s);
}

int vd_sym_add_module(vd_sym *s, const char *path, uint64_t base)
{
	Dwfl_Module *m = dwfl_report_elf(s->dwfl, path, path, -1, base, false);
	return m ? 0 : -1;
}

int vd_sym_done_adding(vd_sym *s)
{
	return dwfl_report_end(s->dwfl, NULL, NULL) == 0 ? 0 : -1;
}

int vd_sym_has_debug(vd_sym *s, uint64_t addr)
{
	Dwfl_Module *m = dwfl_addrmodule(s->dwfl, addr);
	Dwarf_Addr bias;
	return m && dwfl_module_getdwarf(m, &bias) != NULL;
}

static const char *full_path(vd_sym *s, const char *comp_dir, const char *name)
{
	if (!name)
		return NULL;
	if (name[0] == '/' || !comp_dir)
		return vd_path_join(s->arena, "/", name);
	return vd_path_join(s->arena, comp_dir, name);
}

static const char *file_index(vd_sym *s, Dwarf_Die *cu, const char *comp_dir, Dwarf_Word idx)
{
	Dwarf_Files *files;
	size_t nfiles;
	if (dwarf_getsrcfiles(cu, &files, &nfiles) != 0 || idx >= nfiles)
		return NULL;
	return full_path(s, comp_dir, dwarf_filesrc(files, idx, NULL, NULL));
}

static const char *die_name(vd_sym *s, Dwarf_Die *d)
{
	Dwarf_Attribute a;
	const char *n = dwarf_formstring(dwarf_attr_integrate(d, DW_AT_name, &a));
	return n ? vd_arena_strdup(s->arena, n) : NULL;
}

/* the compile unit whose ranges hold `pc`, by a walk over the module's
 * units: for objects without .debug_aranges, where libdwfl finds none */
static Dwarf_Die *cu_at(Dwfl_Module *m, uint64_t pc, Dwarf_Addr *bias)
{
	Dwarf_Die *cu = NULL;
	while ((cu = dwfl_module_nextcu(m, cu, bias)) != NULL)
		if (dwarf_haspc(cu, pc - *bias) > 0)
			return cu;
	return NULL;
}

static cached *resolve(vd_sym *s, uint64_t pc)
{
	vd_sym_frame fr[16];
	int n = 0;
	Dwfl_Module *m = dwfl_addrmodule(s->dwfl, pc);
	if (!m)
		goto done;
	Dwarf_Addr bias = 0;
	Dwarf_Die *cu = dwfl_module_addrdie(m, pc, &bias);
	Dwfl_Line *ln = dwfl_module_getsrc(m, pc);
	int line = 0;
	const char *src = NULL;
	if (cu && ln) {
		src = dwfl_lineinfo(ln, NULL, &line, NULL, NULL, NULL);
	} else if (!cu && (cu = cu_at(m, pc, &bias)) != NULL) {
		/* no .debug_aranges (Clang writes none by default): the CU
		 * found by its own ranges, the line by its line table */
		Dwarf_Line *dl = dwarf_getsrc_die(cu, pc - bias);
		src = dl ? dwarf_linesrc(dl, NULL, NULL) : NULL;
		if (dl)
			dwarf_lineno(dl, &line);
	}
	if (!cu || !src)
		goto done;
	Dwarf_Attribute a;
	const char *comp_dir = dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &a));
	const char *file = full_path(s, comp_dir, src);
	/* dwarf_getscopes continues past an inlined instance into its
	 * abstract origin's scopes; the physical nesting (inlined instance
	 * inside its caller) comes from dwarf_getscopes_die on the innermost
	 * scope, as elfutils' addr2line -i does */
	Dwarf_Die *scopes = NULL, inner;
	int ns = dwarf_getscopes(cu, pc - bias, &scopes);
	if (ns > 0) {
		inner = scopes[0];
		free(scopes);
		scopes = NULL;
		ns = dwarf_getscopes_die(&inner, &scopes);
	}
	for (int i = 0; i < ns && n < 16; i++) {
		int tag = dwarf_tag(&scopes[i]);
		if (tag != DW_TAG_inlined_subroutine && tag != DW_TAG_subprogram)
			continue;
		fr[n].function = die_name(s, &scopes[i]);
		fr[n].file = file;
		fr[n].line = line;
		n++;
		if (tag == DW_TAG_subprogram)
			break;
		Dwarf_Word cf = 0, cl = 0;
		if (dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_file, &a), &cf) == 0)
			file = file_index(s, cu, comp_dir, cf);
		if (dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_line, &a), &cl) == 0)
			line = (int)cl;
	}
	free(scopes);
	if (n == 0) {
		/* line info but no scope (stripped DIEs): the ELF symbol */
		fr[0].function = dwfl_module_addrname(m, pc);
		fr[0].function = vd_arena_strdup(s->arena, fr[0].function);
		fr[0].file = file;
		fr[0].line = line;
		n = 1;
	}
done:;
	cached *c = vd_xmalloc(sizeof *c + (size_t)n * sizeof(vd_sym_frame));
	c->n = n;
	memcpy(c->f, fr, (size_t)n * sizeof(vd_sym_frame));
	return c;
}

int vd_sym_lookup(vd_sym *s, uint64_t pc, const vd_sym_frame **frames)
{
	char key[24];
	snprintf(key, sizeof key, "%" PRIx64, pc);
	cached *c = vd_map_get(s->cache, key);
	if (!c) {
		c = resolve(s, pc);
		vd_map_put(s->cache, key, c);
	}
	*frames = c->f;
	return c->n;
}

/* ---- tail calls ---- */

enum { T_EXTERN = -1, T_UNKNOWN = -2 };
#define TC_DEPTH 8   /* links in a chain */
#define TC_CHAINS 16 /* chains listed before giving up on the middle */
#define TC_FRAMES 32 /* frames returned */

typedef struct tsite {
	uint64_t ret; /* DWARF address after the call (DW_AT_call_return_pc) */
	long target;  /* a function of the module, T_EXTERN or T_UNKNOWN */
	int tail;     /* DW_AT_call_tail_call */
	/* while building: the callee as DWARF names it */
	Dwarf_Off tid;
	const char *tname;
	int tdecl;
} tsite;

typedef struct tfunc {
	Dwarf_Off id; /* its DIE past abstract_origin/specification */
	const char *name;
	int external;
	VD_VEC(uint64_t) tails; /* its tail-call sites (index into sites, then ret) */
} tfunc;

typedef struct trange {
	uint64_t lo, hi;
	long fn;
} trange;

struct tindex {
	Dwfl_Module *mod;
	Dwarf_Addr bias;
	VD_VEC(tfunc) fns;
	VD_VEC(tsite) sites;   /* by ret */
	VD_VEC(trange) ranges; /* by lo */
};

static void tindex_free(tindex *ix)
{
	for (size_t i = 0; i < ix->fns.n; i++)
		vd_vec_free(ix->fns.v[i].tails);
	vd_vec_free(ix->fns);
	vd_vec_free(ix->sites);
	vd_vec_free(ix->ranges);
	free(ix);
}

/* the DIE an instance or a definition stands for: past its
 * DW_AT_abstract_origin and DW_AT_specification links */
static Dwarf_Off die_root(Dwarf_Die *d, Dwarf_Die *root)
{
	Dwarf_Die cur = *d;
	for (int k = 0; k < 8; k++) {
		Dwarf_Attribute a, *at = dwarf_attr(&cur, DW_AT_abstract_origin, &a);
		if (!at)
			at = dwarf_attr(&cur, DW_AT_specification, &a);
		Dwarf_Die next;
		if (!at || !dwarf_formref_die(at, &next))
			break;
		cur = next;
	}
	*root = cur;
	return dwarf_dieoffset(&cur);
}

static void index_site(vd_sym *s, tindex *ix, Dwarf_Die *d)
{
	Dwarf_Attribute a;
	Dwarf_Addr ret;
	if (dwarf_formaddr(dwarf_attr(d, DW_AT_call_return_pc, &a), &ret) != 0 &&
	    dwarf_formaddr(dwarf_attr(d, DW_AT_low_pc, &a), &ret) != 0) { /* DW_TAG_GNU_call_site */
		/* Clang marks a tail call by the jump's own address: one past
		 * it stands for its return address (only its source line, at
		 * ret - 1, is asked for; no call returns inside a jump) */
		if (dwarf_formaddr(dwarf_attr(d, DW_AT_call_pc, &a), &ret) != 0)
			return;
		ret++;
	}
	tsite ts = { .ret = ret, .target = T_UNKNOWN };
	bool tail = false;
	if (dwarf_formflag(dwarf_attr(d, DW_AT_call_tail_call, &a), &tail) == 0 ||
	    dwarf_formflag(dwarf_attr(d, DW_AT_GNU_tail_call, &a), &tail) == 0)
		ts.tail = tail;
	Dwarf_Attribute *at = dwarf_attr(d, DW_AT_call_origin, &a);
	if (!at)
		at = dwarf_attr(d, DW_AT_abstract_origin, &a);
	Dwarf_Die o, root;
	if (at && dwarf_formref_die(at, &o)) {
		ts.target = T_EXTERN; /* until resolved below */
		ts.tid = die_root(&o, &root);
		ts.tname = die_name(s, &root);
		ts.tdecl = dwarf_hasattr(&root, DW_AT_declaration);
	}
	vd_vec_push(ix->sites, ts);
	if (ts.tail && ix->fns.n)
		vd_vec_push(ix->fns.v[ix->fns.n - 1].tails, ix->sites.n - 1);
}

/* functions with code and the call sites inside them (a site belongs to
 * the last function added, the one being walked) */
static void index_die(vd_sym *s, tindex *ix, Dwarf_Die *d, int in_fn)
{
	Dwarf_Die c;
	if (dwarf_child(d, &c) != 0)
		return;
	do {
		int tag = dwarf_tag(&c);
		if (tag == DW_TAG_call_site || tag == DW_TAG_GNU_call_site) {
			if (in_fn)
				index_site(s, ix, &c);
			continue;
		}
		int fn = 0;
		if (tag == DW_TAG_subprogram) {
			ptrdiff_t off = 0;
			Dwarf_Addr base, lo, hi;
			size_t before = ix->ranges.n;
			while ((off = dwarf_ranges(&c, off, &base, &lo, &hi)) > 0)
				if (hi > lo)
					vd_vec_push(ix->ranges,
						    ((trange){ lo, hi, (long)ix->fns.n }));
			if (ix->ranges.n > before) {
				Dwarf_Die root;
				tfunc f = { .id = die_root(&c, &root) };
				f.name = die_name(s, &root);
				f.external = dwarf_hasattr(&root, DW_AT_external);
				vd_vec_push(ix->fns, f);
				fn = 1;
			}
		} else if (tag != DW_TAG_lexical_block && tag != DW_TAG_inlined_subroutine &&
			   tag != DW_TAG_namespace) {
			continue; /* types, variables: no code */
		}
		/* a nested function's sites are its own; after it, the
		 * enclosing function's are not told apart (C has none) */
		index_die(s, ix, &c, in_fn || fn);
	} while (dwarf_siblingof(&c, &c) == 0);
}

static int cmp_site(const void *a, const void *b)
{
	const tsite *x = a, *y = b;
	return x->ret < y->ret ? -1 : x->ret > y->ret;
}

static int cmp_range(const void *a, const void *b)
{
	const trange *x = a, *y = b;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static tindex *tindex_build(vd_sym *s, Dwfl_Module *m)
{
	tindex *ix = vd_xcalloc(1, sizeof *ix);
	ix->mod = m;
	Dwarf_Die *cu = NULL;
	Dwarf_Addr bias = 0;
	while ((cu = dwfl_module_nextcu(m, cu, &bias)) != NULL) {
		ix->bias = bias;
		index_die(s, ix, cu, 0);
	}
	/* the callees: a definition of the module (by its DIE, or, for a
	 * declaration, by its name among the module's external functions when
	 * one has it), else a function of another module */
	vd_map *by_id = vd_map_new(), *by_name = vd_map_new();
	char key[32];
	for (size_t i = 0; i < ix->fns.n; i++) {
		const tfunc *f = &ix->fns.v[i];
		snprintf(key, sizeof key, "%llx", (unsigned long long)f->id);
		vd_map_put(by_id, key, (void *)(i + 1));
		if (f->external && f->name)
			/* two external definitions of one name: neither */
			vd_map_put(by_name, f->name,
				   vd_map_has(by_name, f->name) ? NULL : (void *)(i + 1));
	}
	for (size_t i = 0; i < ix->sites.n; i++) {
		tsite *ts = &ix->sites.v[i];
		if (ts->target == T_UNKNOWN)
			continue;
		snprintf(key, sizeof key, "%llx", (unsigned long long)ts->tid);
		size_t k = (size_t)vd_map_get(by_id, key);
		if (!k && ts->tdecl && ts->tname)
			k = (size_t)vd_map_get(by_name, ts->tname);
		ts->target = k ? (long)k - 1 : T_EXTERN;
	}
	vd_map_free(by_id);
	vd_map_free(by_name);
	/* sorting moves the sites: the functions' lists name them by ret */
	for (size_t i = 0; i < ix->fns.n; i++)
		for (size_t j = 0; j < ix->fns.v[i].tails.n; j++)
			ix->fns.v[i].tails.v[j] = ix->sites.v[ix->fns.v[i].tails.v[j]].ret;
	if (ix->sites.n)
		qsort(ix->sites.v, ix->sites.n, sizeof *ix->sites.v, cmp_site);
	if (ix->ranges.n)
		qsort(ix->ranges.v, ix->ranges.n, sizeof *ix->ranges.v, cmp_range);
	return ix;
}

static const tsite *site_at(const tindex *ix, uint64_t ret)
{
	size_t lo = 0, hi = ix->sites.n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ix->sites.v[mid].ret < ret)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ix->sites.n && ix->sites.v[lo].ret == ret ? &ix->sites.v[lo] : NULL;
}

/* the function of the module whose code holds `a`, or T_EXTERN */
static long fn_at(const tindex *ix, uint64_t a)
{
	size_t lo = 0, hi = ix->ranges.n;
	while (lo < hi) { /* the first range starting after a */
		size_t mid = lo + (hi - lo) / 2;
		if (ix->ranges.v[mid].lo <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && a < ix->ranges.v[lo - 1].hi ? ix->ranges.v[lo - 1].fn : T_EXTERN;
}

static tindex *tindex_of(vd_sym *s, Dwfl_Module *m)
{
	for (size_t i = 0; i < s->tix.n; i++)
		if (s->tix.v[i]->mod == m)
			return s->tix.v[i];
	Dwarf_Addr bias;
	if (!dwfl_module_getdwarf(m, &bias))
		return NULL;
	tindex *ix = tindex_build(s, m);
	vd_vec_push(s->tix, ix);
	return ix;
}

/* ---- the chains of tail calls from a function to a callee ---- */

/* one function of the source (a clone, `f.constprop.0`, is its origin's) */
static int same_fn(const tindex *ix, long a, long b)
{
	return a == b || (a >= 0 && b >= 0 && ix->fns.v[a].id == ix->fns.v[b].id);
}

typedef struct tchain {
	int n, wild;            /* wild: ends in an indirect tail call */
	long fn[TC_DEPTH];      /* the functions left by a tail call, in order */
	uint64_t ret[TC_DEPTH]; /* the tail call that left each */
} tchain;

typedef struct tsearch {
	const tindex *ix;
	long callee;
	tchain cur, out[TC_CHAINS];
	int nout, overflow;
} tsearch;

static void chains_from(tsearch *q, long f)
{
	const tfunc *fn = &q->ix->fns.v[f];
	for (int k = 0; k < q->cur.n; k++)
		if (same_fn(q->ix, q->cur.fn[k], f))
			return; /* a cycle of tail calls */
	if (q->cur.n == TC_DEPTH) {
		q->overflow = 1;
		return;
	}
	for (size_t j = 0; j < fn->tails.n && !q->overflow; j++) {
		const tsite *ts = site_at(q->ix, fn->tails.v[j]);
		if (!ts)
			continue;
		q->cur.fn[q->cur.n] = f;
		q->cur.ret[q->cur.n] = ts->ret;
		q->cur.n++;
		if (same_fn(q->ix, ts->target, q->callee) || ts->target == T_UNKNOWN) {
			if (q->nout == TC_CHAINS) {
				q->overflow = 1;
			} else {
				q->cur.wild = ts->target == T_UNKNOWN;
				q->out[q->nout++] = q->cur;
			}
		} else if (ts->target >= 0) {
			chains_from(q, ts->target);
		}
		q->cur.n--;
	}
}

static int same_frames(const vd_sym_frame *a, int na, const vd_sym_frame *b, int nb)
{
	if (na != nb)
		return 0;
	for (int i = 0; i < na; i++)
		if (a[i].line != b[i].line || !a[i].function != !b[i].function ||
		    (a[i].function && strcmp(a[i].function, b[i].function)) ||
		    !a[i].file != !b[i].file || (a[i].file && strcmp(a[i].file, b[i].file)))
			return 0;
	return 1;
}

/* the frames of chain link `k` (from the start when k >= 0, from the end
 * when k < 0) of every chain: the source frames of its tail call when all
 * chains leave the function by calls on the same source line, else the
 * function alone (line 0: in no loop) */
static int link_frames(vd_sym *s, tsearch *q, int k, vd_sym_frame *out, int cap)
{
	const vd_sym_frame *fr = NULL;
	int nf = 0;
	for (int c = 0; c < q->nout; c++) {
		const tchain *ch = &q->out[c];
		int at = k >= 0 ? k : ch->n + k;
		const vd_sym_frame *f;
		int n = vd_sym_lookup(s, q->ix->bias + ch->ret[at] - 1, &f);
		if (n == 0)
			return 0;
		if (c == 0) {
			fr = f;
			nf = n;
		} else if (!same_frames(fr, nf, f, n)) {
			if (cap < 1)
				return 0;
			out[0] = fr[nf - 1]; /* the function itself */
			out[0].line = 0;
			return 1;
		}
	}
	if (nf > cap)
		nf = cap;
	memcpy(out, fr, (size_t)nf * sizeof *fr);
	return nf;
}

static cached *tail_frames(vd_sym *s, const tindex *ix, long x, long callee)
{
	tsearch *q = vd_xcalloc(1, sizeof *q);
	q->ix = ix;
	q->callee = callee;
	chains_from(q, x);
	vd_sym_frame fr[TC_FRAMES];
	int n = 0;
	if (q->nout > 0) {
		/* the links every chain has: the first ones (X always), the last
		 * ones unless a chain ends in an indirect call; all of the chain
		 * when there is one */
		int shortest = TC_DEPTH, wild = 0;
		for (int c = 0; c < q->nout; c++) {
			if (q->out[c].n < shortest)
				shortest = q->out[c].n;
			wild |= q->out[c].wild;
		}
		int pre = 0, suf = 0;
		if (q->overflow) {
			pre = 1;
		} else {
			while (pre < shortest) {
				int same = 1;
				for (int c = 1; c < q->nout; c++)
					same &= same_fn(ix, q->out[c].fn[pre], q->out[0].fn[pre]);
				if (!same)
					break;
				pre++;
			}
			while (!wild && pre + suf < shortest) {
				int same = 1;
				for (int c = 1; c < q->nout; c++)
					same &= same_fn(ix, q->out[c].fn[q->out[c].n - 1 - suf],
							q->out[0].fn[q->out[0].n - 1 - suf]);
				if (!same)
					break;
				suf++;
			}
		}
		/* innermost first: the last links, then the first ones */
		for (int k = 1; k <= suf; k++)
			n += link_frames(s, q, -k, fr + n, TC_FRAMES - n);
		for (int k = pre - 1; k >= 0; k--)
			n += link_frames(s, q, k, fr + n, TC_FRAMES - n);
	}
	free(q);
	cached *c = vd_xmalloc(sizeof *c + (size_t)n * sizeof(vd_sym_frame));
	c->n = n;
	memcpy(c->f, fr, (size_t)n * sizeof(vd_sym_frame));
	return c;
}

int vd_sym_tailcalls(vd_sym *s, uint64_t ret, uint64_t callee, const vd_sym_frame **frames)
{
	*frames = NULL;
	Dwfl_Module *m = dwfl_addrmodule(s->dwfl, ret);
	tindex *ix = m ? tindex_of(s, m) : NULL;
	const tsite *cs = ix ? site_at(ix, ret - ix->bias) : NULL;
	/* a call of a function of this module whose frame is not the callee's */
	if (!cs || cs->tail || cs->target < 0)
		return 0;
	Dwfl_Module *cm = callee ? dwfl_addrmodule(s->dwfl, callee) : NULL;
	long g = cm == m ? fn_at(ix, callee - ix->bias) : T_EXTERN;
	if (same_fn(ix, g, cs->target))
		return 0;
	char key[64];
	snprintf(key, sizeof key, "t%" PRIx64 ":%ld", ret, g);
	cached *c = vd_map_get(s->cache, key);
	if (!c) {
		c = tail_frames(s, ix, cs->target, g);
		vd_map_put(s->cache, key, c);
	}
	*frames = c->f;
	return c->n;
}
