/*
 * vd_analyzer.h - vidya's analysis results and what is done with them.
 *
 * The analyzer turns the extractor's evaluated PDG walk into per-block
 * parameters P1..P15, features X1..X16 and a CIOC score (aggregate.c,
 * score.c), and renders results as tables, JSON, CSV, DOT and GraphML
 * (report.c).  A vd_result is also what the store saves and loads, so a
 * report never needs to re-parse sources.
 */
#ifndef VD_ANALYZER_H
#define VD_ANALYZER_H

#include <stddef.h>

#include "vd_device.h"
#include "vd_params.h"
#include "vd_util.h"
#include "vd_vocab.h" /* vd_kind, vd_diag_severity and their names */

/* One code block: a node of the static PDG with its dynamic totals. */
typedef struct vd_block {
	const char *id; /* stable id, e.g. "src/ckpt.c:write_step/loop#2/branch#1" */
	vd_kind kind;
	const char *file;      /* project-relative path; NULL for the program */
	const char *function;  /* enclosing function; NULL for program and file */
	const char *label;     /* callee for call/io, "for"/"while"/"do" for loops, "if"/"switch" */
	int line, end_line;    /* attributes, not identity */
	const char *parent_id; /* NULL for the program */
	double p[VD_NPARAMS];
	double x[VD_NFEATURES];
	double cioc;           /* predicted I/O fraction of the block's time, 0..1 */
	double analytic;       /* the analytic estimate: io_s / (io_s + compute_s), 0 without I/O */
	const char *cioc_note; /* why cioc is what it is when not plainly the model's
				* (fallback, bounds, a child's share); NULL otherwise */
	double io_s;           /* predicted I/O seconds (device model) */
	double compute_s;      /* predicted compute seconds (ops x ns/op) */
	double ops;            /* counted arithmetic and memory operations */
	double executions;     /* dynamic executions of the block (calls, iterations) */
	unsigned unknown_mask; /* bit (1u << VD_pN): PN rests on an assumed value */
	const char *unknowns;  /* what was assumed, "; "-separated; NULL if nothing */
	int reachable;         /* 0: not reachable from the entry, analyzed standalone */
} vd_block;

/* flags of an I/O call site: X(ENUM suffix, column name, description).
 * The store's io_sites columns and the reports expand this one list. */
#define VD_IO_FLAGS(X)                                                             \
	X(ASYNC, async, "asynchronous or non-blocking call")                       \
	X(COLLECTIVE, collective, "MPI collective call")                           \
	X(BINARY, binary, "data moved in binary form")                             \
	X(TEXT, text, "data moved as formatted text")                              \
	X(CONDITIONAL, conditional, "runs under an unknown conditional")           \
	X(RANDOM, random, "offset not sequential (random, hashed or indirect)")    \
	X(SMALL, small, "moves fewer bytes per call than the small-I/O threshold") \
	X(SYNC_HANDLE, sync_handle, "write on an O_SYNC/O_DSYNC handle")           \
	X(BYTES_UNKNOWN, bytes_unknown, "byte count rests on an assumed value")    \
	X(COUNT_UNKNOWN, count_unknown, "call count rests on an assumed value")

/* clang-format off */
enum {
#define VD_X_(e, c, d) VD_IO_BIT_##e,
	VD_IO_FLAGS(VD_X_)
#undef VD_X_
	VD_NIO_FLAGS
};
/* clang-format on */
enum {
#define VD_X_(e, c, d) VD_IO_##e = 1u << VD_IO_BIT_##e,
	VD_IO_FLAGS(VD_X_)
#undef VD_X_
};

typedef struct vd_io_flag_info {
	const char *name; /* column name */
	unsigned bit;
	const char *desc;
} vd_io_flag_info;

extern const vd_io_flag_info vd_io_flag_table[VD_NIO_FLAGS];

/* One I/O call site (an io block) with what was evaluated for it. */
typedef struct vd_iosite {
	const char *block_id;
	const char *api;  /* posix, stdio, mpiio, hdf5 or a user catalog's name */
	const char *call; /* function name */
	const char *op;   /* open close read write seek flush sync meta */
	const char *file; /* source file of the call */
	int line;
	double bytes_per_call; /* mean over executions; 0 for non-data calls */
	double count;          /* dynamic executions */
	double bytes_total;
	unsigned flags;       /* VD_IO_* */
	const char *path;     /* target file when known, else NULL */
	const char *unknowns; /* what was assumed for this site, NULL if nothing */
} vd_iosite;

typedef struct vd_diag {
	vd_diag_severity severity;
	const char *file; /* may be NULL */
	int line;
	const char *message;
} vd_diag;

