/*
 * fit.c - ordinary least squares with GSL, backward stepwise selection and
 * the regression statistics of the paper's Table II.
 *
 * The fit is gsl_multifit_wlinear with unit weights, which returns the
 * unscaled (X'X)^-1; standard errors are s * sqrt(diag), s^2 = SSE/(n-k-1).
 * Selection starts from every candidate feature that varies in the
 * training rows and drops, one at a time, the feature with the smallest
 * |t| while it is below 2 (the paper's rule), refitting each time.
 */
#define _GNU_SOURCE
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_multifit.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vd_model.h"

const char *const vd_model_variants[VD_MODEL_NVARIANTS] = { "paper", "absolute", "both",
							    "physics" };
const char *const vd_model_links[2] = { "identity", "logit" };

#define LOGIT_EPS 0.01

/* ---- features ---- */

/* candidate features of each variant */
static const char *const paper_feats[] = { "x1", "x2",  "x3",  "x4",  "x5",  "x6",  "x7",  "x8",
					   "x9", "x10", "x11", "x12", "x13", "x14", "x15", "x16" };
static const char *const abs_feats[] = { "log_p1",   "log_p2",        "log_p3",   "log_p4",
					 "log_p5",   "log_p6",        "log_p7",   "log_p8",
					 "log_p9",   "log_p10",       "log_p11",  "log_p12",
					 "log_p13",  "log_p14",       "log_p15",  "analytic",
					 "log_io_s", "log_compute_s", "log_ratio" };
/* physics: the backbone first (never dropped), then corrections that are
 * not functions of the predicted seconds, so that the prediction stays
 * monotone in the analytic estimate */
static const char *const phys_feats[] = {
	VD_MODEL_BACKBONE, "log_p1",  "log_p2",  "log_p3",
	"log_p4",          "log_p5",  "log_p6",  "log_p7",
	"log_p8",          "log_p9",  "log_p10", "log_p11",
	"log_p12",         "log_p13", "assumed", "assumed_" VD_MODEL_BACKBONE
};

#define MAX_SHIFT 0.5       /* the fitted value stays within this of the analytic estimate */
#define MAX_LOGIT_SHIFT 2.0 /* ... and within this of it in log-odds */
#define COLLINEAR_TOL 1e-8

double vd_model_feature(const char *name, const double raw[VD_NRAW], int *ok)
{
	*ok = 1;
	for (int i = 0; i < VD_NFEATURES; i++)
		if (!strcmp(name, vd_feature_column[i]))
			return raw[VD_NPARAMS + i];
	if (!strncmp(name, "log_", 4)) {
		for (int i = 0; i < VD_NPARAMS; i++)
			if (!strcmp(name + 4, vd_param_column[i]))
				return log10(1 + fmax(raw[i], 0));
		/* seconds: log10 of milliseconds, so 1 ms is 0.3 and 1 s is 3 */
		if (!strcmp(name, "log_io_s"))
			return log10(1 + 1000 * fmax(raw[VD_RAW_IO_S], 0));
		if (!strcmp(name, "log_compute_s"))
			return log10(1 + 1000 * fmax(raw[VD_RAW_COMPUTE_S], 0));
	}
	if (!strcmp(name, "analytic"))
		return raw[VD_RAW_ANALYTIC];
	if (!strcmp(name, "assumed"))
		return raw[VD_RAW_ASSUMED];
	if (!strcmp(name, "assumed_" VD_MODEL_BACKBONE))
		return raw[VD_RAW_ASSUMED] ? vd_model_feature(VD_MODEL_BACKBONE, raw, ok) : 0;
	if (!strcmp(name, VD_MODEL_BACKBONE))
		return fmin(fmax(log((fmax(raw[VD_RAW_IO_S], 0) + 1e-7) /
				     (fmax(raw[VD_RAW_COMPUTE_S], 0) + 1e-7)),
				 -9),
			    9);
	/* the analytic estimate unsaturated: log10 of predicted I/O over
	 * compute seconds (1 us floor), within [-6, 6] */
	if (!strcmp(name, "log_ratio"))
		return fmin(fmax(log10((fmax(raw[VD_RAW_IO_S], 0) + 1e-6) /
				       (fmax(raw[VD_RAW_COMPUTE_S], 0) + 1e-6)),
				 -6),
			    6);
	*ok = 0;
	return 0;
}

