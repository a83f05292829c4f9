/*
 * vd_dfg.h - directly-follows graphs (DFG) of I/O activity, the process-
 * mining view of an I/O trace (docs/dfg.md defines every term).
 *
 *   event       one I/O call: case, host, rank, pid, call, start, dur, path, size
 *   case        the events of one process (or thread, or strace file), by start
 *   mapping f   event -> activity, partial: "call:path truncated to DEPTH levels"
 *               after optional call grouping, path filters and abstraction;
 *               an event f does not map is dropped
 *   trace       the activities of one case, with START and END added
 *   DFG         one node per activity, an edge a1 -> a2 when a1 directly
 *               precedes a2 in some trace, labelled with how often
 *
 * Events come from strace logs (strace -f -tt -T -y, vd_dfg_read_strace) or
 * from a vidya trace database (vd_dfg_read_trace).  The log keeps only what
 * the DFG needs per event (case, activity, start, dur, size: 40 bytes), so
 * time and memory grow linearly with the events.
 *
 * Library code: nothing is printed; errors return -1 with vd_error_last().
 * Malformed strace lines are never fatal: they are counted and listed (file,
 * line, reason) with vd_dfg_log_issue().
 */
#ifndef VD_DFG_H
#define VD_DFG_H

#include <stddef.h>

#include "vd_util.h"

/* ---- the mapping f ---------------------------------------------------------- */

typedef struct vd_dfg_mapopt {
	int depth;            /* path components kept (default 2); 0 = call name only */
	int group_variants;   /* pread64, readv, ... -> read (vd_dfg_call_group) */
	const char **filters; /* keep only paths containing one of these; a pattern with
				    * * ? or [ is a glob (fnmatch) matched against the whole path */
	size_t nfilters;
	const char **abstract; /* "NAME=PREFIX": a path under PREFIX becomes $NAME/... */
	size_t nabstract;
	int keep_pathless; /* map events without a path to the bare call name */
} vd_dfg_mapopt;

void vd_dfg_mapopt_init(vd_dfg_mapopt *o);
/* -1 (vd_error_last) when an --abstract item is not NAME=PREFIX */
int vd_dfg_mapopt_check(const vd_dfg_mapopt *o);

/* the family of a call: pread64, preadv2, readv -> read; pwrite64, writev ->
 * write; openat, creat, open64 -> open; newfstatat, statx, lstat -> stat;
 * lseek, _llseek -> seek; fsync, fdatasync -> sync (the names of vidya's I/O
 * classes, so that strace and vidya graphs compare); any other name stays */
const char *vd_dfg_call_group(const char *call);
/* 1 when the call's return value is a transfer size (read and write
 * variants: read pread64 readv preadv preadv2 write pwrite64 writev ...) */
int vd_dfg_call_transfers(const char *call);

/* f(event): writes the activity into *out and returns 1, or returns 0 when
 * the event is not mapped (no path, or filtered out).  `group`, when not
 * NULL, is the call's family used with group_variants (vidya's I/O class);
 * NULL means vd_dfg_call_group(call). */
int vd_dfg_map(const vd_dfg_mapopt *o, const char *call, const char *group, const char *path,
	       vd_buf *out);

/* ---- the event log ----------------------------------------------------------- */

typedef enum {
	VD_DFG_CASE_FILE,    /* strace: one case per file (the seed's rid); vidya: per process */
	VD_DFG_CASE_PROCESS, /* one case per process (strace: per pid within a file) */
	VD_DFG_CASE_THREAD   /* one case per thread (vidya: tid; strace: pid, which is the tid) */
} vd_dfg_casekey;

typedef struct vd_dfg_event {
	const char *call;  /* the function or system call */
	const char *group; /* its family for group_variants, NULL = vd_dfg_call_group */
	const char *path;  /* NULL when unknown */
	double start, dur; /* seconds */
	long long size;    /* bytes transferred (0 for non-transfer calls) */
	const char *host; /* strace: <host> of a <cid>_<host>_<rid>.st file name; vidya: the host */
	long rank;        /* strace: <rid> of that name (0 otherwise); vidya: the MPI rank */
	long pid;         /* the process (strace: the thread) */
} vd_dfg_event;

