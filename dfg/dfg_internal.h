/*
 * dfg_internal.h - what the files of dfg/ share; not installed, not public.
 */
#ifndef VD_DFG_INTERNAL_H
#define VD_DFG_INTERNAL_H

#include <stdint.h>

#include "vd_dfg.h"

typedef struct dfg_case {
	const char *name, *source;
	int group; /* 0, VD_DFG_GREEN or VD_DFG_RED */
} dfg_case;

/* one mapped event: 40 bytes */
typedef struct dfg_ev {
	uint32_t c, a; /* case, activity */
	double start, dur;
	long long size;
	size_t seq; /* arrival order, the tie-break of equal starts */
} dfg_ev;

struct vd_dfg_log {
	vd_dfg_mapopt opt;
	vd_arena *arena;
	vd_map *case_ix, *act_ix; /* name -> index + 1 */
	VD_VEC(dfg_case) cases;
	VD_VEC(const char *) acts;
	VD_VEC(dfg_ev) events;
	VD_VEC(vd_dfg_issue) issues;
	size_t unmapped, nissues;
	vd_buf scratch, scratch2;
	vd_dfg_sink sink;
	void *sink_ctx;
};

#endif
