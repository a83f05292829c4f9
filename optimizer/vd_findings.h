/*
 * vd_findings.h - the bottleneck identifier: I/O mistakes found in an
 * analysis run, each with the evidence, what to change and the predicted
 * seconds at stake.
 *
 * One rule registry (VD_RULES below, rules.c) serves `vidya lint` (CI
 * gates, SARIF) and `vidya optimize` (rewrites): a stable rule id, a
 * default severity, named thresholds with defaults, the check that builds
 * the evidence and prices the gain with the run's device model, and the
 * recommendation.  Nothing here prints: findings are data, the CLI renders
 * them (docs/lint.md).
 */
#ifndef VD_FINDINGS_H
#define VD_FINDINGS_H

#include <stddef.h>

#include "vd_analyzer.h"
#include "vd_util.h"

/* Severities are the diagnostics' (vd_vocab.h: note, warning, error;
 * vd_severity_name).  This parse refuses anything else: 0 or -1. */
int vd_finding_severity_parse(const char *s, vd_diag_severity *out);

/*
 * The rules: X(ENUM, "id", default severity, "title").  The id is stable:
 * CI baselines, SARIF results and the findings table refer to it.  The
 * trace-* rules, which read a trace's measured counters, come last
 * (from VD_RULE_TRACE_SMALL_REQUESTS on).
 */
#define VD_RULES(X)                                                                                \
	X(SMALL_IO_LOOP, "small-io-loop", VD_DIAG_WARNING, "small reads or writes in a loop")      \
	X(SYNC_IN_LOOP, "sync-in-loop", VD_DIAG_WARNING, "flush or sync inside a loop")            \
	X(SYNC_HANDLE, "sync-handle", VD_DIAG_WARNING, "writes on an O_SYNC/O_DSYNC handle")       \
	X(OPEN_CLOSE_LOOP, "open-close-loop", VD_DIAG_WARNING,                                     \
	  "open and close of a file per iteration")                                                \
	X(RANDOM_SMALL_READS, "random-small-reads", VD_DIAG_WARNING,                               \
	  "small random reads of a file that fits in memory")                                      \
	X(REREAD, "reread", VD_DIAG_WARNING, "the same data read more than once")                  \
	X(META_IN_LOOP, "meta-in-loop", VD_DIAG_WARNING, "metadata calls in a loop")               \
	X(PREFETCH, "prefetch", VD_DIAG_NOTE, "reads in a loop with computation between them")     \
	X(STDIO_BUFFER, "stdio-buffer", VD_DIAG_NOTE,                                              \
	  "many small stdio records through the default buffer")                                   \
	X(MPIIO_INDEPENDENT, "mpiio-independent", VD_DIAG_WARNING,                                 \
	  "independent MPI-IO where a collective call fits")                                       \
	X(HDF5_SMALL_WRITES, "hdf5-small-writes", VD_DIAG_WARNING,                                 \
	  "small HDF5 dataset writes per step")                                                    \
	X(RANK0_FUNNEL, "rank0-funnel", VD_DIAG_WARNING, "one rank writes for all")                \
	X(FILE_PER_PROCESS, "file-per-process", VD_DIAG_WARNING,                                   \
	  "a file per process at a large process count")                                           \
	X(UNKNOWN_BOUND, "unknown-bound", VD_DIAG_NOTE, "an I/O loop whose trip count is assumed") \
	X(SEQ_SCAN_NO_ADVICE, "seq-scan-no-advice", VD_DIAG_NOTE,                                  \
	  "a sequential scan of a large file without read-ahead advice")                           \
	X(TRACE_SMALL_REQUESTS, "trace-small-requests", VD_DIAG_WARNING,                           \
	  "measured: many small requests to a file")                                               \
	X(TRACE_MISALIGNED, "trace-misaligned", VD_DIAG_NOTE,                                      \
	  "measured: requests not aligned to 4 KiB")                                               \
	X(TRACE_RANDOM, "trace-random", VD_DIAG_WARNING, "measured: random access to a file")      \
	X(TRACE_METADATA, "trace-metadata", VD_DIAG_WARNING,                                       \
	  "measured: metadata calls dominate I/O time")                                            \
	X(TRACE_IMBALANCE, "trace-imbalance", VD_DIAG_WARNING,                                     \
	  "measured: processes move unequal amounts of a shared file")                             \
	X(TRACE_STRAGGLERS, "trace-stragglers", VD_DIAG_WARNING,                                   \
	  "measured: one process's I/O on a shared file takes much longer")

