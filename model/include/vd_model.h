/*
 * vd_model.h - the CIOC regression: a multilinear model fitted with GSL on
 * measured block intensities (data/training/), stepwise as in the paper
 * (variables with |t| < 2 dropped one at a time), evaluated by leaving one
 * application out, and stored as XML (libxml2).
 *
 * A model predicts a block's I/O intensity from its "raw" values, the ones
 * the analysis stores per block: P1..P15, X1..X16, the device model's
 * predicted I/O and compute seconds, and the analytic CIOC.  Features are
 * named transforms of those (x3, log_p3, analytic, ...); the model file
 * names its features, so any model can be applied to any analysis.
 * Blocks without I/O in the source (P2 = 0) are not modelled: their
 * intensity is 0.
 */
#ifndef VD_MODEL_H
#define VD_MODEL_H

#include <stddef.h>

#include "vd_analyzer.h"
#include "vd_util.h"

/* raw values: p1..p15, x1..x16, then these three */
enum {
	VD_RAW_IO_S = VD_NPARAMS + VD_NFEATURES,
	VD_RAW_COMPUTE_S,
	VD_RAW_ANALYTIC,
	VD_RAW_ASSUMED, /* 1: the I/O count, bytes or compute rest on an assumed value */
	VD_NRAW
};

/* the raw values of an analyzed block */
void vd_model_raw(const vd_block *b, double raw[VD_NRAW]);

/* 1 when the block has I/O calls in the source (P2 > 0): only those are
 * modelled, the others have intensity 0 */
static inline int vd_model_has_io(const double raw[VD_NRAW])
{
	return raw[VD_p2] > 0;
}

/* ---- training data ---- */

typedef struct vd_dataset {
	size_t n;
	double *raw;  /* n x VD_NRAW */
	double *y;    /* measured intensity */
	double *wall; /* measured wall seconds */
	const char **app, **config, **block_id, **kind;
	int *run; /* one number per (app, config, rep): blocks measured together */
	vd_arena *arena;
} vd_dataset;

/* data/training/blocks.csv as model/build_dataset.sh writes it */
int vd_dataset_load(vd_dataset **out, const char *path);
void vd_dataset_free(vd_dataset *d);

/* ---- models ---- */

/* feature sets: "paper" (X1..X16, shares of the application), "absolute"
 * (log-scaled P values and the device model's estimates), "both", and
 * "physics": the analytic estimate as the backbone (logit_analytic, always
 * kept, its coefficient positive) corrected by log-scaled P values; logit
 * link only */
#define VD_MODEL_NVARIANTS 4
extern const char *const vd_model_variants[VD_MODEL_NVARIANTS];
/* links: "identity" (prediction clamped to [0, 1]) or "logit" (fitted on
 * logit(y), predicted through the logistic function) */
extern const char *const vd_model_links[2];

typedef struct vd_model {
	char *variant, *link;
	int k;                 /* features kept (without the intercept) */
	char **names;          /* k feature names */
	double *coef, *se, *t; /* k + 1 each: [0] is the intercept */
	double r2, adj_r2, f, f_p, se_reg, y_mean, y_sd;
	long n;           /* observations fitted */
	int candidates;   /* features before the stepwise selection */
	char *provenance; /* free text: data, date, vidya version */
	/* the range of each kept feature in the training rows (k each; NULL:
	 * not recorded, no range check) */
	double *lo, *hi;
	/* candidates dropped before fitting because they are linear
	 * combinations of others (the design would be rank-deficient) */
	int ndropped;
	char **dropped, **dropped_why;
	/* the fitted value stays within max_shift of the analytic estimate
	 * (0: no bound) */
	double max_shift;
	/* ... and within this of it in log-odds (0: no bound) */
	double max_logit_shift;
} vd_model;

/* the backbone feature of the physics variant: ln(predicted I/O seconds /
 * predicted compute seconds), 0.1 us floors, within [-9, 9] -
 * logit(analytic) */
#define VD_MODEL_BACKBONE "logit_analytic"

/* The value of feature `name` for a block's raw values; 0 and *ok = 0 for
 * an unknown name. */
