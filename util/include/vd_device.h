/*
 * vd_device.h - the storage and CPU figures that turn parameters into time.
 *
 * Produced by `vidya sysprobe` (measured) or by vd_device_defaults()
 * (documented defaults, flagged is_default); stored in the database
 * (system_profiles) and read by `vidya analyze` for P13, P15 and the
 * predicted I/O and compute seconds of every block.
 */
#ifndef VD_DEVICE_H
#define VD_DEVICE_H

typedef struct vd_device {
	double seq_read_Bps;       /* sequential read bandwidth, bytes/s, 1 MiB transfers */
	double seq_write_Bps;      /* sequential write bandwidth, bytes/s */
	double rand_read_iops;     /* random 4 KiB reads per second */
	double rand_write_iops;    /* random 4 KiB writes per second */
	double latency_s;          /* per-call latency of a small buffered call */
	double fsync_latency_s;    /* cost of one fsync/fdatasync */
	double meta_latency_s;     /* open/close/stat class calls */
	double small_io_threshold; /* bytes; below this a transfer is "small" (P13) */
	double concurrency;        /* useful concurrent streams (P15, X14) */
	double cpu_ns_per_op;      /* calibrated cost of one arithmetic/memory op */
	/* the page cache and buffered calls (0: not measured, defaults apply) */
	double stdio_call_s;      /* one buffered stdio call (fprintf of a short line, fgets) */
	double cache_read_Bps;    /* read() of data in the page cache, bytes/s */
	double cache_write_Bps;   /* write() into the page cache, bytes/s */
	double flush_Bps;         /* dirty bytes written back by fsync, bytes/s */
	double dirty_limit_bytes; /* dirty bytes the kernel holds before writers block */
	double cache_bytes;       /* memory the page cache can use (MemAvailable) */
	/* libc compute calls, ns (per call unless said) */
	double scan_ns;         /* sscanf of a short line, several conversions */
	double format_ns;       /* snprintf of a short line, several conversions */
	double strtod_ns;       /* strtod / atof */
	double atoi_ns;         /* atoi / strtol */
	double mem_ns_per_byte; /* memcpy / memset / memmove, per byte */
	double sort_ns_per_cmp; /* qsort, per n log2 n */
	double math_ns;         /* exp / log / sin / cos / pow / sqrt */
	/* appended in schema 3 too: file creation and removal, s per call */
	double create_latency_s; /* open(O_CREAT) of a new file, write of 4 KiB, close */
	double unlink_latency_s; /* unlink of such a file */
	int is_default;          /* 1: these are defaults, not measurements */
	char mount[256];         /* file system the figures describe */
	char fstype[64];
	char method[32];   /* O_DIRECT, fadvise or default */
	char profile[192]; /* the profile these figures come from: its cache
				     * key and creation time, "" when not from a probe */
} vd_device;

void vd_device_defaults(vd_device *out);

#endif