/* clang-format off */
typedef enum {
#define VD_X_(e, id, sev, title) VD_RULE_##e,
	VD_RULES(VD_X_)
#undef VD_X_
	VD_NRULES
} vd_rule_id;
/* clang-format on */

enum { VD_RULE_ALL = -1 }; /* the global thresholds' "rule" */

/* The thresholds: X(RULE, name, default, "meaning").  A rule reads only its
 * own; `--rules FILE` sets any of them as RULE-ID.NAME = VALUE. */
#define VD_RULE_PARAMS(X)                                                                         \
	X(SMALL_IO_LOOP, max_bytes, 65536, "bytes per call below which a call is small")          \
	X(SMALL_IO_LOOP, min_calls, 64, "calls of the site in one run")                           \
	X(SYNC_IN_LOOP, min_calls, 8, "flush/sync calls of the site in one run")                  \
	X(SYNC_HANDLE, min_calls, 8, "writes on the O_SYNC handle in one run")                    \
	X(OPEN_CLOSE_LOOP, min_calls, 8, "opens of the site in one run")                          \
	X(RANDOM_SMALL_READS, max_bytes, 65536, "bytes per read below which a read is small")     \
	X(RANDOM_SMALL_READS, min_calls, 16, "random reads of the site in one run")               \
	X(RANDOM_SMALL_READS, max_cache_share, 0.5, "largest file, as a share of the page cache") \
	X(REREAD, min_ratio, 1.5, "bytes read over the file's size")                              \
	X(REREAD, min_bytes, 1048576, "bytes read from the file in one run")                      \
	X(META_IN_LOOP, min_calls, 16, "metadata calls of the site in one run")                   \
	X(PREFETCH, min_calls, 8, "reads of the site in one run")                                 \
	X(PREFETCH, min_compute_ratio, 0.5,                                                       \
	  "compute seconds of the loop over the reads' I/O seconds")                              \
	X(PREFETCH, min_io_s, 0.01, "predicted I/O seconds of the reads")                         \
	X(STDIO_BUFFER, max_bytes, 512, "bytes per record below which a record is small")         \
	X(STDIO_BUFFER, min_calls, 10000, "stdio calls of the site in one run")                   \
	X(MPIIO_INDEPENDENT, min_procs, 2, "processes (--nprocs)")                                \
	X(HDF5_SMALL_WRITES, max_bytes, 1048576, "bytes per H5Dwrite below which it is small")    \
	X(HDF5_SMALL_WRITES, min_calls, 8, "writes of the site in one run")                       \
	X(RANK0_FUNNEL, min_procs, 2, "processes (--nprocs)")                                     \
	X(RANK0_FUNNEL, min_share, 0.5, "share of the job's written bytes one rank writes")       \
	X(FILE_PER_PROCESS, min_procs, 256,                                                       \
	  "processes (--nprocs) from which a file each is too many")                              \
	X(UNKNOWN_BOUND, min_share, 0.25,                                                         \
	  "share of the program's predicted I/O seconds in the loop")                             \
	X(SEQ_SCAN_NO_ADVICE, min_bytes, 67108864, "bytes read sequentially from the file")       \
	X(TRACE_SMALL_REQUESTS, min_share, 0.1, "share of the file's requests under 10 KiB")      \
	X(TRACE_SMALL_REQUESTS, min_calls, 100, "requests under 10 KiB")                          \
	X(TRACE_MISALIGNED, min_share, 0.1,                                                       \
	  "share of the file's requests at offsets not a multiple of 4 KiB")                      \
	X(TRACE_MISALIGNED, min_calls, 100, "misaligned requests")                                \
	X(TRACE_RANDOM, min_share, 0.2, "share of the file's requests that are random")           \
	X(TRACE_RANDOM, min_calls, 100, "random requests")                                        \
	X(TRACE_METADATA, min_share, 0.3, "share of the file's I/O seconds in metadata calls")    \
	X(TRACE_METADATA, min_s, 0.01, "seconds in metadata calls")                               \
	X(TRACE_IMBALANCE, min_spread, 0.15, "(max - min) / max of the bytes per process")        \
	X(TRACE_IMBALANCE, min_bytes, 1048576, "bytes the busiest process moves")                 \
	X(TRACE_STRAGGLERS, min_spread, 0.15, "(max - min) / max of the I/O seconds per process") \
	X(TRACE_STRAGGLERS, min_s, 0.1, "I/O seconds of the slowest process")                     \
	X(ALL, escalate_share, 0.5,                                                               \
	  "a warning whose gain is this share of the program's predicted time is an error")       \
	X(ALL, min_gain_s, 0, "findings predicted to save less than this (seconds) are dropped")

