/*
 * vd_trace_int.h - internals of trace/: the DWARF symbolizer (the only
 * code that sees libdw).
 */
#ifndef VD_TRACE_INT_H
#define VD_TRACE_INT_H

#include <stdint.h>

#include "vd_trace.h"

typedef struct vd_sym vd_sym;

typedef struct vd_sym_frame {
	const char *function; /* NULL when unknown */
	const char *file;     /* absolute, normalised; NULL when unknown */
	int line;
} vd_sym_frame;

/* NULL when libdw cannot start a session */
vd_sym *vd_sym_new(void);
void vd_sym_free(vd_sym *s);
/* reports an ELF object loaded at bias `base`; then vd_sym_done_adding */
int vd_sym_add_module(vd_sym *s, const char *path, uint64_t base);
int vd_sym_done_adding(vd_sym *s);
/* 1 when the object holding `addr` has DWARF */
int vd_sym_has_debug(vd_sym *s, uint64_t addr);
/* source frames of `pc`, innermost (inlined) first; their count (0: none) */
int vd_sym_lookup(vd_sym *s, uint64_t pc, const vd_sym_frame **frames);
/*
 * The frames a tail call removed between a caller and its callee (see
 * symbolize.c): `ret` is a return address in the caller, `callee` an
 * address in the frame below it (exact: a return address minus one), 0 for
 * a function outside the program (an interposed call).  Innermost first;
 * their count (0: none, or no unambiguous way to tell).
 */
int vd_sym_tailcalls(vd_sym *s, uint64_t ret, uint64_t callee, const vd_sym_frame **frames);

#endif
