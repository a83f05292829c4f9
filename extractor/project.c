/*
 * project.c - vd_project_load(): compilation database -> parsed, joined
 * and laid-out project; plus the accessors of the public header.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "project.h"

void vd_extract_opts_init(vd_extract_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->entry = "main";
	o->nprocs = 1;
	o->assume_trip = 100;
	o->assume_bytes = 4096;
	o->max_depth = 64;
}

void vd_project_diag(vd_project *p, vd_diag_severity severity, const char *file, int line,
		     const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vd_buf b = VD_BUF_INIT;
	vd_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	vd_pdiag d = { severity, file ? vd_arena_strdup(p->arena, file) : NULL, line,
		       vd_arena_strdup(p->arena, vd_buf_cstr(&b)) };
	vd_buf_release(&b);
	vd_vec_push(p->diags, d);
}

vd_project *vd_project_alloc(void)
{
	vd_project *p = vd_xcalloc(1, sizeof(*p));
	p->arena = vd_arena_new();
	p->func_by_usr = vd_map_new();
	p->func_by_usr_file = vd_map_new();
	p->func_by_name = vd_map_new();
	p->var_by_usr = vd_map_new();
	p->file_block = vd_map_new();
	p->file_index = vd_map_new();
	p->defines = vd_map_new();
	p->defines_read = vd_map_new();
	p->hash_memo = vd_map_new();
	p->shared = vd_arena_new();
	p->strings = vd_map_new();
	pthread_mutex_init(&p->mu, NULL);
	return p;
}

int vd_project_load(vd_project **out, const char *compdb, const vd_extract_opts *o)
{
	*out = NULL;
	vd_project *p = vd_project_alloc();
	p->opts = *o;
	if (!p->opts.entry)
		p->opts.entry = "main";
	if (p->opts.max_depth <= 0)
		p->opts.max_depth = 64;
	if (p->opts.shard_n > 1 && (p->opts.shard_k < 1 || p->opts.shard_k > p->opts.shard_n)) {
		vd_error_set("invalid shard %d/%d: expected K/N with 1 <= K <= N", p->opts.shard_k,
			     p->opts.shard_n);
		goto fail;
	}
	for (size_t i = 0; i < o->ndefines; i++) {
		const char *d = o->defines[i];
		const char *eq = strchr(d, '=');
		if (!eq || eq == d) {
			vd_error_set("invalid --define '%s': expected NAME=VALUE", d);
			goto fail;
		}
		char *name = vd_arena_strndup(p->arena, d, (size_t)(eq - d));
		vd_map_put(p->defines, name, vd_arena_strdup(p->arena, eq + 1));
	}
	if (!o->catalog) {
		vd_error_set("no I/O catalog given");
		goto fail;
	}
	if (vd_catalog_load(&p->catalog, o->catalog) != 0)
		goto fail;
	for (size_t i = 0; i < o->nuser_catalogs; i++)
		if (vd_catalog_merge_file(p->catalog, o->user_catalogs[i]) != 0)
			goto fail;
	if (vd_compdb_load(p, compdb) != 0)
		goto fail;
	if (vd_frontend_parse_all(p) != 0)
		goto fail;
	if (vd_layout(p) != 0)
		goto fail;
	*out = p;
	return 0;
fail:
	vd_project_free(p);
	return -1;
}

void vd_project_free(vd_project *p)
{
	if (!p)
		return;
	vd_vec_free(p->jobs);
	vd_vec_free(p->blocks);
	vd_vec_free(p->diags);
	vd_vec_free(p->funcs);
	vd_vec_free(p->globals);
	vd_vec_free(p->stores);
	vd_vec_free(p->calls);
	vd_vec_free(p->files);
	vd_vec_free(p->mpi_flags);
	vd_vec_free(p->h5_flags);
	vd_vec_free(p->mpi_retry);
	vd_vec_free(p->h5_retry);
	vd_vec_free(p->allvars);
	vd_map_free(p->hash_memo);
	vd_arena_free(p->shared);
	vd_map_free(p->strings);
	pthread_mutex_destroy(&p->mu);
	vd_map_free(p->func_by_usr);
	vd_map_free(p->func_by_usr_file);
	vd_map_free(p->func_by_name);
	vd_map_free(p->var_by_usr);
	vd_map_free(p->file_block);
	vd_map_free(p->file_index);
	vd_map_free(p->defines);
	vd_map_free(p->defines_read);
	vd_vec_free(p->defines_used);
	if (p->catalog)
		vd_catalog_free(p->catalog);
	vd_arena_free(p->arena);
	free(p);
}

const char *vd_project_root(const vd_project *p)
{
	return p->root;
}

size_t vd_project_tus(const vd_project *p, size_t *failed)
{
	if (failed)
		*failed = p->tus_failed;
	return p->tus_selected;
}

size_t vd_project_tus_cached(const vd_project *p)
{
	return p->tus_cached;
}

const vd_sblock *vd_project_blocks(const vd_project *p, size_t *n)
{
	*n = p->blocks.n;
	return p->blocks.v;
}

const vd_pdiag *vd_project_diags(const vd_project *p, size_t *n)
{
	*n = p->diags.n;
	return p->diags.v;
}
