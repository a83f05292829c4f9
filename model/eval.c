/*
 * eval.c - leave-one-application-out cross-validation.  For each
 * application of the dataset, the model is fitted on the other
 * applications only and predicts every block of the held-out one; the
 * errors are pooled over all held-out blocks.
 *
 * "Top block ranked first": within one run (an application in one
 * configuration), the block the model predicts most I/O-intensive is
 * among the most intensive measured (within 0.02 of the largest measured
 * intensity: a loop and the function around it often measure the same).
 * An application counts when that holds in most of its runs.
 */
#define _GNU_SOURCE
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vd_model.h"

#define TOP_TIE 0.02

void vd_eval_release(vd_eval *e)
{
	free(e->apps);
	memset(e, 0, sizeof *e);
}

/* the distinct applications in order of appearance */
static void app_list(const vd_dataset *d, const char ***apps, int *napps)
{
	*apps = vd_xmalloc(d->n * sizeof **apps);
	*napps = 0;
	for (size_t i = 0; i < d->n; i++) {
		int seen = 0;
		for (int a = 0; a < *napps && !seen; a++)
			seen = !strcmp((*apps)[a], d->app[i]);
		if (!seen)
			(*apps)[(*napps)++] = d->app[i];
	}
}

/* metrics of predictions `pred` against d->y */
static int score(const vd_dataset *d, const double *pred, const char **apps, int napps, vd_eval *e)
{
	e->n = d->n;
	e->napps = napps;
	e->apps = vd_xcalloc((size_t)napps, sizeof *e->apps);
	double *work = vd_xmalloc(2 * d->n * sizeof *work);
	int maxrun = 0;
	for (size_t i = 0; i < d->n; i++)
		if (d->run[i] > maxrun)
			maxrun = d->run[i];
	double *best_meas = vd_xmalloc(((size_t)maxrun + 1) * sizeof(double));
	double *best_pred = vd_xmalloc(((size_t)maxrun + 1) * sizeof(double));
	double *meas_at_best = vd_xmalloc(((size_t)maxrun + 1) * sizeof(double));
	int *run_app = vd_xmalloc(((size_t)maxrun + 1) * sizeof(int));
	double sae = 0, sse = 0;
	for (int a = 0; a < napps; a++)
		e->apps[a].app = apps[a];
	for (int r = 0; r <= maxrun; r++) {
		best_meas[r] = -1;
		best_pred[r] = -INFINITY;
		meas_at_best[r] = -1;
		run_app[r] = -1;
	}
	for (size_t i = 0; i < d->n; i++) {
		double err = pred[i] - d->y[i];
		sae += fabs(err);
		sse += err * err;
		int a = 0;
		while (a < napps && strcmp(apps[a], d->app[i]))
			a++;
		e->apps[a].n++;
		e->apps[a].mae += fabs(err);
		if (!strcmp(d->kind[i], "function")) {
			e->n_function++;
			e->mae_function += fabs(err);
		}
		int r = d->run[i];
		run_app[r] = a;
		if (d->y[i] > best_meas[r])
			best_meas[r] = d->y[i];
		if (pred[i] > best_pred[r]) {
			best_pred[r] = pred[i];
			meas_at_best[r] = d->y[i];
		}
	}
	for (int r = 0; r <= maxrun; r++) {
		if (run_app[r] < 0)
			continue;
		vd_eval_app *ea = &e->apps[run_app[r]];
		int top = meas_at_best[r] >= best_meas[r] - TOP_TIE;
		ea->runs++;
		ea->top_first += top;
		e->runs++;
		e->runs_top_first += top;
	}
	for (int a = 0; a < napps; a++) {
		if (e->apps[a].n)
			e->apps[a].mae /= (double)e->apps[a].n;
		e->apps_top_first += 2 * e->apps[a].top_first > e->apps[a].runs;
	}
	e->mae = sae / (double)d->n;
	if (e->n_function)
		e->mae_function /= (double)e->n_function;
	e->rmse = sqrt(sse / (double)d->n);
	e->spearman = d->n > 2 ? gsl_stats_spearman(pred, 1, d->y, 1, d->n, work) : 0;
	free(work);
	free(best_meas);
	free(best_pred);
	free(meas_at_best);
	free(run_app);
	return 0;
}

