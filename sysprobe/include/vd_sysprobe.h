/*
 * vd_sysprobe.h - this machine's CPU, memory and storage, measured.
 *
 * `vidya sysprobe` and the automatic quick probe of `vidya analyze` both go
 * through vd_sysprobe_run(): it reads the CPU (cpuid, /proc/cpuinfo), the
 * memory (/proc/meminfo, NUMA nodes, lshw), the file system that holds a
 * directory and the block device behind it (/proc/self/mountinfo, statfs,
 * /sys, lshw), then runs IOR-style microbenchmarks on a temporary file in that
 * directory.  The result is a vd_sysprobe_report owned by the caller; turn it
 * into the vd_device summary the analyzer uses with vd_sysprobe_to_device()
 * and into the JSON document stored in system_profiles with
 * vd_sysprobe_to_json().
 *
 * The parsers are exported with the text (or a root directory standing in
 * for "/") as input, so tests can point them at fixture files.  Nothing here
 * prints or exits: errors go to vd_error_last(), progress to a callback, and
 * an interrupt is a flag the caller sets and the library polls.
 */
#ifndef VD_SYSPROBE_H
#define VD_SYSPROBE_H

#include <signal.h>
#include <stddef.h>

#include "vd_device.h"
#include "vd_util.h"

/* Version of the report layout (JSON "version"); bump on incompatible change. */
#define VD_SYSPROBE_VERSION 2

/* ---- figures with a spread ------------------------------------------------ */

/* One measured figure over repetitions.  `value` is the median; n == 0 means
 * not measured (printed as null). */
typedef struct vd_sysprobe_stat {
	double value;
	double mean, stddev, min, max;
	int n;
} vd_sysprobe_stat;

void vd_sysprobe_stat_compute(vd_sysprobe_stat *out, const double *x, size_t n);

/* The benchmark metrics, generated from one list: enum, JSON key, unit and
 * description stay in step (darshan-style X-macro). */
#define VD_SYSPROBE_METRICS(X)                                                                  \
	X(SEQ_WRITE, "seq_write_MiBps", "MiB/s", "sequential write, 1 MiB transfers")           \
	X(SEQ_READ, "seq_read_MiBps", "MiB/s", "sequential read, 1 MiB transfers")              \
	X(RAND_READ, "rand_read_iops", "IOPS", "random 4 KiB reads, one at a time")             \
	X(RAND_WRITE, "rand_write_iops", "IOPS", "random 4 KiB writes, one at a time")          \
	X(RAND_READ_LAT, "rand_read_latency_us", "us", "mean time of one random 4 KiB read")    \
	X(RAND_WRITE_LAT, "rand_write_latency_us", "us", "mean time of one random 4 KiB write") \
	X(FSYNC_LAT, "fsync_latency_us", "us", "fsync after a 4 KiB write")                     \
	X(FDATASYNC_LAT, "fdatasync_latency_us", "us", "fdatasync after a 4 KiB write")         \
	X(WRITE_CALL_LAT, "write_call_latency_us", "us",                                        \
	  "one buffered 4 KiB write call into the page cache")                                  \
	X(META_LAT, "meta_latency_us", "us", "open, close or stat of the directory, per call")  \
	X(CPU_NS_PER_OP, "cpu_ns_per_op", "ns",                                                 \
	  "one dependent integer or L1 load/store operation")                                   \
	X(STDIO_CALL, "stdio_call_ns", "ns", "one buffered fputs of a short line to a file")    \
	X(CACHE_READ, "cache_read_MiBps", "MiB/s", "1 MiB reads of data in the page cache")     \
	X(CACHE_WRITE, "cache_write_MiBps", "MiB/s",                                            \
	  "1 MiB buffered writes extending a file, into the page cache")                        \
	X(FLUSH, "flush_MiBps", "MiB/s", "fsync of 32 MiB of dirty data: write-back bandwidth") \
	X(SCAN, "sscanf_ns", "ns", "sscanf of a short log line, 6 conversions")                 \
	X(FORMAT, "snprintf_ns", "ns", "snprintf of a short line, 6 conversions")               \
	X(STRTOD, "strtod_ns", "ns", "strtod of a decimal number")                              \
	X(ATOI, "atoi_ns", "ns", "atoi of a decimal integer")                                   \
	X(MEMCPY, "memcpy_ns_per_KiB", "ns", "memcpy of 64 KiB, per KiB")                       \
	X(QSORT, "qsort_ns_per_cmp", "ns", "qsort of 4096 ints, per n log2 n")                  \
	X(MATH, "math_ns", "ns", "exp, log, sin, cos, pow and sqrt, mean per call")             \
	X(CREATE_LAT, "create_latency_us", "us", "create a new file, write 4 KiB, close")       \
	X(UNLINK_LAT, "unlink_latency_us", "us", "unlink of such a file")

