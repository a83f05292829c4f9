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

struct vd_sym {
	Dwfl *dwfl;
	vd_arena *arena;
	vd_map *cache; /* "%llx" -> cached (NULL-terminated frame list) */
};

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
	if (!cu || !ln)
		goto done;
	Dwarf_Attribute a;
	const char *comp_dir = dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &a));
	int line = 0;
	const char *src = dwfl_lineinfo(ln, NULL, &line, NULL, NULL, NULL);
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
