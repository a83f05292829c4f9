/*
 * project.h - the parsed project shared by the extractor's parts:
 * compdb.c (which translation units, with which flags), frontend.c
 * (libclang -> IR), layout.c (static blocks and call resolution) and
 * eval.c (the evaluated walk).  Internal to extractor/.
 */
#ifndef VD_PROJECT_H
#define VD_PROJECT_H

#include <pthread.h>

#include "ir.h"

typedef VD_VEC(const char *) strvec;

typedef struct tu_job {
	const char *file;      /* absolute, normalised */
	const char *directory; /* absolute */
	const char *compiler;  /* argv[0] as written */
	const char **argv;     /* filtered flags for libclang (no compiler, no -c/-o, no source) */
	int argc;
	const char **cmd; /* the command as written (NULL-terminated), for re-compiles */
	int ncmd;
} tu_job;

struct vd_project {
	vd_arena *arena;
	vd_extract_opts opts;
	const char *root;
	const char *compdb;
	vd_catalog *catalog;

	VD_VEC(tu_job) jobs;
	size_t tus_failed;

	VD_VEC(vd_sblock) blocks;
	VD_VEC(vd_pdiag) diags;
	VD_VEC(ir_func *) funcs;  /* definitions, in parse order */
	vd_map *func_by_usr;      /* usr -> ir_func (the first definition) */
	vd_map *func_by_usr_file; /* usr \x1f file -> ir_func (every definition) */
	vd_map *func_by_name;     /* name -> ir_func (first external definition) */
	vd_map *var_by_usr;       /* usr -> ir_var */
	VD_VEC(ir_var *) globals;
	VD_VEC(ir_var *) allvars; /* every variable, in creation order (blob.c) */
	VD_VEC(ir_store) stores;
	VD_VEC(ir_expr *) calls; /* every call expression, for resolution */
	vd_map *file_block;      /* relative path -> block index + 1 */

	double libcall_ops[VD_LIBCALL_N]; /* vd_project_set_libcall_ops; 0: built-in */
	/* walk results */
	VD_VEC(vd_file_info) files;
	vd_walk_stats walk_stats;
	vd_map *file_index; /* key -> index + 1 */
	/* parsed --define and --args */
	vd_map *defines;      /* name -> const char *value */
	strvec defines_used;  /* a TU's: --define names its source used as macros */
	vd_map *defines_read; /* the run's: names used by a TU or read by the walk */
	/* include flags of MPI/HDF5 compiler wrappers, asked once per run */
	strvec mpi_flags, h5_flags;
	int mpi_done, h5_done;
	/* ... and of the ones installed here, for TUs missing mpi.h/hdf5.h */
	strvec mpi_retry, h5_retry;
	int mpi_retry_done, h5_retry_done;

	/* parallel parsing: a TU is lowered into a private project whose
	 * parent is the run's; `mu` guards the parent's shared state */
	struct vd_project *parent;
	pthread_mutex_t mu;
	vd_arena *shared;    /* allocations made under `mu` from worker threads:
				    * never the main arena, which the main thread
				    * fills while workers run */
	vd_map *hash_memo;   /* path -> content hash (hex) */
	vd_map *strings;     /* interned strings of decoded IR */
	size_t tus_selected; /* this run's TUs (a shard's share) */
	size_t tus_cached;   /* of which taken from the cache */
};

void vd_project_diag(vd_project *p, vd_diag_severity severity, const char *file, int line,
		     const char *fmt, ...) VD_PRINTF(5, 6);

/* project.c: an empty project (maps and arenas made, no catalog, no
 * jobs), NULL when out of memory; vd_project_load starts from one, the
 * fuzz targets (tests/fuzz/) too */
vd_project *vd_project_alloc(void);

/* compdb.c */
int vd_compdb_load(vd_project *p, const char *path);
/* Runs argv[0] (a plain program name, looked up in the absolute entries of
 * PATH; never through a shell) with `argv` (NULL-terminated) and adds the
 * -D/-isystem flags it prints to `out`; its -I become -isystem (a library's
 * headers are system headers).  -1 when the program is not found, fails or
 * times out. */
int vd_tool_flags(vd_arena *a, const char *const *argv, strvec *out);
/* The include flags of the MPI (kind 'm') or HDF5 ('h') installed here,
 * added to `out`: from pkg-config, else from the compiler wrapper `wrapper`
 * (a compile command's argv[0], or NULL; only its base name is looked up in
 * PATH) or mpicc / h5cc.  0 when some were found, else `out` is unchanged. */
int vd_library_flags(vd_arena *a, int kind, const char *wrapper, strvec *out);
/* 0 when `path` is a regular file, else VD_ENOTFOUND (it does not exist) or
 * VD_ERROR, with the reason in why[] ("not a regular file (a FIFO)").  The
 * file is never opened: opening a FIFO blocks. */
int vd_regular_file(const char *path, char *why, size_t nwhy);
/* Reads a regular file of at most `max` bytes into *out (NUL-terminated,
 * caller frees) without blocking on a FIFO or reading a device; else as
 * vd_regular_file. */
int vd_read_regular(const char *path, size_t max, char **out, size_t *len, char *why, size_t nwhy);
/* frontend.c: parses every job; failures are diagnostics */
int vd_frontend_parse_all(vd_project *p);
/* layout.c: resolve calls, build static blocks with stable ids */
int vd_layout(vd_project *p);
/* blob.c: a TU's IR as bytes (the per-TU cache and shard format) */
#define VD_BLOB_VERSION 8
/* how the front end lowers a TU: a change of it (same blob format) makes
 * cached TUs stale, so it is part of each TU's cache key (3: member access
 * records `->`, initializer lists their declared length; 4: functions marked
 * __attribute__((constructor)); 5: variables record pointers to const, a
 * flag bit older blobs leave 0; 6: member access records the field's byte
 * offset, `+`/`-` on a byte pointer is marked; 7: C99's removed implicit
 * int, implicit declarations and int conversions parse as GCC builds them; 8: a struct or union member records
 * its byte offset too, and is marked) */
#define VD_LOWER_VERSION 8
void vd_blob_write(vd_buf *out, const vd_project *tu, int failed);
int vd_blob_read(vd_project *p, const void *data, size_t len, const char *what);

/* content hash of a file (hex), memoised per run; NULL if unreadable */
const char *vd_file_hash(vd_project *root, const char *path);

/* layout.c: does this statement end the program (a call to exit(),
 * abort(), ... or to a function that always does)? */
int vd_stmt_exits(const ir_stmt *s);

/* eval.c */
ir_var *vd_project_global(vd_project *p, const char *usr, const char *name);

#endif