static int variant_features(const char *variant, const char **names, int *n)
{
	*n = 0;
	if (!strcmp(variant, "physics")) {
		for (size_t i = 0; i < sizeof phys_feats / sizeof *phys_feats; i++)
			names[(*n)++] = phys_feats[i];
		return 0;
	}
	int paper = !strcmp(variant, "paper") || !strcmp(variant, "both");
	int absolute = !strcmp(variant, "absolute") || !strcmp(variant, "both");
	if (!paper && !absolute) {
		vd_error_set("unknown model variant '%s' (paper, absolute, both or physics)",
			     variant);
		return VD_ERROR;
	}
	if (paper)
		for (size_t i = 0; i < sizeof paper_feats / sizeof *paper_feats; i++)
			names[(*n)++] = paper_feats[i];
	if (absolute)
		for (size_t i = 0; i < sizeof abs_feats / sizeof *abs_feats; i++)
			names[(*n)++] = abs_feats[i];
	return 0;
}

static double logit(double y)
{
	y = fmin(fmax(y, LOGIT_EPS), 1 - LOGIT_EPS);
	return log(y / (1 - y));
}

/* ---- one OLS fit ---- */

typedef struct ols {
	double *coef, *se, *t;
	double sse, sst, ymean, ysd;
} ols;

/* X: n x (k+1) with the intercept column first; wt: weights (NULL: 1) */
static int ols_fit(const double *X, const double *y, const double *wt, size_t n, int k, ols *o)
{
	int p = k + 1;
	if ((long)n <= p) {
		vd_error_set("%zu observations are too few for %d features", n, k);
		return VD_ERROR;
	}
	gsl_matrix *m = gsl_matrix_alloc(n, (size_t)p),
		   *cov = gsl_matrix_alloc((size_t)p, (size_t)p);
	gsl_vector *yv = gsl_vector_alloc(n), *w = gsl_vector_alloc(n),
		   *c = gsl_vector_alloc((size_t)p);
	gsl_multifit_linear_workspace *ws = gsl_multifit_linear_alloc(n, (size_t)p);
	int rc = VD_ERROR;
	if (!m || !cov || !yv || !w || !c || !ws) {
		vd_error_set("out of memory fitting the model");
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		for (int j = 0; j < p; j++)
			gsl_matrix_set(m, i, (size_t)j, X[i * (size_t)p + (size_t)j]);
		gsl_vector_set(yv, i, y[i]);
		gsl_vector_set(w, i, wt ? wt[i] : 1.0);
	}
	double chisq;
	if (gsl_multifit_wlinear(m, w, yv, c, cov, &chisq, ws) != GSL_SUCCESS) {
		vd_error_set("the least-squares fit failed");
		goto done;
	}
	double mean = 0;
	for (size_t i = 0; i < n; i++)
		mean += y[i];
	mean /= (double)n;
	double sst = 0;
	for (size_t i = 0; i < n; i++)
		sst += (y[i] - mean) * (y[i] - mean);
	o->sse = chisq;
	o->sst = sst;
	o->ymean = mean;
	o->ysd = n > 1 ? sqrt(sst / (double)(n - 1)) : 0;
	double s2 = chisq / (double)(n - (size_t)p);
	for (int j = 0; j < p; j++) {
		o->coef[j] = gsl_vector_get(c, (size_t)j);
		double v = s2 * gsl_matrix_get(cov, (size_t)j, (size_t)j);
		o->se[j] = v > 0 ? sqrt(v) : 0;
		o->t[j] = o->se[j] > 0 ? o->coef[j] / o->se[j] : 0;
	}
	rc = 0;
done:
	gsl_matrix_free(m);
	gsl_matrix_free(cov);
	gsl_vector_free(yv);
	gsl_vector_free(w);
	gsl_vector_free(c);
	if (ws)
		gsl_multifit_linear_free(ws);
	return rc;
}

