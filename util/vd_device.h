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
	double seq_read_Bps;        /* sequential read bandwidth, bytes/s, 1 MiB transfers */
	double seq_write_Bps;       /* sequential write bandwidth, bytes/s */
	double rand_read_iops;      /* random 4 KiB reads per second */
	double rand_write_iops;     /* random 4 KiB writes per second */
	double latency_s;           /* per-call latency of a small buffered call */
	double fsync_latency_s;     /* cost of one fsync/fdatasync */
	double meta_latency_s;      /* open/close/stat class calls */
	double small_io_threshold;  /* bytes; below this a transfer is "small" (P13) */
	double concurrency;         /* useful concurrent streams (P15, X14) */
	double cpu_ns_per_op;       /* calibrated cost of one arithmetic/memory op */
	int is_default;             /* 1: these are defaults, not measurements */
	char mount[256];            /* file system the figures describe */
	char fstype[64];
	char method[32];            /* O_DIRECT, fadvise or default */
} vd_device;

void vd_device_defaults(vd_device *out);

#endif
