/*
 * vd_params.h - the one list of vidya's parameters and features.
 *
 * P1..P15 (per block, dynamic totals for one run from the entry point) and
 * X1..X16 (the paper's normalised features).  Everything that names them -
 * the aggregator, the sqlite schema, the views, reports, docs/schema.md -
 * expands these X-macros, so a parameter is described exactly once.
 *
 *   X(column, short name, unit, description)
 */
#ifndef VD_PARAMS_H
#define VD_PARAMS_H

#define VD_PARAMS(X)                                                                              \
	X(p1, "P1", "iterations", "iterations of loops in the block that contain I/O (dynamic)")  \
	X(p2, "P2", "calls", "I/O calls of every class")                                          \
	X(p3, "P3", "bytes", "bytes read + written by data calls")                                \
	X(p4, "P4", "calls", "synchronous (blocking) I/O calls")                                  \
	X(p5, "P5", "calls",                                                                      \
	  "I/O calls executing under a conditional in the block or on its call path")             \
	X(p6, "P6", "calls", "data calls in binary form (not formatted text)")                    \
	X(p7, "P7", "calls", "flush and sync calls, plus writes on O_SYNC/O_DSYNC handles")       \
	X(p8, "P8", "bytes",                                                                      \
	  "bytes of the files used (stat size if known, else predicted from writes)")             \
	X(p9, "P9", "files", "distinct files used (by resolved path, else by opening call site)") \
	X(p10, "P10", "bytes",                                                                    \
	  "space complexity: peak bytes the block allocates (arrays, malloc/calloc/realloc)")     \
	X(p11, "P11", "bytes",                                                                    \
	  "stack size: largest sum of local-variable sizes along call chains in the block")       \
	X(p12, "P12", "calls",                                                                    \
	  "random data accesses (offset from rand/hash/indirection, non-sequential seeks)")       \
	X(p13, "P13", "calls", "small data accesses (fewer bytes than the small-I/O threshold)")  \
	X(p14, "P14", "processes", "application size: number of processes (--nprocs)")            \
	X(p15, "P15", "streams", "storage device concurrency of the target file system (sysprobe)")

#define VD_FEATURES(X)                                                   \
	X(x1, "X1", "P1 / P1 of the program")                            \
	X(x2, "X2", "P2 / P2 of the program")                            \
	X(x3, "X3", "P3 / P3 of the program")                            \
	X(x4, "X4", "P4 / P4 of the program")                            \
	X(x5, "X5", "P5 / P5 of the program")                            \
	X(x6, "X6", "P6 / P6 of the program")                            \
	X(x7, "X7", "P7 / P7 of the program")                            \
	X(x8, "X8", "P8 / P8 of the program")                            \
	X(x9, "X9", "P9 / P9 of the program")                            \
	X(x10, "X10", "P10 / P10 of the program")                        \
	X(x11, "X11", "P11 / P11 of the program")                        \
	X(x12, "X12", "P12 / P12 of the program")                        \
	X(x13, "X13", "P13 / P13 of the program")                        \
	X(x14, "X14", "1 if P14 = P15 else |P14 - P15| / max(P14, P15)") \
	X(x15, "X15", "1 if P12 > 0 else 0")                             \
	X(x16, "X16", "1 if P13 > 0 else 0")

enum {
#define VD_X_(c, n, u, d) VD_##c,
	VD_PARAMS(VD_X_)
#undef VD_X_
		VD_NPARAMS
};
enum {
#define VD_X_(c, n, d) VD_##c,
	VD_FEATURES(VD_X_)
#undef VD_X_
		VD_NFEATURES
};

/* Indices are 0-based: VD_p1 == 0 ... VD_p15 == 14; VD_x1 == 0 ... */

/* unknown_mask bit beyond the parameters: the predicted compute (operation
 * count) rests on an assumed value */
#define VD_UNK_COMPUTE (1u << 15)

extern const char *const vd_param_column[VD_NPARAMS];
extern const char *const vd_param_name[VD_NPARAMS];
extern const char *const vd_param_unit[VD_NPARAMS];
extern const char *const vd_param_desc[VD_NPARAMS];
extern const char *const vd_feature_column[VD_NFEATURES];
extern const char *const vd_feature_name[VD_NFEATURES];
extern const char *const vd_feature_desc[VD_NFEATURES];

#endif
