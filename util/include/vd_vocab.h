/*
 * vd_vocab.h - the one list of each of vidya's small vocabularies: block
 * kinds, I/O operation classes and diagnostic severities.
 *
 * Each is an X-macro list (as vd_params.h and darshan's POSIX_COUNTERS):
 * the enum, the name table and the parser expand it, so the extractor,
 * the analyzer, the store, the catalog and the trace log share one
 * numbering and one spelling.  The names are what users see (database
 * values, JSON, catalog.xml, `--kind`): never rename one.
 *
 *   X(ENUM suffix, name)
 */
#ifndef VD_VOCAB_H
#define VD_VOCAB_H

/* the kinds of code block, outermost first */
#define VD_BLOCK_KINDS(X)       \
	X(PROGRAM, "program")   \
	X(FILE, "file")         \
	X(FUNCTION, "function") \
	X(LOOP, "loop")         \
	X(BRANCH, "branch")     \
	X(CALL, "call")         \
	X(IO, "io")

/* clang-format off */
typedef enum {
#define VD_X_(e, n) VD_KIND_##e,
	VD_BLOCK_KINDS(VD_X_)
#undef VD_X_
	VD_KIND__COUNT
} vd_kind;
/* clang-format on */

/* "program", "file", ...; "unknown" out of range */
const char *vd_kind_name(vd_kind k);
/* case-insensitive; 0, or -1 with the message in vd_error_last() */
int vd_kind_parse(const char *s, vd_kind *out);

/* What an I/O call does.  NONE is a catalog helper with value semantics
 * only (H5Screate_simple...); WAIT only the trace log knows: a call that
 * completes transfers started earlier (MPI_Wait on an MPI_File_iwrite, an
 * MPI_File_write_all_end), moving no bytes of its own. */
#define VD_IO_CLASSES(X)  \
	X(NONE, "none")   \
	X(OPEN, "open")   \
	X(CLOSE, "close") \
	X(READ, "read")   \
	X(WRITE, "write") \
	X(SEEK, "seek")   \
	X(FLUSH, "flush") \
	X(SYNC, "sync")   \
	X(META, "meta")   \
	X(WAIT, "wait")

/* clang-format off */
typedef enum {
#define VD_X_(e, n) VD_OP_##e,
	VD_IO_CLASSES(VD_X_)
#undef VD_X_
	VD_OP__COUNT
} vd_opclass;
/* clang-format on */

/* "open", ...; "unknown" out of range */
const char *vd_opclass_name(vd_opclass op);
/* exact match; 0, or VD_ERROR (no message) with *out untouched */
int vd_opclass_parse(const char *s, vd_opclass *out);

/* the severity of a diagnostic, mildest first */
#define VD_SEVERITIES(X)      \
	X(NOTE, "note")       \
	X(WARNING, "warning") \
	X(ERROR, "error")

/* clang-format off */
typedef enum {
#define VD_X_(e, n) VD_DIAG_##e,
	VD_SEVERITIES(VD_X_)
#undef VD_X_
	VD_DIAG__COUNT
} vd_diag_severity;
/* clang-format on */

/* "note", "warning", "error"; "note" out of range */
const char *vd_severity_name(vd_diag_severity s);
/* exact match; anything else (NULL too) is VD_DIAG_NOTE */
vd_diag_severity vd_severity_parse(const char *s);

/* A name of vidya optimize's runtime (optimizer/runtime/vd_rt.h: vd_rt_*):
 * its calls are the catalog's I/O calls, its code is not the program's,
 * and the rules do not advise on what it already does. */
int vd_runtime_name(const char *name);

#endif