/* The fractional logit model (quasi-binomial GLM, logit link) by
 * iteratively reweighted least squares: the measured fraction y is fitted
 * in its own scale, sigma(X b) against y, instead of an OLS of logit(y)
 * whose clamped 0s and 1s would dominate the squares.  Standard errors
 * from the last weighted fit (Pearson dispersion); sse, sst, mean and sd
 * of the dependent in the fraction scale. */
static int irls_fit(const double *X, const double *y, size_t n, int k, ols *o)
{
	int p = k + 1, rc = VD_ERROR;
	double *z = vd_xmalloc((n ? n : 1) * sizeof *z), *w = vd_xmalloc((n ? n : 1) * sizeof *w);
	double *beta = vd_xcalloc((size_t)p, sizeof *beta);
	/* start: OLS of the clamped logit */
	for (size_t i = 0; i < n; i++)
		z[i] = logit(y[i]);
	if (ols_fit(X, z, NULL, n, k, o) != 0)
		goto done;
	for (int it = 0; it < 50; it++) {
		double change = 0;
		for (int j = 0; j < p; j++) {
			change = fmax(change, fabs(o->coef[j] - beta[j]));
			beta[j] = o->coef[j];
		}
		if (it > 0 && change < 1e-8)
			break;
		for (size_t i = 0; i < n; i++) {
			double eta = 0;
			for (int j = 0; j < p; j++)
				eta += X[i * (size_t)p + (size_t)j] * beta[j];
			eta = fmin(fmax(eta, -30), 30);
			double mu = 1 / (1 + exp(-eta));
			double v = fmax(mu * (1 - mu), 1e-6);
			w[i] = v;
			z[i] = eta + (y[i] - mu) / v;
		}
		if (ols_fit(X, z, w, n, k, o) != 0)
			goto done;
	}
	double mean = 0, sse = 0, sst = 0;
	for (size_t i = 0; i < n; i++)
		mean += y[i];
	mean /= (double)(n ? n : 1);
	for (size_t i = 0; i < n; i++) {
		double eta = 0;
		for (int j = 0; j < p; j++)
			eta += X[i * (size_t)p + (size_t)j] * o->coef[j];
		double mu = 1 / (1 + exp(-fmin(fmax(eta, -30), 30)));
		sse += (y[i] - mu) * (y[i] - mu);
		sst += (y[i] - mean) * (y[i] - mean);
	}
	o->sse = sse;
	o->sst = sst;
	o->ymean = mean;
	o->ysd = n > 1 ? sqrt(sst / (double)(n - 1)) : 0;
	rc = 0;
done:
	free(z);
	free(w);
	free(beta);
	return rc;
}

/* ---- the model ---- */

void vd_model_free(vd_model *m)
{
	if (!m)
		return;
	for (int i = 0; i < m->k; i++)
		free(m->names[i]);
	free(m->names);
	free(m->coef);
	free(m->se);
	free(m->t);
	free(m->variant);
	free(m->link);
	free(m->provenance);
	free(m->lo);
	free(m->hi);
	for (int i = 0; i < m->ndropped; i++) {
		free(m->dropped[i]);
		free(m->dropped_why[i]);
	}
	free(m->dropped);
	free(m->dropped_why);
	free(m);
}

/* Drops candidates that are linear combinations of the ones before them
 * (modified Gram-Schmidt on the centred columns, in candidate order): a
 * rank-deficient design would be fitted anyway and split weights
 * arbitrarily.  Each dropped candidate is recorded in m with the kept
 * features it is made of. */
