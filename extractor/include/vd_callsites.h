/*
 * vd_callsites.h - the calls of one translation unit with exact byte
 * ranges, for the rewriter (vidya optimize).  libclang stays inside
 * extractor/: everything here is plain C, offsets into the bytes the scan
 * read (vd_callsites.text), which it parsed as they were (libclang is
 * handed that very buffer, so no later edit of the file can shift them).
 *
 * The file's compile command comes from compile_commands.json with the
 * same handling as the analysis (no shell; "arguments" preferred to
 * "command", which is split as a shell splits words without expanding
 * anything); the scan also returns that command as written, for the
 * rewriter's re-compile.
 */
#ifndef VD_CALLSITES_H
#define VD_CALLSITES_H

#include <stddef.h>

#include "vd_util.h"

/* a byte range [begin, end) of the file, with the lines (1-based) of its
 * ends; begin == end == 0 and line == 0: none */
typedef struct vd_srange {
	size_t begin, end;
	int line, end_line;
} vd_srange;

typedef struct vd_callsite {
	const char *callee;   /* the called function's name, NULL through a pointer */
	const char *function; /* the function the call is in, NULL at file scope */
	vd_srange name;       /* the callee's name token as written */
	vd_srange call;       /* the whole call expression */
	vd_srange stmt;       /* the statement holding it, with its ';' */
	vd_srange loop;       /* the innermost enclosing for/while/do, or none */
	vd_srange func;       /* the enclosing function definition */
	int stmt_in_block;    /* the statement is directly inside { } */
	/* why the call cannot be edited, NULL when it can: its name or its
	 * parentheses come from a macro expansion, or the name is not written
	 * where the call is.  Macros inside the arguments are fine: the
	 * rewriter replaces the name only. */
	const char *not_rewritable;
	int args_macro; /* a macro expansion inside the call (its arguments) */
	int nargs;
	/* the descriptor or stream argument (vd_callsite_fd_arg), or -1 */
	int fd_arg;
	const char *fd_text; /* its text as written, NULL without one */
	long fd_var;         /* the local variable it is (its declaration's offset + 1), 0: not a
				plain local */
	/* open/creat/openat/fopen/fdopen/freopen whose result is stored in a
	 * local variable (`v = open(...)`, `int v = open(...)`): that
	 * variable's id, else 0 */
	long result_var;
} vd_callsite;

/* How a local variable is used (one reference in the source). */
typedef enum {
	VD_USE_DECL,    /* its declaration; `init_callee` names the initialising call */
	VD_USE_ASSIGN,  /* left of `=`; `init_callee` names the assigned call */
	VD_USE_COMPARE, /* an operand of == != < <= > >= */
	VD_USE_ARG,     /* an argument (`arg`) of the call `site` */
	VD_USE_OTHER    /* anything else (address taken, returned, stored, ...) */
} vd_use_kind;

typedef struct vd_varuse {
	long var;         /* declaration offset + 1 */
	const char *name; /* the variable's name */
	vd_use_kind kind;
	int line;
	size_t offset;
	long site; /* VD_USE_ARG: index into vd_callsites.sites */
	int arg;
	/* VD_USE_DECL/ASSIGN: the callee when the value is a call's result,
	 * "" when there is no initialiser, NULL when the value is something
	 * else */
	const char *init_callee;
} vd_varuse;

typedef struct vd_callsites {
	vd_arena *arena;
	const char *file; /* absolute */
	char *text;       /* the file's bytes as scanned (NUL-terminated) */
	size_t len;
	uint64_t hash; /* vd_hash_bytes of text */
	vd_callsite *sites;
	size_t nsites;
	vd_varuse *uses;
	size_t nuses;
	/* the compile command, as written in the database */
	const char *directory;
	const char **argv; /* NULL-terminated */
	int argc;
} vd_callsites;

/*
 * Scans `file` (a path as the database names it, or absolute) of the
 * compilation database `compdb` (a compile_commands.json or its
 * directory): every call expression of the file itself (not of headers),
 * and every reference to a local variable.  VD_ENOTFOUND when the database
 * has no C entry for the file; VD_ERROR (vd_error_last names the file and
 * the reason) when it cannot be read or does not parse without errors.
 */
int vd_callsites_scan(const char *compdb, const char *file, vd_callsites **out);
void vd_callsites_free(vd_callsites *c);

/* the argument that is the descriptor or stream of a known I/O call
 * (read, write, close, fsync, fread, fprintf, fclose, ...), or -1 */
int vd_callsite_fd_arg(const char *callee);

#endif
