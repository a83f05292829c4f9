/*
 * vd_trace.h - what `vidya trace` measured: the calls of every traced
 * process per I/O layer, per-file Darshan-style counters and per-block
 * measured time.  Built by vd_trace_load from the recorder's logs
 * (vd_tracelog.h) and saved by the store (vd_store_save_trace).
 */
#ifndef VD_TRACE_H
#define VD_TRACE_H

#include <stdint.h>

#include "vd_analyzer.h"
#include "vd_util.h"

/* Darshan-style counters of one file, one layer, one process:
 * X(column, description).  Histogram bins are Darshan's. */
#define VD_TRACE_COUNTERS(X)                                                                \
	X(opens, "open calls (open, fopen, MPI_File_open, H5Fopen/H5Fcreate ...)")          \
	X(reads, "read calls")                                                              \
	X(writes, "write calls")                                                            \
	X(seeks, "seek calls (lseek, fseek, MPI_File_seek ...)")                            \
	X(flushes, "flush calls (fflush, H5Fflush, H5Dflush)")                              \
	X(syncs, "sync calls (fsync, fdatasync, sync_file_range, msync, MPI_File_sync)")    \
	X(metas, "other metadata calls (stat, ftruncate, set_view, H5Dcreate ...)")         \
	X(bytes_read, "bytes read")                                                         \
	X(bytes_written, "bytes written")                                                   \
	X(consec_reads, "reads starting exactly where the previous read ended")             \
	X(consec_writes, "writes starting exactly where the previous write ended")          \
	X(seq_reads, "reads starting at or after the end of the previous read")             \
	X(seq_writes, "writes starting at or after the end of the previous write")          \
	X(random_ops, "reads and writes with a known offset that are not sequential")       \
	X(max_byte_read, "highest byte offset read (offset + bytes - 1), -1 if none")       \
	X(max_byte_written, "highest byte offset written, -1 if none")                      \
	X(read_0_100, "reads of 0-100 bytes")                                               \
	X(read_100_1k, "reads of 101 B-1 KiB")                                              \
	X(read_1k_10k, "reads of 1-10 KiB")                                                 \
	X(read_10k_100k, "reads of 10-100 KiB")                                             \
	X(read_100k_1m, "reads of 100 KiB-1 MiB")                                           \
	X(read_1m_4m, "reads of 1-4 MiB")                                                   \
	X(read_4m_10m, "reads of 4-10 MiB")                                                 \
	X(read_10m_100m, "reads of 10-100 MiB")                                             \
	X(read_100m_1g, "reads of 100 MiB-1 GiB")                                           \
	X(read_1g_plus, "reads of more than 1 GiB")                                         \
	X(write_0_100, "writes of 0-100 bytes")                                             \
	X(write_100_1k, "writes of 101 B-1 KiB")                                            \
	X(write_1k_10k, "writes of 1-10 KiB")                                               \
	X(write_10k_100k, "writes of 10-100 KiB")                                           \
	X(write_100k_1m, "writes of 100 KiB-1 MiB")                                         \
	X(write_1m_4m, "writes of 1-4 MiB")                                                 \
	X(write_4m_10m, "writes of 4-10 MiB")                                               \
	X(write_10m_100m, "writes of 10-100 MiB")                                           \
	X(write_100m_1g, "writes of 100 MiB-1 GiB")                                         \
	X(write_1g_plus, "writes of more than 1 GiB")                                       \
	X(errors, "failed calls of any kind (counted here only, never as operations)")      \
	X(dups, "descriptors duplicated from this file's (dup, dup2, dup3, fcntl F_DUPFD)") \
	X(not_aligned, "reads and writes at an offset that is not a multiple of 4 KiB")

/* clang-format off */
enum {
#define VD_X_(c, d) VD_TC_##c,
	VD_TRACE_COUNTERS(VD_X_)
#undef VD_X_
	VD_NTRACE_COUNTERS
};
/* clang-format on */

extern const char *const vd_trace_counter_name[VD_NTRACE_COUNTERS];

typedef struct vd_trace_op {
	uint64_t op_id, parent_op; /* parent 0: the application made the call */
	int pid, rank, thread;
	const char *api, *call, *cls; /* "posix", "fwrite", "write" */
	const char *parent_api, *parent_call;
	const char *path; /* NULL when unknown */
	int64_t handle, offset, bytes, req_bytes;
	double start_s; /* since the trace started */
	double dur_s;   /* until the transfer ended (after the call
				      * returned for non-blocking, split and aio calls) */
	double call_s;  /* inside the call itself (= dur_s for most) */
	int err;
	int fd;                      /* descriptor behind the handle, -1 (not stored) */
	const char *block_id;        /* innermost analyzed block around the call */
	const char *file, *function; /* application frame that made the call */
	int line;
} vd_trace_op;

typedef struct vd_trace_file {
	int pid, rank;
	const char *path, *api;
	int64_t c[VD_NTRACE_COUNTERS];
	double read_s, write_s, meta_s;
} vd_trace_file;

/* Size bins of the histograms (Darshan's): bytes <= limit, the last open. */
#define VD_TRACE_NBINS 10

/* What one call site did on one file in one layer and process: the calls
 * the same source line (in the same block, under the same caller layer)
 * made, aggregated.  Kept in every mode; bounded by the program's code,
 * not by how often it runs. */
