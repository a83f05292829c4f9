/*
 * vd_rewrite.h - the rewriter of `vidya optimize` (docs/optimize.md): the
 * findings of a run turned into byte-range edits of the sources (a plan),
 * shown as unified diffs, applied atomically with the originals kept, and
 * reverted byte for byte.  Call ranges come from the extractor
 * (vd_callsites.h); nothing here prints.
 */
#ifndef VD_REWRITE_H
#define VD_REWRITE_H

#include <stddef.h>
#include <stdint.h>

#include "vd_findings.h"
#include "vd_util.h"

/* one edit: bytes [begin, end) of the original replaced by `text` */
typedef struct vd_edit {
	size_t begin, end;
	const char *text;
	vd_rule_id rule;
} vd_edit;

typedef struct vd_plan_file {
	const char *path; /* absolute */
	const char *rel;  /* as the findings name it (project-relative) */
	char *orig;       /* the bytes the plan was made from */
	size_t len;
	uint64_t hash;  /* vd_hash_bytes(orig) */
	vd_edit *edits; /* sorted by offset, non-overlapping */
	size_t nedits;
	int runtime; /* the edits call vd_rt_*: vd_rt.h goes next to the file */
	char *text;  /* the rewritten bytes */
	size_t text_len;
	/* the compile command as written in compile_commands.json */
	const char *directory;
	const char **argv; /* NULL-terminated */
	int argc;
} vd_plan_file;

typedef enum {
	VD_PLAN_REWRITTEN, /* edits made */
	VD_PLAN_ADVICE,    /* a rule the rewriter does not rewrite */
	VD_PLAN_SKIPPED    /* a rule it rewrites, but not here: `reason` */
} vd_plan_action;

typedef struct vd_plan_item {
	const vd_finding *finding;
	vd_plan_action action;
	const char *reason; /* SKIPPED: why; REWRITTEN: what was done */
} vd_plan_item;

typedef struct vd_plan {
	vd_arena *arena;
	vd_plan_file *files; /* files with edits */
	size_t nfiles;
	vd_plan_item *items; /* one per finding, in the findings' order */
	size_t nitems;
} vd_plan;

typedef struct vd_plan_opts {
	const char *compdb;   /* compile_commands.json or its directory */
	const char *root;     /* the run's project root (findings' paths are relative to it) */
	int allow_durability; /* sync-in-loop: fsync -> vd_rt_fsync_deferred */
	const int *rules;     /* rules to rewrite (VD_NRULES flags), NULL: all */
} vd_plan_opts;

/* the rules the rewriter turns into edits */
int vd_rewrite_rule(vd_rule_id r);

/* Plans the edits for the findings `f`.  0, or VD_ERROR when a file
 * cannot be scanned (vd_error_last names it and says why). */
int vd_plan_build(const vd_findings *f, const vd_plan_opts *o, vd_plan **out);
void vd_plan_free(vd_plan *p);

/* Unified diffs (`--- a/REL`, `+++ b/REL`, hunks with 3 lines of context,
 * each hunk header followed by the rule ids of its edits: `@@ -1,2 +1,3 @@
 * rule-id`), one per file, appended to `out`. */
void vd_plan_diff(const vd_plan *p, vd_buf *out);

/* The runtime header's text (optimizer/runtime/vd_rt.h, embedded). */
extern const char vd_rt_header[];
extern const size_t vd_rt_header_len;

/* ---- apply and revert (apply.c) ------------------------------------------------ */

typedef struct vd_apply_opts {
	const char *store;  /* directory of kept originals: a subdirectory per apply */
	const char *verify; /* a command run with /bin/sh -c after applying, or NULL */
	int no_compile;     /* skip the re-compile (tests of the other steps only) */
} vd_apply_opts;

/*
 * Applies the plan: refuses a file whose bytes are no longer the plan's
 * or that cannot be replaced (read-only file or directory), keeps the
 * originals under o->store/<time>-<pid>/ with a manifest, writes every
 * file atomically (temporary file + rename, the original's mode), copies
 * vd_rt.h next to files that need it, re-compiles each changed
 * translation unit with its own command (the object to a temporary file)
 * and runs o->verify.  When any step fails every file is restored and
 * VD_ERROR is returned with the file and the reason (a compiler's or the
 * check's output in `log`).  0 with *dir (malloc'ed) the directory of the
 * originals.
 */
int vd_plan_apply(const vd_plan *p, const vd_apply_opts *o, char **dir, vd_buf *log);

/*
 * Restores the originals of the latest apply kept under `store` that has
 * not been reverted, byte for byte and with their modes, and removes the
 * vd_rt.h copies that apply created.  A file changed since the apply is
 * refused (VD_ERROR, nothing restored) unless `force`.  VD_ENOTFOUND when
 * there is nothing to revert.  `log` gets a line per restored file; *dir
 * (malloc'ed) the apply's directory.
 */
int vd_optimize_revert(const char *store, int force, char **dir, vd_buf *log);

#endif