/* clang-format off */
typedef enum {
#define VD_SP_ENUM_(id, key, unit, what) VD_SP_##id,
	VD_SYSPROBE_METRICS(VD_SP_ENUM_)
#undef VD_SP_ENUM_
	VD_SP__COUNT
} vd_sysprobe_metric;
/* clang-format on */

const char *vd_sysprobe_metric_key(vd_sysprobe_metric m);  /* "seq_write_MiBps" */
const char *vd_sysprobe_metric_unit(vd_sysprobe_metric m); /* "MiB/s" */
const char *vd_sysprobe_metric_what(vd_sysprobe_metric m); /* a short description */

/* ---- the report ------------------------------------------------------------ */

/* Strings in the report point into report->arena (NULL: unknown); numbers
 * that are unknown are -1 (counts) or 0 (sizes, frequencies) as noted. */

typedef struct vd_sysprobe_cache {
	int level;
	const char *type; /* "data", "instruction", "unified" */
	long long size_bytes;
	int line_bytes; /* 0: unknown */
	int ways;       /* 0: unknown */
	int shared_by;  /* logical CPUs sharing it, 0: unknown */
} vd_sysprobe_cache;

#define VD_SYSPROBE_MAX_CACHES 8

typedef struct vd_sysprobe_cpu {
	const char *source;             /* "cpuid" or "/proc/cpuinfo" */
	const char *arch;               /* uname machine, e.g. "x86_64" */
	const char *vendor;             /* "GenuineIntel", "AuthenticAMD", ... */
	const char *model;              /* brand string, e.g. "AMD EPYC 7B13" */
	int family, model_id, stepping; /* -1: unknown */
	int logical;                    /* logical CPUs online */
	int usable;                     /* logical CPUs this process may run on (affinity) */
	int cores;                      /* physical cores (distinct physical id/core id) */
	int sockets;
	double mhz;                         /* current clock, mean over CPUs (0: unknown) */
	double max_mhz;                     /* cpufreq maximum (0: unknown) */
	int phys_addr_bits, virt_addr_bits; /* 0: unknown */
	int hypervisor;                     /* 1: running under a hypervisor */
	const char *features;               /* space-separated key features ("sse4_2 avx2 ...") */
	vd_sysprobe_cache caches[VD_SYSPROBE_MAX_CACHES];
	int ncaches;
} vd_sysprobe_cpu;

typedef struct vd_sysprobe_dimm {
	const char *slot, *description, *type, *vendor, *product;
	long long size_bytes;
	double clock_hz; /* 0: unknown */
	int width_bits;  /* 0: unknown */
} vd_sysprobe_dimm;

typedef struct vd_sysprobe_memory {
	long long total_bytes, free_bytes, available_bytes, cached_bytes;
	long long swap_total_bytes, hugepage_bytes;
	int numa_nodes; /* -1: unknown */
	/* page cache: dirty bytes writers may leave before they are throttled
	 * (vm.dirty_bytes, or vm.dirty_ratio % of the available memory); 0: unknown */
	long long dirty_limit_bytes;
	/* from lshw */
	const char *lshw; /* "ok", "not installed", "timed out", "not run", ... */
	long long lshw_total_bytes;
	int banks;               /* slots reported, populated or not */
	const char *type;        /* "DDR4", ... from the DIMM descriptions */
	double speed_mhz;        /* fastest DIMM clock */
	vd_sysprobe_dimm *dimms; /* populated slots, in the arena */
	int ndimms;
} vd_sysprobe_memory;

