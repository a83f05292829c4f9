/*
 * vd_extractor.h - vidya's front end: from compile_commands.json to an
 * evaluated walk over the program dependency graph (PDG).
 *
 * vd_project_load() parses every translation unit with libclang into
 * vidya's own IR (no libclang type leaves this folder), joins functions
 * across translation units by USR and lays out the static blocks with their
 * stable ids.  vd_project_walk() then unrolls the PDG from the entry point,
 * evaluating values (literals, macros, sizeof, argv, --define, parameters
 * bound at call sites, trip counts) and reports what one run of the program
 * does to a visitor - the analyzer, which aggregates P1..P15.
 */
#ifndef VD_EXTRACTOR_H
#define VD_EXTRACTOR_H

#include <stddef.h>

#include "vd_util.h"
#include "vd_vocab.h" /* block kinds, I/O classes, severities */

typedef struct vd_sblock {
	const char *id;
	vd_kind kind;
	const char *file; /* project-relative */
	const char *function;
	const char *label; /* callee ("a|b" for several targets), "for", "if" ... */
	int line, end_line;
	int parent;       /* index, -1 for the program */
	int file_block;   /* index of the file block this block lies in */
	long frame_bytes; /* function: sum of its locals; loop/branch: locals declared inside */
	const char *api;  /* io blocks: interface and operation class from the catalog */
	const char *op;
} vd_sblock;

typedef struct vd_pdiag {
	vd_diag_severity severity;
	const char *file;
	int line;
	const char *message;
} vd_pdiag;

/* The per-TU cache (the CLI backs it with the database).  get() hands back
 * the recorded dependency list ("path<TAB>hash" lines) and blob of a job
 * key, both malloc'ed for the caller, and returns 0, or VD_ENOTFOUND; the
 * extractor re-hashes the dependencies before trusting an entry.  put()
 * records a fresh parse.  Both are called from the calling thread only. */
typedef struct vd_tu_cache {
	void *payload;
	int (*get)(void *payload, const char *key, char **deps, void **blob, size_t *len);
	int (*put)(void *payload, const char *key, const char *file, const char *deps,
		   const void *blob, size_t len);
	/* optional: the recorded dependencies only (malloc'ed), 0 or VD_ENOTFOUND */
	int (*deps)(void *payload, const char *key, char **deps);
} vd_tu_cache;

typedef struct vd_extract_opts {
	const char *entry;          /* default "main" */
	const char *args;           /* argv[1..] as one shell-like string, or NULL */
	const char *const *defines; /* "NAME=VALUE" */
	size_t ndefines;
	const char *const *envs; /* getenv: "NAME=VALUE", or "NAME" for unset */
	size_t nenvs;
	int env_complete;    /* names not in envs are unset (--env-inherit) */
	int nprocs;          /* MPI_Comm_size result, P14; default 1 */
	double assume_trip;  /* iterations of a loop whose bound is unknown */
	double assume_bytes; /* bytes of a data call whose size is unknown */
	int max_depth;       /* call unrolling depth cap */
	const char *catalog; /* the base catalog file (data/catalog.xml) */
	const char *const *user_catalogs;
	size_t nuser_catalogs;
	const char *root;         /* project root; NULL = derived */
	int jobs;                 /* parallel parses; <= 1 parses in the calling thread */
	int shard_k, shard_n;     /* parse only shard K of N (1-based); n <= 1: all */
	const vd_tu_cache *cache; /* NULL: no cache */
	int no_memo;              /* 1: re-walk every call instead of replaying summaries */
	int paths_all;            /* 1: the paper's upper bound - every branch whose
				     * condition is unknown is taken, error paths too;
				     * 0: expected values (branch probabilities) */
	/* progress while parsing (may be NULL); never called from library threads */
	void (*progress)(void *payload, size_t done, size_t total, const char *file);
	void *payload;
} vd_extract_opts;

void vd_extract_opts_init(vd_extract_opts *o);

typedef struct vd_project vd_project;

/*
 * Loads and parses the project.  A missing or malformed compilation
 * database, an empty one or a missing catalog is an error (-1).  A
 * translation unit that fails to parse is recorded as an error diagnostic
 * and counted in *tus_failed; the others are still analyzed.
 */
int vd_project_load(vd_project **out, const char *compdb, const vd_extract_opts *o);
void vd_project_free(vd_project *p);

/*
 * What a run-level cache key needs, without parsing: appends to `out` the
 * project root, the catalogs' content hashes and, for every TU of the
 * compilation database, its cache key and its recorded dependencies (each
 * file it read with its content hash, checked again now).  Returns 1 with
 * *root_out (malloc'ed) when every TU has a valid entry in o->cache, 0
 * when some TU must be parsed again (or the database cannot be read: the
 * parse will say why).
 */
int vd_project_inputs(const char *compdb, const vd_extract_opts *o, vd_buf *out, char **root_out);

const char *vd_project_root(const vd_project *p);
/* this run's translation units (a shard's share with --shard), of which
 * *failed could not be analyzed and *cached came from the cache */
size_t vd_project_tus(const vd_project *p, size_t *failed);
size_t vd_project_tus_cached(const vd_project *p);
const vd_sblock *vd_project_blocks(const vd_project *p, size_t *n);
const vd_pdiag *vd_project_diags(const vd_project *p, size_t *n);

/* ---- the evaluated walk ------------------------------------------------------------ */

/* unknown-mask bits use the analyzer's parameter indices: 1u << VD_pN */

