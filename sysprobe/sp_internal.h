/*
 * sp_internal.h - helpers shared by the sysprobe sources, not exported.
 *
 * Small file readers for /proc and /sys (root-relative, so the parsers can
 * be pointed at fixture trees), the libxml2 helpers the lshw parsers share,
 * the lshw runner, the benchmark entry point and JSON string escaping.
 */
#ifndef SP_INTERNAL_H
#define SP_INTERNAL_H

#include <libxml/tree.h>

#include "vd_sysprobe.h"

/* ---- files ------------------------------------------------------------ */

/* 1 when root means this machine ("/" or NULL) */
int sp_root_is_live(const char *root);
/* root + "/" + rel, in the arena */
char *sp_path(vd_arena *a, const char *root, const char *rel);
/* first line of a small file, trailing white space trimmed; NULL if unreadable */
char *sp_read_line(vd_arena *a, const char *path);
/* the number at the start of a small file, or dflt */
long long sp_read_ll(const char *path, long long dflt);
/* trims white space at both ends in place, returns s */
char *sp_trim(char *s);

/* ---- lshw -------------------------------------------------------------- */

/* Runs `lshw -xml -class memory -class disk -class storage` with stderr
 * discarded, killing it after timeout_s.  *status: "ok", "not installed",
 * "timed out", "failed".  Returns 0 with *out (malloc, caller frees) only
 * when status is "ok". */
int sp_run_lshw(char **out, size_t *len, double timeout_s, const char **status,
		volatile sig_atomic_t *cancel);

/* parse with network access, errors and warnings off; NULL if not XML */
xmlDoc *sp_xml_read(const char *xml, size_t len);
/* text of the first child element `name`, copied into the arena, trimmed */
char *sp_xml_child(vd_arena *a, xmlNode *n, const char *name);
/* attribute copied into the arena */
char *sp_xml_attr(vd_arena *a, xmlNode *n, const char *name);
/* value of <configuration><setting id="id" value=".."/> */
char *sp_xml_setting(vd_arena *a, xmlNode *n, const char *id);
/* 1 when the element is named `name` */
int sp_xml_is(xmlNode *n, const char *name);

/* ---- benchmarks --------------------------------------------------------- */

/* Runs the microbenchmarks in `dir` (absolute), filling out.  free_bytes
 * (statfs; negative: unknown) bounds the temporary file. */
int sp_bench_run(vd_sysprobe_bench *out, const char *dir, double free_bytes,
		 const vd_sysprobe_opts *opts);

int sp_cancelled(const vd_sysprobe_opts *opts);
void sp_progress(const vd_sysprobe_opts *opts, const char *phase);

/* ---- JSON ----------------------------------------------------------------- */

void sp_json_num(vd_buf *b, double v); /* null when not finite */

#endif