/* clang-format off */
enum {
#define VD_X_(rule, name, def, desc) VD_RP_##rule##_##name,
	VD_RULE_PARAMS(VD_X_)
#undef VD_X_
	VD_NRULE_PARAMS
};
/* clang-format on */

typedef struct vd_rule_info {
	const char *id;
	const char *title;
	vd_diag_severity severity; /* default */
	const char *help;          /* what the rule looks for, and what to do (SARIF help) */
} vd_rule_info;

extern const vd_rule_info vd_rule_table[VD_NRULES];

typedef struct vd_rule_param_info {
	int rule; /* a vd_rule_id, or -1 for "all" */
	const char *name;
	double def;
	const char *desc;
} vd_rule_param_info;

extern const vd_rule_param_info vd_rule_param_table[VD_NRULE_PARAMS];

/* index of the rule with this id, or -1 */
int vd_rule_find(const char *id);

/* What the rules run with: enabled rules, their severities, thresholds. */
typedef struct vd_rules_config {
	int enabled[VD_NRULES];
	vd_diag_severity severity[VD_NRULES];
	double param[VD_NRULE_PARAMS];
} vd_rules_config;

void vd_rules_config_init(vd_rules_config *c); /* every rule, the defaults */
/*
 * Reads a rules file into `c` (over what it holds): lines of
 *   RULE-ID.PARAM = NUMBER      a threshold (all.PARAM for the global ones)
 *   RULE-ID.severity = note|warning|error
 *   RULE-ID.enabled = 0|1
 * '#' starts a comment.  VD_ERROR with "FILE:LINE: reason" otherwise.
 */
int vd_rules_config_load(vd_rules_config *c, const char *path);
/* the same from a string; `name` is used in messages */
int vd_rules_config_parse(vd_rules_config *c, const char *text, const char *name);

/* One finding. */
typedef struct vd_finding {
	vd_rule_id rule;
	vd_diag_severity severity;
	const char *block_id; /* the block the finding is about (a loop, a function, an io site) */
	const char *file;     /* project-relative source file */
	int line, end_line;   /* source range of the block */
	int site_line;        /* line of the I/O call concerned, or `line` */
	const char *call;     /* the call concerned, NULL for a block-level finding */
	const char *evidence; /* words and numbers */
	const char *recommendation;
	double io_s;             /* predicted I/O seconds of what the finding concerns */
	double share;            /* io_s over the program's predicted I/O seconds */
	double gain_s;           /* predicted seconds saved by the recommendation (device model) */
	const char *fingerprint; /* hex hash of rule id and block id: stable across edits elsewhere */
	const char *confirmed;   /* trace check: NULL when no trace, else words */
} vd_finding;

typedef struct vd_findings {
	vd_arena *arena;
	vd_finding *items; /* largest gain first */
	size_t n;
	long run_id;
	double program_io_s, program_s;
	double program_cioc; /* the program block's CIOC */
	size_t suppressed;   /* dropped by inline comments or a baseline */
} vd_findings;

/* Measured per-call-site counters of a trace of the same program. */
typedef struct vd_measured_site {
	const char *file;
	int line;
	const char *call;
	double calls, bytes, seconds;
} vd_measured_site;

/* Measured counters of one file and I/O layer (Darshan-style, summed over
 * processes), with the spread over processes and the application call
 * site that made most of its calls. */
