/*
 * findings_int.h - what the rule checks (rules.c) and the driver
 * (findings.c) share.  Private to optimizer/.
 */
#ifndef VD_FINDINGS_INT_H
#define VD_FINDINGS_INT_H

#include "vd_findings.h"

typedef struct rule_ctx {
	const vd_result *r;
	const vd_rules_config *c;
	vd_findings *f;
	size_t cap;                  /* of f->items */
	double prog_io;              /* the program's predicted I/O seconds */
	int has_fadvise;             /* the program calls posix_fadvise/madvise/readahead */
	int has_setvbuf;             /* the program calls setvbuf/setbuf/setbuffer */
	int h5_chunked;              /* the sources call H5Pset_chunk (chunked HDF5 datasets) */
	const vd_trace_input *trace; /* NULL without a trace */
	vd_map *calls_of;            /* function name -> its call blocks (rules.c, lazily) */
} rule_ctx;

/* runs every enabled rule, appending to k->f */
void vd_rules_run(rule_ctx *k);
/* frees what vd_rules_run built in k (the call index) */
void vd_rules_ctx_release(rule_ctx *k);
/* line `line` (1-based) of `file` (relative to `root` unless absolute), in
 * `a`; NULL when it cannot be read */
char *vd_source_line(vd_arena *a, const char *root, const char *file, int line);
/* "2 KiB", "12 bytes" in `a` */
const char *vd_fmt_bytes(vd_arena *a, double n);

#endif
