/*
 * vd_store.h - the sqlite database users query: runs, blocks, I/O sites,
 * diagnostics and system profiles.
 *
 * The schema is a public, versioned interface documented in docs/schema.md.
 * Every vidya analyze adds a run; views (v_blocks, v_io_sites, ...) show the
 * latest one.  Each run is written in a single transaction, so an
 * interrupted run never leaves a half-written run visible.
 */
#ifndef VD_STORE_H
#define VD_STORE_H

#include "vd_analyzer.h"
#include "vd_device.h"
#include "vd_findings.h"
#include "vd_trace.h"

typedef struct vd_store vd_store;

#define VD_SCHEMA_VERSION 8

/* Opens (creating or migrating) the database at `path`.  A file that is not
 * a vidya database, or one written by a newer vidya, is an error. */
int vd_store_open(vd_store **out, const char *path);
void vd_store_close(vd_store *s);
/* 0 when the database can be written (a read-only file, file system or a
 * directory that refuses the journal is found before any work is done);
 * VD_ERROR with the reason otherwise.  Changes nothing. */
int vd_store_check_writable(vd_store *s);

/* How long a call waits for a lock another process holds before it fails
 * as busy (15 s by default; saving a trace waits 10 minutes). */
void vd_store_set_busy_timeout(vd_store *s, int ms);

/* Saves a whole run in one transaction; sets r->run_id and r->created_at.
 * A run with r->cached_from > 0 (the run-level cache) holds that run's
 * results: its rows are copied from that run inside the database. */
int vd_store_save_run(vd_store *s, vd_result *r);

/* Loads run `run_id` (0 = the latest).  VD_ENOTFOUND when there is none. */
int vd_store_load_run(vd_store *s, long run_id, vd_result **out);
/* the newest run saved with this run-level cache key (vd_result.run_key):
 * 0 with *run_id, or VD_ENOTFOUND */
int vd_store_find_run_key(vd_store *s, const char *key, long *run_id);

/* System profiles (vidya sysprobe).  `json` is the full probe report. */
int vd_store_save_profile(vd_store *s, const vd_device *d, const char *json, long *id_out);
/* The newest profile for file system `mount` (NULL: the newest of all).
 * *found is 0 and *out untouched when there is none. */
int vd_store_load_profile(vd_store *s, const char *mount, vd_device *out, int *found);

/* The per-TU cache (table tu_cache): the IR of a parsed translation unit
 * under its job key, with the files it depended on.  get: 0 or
 * VD_ENOTFOUND, *deps and *blob malloc'ed for the caller.  put: entries
 * are written in one transaction, committed by vd_store_tu_commit (or
 * vd_store_close).  import: copies another database's entries (a shard
 * of `vidya analyze --shard K/N`) into this one; *count gets how many. */
int vd_store_tu_get(vd_store *s, const char *key, char **deps, void **blob, size_t *len);
/* the recorded dependencies of a cache entry only (malloc'ed): 0 or VD_ENOTFOUND */
int vd_store_tu_deps(vd_store *s, const char *key, char **deps);
int vd_store_tu_put(vd_store *s, const char *key, const char *file, const char *deps,
		    const void *blob, size_t len);
int vd_store_tu_commit(vd_store *s);
int vd_store_tu_import(vd_store *s, const char *other_db, long *count);

/* Saves what `vidya trace` measured in one transaction.  Traces are
 * identified by t->key: the ranks of one MPI job, each saving its own
 * processes, share the key and so land in one trace.  Sets t->trace_id. */
int vd_store_save_trace(vd_store *s, vd_trace *t);
/* The same in parts, for calls that stream while the logs load
 * (vd_trace.ops_sink): begin opens the transaction and finds or makes the
 * trace's row (t->key, command, run_id, started_ns, exit_status: set them
 * first; sets t->trace_id); ops saves the calls now in t->ops (any number
 * of times); end saves the rest (processes, files, sites, blocks, the wall
 * time and sampling rate found while loading) and commits.  On a failure
 * end rolls back itself; abort rolls back a trace begun but not ended. */
int vd_store_trace_begin(vd_store *s, vd_trace *t);
int vd_store_trace_ops(vd_store *s, const vd_trace *t);
int vd_store_trace_end(vd_store *s, vd_trace *t);
void vd_store_trace_abort(vd_store *s);