typedef struct vd_dfg_issue {
	const char *file;
	long line;
	const char *reason;
} vd_dfg_issue;

enum { VD_DFG_GREEN = 1, VD_DFG_RED = 2 };

typedef struct vd_dfg_log vd_dfg_log;

/* the mapping options are copied */
vd_dfg_log *vd_dfg_log_new(const vd_dfg_mapopt *o);
void vd_dfg_log_free(vd_dfg_log *l);

/* a case by name (created on first use); `source` is the file or trace it
 * came from, matched by vd_dfg_log_set_group too; returns its index */
size_t vd_dfg_log_case(vd_dfg_log *l, const char *name, const char *source);
/* applies f and appends the event to case `c` (unmapped events are counted) */
void vd_dfg_log_add(vd_dfg_log *l, size_t c, const vd_dfg_event *e);
/* called for every event added, after the mapping; `activity` is NULL
 * when f does not map the event (a hook to export the event log) */
typedef void (*vd_dfg_sink)(void *ctx, const char *case_name, const vd_dfg_event *e,
			    const char *activity);
void vd_dfg_log_set_sink(vd_dfg_log *l, vd_dfg_sink fn, void *ctx);
/* appends one CSV line (RFC 4180 quoting) for the event, or the header
 * "case,host,rank,pid,call,start,dur,path,size,activity" when e is NULL */
void vd_dfg_event_csv(vd_buf *out, const char *case_name, const vd_dfg_event *e,
		      const char *activity);
/* one malformed input line: counted, and the first 1000 kept */
void vd_dfg_log_issue_add(vd_dfg_log *l, const char *file, long line, const char *reason);

size_t vd_dfg_log_ncases(const vd_dfg_log *l);
const char *vd_dfg_log_case_name(const vd_dfg_log *l, size_t c);
size_t vd_dfg_log_nevents(const vd_dfg_log *l);   /* mapped events */
size_t vd_dfg_log_nunmapped(const vd_dfg_log *l); /* events f does not map */
size_t vd_dfg_log_nissues(const vd_dfg_log *l);   /* malformed lines, all of them */
size_t vd_dfg_log_nkept_issues(const vd_dfg_log *l);
const vd_dfg_issue *vd_dfg_log_issue(const vd_dfg_log *l, size_t i);

/* marks as GREEN or RED every case whose name, or the base name of whose
 * source, matches the glob `pattern`; a comma-separated list is several
 * patterns.  Returns the number of cases matched.  A case can be in one
 * group only: -1 (vd_error_last) when a case would be in both. */
long vd_dfg_log_set_group(vd_dfg_log *l, const char *pattern, int group);

/* ---- sources -------------------------------------------------------------------- */

/* an strace log written with -f -tt -T -y (-ttt and -e trace=... work too).
 * The case name is "<cid><rid>" when the file is named <cid>_<host>_<rid>.st
 * (one file per rank, as the seed's), else the base name without .st; with
 * VD_DFG_CASE_PROCESS/THREAD ":<pid>" is appended.  <unfinished ...> and
 * <... resumed> records are joined by pid; calls interrupted with ERESTART*
 * are dropped; the size is the return value of read/write variants; the
 * path is the -y <...> annotation (of the returned descriptor, else the first
 * argument; for *at calls with a relative name, the directory joined with
 * it).  Malformed lines become issues.  -1 only when the file cannot be read. */
int vd_dfg_read_strace(vd_dfg_log *l, const char *path, vd_dfg_casekey key);
/* the same from memory; `name` stands for the file name */
int vd_dfg_read_strace_mem(vd_dfg_log *l, const char *name, const char *text, size_t len,
			   vd_dfg_casekey key);

/* the calls of a vidya trace (docs/schema.md: v_trace_ops, or trace_ops for
 * an older trace): `trace_id` 0 = the latest; `layers` a comma list of
 * posix,stdio,mpiio,hdf5 or NULL for all.  Case names are "t<trace>:<pid>"
 * (":<tid>" added per thread); the group of a call is its I/O class. */