static void drop_collinear(const double *F, size_t n, int nc, const char *const *cand, int *keep,
			   vd_model *m)
{
	double *Q = vd_xmalloc((n ? n : 1) * (size_t)nc *
			       sizeof *Q); /* orthonormal basis, column-major */
	double *v = vd_xmalloc((n ? n : 1) * sizeof *v);
	int *basis_of = vd_xmalloc((size_t)nc * sizeof *basis_of), nb = 0;
	m->dropped = vd_xcalloc((size_t)nc, sizeof *m->dropped);
	m->dropped_why = vd_xcalloc((size_t)nc, sizeof *m->dropped_why);
	for (int j = 0; j < nc; j++) {
		if (!keep[j])
			continue;
		double mean = 0, norm0 = 0;
		for (size_t i = 0; i < n; i++)
			mean += F[i * (size_t)nc + (size_t)j];
		mean /= (double)(n ? n : 1);
		for (size_t i = 0; i < n; i++) {
			v[i] = F[i * (size_t)nc + (size_t)j] - mean;
			norm0 += v[i] * v[i];
		}
		double proj[64] = { 0 };
		for (int b = 0; b < nb; b++) {
			double d = 0;
			for (size_t i = 0; i < n; i++)
				d += Q[(size_t)b * n + i] * v[i];
			proj[b] = d;
			for (size_t i = 0; i < n; i++)
				v[i] -= d * Q[(size_t)b * n + i];
		}
		double norm = 0;
		for (size_t i = 0; i < n; i++)
			norm += v[i] * v[i];
		if (norm0 > 0 && norm > COLLINEAR_TOL * norm0) {
			norm = sqrt(norm);
			for (size_t i = 0; i < n; i++)
				Q[(size_t)nb * n + i] = v[i] / norm;
			basis_of[nb++] = j;
			continue;
		}
		/* what it is made of: the kept features with a visible weight in
		 * its least-squares expression by them */
		vd_buf why = VD_BUF_INIT;
		vd_buf_puts(&why, "a linear combination of");
		int named = 0;
		(void)proj;
		gsl_matrix *A = nb ? gsl_matrix_alloc(n, (size_t)nb) : NULL;
		gsl_vector *yv = nb ? gsl_vector_alloc(n) : NULL,
			   *cv = nb ? gsl_vector_alloc((size_t)nb) : NULL;
		gsl_matrix *cov = nb ? gsl_matrix_alloc((size_t)nb, (size_t)nb) : NULL;
		gsl_multifit_linear_workspace *ws =
			nb ? gsl_multifit_linear_alloc(n, (size_t)nb) : NULL;
		double chisq, sdj = sqrt(norm0);
		if (A && yv && cv && cov && ws) {
			for (int b = 0; b < nb; b++) {
				double mb = 0;
				for (size_t i = 0; i < n; i++)
					mb += F[i * (size_t)nc + (size_t)basis_of[b]];
				mb /= (double)n;
				for (size_t i = 0; i < n; i++)
					gsl_matrix_set(A, i, (size_t)b,
						       F[i * (size_t)nc + (size_t)basis_of[b]] -
							       mb);
			}
			for (size_t i = 0; i < n; i++)
				gsl_vector_set(yv, i, F[i * (size_t)nc + (size_t)j] - mean);
			if (gsl_multifit_linear(A, yv, cv, cov, &chisq, ws) == GSL_SUCCESS)
				for (int b = 0; b < nb; b++) {
					double sb = 0;
					for (size_t i = 0; i < n; i++)
						sb += gsl_matrix_get(A, i, (size_t)b) *
						      gsl_matrix_get(A, i, (size_t)b);
					if (fabs(gsl_vector_get(cv, (size_t)b)) * sqrt(sb) >
					    0.01 * sdj) {
						vd_buf_printf(&why, "%s %s (x %.3g)",
							      named ? "," : "", cand[basis_of[b]],
							      gsl_vector_get(cv, (size_t)b));
						named++;
					}
				}
		}
		if (A)
			gsl_matrix_free(A);
		if (yv)
			gsl_vector_free(yv);
		if (cv)
			gsl_vector_free(cv);
		if (cov)
			gsl_matrix_free(cov);
		if (ws)
			gsl_multifit_linear_free(ws);
		if (!named)
			vd_buf_puts(&why, " the intercept");
		keep[j] = 0;
		m->dropped[m->ndropped] = vd_xstrdup(cand[j]);
		m->dropped_why[m->ndropped] = vd_xstrdup(vd_buf_cstr(&why));
		vd_buf_release(&why);
		m->ndropped++;
	}
	free(Q);
	free(v);
	free(basis_of);
}