/* The parent/child consistency of vd_model_score_result, as far as the
 * records show the tree: a record is a part of the nearest record, in the
 * same run, whose id is a prefix of its own at a '/' (a loop of its
 * function, perhaps through a branch, which is not a record); calls are
 * not records, so a callee's seconds stay in the caller's own work.  rows:
 * the n records of one application, predicted by m; pred is indexed by
 * record. */
static void consistent(const vd_dataset *d, const vd_model *m, const size_t *rows, size_t n,
		       double *pred)
{
	if (!n)
		return;
	double *raw = vd_xmalloc(n * VD_NRAW * sizeof *raw);
	double *cioc = vd_xmalloc(n * sizeof *cioc);
	long *part_of = vd_xmalloc(n * sizeof *part_of);
	for (size_t a = 0; a < n; a++) {
		size_t i = rows[a];
		memcpy(&raw[a * VD_NRAW], &d->raw[i * VD_NRAW], VD_NRAW * sizeof *raw);
		cioc[a] = pred[i];
		part_of[a] = -1;
		const char *id = d->block_id[i];
		for (size_t plen = strlen(id); part_of[a] < 0 && plen > 0;) {
			while (plen > 0 && id[plen - 1] != '/')
				plen--;
			if (plen-- == 0)
				break;
			for (size_t b = 0; b < n; b++) {
				size_t j = rows[b];
				if (d->run[j] == d->run[i] && strlen(d->block_id[j]) == plen &&
				    !strncmp(d->block_id[j], id, plen)) {
					part_of[a] = (long)b;
					break;
				}
			}
		}
	}
	vd_model_aggregate(m, n, raw, part_of, cioc, NULL);
	for (size_t a = 0; a < n; a++)
		pred[rows[a]] = cioc[a];
	free(part_of);
	free(cioc);
	free(raw);
}

int vd_model_loao(const vd_dataset *d, const char *variant, const char *link, vd_eval *out)
{
	memset(out, 0, sizeof *out);
	out->variant = variant;
	out->link = link;
	const char **apps = NULL;
	int napps = 0, rc = VD_ERROR;
	double *pred = vd_xmalloc(d->n * sizeof *pred);
	size_t *rows = vd_xmalloc(d->n * sizeof *rows);
	app_list(d, &apps, &napps);
	for (int a = 0; a < napps; a++) {
		size_t nr = 0;
		for (size_t i = 0; i < d->n; i++)
			if (strcmp(d->app[i], apps[a]))
				rows[nr++] = i;
		vd_model *m = NULL;
		if (vd_model_fit(d, rows, nr, variant, link, &m) != 0)
			goto done;
		nr = 0;
		for (size_t i = 0; i < d->n; i++)
			if (!strcmp(d->app[i], apps[a])) {
				pred[i] = vd_model_predict(m, &d->raw[i * VD_NRAW]);
				rows[nr++] = i;
			}
		consistent(d, m, rows, nr, pred);
		vd_model_free(m);
	}
	rc = score(d, pred, apps, napps, out);
done:
	free(apps);
	free(pred);
	free(rows);
	return rc;
}

int vd_model_eval_analytic(const vd_dataset *d, vd_eval *out)
{
	memset(out, 0, sizeof *out);
	out->variant = "analytic";
	out->link = "none";
	const char **apps = NULL;
	int napps = 0;
	double *pred = vd_xmalloc(d->n * sizeof *pred);
	app_list(d, &apps, &napps);
	for (size_t i = 0; i < d->n; i++) {
		const double *raw = &d->raw[i * VD_NRAW];
		pred[i] = vd_model_has_io(raw) ? raw[VD_RAW_ANALYTIC] : 0;
	}
	int rc = score(d, pred, apps, napps, out);
	free(apps);
	free(pred);
	return rc;
}