int vd_dfg_read_trace(vd_dfg_log *l, const char *db, long trace_id, const char *layers,
		      vd_dfg_casekey key);

/* ---- the graph ---------------------------------------------------------------------- */

enum { VD_DFG_NODE_ACT = 0, VD_DFG_NODE_START = 1, VD_DFG_NODE_END = 2 };

typedef struct vd_dfg_node {
	const char *name; /* the activity; "START"/"END" for the two added ones */
	int kind;         /* VD_DFG_NODE_* */
	long long count;  /* events (START/END: traces) */
	double dur;       /* summed durations, s */
	double rd;        /* relative duration: dur / the sum over all activities */
	long long bytes;  /* summed sizes */
	double dr;        /* process data rate, bytes/s (docs/dfg.md) */
	long mc;          /* max concurrency (vd_dfg_max_concurrency) */
	int part;         /* VD_DFG_GREEN and/or VD_DFG_RED: in which groups it occurs */
	int hidden;       /* left out by vd_dfg_prune */
} vd_dfg_node;

typedef struct vd_dfg_edge {
	size_t from, to; /* node indices */
	long long count; /* how often from directly precedes to */
	int part;
	int hidden;
} vd_dfg_edge;

typedef struct vd_dfg {
	vd_dfg_node *nodes; /* 0 = START, 1 = END, then activities by name */
	size_t nnodes;
	vd_dfg_edge *edges; /* by (from, to) */
	size_t nedges;
	size_t ntraces; /* cases with at least one mapped event */
	size_t nevents;
	int partitioned; /* some case is GREEN or RED */
} vd_dfg;

/* the DFG of the log's mapped events, with the partition when some case is
 * GREEN or RED.  The log's events are sorted in place (nothing else of the
 * log changes, and it can be built again); node names point into the log,
 * so free the graph before the log. */
vd_dfg *vd_dfg_build(vd_dfg_log *l);
void vd_dfg_free(vd_dfg *g);
/* keeps the `top` activities of highest load (rd; 0 = all) and the edges
 * seen at least `min_edge` times between shown nodes; the rest is hidden,
 * statistics stay those of the whole log */
void vd_dfg_prune(vd_dfg *g, size_t top, long long min_edge);
size_t vd_dfg_find(const vd_dfg *g, const char *name); /* node index, or (size_t)-1 */
long long vd_dfg_edge_count(const vd_dfg *g, const char *from, const char *to); /* -1 none */

/* the seed's get_max_concurrency: the intervals sorted by start, the
 * largest number of consecutive ones such that the first ends after the
 * last starts (end[i] > start[j]) */
long vd_dfg_max_concurrency(const double *start, const double *end, size_t n);

/* ---- outputs -------------------------------------------------------------------------- */

typedef enum {
	VD_DFG_COLOR_NONE,
	VD_DFG_COLOR_RD,
	VD_DFG_COLOR_BYTES,
	VD_DFG_COLOR_DR
} vd_dfg_color;

/* node labels "name\nLoad: rd (b)\nDR: mc x dr"; partitioned graphs colour
 * green/red, else nodes are shaded by `color` */
int vd_dfg_write_dot(const vd_dfg *g, vd_dfg_color color, vd_buf *out);
int vd_dfg_write_json(const vd_dfg *g, const vd_dfg_log *l, vd_buf *out);
int vd_dfg_write_graphml(const vd_dfg *g, vd_buf *out);
int vd_dfg_write_table(const vd_dfg *g, vd_buf *out);
/* lays the DOT out with Graphviz (gvc) and writes `file` as `format`
 * (svg, png, pdf, ...); -1 with the reason */
int vd_dfg_render(const vd_dfg *g, vd_dfg_color color, const char *format, const char *file);
/* Lays out DOT text with Graphviz's library and writes it in `format`
 * (svg, png, pdf, ...) to `file`, or, with file NULL, appends it to `mem`.
 * Graphviz's messages go into the error, never to stderr.  0 or -1. */
int vd_graphviz_render(const char *dot, const char *format, const char *file, vd_buf *mem);

#endif