/* The candidate features of `variant` and the link: *lg for logit, *phys
 * for the physics variant.  0, or VD_ERROR (said). */
static int fit_setup(const char *variant, const char *link, const char **cand, int *nc, int *lg,
		     int *phys)
{
	if (variant_features(variant, cand, nc) != 0)
		return VD_ERROR;
	*lg = !strcmp(link, "logit");
	if (!*lg && strcmp(link, "identity")) {
		vd_error_set("unknown link '%s' (identity or logit)", link);
		return VD_ERROR;
	}
	*phys = !strcmp(variant, "physics");
	if (*phys && !*lg) {
		vd_error_set("the physics variant has a logit link only (a bounded, monotone "
			     "correction of the analytic estimate)");
		return VD_ERROR;
	}
	return 0;
}

/* the fit's inputs: the candidates' values F (n x nc) and the target y of
 * the rows with I/O in the source */
typedef struct fit_data {
	const char **cand;
	int nc;
	size_t n;
	double *F, *y;
} fit_data;

static double fval(const fit_data *fd, size_t i, int j)
{
	return fd->F[i * (size_t)fd->nc + (size_t)j];
}

/* Backward elimination: fits the kept candidates (keep[j]) and drops the
 * one with the smallest |t| below 2 until none is (the physics variant
 * keeps its backbone, candidate 0).  X: scratch of n x (nc + 1).  The last
 * fit in *o, the candidates left in *nk.  0, or VD_ERROR (said). */
static int eliminate(const fit_data *fd, int phys, int *keep, int *nk, double *X, ols *o)
{
	for (;;) {
		for (size_t i = 0; i < fd->n; i++) {
			double *row = &X[i * (size_t)(*nk + 1)];
			row[0] = 1;
			int c = 1;
			for (int j = 0; j < fd->nc; j++)
				if (keep[j])
					row[c++] = fval(fd, i, j);
		}
		if ((phys ? irls_fit(X, fd->y, fd->n, *nk, o)
			  : ols_fit(X, fd->y, NULL, fd->n, *nk, o)) != 0)
			return VD_ERROR;
		int worst = -1, c = 1;
		double tmin = 2;
		for (int j = 0; j < fd->nc; j++) {
			if (!keep[j])
				continue;
			if (phys && j == 0) { /* the backbone stays */
				c++;
				continue;
			}
			double at = fabs(o->t[c]);
			if (at < tmin) {
				tmin = at;
				worst = j;
			}
			c++;
		}
		if (worst < 0)
			return 0;
		keep[worst] = 0;
		(*nk)--;
		/* compact X for the smaller model on the next pass */
	}
}

/* m's terms from the last fit: the kept candidates' names, coefficients
 * and training ranges */