typedef struct vd_io_event {
	int block; /* the io block */
	const char *api, *call;
	vd_opclass op;
	double count; /* dynamic executions this event stands for */
	double bytes; /* per call (data calls), 0 otherwise */
	int is_data;  /* read/write class moving bytes */
	int async, collective, binary, text;
	int conditional; /* under an unknown conditional here or on the call path */
	int random;      /* offset not sequential */
	int sync_handle; /* write on an O_SYNC/O_DSYNC handle */
	int direct;      /* data call on an O_DIRECT handle (bypasses the page cache) */
	/* a printf-family call: its formatting work relative to the machine
	 * probe's format (five integer/string conversions and one %.3f), by
	 * its conversions when the format is known; 0 when it is not */
	double format_cost;
	int drop;   /* posix_fadvise(..., POSIX_FADV_DONTNEED): the file leaves the page cache */
	int create; /* an open that may create or truncate (O_CREAT/O_TRUNC, fopen "w"/"a") */
	int file;   /* index of the file used, -1 for none/standard streams */
	int file_per_exec;    /* the file differs on every execution (path varies per iteration) */
	const char *path;     /* resolved path or NULL */
	unsigned unknown;     /* 1u << VD_pN for parameters resting on assumptions */
	const char *notes[4]; /* what was assumed (NULL-terminated) */
} vd_io_event;

typedef struct vd_visitor {
	void *payload;
	/* a dynamic instance of a static block; reach = times it is reached,
	 * iterations = reach x trip count for loops (= reach otherwise) */
	void (*enter)(void *payload, int block, double reach, double iterations, unsigned unknown,
		      const char *note);
	void (*leave)(void *payload, int block);
	void (*io)(void *payload, const vd_io_event *e);
	/* arithmetic/memory ops, already multiplied; unknown: the parameters
	 * the walk's multiplier rests on assumptions for (0: exact) */
	void (*ops)(void *payload, double n, unsigned unknown);
	void (*alloc)(void *payload, double delta); /* live heap/array bytes, one instance */
	/* Call summaries (optional; all three or none).  capture_begin()
	 * starts recording what a call does, walked at multiplier `mult`;
	 * capture_end() stops it and returns the summary (keep = 0: discard,
	 * NULL returned).  replay() applies a summary as if the call ran again
	 * at multiplier `mult`.  Summaries live until the walk ends. */
	void (*capture_begin)(void *payload, double mult);
	void *(*capture_end)(void *payload, int keep);
	void (*replay)(void *payload, const void *summary, double mult);
	/* every capture under way will be discarded: stop recording for them */
	void (*capture_doom)(void *payload);
	/* an assumption made at a block (an error path not taken, a branch
	 * probability): its note, and the parameters that rest on it (optional) */
	void (*annotate)(void *payload, int block, unsigned unknown, const char *note);
	/* the loop block being walked (entered with 0 iterations) ran its
	 * body `iterations` times in all, each walked on its own (optional) */
	void (*iterations)(void *payload, int block, double iterations);
	/* the walks of code the entry does not reach all start from one state
	 * (optional): save = 1 before the first (keep what the visitor needs
	 * to start each from there: live bytes, the page cache), save = 0
	 * after each (go back to it) */
	void (*standalone)(void *payload, int save);
} vd_visitor;

typedef struct vd_file_info {
	const char *key;  /* path, or "site:<block id>" when unknown */
	const char *path; /* NULL when unknown */
	double written;   /* bytes written over the run */
	double stat_size; /* size on disk at analysis time, -1 if absent/unknown */
	double made;      /* bytes written since the walk created or truncated it
			   * (its size now), -1 when it did not or a size is unsure */
} vd_file_info;

/*
 * Walks the program from the entry point (phase 1), then every function not
 * reached, once, with unknown parameters (phase 2; *phase tells the
 * visitor which is running).  Returns -1 only on a fatal error (out of
 * memory); a missing entry point is a note diagnostic and phase 2 covers
 * every function.
 */
int vd_project_walk(vd_project *p, const vd_visitor *v, int *phase);

/* What each phase of the last vd_project_walk() took: index 1 the
 * entry's walk, 3 the functions a budget cut left unwalked, 2 code the
 * entry does not reach (0 unused).  Steps are the walk's evaluation
 * steps; CPU seconds those of the thread that walked. */
typedef struct vd_walk_stats {
	long steps[4];
	double wall_s[4], cpu_s[4];
	long walks[4]; /* functions walked on their own (phases 2 and 3) */
} vd_walk_stats;
const vd_walk_stats *vd_project_walk_stats(const vd_project *p);

/* Library compute calls the walk counts as operations (no I/O): the class
 * of a call decides what one unit is. */
enum {
	VD_LIBCALL_SCAN,   /* sscanf family: per call */
	VD_LIBCALL_FORMAT, /* sprintf / snprintf family: per call */
	VD_LIBCALL_STRTOD, /* strtod / atof / strtof: per call */
	VD_LIBCALL_ATOI,   /* atoi / atol / strtol / strtoul: per call */
	VD_LIBCALL_MEM,    /* memcpy / memmove / memset / memcmp: per byte */
	VD_LIBCALL_SORT,   /* qsort: per n log2 n */
	VD_LIBCALL_MATH,   /* exp / log / sin / cos / pow ...: per call (sqrt: an instruction) */
	VD_LIBCALL_N
};
/* Operations one unit of each class counts, for the next walks (the
 * analyzer converts measured nanoseconds with the machine's ns per
 * operation); 0 or less keeps the built-in figure of that class. */
void vd_project_set_libcall_ops(vd_project *p, const double ops[VD_LIBCALL_N]);
const vd_file_info *vd_project_files(const vd_project *p, size_t *n);

#endif