typedef struct vd_sysprobe_storage {
	const char *path;  /* the directory probed, absolute */
	const char *mount; /* mount point of its file system */
	const char *fstype;
	const char *source;  /* mount source: /dev/..., server:/export, none */
	const char *options; /* mount options, then super options */
	unsigned major, minor;
	const char *fs_class; /* "block", "memory", "overlay", "network", "pseudo", "unknown" */
	const char *device;   /* "/dev/vda1", "none (tmpfs)", "network (nfs4 server:/x)", ... */
	const char *kind;     /* "disk", "partition", "dm", "md", "loop", "zram", NULL */
	const char *disk;     /* whole disk whose queue facts follow, e.g. "vda" */
	const char *backing;  /* dm/md slaves, loop backing file, overlay upperdir */
	int rotational;       /* kernel flag; -1 unknown */
	int logical_block, physical_block; /* bytes; 0: unknown */
	const char *scheduler;
	int nr_requests;         /* -1: unknown */
	int hw_queues;           /* blk-mq hardware queues; -1: unknown */
	int read_ahead_kb;       /* -1: unknown */
	const char *write_cache; /* "write back", "write through" */
	const char *model, *vendor;
	long long size_bytes;   /* whole disk */
	int is_virtual;         /* virtio/xen/VMware/... disk */
	int pcie_lanes;         /* 0: not PCIe or unknown */
	const char *pcie_speed; /* "8.0 GT/s PCIe" */
	double pcie_MBps;       /* link bandwidth after encoding, 0: unknown */
	/* lshw */
	const char *lshw_description, *lshw_product, *lshw_vendor, *businfo;
	const char *controller, *driver;
	int rpm; /* from lshw capabilities, 0: unknown */
	/* statfs */
	long long fs_size_bytes, fs_free_bytes;
	/* from the measurements */
	const char *device_type;    /* "ssd", "hdd", "memory", "network", "cached", NULL */
	const char *classification; /* why device_type was chosen */
	const char *note;           /* overlay/tmpfs/network remarks */
} vd_sysprobe_storage;

#define VD_SYSPROBE_MAX_SWEEP 16

typedef struct vd_sysprobe_bench {
	int ran;            /* 0: benchmarks skipped */
	const char *method; /* "O_DIRECT" or "fadvise" */
	double file_bytes;  /* size of the temporary file */
	int reps;
	vd_sysprobe_stat m[VD_SP__COUNT];
	/* transfer-size sweep: random reads of each size */
	int nsweep;
	double sweep_bytes[VD_SYSPROBE_MAX_SWEEP];
	double sweep_MiBps[VD_SYSPROBE_MAX_SWEEP];
	double small_io_threshold; /* bytes */
	/* concurrency sweep: threads doing random 4 KiB reads */
	int nconc;
	double conc_threads[VD_SYSPROBE_MAX_SWEEP];
	double conc_iops[VD_SYSPROBE_MAX_SWEEP];
	double concurrency;
	double seconds; /* wall time of the benchmarks */
} vd_sysprobe_bench;

typedef struct vd_sysprobe_report {
	int version;         /* VD_SYSPROBE_VERSION */
	const char *mode;    /* "quick" or "full" */
	const char *created; /* UTC, ISO 8601 */
	const char *host, *kernel;
	double seconds; /* wall time of the whole probe */
	vd_sysprobe_cpu cpu;
	vd_sysprobe_memory mem;
	vd_sysprobe_storage storage;
	vd_sysprobe_bench bench;
	vd_arena *arena; /* owns every string above */
} vd_sysprobe_report;

/* ---- running a probe ----------------------------------------------------------- */

typedef enum { VD_SYSPROBE_QUICK = 0, VD_SYSPROBE_FULL = 1 } vd_sysprobe_mode;