static void model_terms(vd_model *m, const fit_data *fd, const int *keep, int nk, const ols *o,
			int phys)
{
	m->k = nk;
	m->names = vd_xcalloc((size_t)nk + 1, sizeof *m->names);
	m->coef = vd_xcalloc((size_t)nk + 1, sizeof(double));
	m->se = vd_xcalloc((size_t)nk + 1, sizeof(double));
	m->t = vd_xcalloc((size_t)nk + 1, sizeof(double));
	m->lo = vd_xcalloc((size_t)nk + 1, sizeof(double));
	m->hi = vd_xcalloc((size_t)nk + 1, sizeof(double));
	m->max_shift = phys ? MAX_SHIFT : 0;
	m->max_logit_shift = phys ? MAX_LOGIT_SHIFT : 0;
	m->coef[0] = o->coef[0];
	m->se[0] = o->se[0];
	m->t[0] = o->t[0];
	for (int j = 0, c = 1; j < fd->nc; j++) {
		if (!keep[j])
			continue;
		m->names[c - 1] = vd_xstrdup(fd->cand[j]);
		m->coef[c] = o->coef[c];
		m->se[c] = o->se[c];
		m->t[c] = o->t[c];
		m->lo[c - 1] = INFINITY;
		m->hi[c - 1] = -INFINITY;
		for (size_t i = 0; i < fd->n; i++) {
			double v = fval(fd, i, j);
			m->lo[c - 1] = fmin(m->lo[c - 1], v);
			m->hi[c - 1] = fmax(m->hi[c - 1], v);
		}
		c++;
	}
}

/* m's fit statistics (n rows, nk features) */
static void model_stats(vd_model *m, const ols *o, size_t n, int nk)
{
	long p = nk + 1;
	m->n = (long)n;
	m->r2 = o->sst > 0 ? 1 - o->sse / o->sst : 0;
	m->adj_r2 = n > (size_t)p ? 1 - (1 - m->r2) * (double)(n - 1) / (double)(n - (size_t)p) : 0;
	m->f = nk > 0 && o->sse > 0
		       ? ((o->sst - o->sse) / (double)nk) / (o->sse / (double)(n - (size_t)p))
		       : 0;
	m->f_p = nk > 0 ? gsl_cdf_fdist_Q(m->f, (double)nk, (double)(n - (size_t)p)) : 1;
	m->se_reg = sqrt(o->sse / (double)(n - (size_t)p));
	m->y_mean = o->ymean;
	m->y_sd = o->ysd;
}