double vd_model_feature(const char *name, const double raw[VD_NRAW], int *ok);

/* Fits on the rows `rows` (NULL: all) of d with I/O in the source. */
int vd_model_fit(const vd_dataset *d, const size_t *rows, size_t nrows, const char *variant,
		 const char *link, vd_model **out);
/* predicted intensity, 0..1 */
double vd_model_predict(const vd_model *m, const double raw[VD_NRAW]);
/* The same, and when the value is not plainly the model's, a sentence
 * saying why appended to `note` (may be NULL): features outside the
 * training range (the value moves toward the analytic estimate), the
 * max_shift bound. */
double vd_model_predict_note(const vd_model *m, const double raw[VD_NRAW], vd_buf *note);

/* The model on a block's own work: the block's features with its
 * predicted I/O and compute seconds replaced by io_s and compute_s (the
 * analytic estimate and the backbone follow them); 0 without I/O seconds
 * or I/O calls.  m NULL: the analytic estimate io_s / (io_s + compute_s). */
double vd_model_predict_own(const vd_model *m, const double raw[VD_NRAW], double io_s,
			    double compute_s, vd_buf *note);

/* How a block's score was put together from its parts (vd_model_aggregate). */
typedef struct vd_model_agg {
	double parts_t;  /* predicted seconds of its parts */
	double parts_io; /* fitted I/O seconds of its parts: sum of part CIOC x part seconds */
	double own_t;    /* predicted seconds outside its parts (its own work) */
	double own_cioc; /* the model's score of that own work */
	int nparts;
} vd_model_agg;

/* Consistent scores over a tree of blocks.  raw: n x VD_NRAW; part_of[i]:
 * the block block i is a part of (-1: none); parts of one block are
 * disjoint pieces of its predicted seconds.  cioc[i] holds each block's
 * own prediction on entry; a block with parts gets, on return, its fitted
 * I/O seconds over its seconds: the parts' fitted I/O seconds (scored this
 * way first) plus its own work's (its predicted seconds outside the parts,
 * scored by vd_model_predict_own), so its CIOC lies between the lowest
 * and highest of its parts' and own work's.  When the parts add up to
 * more than the block (recursion), they are weighed by their own seconds.
 * agg (may be NULL): n records of how each score was made. */
void vd_model_aggregate(const vd_model *m, size_t n, const double *raw, const long *part_of,
			double *cioc, vd_model_agg *agg);

/* Scores every block of an analysis with the model (cioc, cioc_note), then
 * makes every function, loop, branch and call block consistent with its
 * parts (vd_model_aggregate): the loop, call and branch blocks directly
 * inside it; the program block's part is the entry function.  I/O sites
 * are scored by the analytic estimate and belong to their block's own
 * work; file blocks keep the model's score.  m NULL: the analytic
 * estimate. */
int vd_model_score_result(const vd_model *m, vd_result *r);
void vd_model_free(vd_model *m);

/* the paper's Table II for the model, as text */
int vd_model_table(const vd_model *m, vd_buf *out);

int vd_model_save(const vd_model *m, const char *path);
int vd_model_load(vd_model **out, const char *path);

/* ---- evaluation: leave one application out ---- */

typedef struct vd_eval_app {
	const char *app;
	size_t n; /* held-out records */
	double mae;
	int runs,
		top_first; /* runs of the app, runs whose top predicted block is the top measured */
} vd_eval_app;

typedef struct vd_eval {
	const char *variant, *link;
	size_t n;
	double mae, rmse, spearman;
	int napps, apps_top_first; /* apps whose top block is ranked first in most runs */
	int runs, runs_top_first;
	size_t n_function;   /* held-out function blocks (the unit users see) */
	double mae_function; /* MAE over those alone */
	vd_eval_app *apps;   /* napps */
} vd_eval;

int vd_model_loao(const vd_dataset *d, const char *variant, const char *link, vd_eval *out);
void vd_eval_release(vd_eval *e);

/* the analytic CIOC alone (no fit), evaluated the same way, for reference */
int vd_model_eval_analytic(const vd_dataset *d, vd_eval *out);

#endif