/* Called at the start of each phase ("cpu", "seq write", ...). */
typedef void (*vd_sysprobe_progress_cb)(const char *phase, void *payload);

typedef struct vd_sysprobe_opts {
	const char *dir; /* directory whose file system is measured; NULL: "." */
	vd_sysprobe_mode mode;
	int no_bench;                  /* 1: facts only, no temporary file */
	int no_lshw;                   /* 1: do not run lshw */
	int no_direct;                 /* 1: the fadvise method even where O_DIRECT works */
	double time_scale;             /* scales every phase's time budget (tests); 0: 1 */
	double max_file_bytes;         /* cap on the temporary file; 0: automatic */
	volatile sig_atomic_t *cancel; /* non-zero: stop, clean up, return VD_EINTR */
	vd_sysprobe_progress_cb progress;
	void *payload;
} vd_sysprobe_opts;

#define VD_SYSPROBE_OPTS_INIT                                              \
	{                                                                  \
		NULL, VD_SYSPROBE_QUICK, 0, 0, 0, 1.0, 0, NULL, NULL, NULL \
	}

/* Probes the machine and the file system holding opts->dir.  On success
 * *out belongs to the caller (vd_sysprobe_free).  Errors: VD_ERROR with a
 * message naming the directory (missing, not a directory, read-only, no
 * space), VD_EINTR when *opts->cancel became non-zero.  The temporary file
 * is gone on every return. */
int vd_sysprobe_run(vd_sysprobe_report **out, const vd_sysprobe_opts *opts);
void vd_sysprobe_free(vd_sysprobe_report *r);

/* The summary `vidya analyze` uses (is_default = 0, figures in SI units). */
void vd_sysprobe_to_device(const vd_sysprobe_report *r, vd_device *out);
/* The whole report as one JSON object (appended to out). */
int vd_sysprobe_to_json(const vd_sysprobe_report *r, vd_buf *out);
/* A readable table (appended to out). */
int vd_sysprobe_to_text(const vd_sysprobe_report *r, vd_buf *out);

/* Mount point (and file system type) of the file system that holds `path`:
 * the key vd_store_load_profile() looks profiles up by.  fstype may be NULL. */
int vd_sysprobe_mount_of(vd_buf *mount, vd_buf *fstype, const char *path);

/* Costs of library compute calls (sscanf, snprintf, strtod, atoi, memcpy,
 * qsort, math) into bench->m, `reps` repetitions of about `seconds` each. */
void vd_sysprobe_libcosts(vd_sysprobe_bench *bench, int reps, double seconds);

/* ---- the user-level profile cache (cache.c) -------------------------------------- */

/* One profile per host, mount and device, shared by every database:
 * $XDG_CACHE_HOME/vidya/profiles (default ~/.cache/vidya/profiles). */
int vd_sysprobe_cache_dir(vd_buf *out);
/* "host:mount:major:minor:fstype" of the file system holding `dir` */
int vd_sysprobe_cache_key(vd_buf *key, const char *dir);
/* Saves the probe of `dir` (dev is its vd_sysprobe_to_device summary; its
 * `profile` field is set to the profile's identity); *path_out (may be
 * NULL) gets the profile file. */
int vd_sysprobe_cache_save(const char *dir, const vd_sysprobe_report *r, vd_device *dev,
			   vd_buf *path_out);
/* The cached profile of the file system holding `dir`: *found = 1 and
 * *dev set when there is one of this layout; mode (may be NULL) gets
 * "quick" or "full", json (may be NULL) the stored report, path_out (may
 * be NULL) the profile file's name whether it exists or not. */
int vd_sysprobe_cache_load(const char *dir, vd_device *dev, char *mode, size_t mode_len,
			   vd_buf *json, vd_buf *path_out, int *found);

/* ---- parsers and collectors (exported for tests) ------------------------------ */

/* `root` stands for "/" (NULL or "/" = this machine); files are read from
 * root/proc/... and root/sys/...  Strings go into `a`. */