int vd_model_fit(const vd_dataset *d, const size_t *rows, size_t nrows, const char *variant,
		 const char *link, vd_model **out)
{
	*out = NULL;
	const char *cand[64];
	int nc, lg, phys;
	if (fit_setup(variant, link, cand, &nc, &lg, &phys) != 0)
		return VD_ERROR;
	size_t total = rows ? nrows : d->n;
	fit_data fd = { cand, nc, 0, NULL, NULL };
	/* the rows with I/O in the source */
	fd.F = vd_xmalloc((total ? total : 1) * (size_t)nc * sizeof *fd.F);
	fd.y = vd_xmalloc((total ? total : 1) * sizeof *fd.y);
	double *X = vd_xmalloc((total ? total : 1) * (size_t)(nc + 1) * sizeof *X);
	int *keep = vd_xcalloc((size_t)nc, sizeof *keep);
	ols o = { 0 };
	o.coef = vd_xcalloc((size_t)nc + 1, sizeof(double));
	o.se = vd_xcalloc((size_t)nc + 1, sizeof(double));
	o.t = vd_xcalloc((size_t)nc + 1, sizeof(double));
	vd_model *m = vd_xcalloc(1, sizeof *m);
	int rc = VD_ERROR;
	for (size_t i = 0; i < total; i++) {
		size_t r = rows ? rows[i] : i;
		const double *raw = &d->raw[r * VD_NRAW];
		if (!vd_model_has_io(raw))
			continue;
		int ok;
		for (int j = 0; j < nc; j++)
			fd.F[fd.n * (size_t)nc + (size_t)j] = vd_model_feature(cand[j], raw, &ok);
		fd.y[fd.n++] = lg && !phys ? logit(d->y[r]) : d->y[r];
	}
	/* candidates that vary in these rows */
	int nk = 0;
	for (int j = 0; j < nc; j++) {
		double lo = INFINITY, hi = -INFINITY;
		for (size_t i = 0; i < fd.n; i++) {
			lo = fmin(lo, fval(&fd, i, j));
			hi = fmax(hi, fval(&fd, i, j));
		}
		keep[j] = fd.n > 0 && hi - lo > 1e-12;
		nk += keep[j];
	}
	m->candidates = nk;
	if (nc > 64) {
		vd_error_set("too many candidate features");
		goto done;
	}
	drop_collinear(fd.F, fd.n, nc, cand, keep, m);
	nk = 0;
	for (int j = 0; j < nc; j++)
		nk += keep[j];
	if (eliminate(&fd, phys, keep, &nk, X, &o) != 0)
		goto done;
	/* the model */
	m->variant = vd_xstrdup(variant);
	m->link = vd_xstrdup(link);
	model_terms(m, &fd, keep, nk, &o, phys);
	double slope_assumed = m->coef[1];
	for (int j = 0; j < m->k; j++)
		if (!strcmp(m->names[j], "assumed_" VD_MODEL_BACKBONE))
			slope_assumed += m->coef[j + 1];
	if (phys && (m->k < 1 || strcmp(m->names[0], VD_MODEL_BACKBONE) || m->coef[1] <= 0 ||
		     slope_assumed <= 0)) {
		vd_error_set("the fit does not increase with the analytic estimate (coefficient of "
			     "%s %.3g): refusing a model that would overturn it",
			     VD_MODEL_BACKBONE, m->k >= 1 ? m->coef[1] : 0);
		goto done;
	}
	model_stats(m, &o, fd.n, nk);
	*out = m;
	m = NULL;
	rc = 0;
done:
	vd_model_free(m);
	free(fd.F);
	free(fd.y);
	free(X);
	free(keep);
	free(o.coef);
	free(o.se);
	free(o.t);
	return rc;
}

double vd_model_predict_note(const vd_model *m, const double raw[VD_NRAW], vd_buf *note)
{
	if (!vd_model_has_io(raw))
		return 0;
	double v = m->coef[0];
	/* how far outside the training range the worst feature lies, in
	 * units of that feature's range */
	double excess = 0;
	int worst = -1;
	double worst_v = 0;
	for (int j = 0; j < m->k; j++) {
		int ok;
		double f = vd_model_feature(m->names[j], raw, &ok);
		v += m->coef[j + 1] * f;
		if (m->lo && m->hi && m->hi[j] > m->lo[j]) {
			double range = m->hi[j] - m->lo[j];
			double out = f < m->lo[j]   ? (m->lo[j] - f) / range
				     : f > m->hi[j] ? (f - m->hi[j]) / range
						    : 0;
			if (out > excess) {
				excess = out;
				worst = j;
				worst_v = f;
			}
		}
	}
	double y = !strcmp(m->link, "logit") ? 1 / (1 + exp(-v)) : fmin(fmax(v, 0), 1);
	double a = raw[VD_RAW_ANALYTIC];
	/* outside the training range: toward the analytic estimate, all the
	 * way at one range's distance */
	if (worst >= 0 && excess > 0.05) {
		double w = fmax(1 - excess, 0);
		y = w * y + (1 - w) * a;
		if (note)
			vd_buf_printf(note,
				      "%s%s = %.3g is outside the training range [%.3g, %.3g]: "
				      "%s the analytic estimate",
				      note->len ? "; " : "", m->names[worst], worst_v, m->lo[worst],
				      m->hi[worst], w > 0 ? "moved toward" : "replaced by");
	}
	/* in log-odds: a correction moves the odds by at most a factor
	 * e^max_logit_shift, so an estimate near 0 or 1 stays near it */
	if (m->max_logit_shift > 0) {
		double aa = fmin(fmax(a, 1e-4), 1 - 1e-4), la = log(aa / (1 - aa));
		double yy = fmin(fmax(y, 1e-9), 1 - 1e-9), ly = log(yy / (1 - yy));
		double lim = ly > la ? la + m->max_logit_shift : la - m->max_logit_shift;
		if (fabs(ly - la) > m->max_logit_shift) {
			double b = 1 / (1 + exp(-lim));
			if (note)
				vd_buf_printf(
					note,
					"%sthe model gives %.3f, beyond odds %.0f times %s than "
					"the analytic estimate %.3f: bounded to %.3f",
					note->len ? "; " : "", y, exp(m->max_logit_shift),
					ly > la ? "higher" : "lower", a, b);
			y = b;
		}
	}
	if (m->max_shift > 0 && fabs(y - a) > m->max_shift) {
		double b = a + (y > a ? m->max_shift : -m->max_shift);
		if (note)
			vd_buf_printf(note,
				      "%sthe model gives %.3f, more than %.2f from the analytic "
				      "estimate %.3f: bounded to %.3f",
				      note->len ? "; " : "", y, m->max_shift, a, b);
		y = b;
	}
	return y;
}