typedef struct vd_trace_counters {
	const char *path, *api;
	int nprocs;
	double reads, writes, meta_calls; /* meta: opens, seeks, flushes, syncs, others */
	double bytes;                     /* read + written */
	double small;                     /* reads and writes under 10 KiB */
	double random;                    /* random_ops */
	double misaligned;                /* reads and writes at offsets not a multiple of 4 KiB */
	double data_s, meta_s;            /* seconds in reads and writes, in the rest */
	double proc_bytes_max, proc_bytes_min, proc_s_max, proc_s_min, proc_s_mean;
	const char *file, *call, *block_id; /* the busiest application call site */
	int line;
} vd_trace_counters;

typedef struct vd_trace_input {
	const vd_measured_site *sites;
	size_t nsites;
	const vd_trace_counters *files;
	size_t nfiles;
} vd_trace_input;

/*
 * Runs the enabled rules over `r` (a run as vd_store_load_run gives it).
 * `t` (may be NULL) is a trace of the program: each static finding then
 * says whether the trace confirmed it, and the trace-* rules read its
 * counters.  0 or VD_ERROR.
 */
int vd_findings_from_result(const vd_result *r, const vd_rules_config *c, const vd_trace_input *t,
			    vd_findings **out);
void vd_findings_free(vd_findings *f);
/*
 * Findings are dropped when the source says so: a comment holding
 * `vidya: ignore(RULE-ID, ...)` (or `vidya: ignore` for every rule) on the
 * call's line, the block's first line, or the line before either
 * (vd_findings_from_result does this).  A baseline drops the findings whose
 * fingerprint it lists: apply reads one (VD_ERROR naming the file and
 * line), write renders the current findings as one.
 */
int vd_findings_apply_baseline(vd_findings *f, const char *path);
int vd_findings_write_baseline(const vd_findings *f, vd_buf *out);
/* findings at or above `sev` */
size_t vd_findings_count_at(const vd_findings *f, vd_diag_severity sev);

/* Renders (appends to `out`): text (gcc-style `file:line:col: warning: ...
 * [rule-id]` lines with a note for the recommendation), JSON, SARIF 2.1.0. */
typedef enum { VD_FINDINGS_TEXT, VD_FINDINGS_JSON, VD_FINDINGS_SARIF } vd_findings_format;
int vd_findings_format_parse(const char *s, vd_findings_format *out); /* 0 or -1 */
int vd_findings_render(vd_buf *out, const vd_findings *f, vd_findings_format fmt,
		       const char *tool_version);
/* `s` as a JSON string (NULL: null); bytes that are not UTF-8 become
 * U+FFFD.  Returns 0 (out of memory is fatal) */
int vd_json_str(vd_buf *b, const char *s);

/* ---- comparing runs (diff.c) --------------------------------------------------- */

enum { VD_DELTA_CHANGED, VD_DELTA_ADDED, VD_DELTA_REMOVED };

/* One block of two runs (matched by stable id): _a is the older run. */
typedef struct vd_block_delta {
	const char *block_id, *kind, *file;
	int status; /* VD_DELTA_*: added = only in B, removed = only in A */
	int line_a, line_b;
	double cioc_a, cioc_b, calls_a, calls_b, bytes_a, bytes_b, io_s_a, io_s_b;
	const char *findings_a, *findings_b; /* rule ids, space-separated, "" for none */
} vd_block_delta;

typedef struct vd_diff {
	vd_arena *arena;
	vd_block_delta
		*items; /* changed blocks (largest change of I/O seconds first), added, removed */
	size_t n;
	long run_a, run_b;
} vd_diff;

/* Blocks whose CIOC (by more than 0.005), I/O calls or bytes (0.1 %),
 * predicted I/O seconds (1 %) or findings differ, and blocks only one run
 * has.  fa/fb: the runs' findings (may be NULL). */
int vd_diff_compute(const vd_result *a, const vd_findings *fa, const vd_result *b,
		    const vd_findings *fb, vd_diff **out);
void vd_diff_free(vd_diff *d);
/* table (json = 0) or JSON */
int vd_diff_render(vd_buf *out, const vd_diff *d, int json);

#endif