/* A whole analysis run.  Everything hangs off `arena`. */
typedef struct vd_result {
	vd_arena *arena;
	vd_block *blocks; /* parents before children; blocks[0] is the program */
	size_t nblocks;
	vd_iosite *sites;
	size_t nsites;
	vd_diag *diags;
	size_t ndiags;
	/* run facts */
	long run_id;            /* set by the store */
	const char *created_at; /* ISO-8601 UTC, set by the store */
	const char *project_root;
	const char *compdb;
	const char *entry;
	const char *args;    /* --args string or NULL */
	const char *defines; /* "A=1,B=2" or NULL */
	const char *vidya_version;
	int nprocs;
	double assume_trip, assume_bytes;
	int tus_total, tus_failed;
	double elapsed_s;
	const char *model; /* model file that scored cioc, NULL: the analytic estimate */
	vd_device device;
	const char *run_key; /* run-level cache key of the inputs, NULL: none */
	long cached_from;    /* the run whose results this run reuses, 0: computed */
	/* private to vd_result_find: a lazily built id -> index table kept in
	 * `arena`.  Appending blocks is fine; after reordering or renaming
	 * blocks already looked up, set it back to NULL. */
	void *index_;
} vd_result;

vd_result *vd_result_new(void); /* empty, with its arena; never NULL */
/* frees blocks, sites and diags (malloc'ed arrays), the arena and r */
void vd_result_free(vd_result *r);
/* index of the block with this id, or -1 */
long vd_result_find(const vd_result *r, const char *id);

/* ---- analysis ------------------------------------------------------------------ */

struct vd_project;

/*
 * Walks the parsed project (vd_project_walk) and aggregates P1..P15 bottom
 * up for every block, then features X1..X16 and the CIOC score against the
 * device `dev` (measured by sysprobe or vd_device_defaults()).  nprocs is
 * P14.  The result owns copies of everything it needs.
 */
int vd_analyze(vd_result **out, struct vd_project *p, const vd_device *dev, int nprocs);

/* What the parse of `p` tells a result: its diagnostics (appended), the
 * project root and the translation units analyzed and failed.  vd_analyze
 * calls it; so does a run that parses without analyzing (a shard). */
void vd_result_set_parse(vd_result *r, const struct vd_project *p);

/* Scoring (score.c): predicted seconds of one I/O call on `dev`, and the
 * features and CIOC of every block of a result whose P values are set. */
struct vd_io_event;
double vd_score_io_seconds(const struct vd_io_event *e, const vd_device *dev, int nprocs);
void vd_score_result(vd_result *r);
/* io_s / (io_s + compute_s) of a block with I/O calls, 0 without */
double vd_score_analytic(const vd_block *b);
/* operations one unit of each library compute class (VD_LIBCALL_* of
 * vd_extractor.h, VD_LIBCALL_N entries) is worth on `dev` */
void vd_score_libcall_ops(const vd_device *dev, double *ops);

/* The page cache along one walk (score.c): vd_pcache_io_seconds() gives
 * the seconds of an event (all its e->count calls) and moves the state
 * (dirty and cached bytes per file).  stat_size: the file's size on disk
 * at analysis time, -1 unknown. */
typedef struct vd_pcache vd_pcache;
vd_pcache *vd_pcache_new(const vd_device *dev, int nprocs);
void vd_pcache_free(vd_pcache *pc);
/* dst becomes a copy of src (both made by vd_pcache_new) */
void vd_pcache_copy(vd_pcache *dst, const vd_pcache *src);
double vd_pcache_io_seconds(vd_pcache *pc, const struct vd_io_event *e, double stat_size);

/* ---- reports ------------------------------------------------------------------- */

/* The report formats are a table in report.c ({name, render}); these name
 * the rows of the built-in ones.  A format added there needs no constant:
 * it is reached by name. */
typedef enum { VD_FMT_TABLE, VD_FMT_JSON, VD_FMT_CSV, VD_FMT_DOT, VD_FMT_GRAPHML } vd_report_format;

/* "table", "json", ... (case-insensitive; "text" is the table) -> the
 * format; 0, or -1 with a message listing the formats */
int vd_report_format_parse(const char *s, vd_report_format *out);
/* the name of format f (0, 1, ...), NULL past the last one */
const char *vd_report_format_name(int f);

/* a finding's short name for a block of the table (vd_report_opts.labels) */
typedef struct vd_report_label {
	const char *block_id;
	const char *text; /* e.g. the rule id */
} vd_report_label;

typedef struct vd_report_opts {
	vd_report_format format;
	int top;         /* rows in table/json/csv; 0 = all */
	int kind_filter; /* -1 = every kind, else a vd_kind */
	int color;       /* table only: ANSI colours */
	int include_unreachable;
	int sort_by_cioc; /* 1: pure CIOC order; 0: I/O-bound blocks (CIOC >= 0.5) by predicted I/O seconds */
	int width; /* table only: terminal columns the table fits in; 0 = 80 */
	/* table only: findings per block, shown in the last column instead of
	 * the dominant parameters (a label on an io or call block goes to the
	 * ranked block above it); the first label of a block wins */
	const vd_report_label *labels;
	size_t nlabels;
} vd_report_opts;

void vd_report_opts_init(vd_report_opts *o); /* table, top 20, all kinds */

/* Renders into `out` (appended).  0 or -1 with vd_error_last(). */
int vd_report_render(vd_buf *out, const vd_result *r, const vd_report_opts *o);

#endif