double vd_model_predict(const vd_model *m, const double raw[VD_NRAW])
{
	return vd_model_predict_note(m, raw, NULL);
}

int vd_model_table(const vd_model *m, vd_buf *b)
{
	vd_buf_printf(
		b,
		"CIOC model: %s features, %s link (%d of %d candidate features kept, |t| >= 2)\n\n",
		m->variant, m->link, m->k, m->candidates);
	for (int j = 0; j < m->ndropped; j++)
		vd_buf_printf(b, "%s%s dropped before fitting: %s\n",
			      j ? "" : "collinear: ", m->dropped[j], m->dropped_why[j]);
	if (m->ndropped)
		vd_buf_puts(b, "\n");
	if (m->max_shift > 0)
		vd_buf_printf(b,
			      "monotone in the analytic estimate (%s); predictions within %.2f "
			      "of it and within %.1f of it in log-odds (odds at most %.0f times\n"
			      "higher or lower), and toward it outside the training range\n\n",
			      VD_MODEL_BACKBONE, m->max_shift, m->max_logit_shift,
			      exp(m->max_logit_shift));
	vd_buf_printf(b, "%-16s %12s %12s %9s\n", "variable", "coefficient", "std. error",
		      "t-ratio");
	for (int j = 0; j <= m->k; j++)
		vd_buf_printf(b, "%-16s %12.5g %12.5g %9.3f\n", j ? m->names[j - 1] : "constant",
			      m->coef[j], m->se[j], m->t[j]);
	vd_buf_printf(b,
		      "\nR-squared            %10.4f    observations        %10ld\n"
		      "adjusted R-squared   %10.4f    F-statistic         %10.4g\n"
		      "S.E. of regression   %10.4f    F's degrees         %4d, %5ld\n"
		      "mean of dependent    %10.4f    p-value of F        %10.3g\n"
		      "S.D. of dependent    %10.4f\n",
		      m->r2, m->n, m->adj_r2, m->f, m->se_reg, m->k, m->n - m->k - 1, m->y_mean,
		      m->f_p, m->y_sd);
	if (!strcmp(m->variant, "physics"))
		vd_buf_puts(
			b,
			"(fractional logit: intensity = 1 / (1 + exp(-sum)), fitted in the intensity's\n"
			"own scale by iteratively reweighted least squares; R-squared in that scale)\n");
	else if (!strcmp(m->link, "logit"))
		vd_buf_puts(
			b,
			"(the dependent variable is logit(intensity), intensity clamped to [0.01, 0.99])\n");
	if (m->provenance)
		vd_buf_printf(b, "\n%s\n", m->provenance);
	return 0;
}
