/*
 * result.c - the vd_result container and the small name tables around it.
 *
 * A vd_result is a plain struct so that the analyzer, the store and the
 * reports can fill and read it directly.  Strings hang off its arena; the
 * three arrays (blocks, sites, diags) are malloc'ed so that producers can
 * grow them with realloc, and vd_result_free releases all of it.
 *
 * vd_result_find must stay cheap on results with 100k blocks (the store's
 * loader and the reports look parents up by id for every block), so it
 * keeps an open-addressing id -> index table in the result's arena, built
 * on first use and extended when blocks were appended since.  The table
 * lives in the arena because a result may also be assembled by hand, and
 * the arena is the one thing vd_result_free always releases.
 */
#define _GNU_SOURCE
#include "vd_analyzer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- lifecycle ------------------------------------------------------------ */

vd_result *vd_result_new(void)
{
	vd_result *r = vd_xcalloc(1, sizeof(*r));
	r->arena = vd_arena_new();
	r->nprocs = 1;
	vd_device_defaults(&r->device);
	return r;
}

void vd_result_free(vd_result *r)
{
	if (!r)
		return;
	free(r->blocks);
	free(r->sites);
	free(r->diags);
	vd_arena_free(r->arena);
	free(r);
}

/* ---- id index ------------------------------------------------------------- */

typedef struct {
	size_t cap;    /* power of two, at least twice the indexed count */
	size_t n;      /* blocks[0..n) are in the table */
	size_t *slots; /* block index + 1; 0 is an empty slot */
} result_index;

/* Below this many blocks a scan is as fast as hashing and costs no memory. */
#define LINEAR_MAX 16

static long linear_find(const vd_result *r, const char *id)
{
	for (size_t i = 0; i < r->nblocks; i++)
		if (r->blocks[i].id && strcmp(r->blocks[i].id, id) == 0)
			return (long)i;
	return -1;
}

static void index_insert(result_index *ix, const vd_result *r, size_t i)
{
	const char *id = r->blocks[i].id;
	if (!id)
		return;
	size_t mask = ix->cap - 1;
	size_t s = (size_t)vd_hash_bytes(id, strlen(id)) & mask;
	while (ix->slots[s]) {
		/* duplicate ids: the first block keeps the slot */
		if (strcmp(r->blocks[ix->slots[s] - 1].id, id) == 0)
			return;
		s = (s + 1) & mask;
	}
	ix->slots[s] = i + 1;
}

/* Makes r->index_ cover every block. */
static result_index *index_update(vd_result *r)
{
	result_index *ix = r->index_;
	if (ix && ix->n <= r->nblocks && r->nblocks * 2 <= ix->cap) {
		for (; ix->n < r->nblocks; ix->n++)
			index_insert(ix, r, ix->n);
		return ix;
	}
	/* first use, shrunk or too full: build a new table (the old one's
	 * memory stays in the arena; doubling keeps the waste bounded) */
	size_t cap = 64;
	while (cap < r->nblocks * 2)
		cap *= 2;
	ix = vd_arena_alloc(r->arena, sizeof(*ix));
	ix->slots = vd_arena_alloc(r->arena, cap * sizeof(size_t));
	ix->cap = cap;
	for (ix->n = 0; ix->n < r->nblocks; ix->n++)
		index_insert(ix, r, ix->n);
	r->index_ = ix;
	return ix;
}

long vd_result_find(const vd_result *r, const char *id)
{
	if (!r || !id)
		return -1;
	if (r->nblocks <= LINEAR_MAX || !r->arena)
		return linear_find(r, id);
	/* The index is a cache: building it does not change what the result
	 * holds, so a const result may still grow one (results are made by
	 * vd_result_new or by hand, never defined const). */
	result_index *ix = index_update((vd_result *)r);
	size_t mask = ix->cap - 1;
	size_t s = (size_t)vd_hash_bytes(id, strlen(id)) & mask;
	while (ix->slots[s]) {
		size_t i = ix->slots[s] - 1;
		if (i < r->nblocks && r->blocks[i].id && strcmp(r->blocks[i].id, id) == 0)
			return (long)i;
		s = (s + 1) & mask;
	}
	return -1;
}

/* ---- options and flag names -------------------------------------------------- */

void vd_report_opts_init(vd_report_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->format = VD_FMT_TABLE;
	o->top = 20;
	o->kind_filter = -1;
	o->color = 0;
	o->include_unreachable = 0;
}

const vd_io_flag_info vd_io_flag_table[VD_NIO_FLAGS] = {
#define VD_X_(e, c, d) { #c, VD_IO_##e, d },
	VD_IO_FLAGS(VD_X_)
#undef VD_X_
};