/* /proc/cpuinfo text -> vendor, model, family/model/stepping, logical CPUs,
 * cores, sockets, mhz, address bits, features (key ones only). */
int vd_sysprobe_parse_cpuinfo(vd_sysprobe_cpu *out, vd_arena *a, const char *text);
/* root/sys/devices/system/cpu/cpu0/cache/index* -> out->caches */
int vd_sysprobe_read_sysfs_caches(vd_sysprobe_cpu *out, vd_arena *a, const char *root);
/* Everything about the CPU: cpuid on x86 (when root is this machine), then
 * cpuinfo and sysfs for what cpuid does not give. */
int vd_sysprobe_collect_cpu(vd_sysprobe_cpu *out, vd_arena *a, const char *root);
/* Nanoseconds per simple operation (dependent integer arithmetic plus L1
 * loads/stores), best of a few runs of about `seconds` in total. */
double vd_sysprobe_cpu_ns_per_op(double seconds);

/* /proc/meminfo text -> totals (bytes). */
int vd_sysprobe_parse_meminfo(vd_sysprobe_memory *out, const char *text);
/* "0-3,5" (sys/devices/system/node/online) -> 5; -1 when unparsable */
int vd_sysprobe_count_cpulist(const char *text);
/* The dirty limit from vm.dirty_bytes (used when > 0) or vm.dirty_ratio
 * (percent) of `available` bytes; 0 when neither is known. */
long long vd_sysprobe_dirty_limit(long long dirty_bytes, long long dirty_ratio,
				  long long available);
/* meminfo, NUMA nodes and the dirty limit under root. */
int vd_sysprobe_collect_memory(vd_sysprobe_memory *out, vd_arena *a, const char *root);
/* `lshw -xml -class memory` output -> banks, DIMMs, type, speed. */
int vd_sysprobe_parse_lshw_memory(vd_sysprobe_memory *out, vd_arena *a, const char *xml,
				  size_t len);

/* Picks the mountinfo line of the file system holding absolute path `path`
 * (longest mount point prefix, later mounts shadow earlier ones) and fills
 * mount, fstype, source, options, major, minor and fs_class.
 * VD_ENOTFOUND when no line matches. */
int vd_sysprobe_parse_mountinfo(vd_sysprobe_storage *out, vd_arena *a, const char *text,
				const char *path);
/* From major:minor under root/sys: device, kind, disk, backing, queue facts,
 * model, virtual flag, PCIe link.  Also sets device for non-block classes. */
int vd_sysprobe_read_sysfs_block(vd_sysprobe_storage *out, vd_arena *a, const char *root);
/* mountinfo + sysfs (+ statfs and realpath when root is this machine). */
int vd_sysprobe_collect_storage(vd_sysprobe_storage *out, vd_arena *a, const char *root,
				const char *path);
/* `lshw -xml -class disk -class storage` output -> the node whose logical
 * name is /dev/<out->disk> and its controller.  VD_ENOTFOUND if absent. */
int vd_sysprobe_parse_lshw_disk(vd_sysprobe_storage *out, vd_arena *a, const char *xml, size_t len);

/* ---- derivations (pure) ---------------------------------------------------------- */

/* The transfer size below which bandwidth falls under half of the peak,
 * interpolated in log2(size) between the two sizes that bracket it; the
 * smallest size when none falls below.  bytes[] ascending. */
double vd_sysprobe_small_io_threshold(const double *bytes, const double *MiBps, int n);
/* The knee of the thread sweep: the first count after which the next step
 * gains under 15 % while no larger count gains over 30 %; the largest count
 * tried when throughput keeps rising.  threads[] ascending. */
double vd_sysprobe_useful_concurrency(const double *threads, const double *iops, int n);
/* Device type from what was measured; the kernel's rotational flag only
 * breaks ties (virtual disks often claim to be rotational).  `why` gets a
 * sentence (may be NULL). */
const char *vd_sysprobe_classify(const char *fs_class, int rotational, double rand_read_latency_us,
				 const char *method, vd_buf *why);

#endif