/* Findings (store/findings.c).  save: replaces the findings of run
 * f->run_id (table findings, view v_findings) in one transaction.
 * compute: loads run `run_id` (0 = the latest) and, when the database holds
 * a trace, its measured calls, and runs the rules `c` over them; *traced is
 * 1 when a trace was used (may be NULL).  VD_ENOTFOUND when there is no
 * such run. */
int vd_store_save_findings(vd_store *s, const vd_findings *f);
int vd_findings_compute(vd_store *s, long run_id, const vd_rules_config *c, vd_findings **out,
			int *traced);

/* A trace's counters per file and layer, summed over processes
 * (tracediff.c): trace `trace_id` (0 = the latest, -1 = the one before
 * it).  *id_out gets its id.  VD_ENOTFOUND when there is no such trace. */
#define VD_NTRACE_TOTALS 12
extern const char *const vd_trace_total_names[VD_NTRACE_TOTALS]; /* opens ... meta_s */
typedef struct vd_trace_totals {
	const char *path, *api;
	double v[VD_NTRACE_TOTALS];
} vd_trace_totals;
int vd_store_trace_totals(vd_store *s, long trace_id, vd_arena *a, vd_trace_totals **out, size_t *n,
			  long *id_out);
/* Two traces' rows paired by file and layer: every row of `a` with its
 * match in `b` (*B NULL when none), then the rows of `b` that `a` lacks
 * (*A NULL).  *k starts at 0; 1 while there is a pair, then 0. */
int vd_trace_totals_next(const vd_trace_totals *a, size_t na, const vd_trace_totals *b, size_t nb,
			 size_t *k, const vd_trace_totals **A, const vd_trace_totals **B);

/* What the latest trace of the run's program measured per block
 * (measured.c): the trace mapped to run `run_id` or to another run of the
 * same compilation database and entry point, trace_blocks summed over
 * processes (the rows of v_measured_blocks).  *trace_id gets its id.
 * VD_ENOTFOUND when there is no such trace. */
typedef struct vd_measured_block {
	const char *block_id;
	double wall_s, io_s, io_ops, io_bytes;
} vd_measured_block;
int vd_store_measured_blocks(vd_store *s, long run_id, vd_arena *a, vd_measured_block **out,
			     size_t *n, long *trace_id);

/* Before/after pairs of `vidya optimize --measure` (optimize.c, table
 * optimize_pairs and optimize_runs, views v_optimize_gain,
 * v_optimize_gain_blocks, v_optimize_gain_functions). */
typedef struct vd_optimize_run {
	int after; /* 0: the original program, 1: the optimized one */
	int run;   /* 1, 2, ... in the order they ran */
	long trace_id;
	double wall_s, io_s; /* io_s: main threads inside I/O calls */
	double all_io_s;     /* every thread inside I/O calls */
	int status;
} vd_optimize_run;

typedef struct vd_optimize_pair {
	long pair_id; /* set by vd_store_save_optimize_pair */
	const char *label, *before_cmd, *after_cmd;
	int runs;                               /* runs of each program */
	long before_trace, after_trace;         /* each side's median run (by wall time) */
	double before_wall_s, after_wall_s;     /* medians */
	double before_io_s, after_io_s;         /* medians, main threads */
	double before_all_io_s, after_all_io_s; /* medians, every thread */
	int outputs;                            /* outputs compared: stdout and files */
	int identical;                          /* 1: every output byte-identical */
	const char *differing;                  /* what differed, or NULL */
	const vd_optimize_run *v;
	size_t n;
} vd_optimize_pair;

/* saves a pair and its runs in one transaction; sets p->pair_id */
int vd_store_save_optimize_pair(vd_store *s, vd_optimize_pair *p);

/* what trace `trace_id` measured: its wall time, exit status and the
 * main threads' and all threads' time inside I/O calls (summed over its
 * processes).  VD_ENOTFOUND when there is no such trace. */
int vd_store_trace_times(vd_store *s, long trace_id, double *wall_s, int *status, double *main_io_s,
			 double *io_s);

/* the absolute paths of the files trace `trace_id` wrote (a write call or
 * bytes written, any layer), sorted, each once; the strings are in `a` */
int vd_store_trace_written(vd_store *s, long trace_id, vd_arena *a, const char ***paths, size_t *n);

#endif