typedef struct vd_trace_site {
	int pid, rank;
	const char *api, *call, *cls, *path, *parent_api;
	const char *block_id, *file, *function;
	int line;
	int64_t calls, errors, bytes;
	double call_s, dur_s;
	int64_t bins[VD_TRACE_NBINS]; /* successful calls by bytes moved */
} vd_trace_site;

typedef struct vd_trace_block {
	int pid, rank;
	const char *block_id;
	double wall_s, io_s, io_bytes;
	int64_t io_ops, samples, io_samples;
} vd_trace_block;

typedef struct vd_trace_proc {
	int pid, ppid, rank, threads;
	const char *host, *exe;
	double start_s, end_s; /* first and last event, since the trace started */
	int clean_exit;        /* the recorder saw the process leave through exit() */
	int64_t ops, samples;
	int debug_info;        /* 1: the executable has DWARF line information */
	int mapped;            /* 1: its stacks were mapped to the analysis' blocks */
	double deferred_s;     /* sampled time charged to a stack taken outside the
				 * sample signal (MPI_Init, the loader, the recorder) */
	double unattributed_s; /* sampled time for which no stack could be taken */
	double io_s;           /* time inside the I/O calls the application made itself
				 * (no parent call), every thread, excluded files too */
	double main_io_s;      /* the same on the main thread only (thread id = pid):
				 * the time the main thread was blocked in I/O calls */
} vd_trace_proc;

typedef struct vd_trace vd_trace;
struct vd_trace {
	vd_arena *arena;
	VD_VEC(vd_trace_op) ops;
	VD_VEC(vd_trace_file) files;
	VD_VEC(vd_trace_block) blocks;
	VD_VEC(vd_trace_site) sites;
	VD_VEC(vd_trace_proc) procs;
	/* set by the caller before saving */
	const char *key; /* processes with the same key form one trace (MPI ranks) */
	const char *command;
	int64_t started_ns; /* CLOCK_REALTIME when the trace started */
	double wall_s;
	int exit_status; /* as a shell reports it: 128 + signal when killed */
	long run_id;     /* analysis run the blocks come from, 0 = none */
	long trace_id;   /* set by the store */
	unsigned sample_hz;
	/* set by the caller before loading: which files count (see
	 * vd_trace_excluded) */
	int counters_only; /* 1: keep counters and call sites, not every call
				 * (ops stays empty: the database does not grow
				 * with the number of calls) */
	int include_all;   /* 1: no exclusion at all */
	/* when set, the calls stream: every batch of them (a few tens of
	 * thousands, in ops) is handed to ops_sink (with sink_ctx) as it is
	 * loaded, then dropped, so that loading takes memory by the batch,
	 * not by the call; ops is empty after the load.  A non-zero return
	 * (with vd_error_set) stops the load: vd_trace_load returns VD_ERROR. */
	int (*ops_sink)(void *sink_ctx, vd_trace *t);
	void *sink_ctx;
	const char *const *exclude; /* more path prefixes to leave out */
	size_t nexclude;
	/* found while loading */
	int64_t excluded_ops; /* calls left out: their file is excluded */
	int64_t calls;        /* calls loaded (kept in ops or not), exclusions apart */
	int logs, bad_logs;
	int nospace_logs;  /* logs that stopped early for want of disk space;
				 * empty ones (no space for a first chunk) too */
	vd_map *interned_; /* private: strings copied into arena */
};

/* never NULL (out of memory is fatal, see vd_util.h) */
vd_trace *vd_trace_new(void);
void vd_trace_free(vd_trace *t);

/*
 * Loads every log in `dir` into t: calls, counters, and, when `run` is
 * given (the analysis to map stacks to), per-block time.  A log cut short
 * (the program crashed or was killed) loads up to where it ends; a file
 * that is not a log is counted in t->bad_logs; a log the recorder stopped
 * for want of space, or could not start (empty), in t->nospace_logs.
 * 0; VD_ENOTFOUND when the directory holds no log at all; VD_ERROR when
 * it cannot be read or t->ops_sink failed (the message in vd_error_last()).
 */
int vd_trace_load(vd_trace *t, const char *dir, const vd_result *run);

/*
 * Whether calls on `path` are left out of the trace (Darshan leaves out
 * the same system directories): files under /etc/ /dev/ /usr/ /bin/
 * /boot/ /lib/ /lib64/ /opt/ /sbin/ /sys/ /proc/ /var/ /run/, the MPI
 * runtime's own files (Open MPI's and PRRTE's session directories under
 * /tmp, shared memory under /dev/shm), and descriptors that are no file
 * (sockets, pipes, eventfd and other anonymous inodes, memfd), plus
 * t->exclude's prefixes; nothing when t->include_all.
 */
int vd_trace_excluded(const vd_trace *t, const char *path);

/* The size bin of a transfer of n bytes: 0 for 0-100 B ... 9 for > 1 GiB. */
int vd_trace_bin(int64_t n);

/* The built-in exclusions, NULL-terminated (for documentation and --help). */
extern const char *const vd_trace_default_exclude[];

/* What vidya trace checks before it runs a program. */
typedef struct vd_program {
	int is_elf, is_script;
	int is_static; /* ELF without an interpreter: LD_PRELOAD cannot apply */
	int has_debug; /* ELF with DWARF sections */
} vd_program;

/* VD_ENOTFOUND: no such file; VD_ERROR: not an executable file. */
int vd_program_inspect(const char *path, vd_program *p);

#endif
