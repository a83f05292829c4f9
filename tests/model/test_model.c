/*
 * test_model.c - the CIOC regression on synthetic data whose truth is
 * known: coefficients are recovered, noise features are dropped by the
 * |t| < 2 rule, statistics match their definitions, the model file reads
 * back exactly, and leave-one-application-out reports what it should.
 */
#define _GNU_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "vd_model.h"

/* deterministic uniform [0, 1) */
static double rnd(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(*s >> 11) / 9007199254740992.0;
}

/* A CSV of `napps` applications x `runs` runs x `blocks` blocks where
 * intensity = 0.1 + 0.6 * analytic + 0.2 * x7 (+ small noise); x3 and p10
 * are noise features.  Returns the path (caller unlinks and frees). */
static char *write_csv(int napps, int runs, int blocks, double noise)
{
	char *path = strdup("/tmp/vidya-model-test.XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	assert_non_null(f);
	fprintf(f, "app,family,config,rep,block_id,kind,line");
	for (int i = 0; i < VD_NPARAMS; i++)
		fprintf(f, ",%s", vd_param_column[i]);
	for (int i = 0; i < VD_NFEATURES; i++)
		fprintf(f, ",%s", vd_feature_column[i]);
	fprintf(f, ",pred_io_s,pred_compute_s,analytic,wall_s,io_s,io_ops,io_bytes,intensity\n");
	uint64_t s = 42;
	for (int a = 0; a < napps; a++)
		for (int r = 0; r < runs; r++)
			for (int b = 0; b < blocks; b++) {
				double analytic = rnd(&s), x7 = rnd(&s), x3 = rnd(&s);
				double p10 = 1000 * rnd(&s);
				double y =
					0.1 + 0.6 * analytic + 0.2 * x7 + noise * (rnd(&s) - 0.5);
				fprintf(f, "app%d,other,c%d,1,app%d.c:f%d,function,%d", a, r, a, b,
					b + 1);
				for (int i = 0; i < VD_NPARAMS; i++)
					fprintf(f, ",%g", i == 1 ? 10.0 : i == 9 ? p10 : 0.0);
				for (int i = 0; i < VD_NFEATURES; i++)
					fprintf(f, ",%g", i == 6 ? x7 : i == 2 ? x3 : 0.0);
				/* the analytic estimate is io / (io + compute) of these two */
				fprintf(f, ",%.17g,%.17g,%g,1.0,0.5,10,4096,%g\n", analytic,
					1 - analytic, analytic, y);
			}
	fclose(f);
	return path;
}

static double coef_of(const vd_model *m, const char *name)
{
	for (int j = 0; j < m->k; j++)
		if (!strcmp(m->names[j], name))
			return m->coef[j + 1];
	return NAN;
}

static void test_recovers_coefficients(void **state)
{
	(void)state;
	char *csv = write_csv(4, 5, 20, 0.02);
	vd_dataset *d = NULL;
	assert_int_equal(vd_dataset_load(&d, csv), 0);
	assert_int_equal(d->n, 400);
	vd_model *m = NULL;
	assert_int_equal(vd_model_fit(d, NULL, 0, "both", "identity", &m), 0);
	/* the two real features stay, the noise goes */
	assert_true(fabs(coef_of(m, "analytic") - 0.6) < 0.01);
	assert_true(fabs(coef_of(m, "x7") - 0.2) < 0.01);
	assert_true(fabs(m->coef[0] - 0.1) < 0.01);
	assert_true(isnan(coef_of(m, "x3")) || fabs(coef_of(m, "x3")) < 0.01);
	for (int j = 0; j <= m->k; j++)
		if (j > 0)
			assert_true(fabs(m->t[j]) >= 2);
	assert_true(m->r2 > 0.98 && m->r2 <= 1);
	assert_true(m->adj_r2 <= m->r2);
	assert_true(m->f > 100 && m->f_p < 1e-10);
	/* residual S.E. of uniform noise of width 0.02: 0.02 / sqrt(12) */
	assert_true(fabs(m->se_reg - 0.02 / sqrt(12)) < 0.002);
	assert_int_equal(m->n, 400);
	/* prediction */
	double raw[VD_NRAW] = { 0 };
	raw[1] = 5;
	raw[VD_RAW_ANALYTIC] = 0.5;
	raw[VD_NPARAMS + 6] = 0.5;
	assert_true(fabs(vd_model_predict(m, raw) - 0.5) < 0.02);
	raw[1] = 0; /* no I/O in the block: 0 */
	assert_true(vd_model_predict(m, raw) == 0);

	/* the table names every kept feature and the statistics */
	vd_buf b = VD_BUF_INIT;
	assert_int_equal(vd_model_table(m, &b), 0);
	assert_non_null(strstr(b.ptr, "analytic"));
	assert_non_null(strstr(b.ptr, "adjusted R-squared"));
	assert_non_null(strstr(b.ptr, "S.E. of regression"));
	vd_buf_release(&b);

	/* the model file reads back exactly */
	char xml[] = "/tmp/vidya-model-xml.XXXXXX";
	int fd = mkstemp(xml);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(vd_model_save(m, xml), 0);
	vd_model *back = NULL;
	assert_int_equal(vd_model_load(&back, xml), 0);
	assert_int_equal(back->k, m->k);
	for (int j = 0; j <= m->k; j++)
		assert_true(back->coef[j] == m->coef[j]);
	assert_true(back->r2 == m->r2);
	assert_string_equal(back->link, "identity");
	raw[1] = 5;
	assert_true(vd_model_predict(back, raw) == vd_model_predict(m, raw));
	vd_model_free(back);
	unlink(xml);

	vd_model_free(m);
	vd_dataset_free(d);
	unlink(csv);
	free(csv);
}

static void test_logit_link(void **state)
{
	(void)state;
	char *csv = write_csv(3, 4, 20, 0.0);
	vd_dataset *d = NULL;
	assert_int_equal(vd_dataset_load(&d, csv), 0);
	vd_model *m = NULL;
	assert_int_equal(vd_model_fit(d, NULL, 0, "absolute", "logit", &m), 0);
	double raw[VD_NRAW] = { 0 };
	raw[1] = 5;
	for (double a = 0; a <= 1; a += 0.25) {
		raw[VD_RAW_ANALYTIC] = a;
		double p = vd_model_predict(m, raw);
		assert_true(p > 0 && p < 1);
	}
	vd_model_free(m);
	vd_dataset_free(d);
	unlink(csv);
	free(csv);
}

static void test_loao(void **state)
{
	(void)state;
	char *csv = write_csv(4, 5, 10, 0.02);
	vd_dataset *d = NULL;
	assert_int_equal(vd_dataset_load(&d, csv), 0);
	vd_eval e;
	assert_int_equal(vd_model_loao(d, "both", "identity", &e), 0);
	assert_int_equal(e.napps, 4);
	assert_int_equal(e.runs, 20);
	assert_true(e.mae < 0.02);
	assert_true(e.spearman > 0.95);
	/* with almost no noise the top block is found in nearly every run */
	assert_true(e.runs_top_first >= 18);
	assert_int_equal(e.apps_top_first, 4);
	/* every record here is a function block */
	assert_int_equal(e.n_function, e.n);
	assert_true(fabs(e.mae_function - e.mae) < 1e-12);
	vd_eval_release(&e);
	/* the paper's shares alone cannot see the analytic estimate */
	assert_int_equal(vd_model_loao(d, "paper", "identity", &e), 0);
	assert_true(e.mae > 0.05);
	vd_eval_release(&e);
	vd_dataset_free(d);
	unlink(csv);
	free(csv);
}

/* the analytic feature comes from pred_io_s and pred_compute_s, as at
 * prediction time (vd_model_raw), whatever the file's analytic column says
 * (a run scored by a model stores the model's output there) */
static void test_analytic_from_predictions(void **state)
{
	(void)state;
	char path[] = "/tmp/vidya-model-analytic.XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	assert_non_null(f);
	fprintf(f, "app,family,config,rep,block_id,kind,line");
	for (int i = 0; i < VD_NPARAMS; i++)
		fprintf(f, ",%s", vd_param_column[i]);
	for (int i = 0; i < VD_NFEATURES; i++)
		fprintf(f, ",%s", vd_feature_column[i]);
	fprintf(f, ",pred_io_s,pred_compute_s,analytic,wall_s,io_s,io_ops,io_bytes,intensity\n");
	fprintf(f, "a,other,c,1,a.c:f,function,1");
	for (int i = 0; i < VD_NPARAMS + VD_NFEATURES; i++)
		fprintf(f, ",%d", i == 1 ? 4 : 0);
	fprintf(f, ",0.25,0.75,0.9,1.0,0.3,4,4096,0.3\n");
	fclose(f);
	vd_dataset *d = NULL;
	assert_int_equal(vd_dataset_load(&d, path), 0);
	assert_int_equal(d->n, 1);
	assert_true(fabs(d->raw[VD_RAW_ANALYTIC] - 0.25) < 1e-12);
	vd_block b;
	memset(&b, 0, sizeof b);
	b.io_s = 0.25;
	b.compute_s = 0.75;
	b.cioc = 0.9;
	double raw[VD_NRAW];
	vd_model_raw(&b, raw);
	assert_true(raw[VD_RAW_ANALYTIC] == d->raw[VD_RAW_ANALYTIC]);
	vd_dataset_free(d);
	unlink(path);
}

static void test_bad_input(void **state)
{
	(void)state;
	vd_dataset *d = NULL;
	assert_int_not_equal(vd_dataset_load(&d, "/nonexistent/blocks.csv"), 0);
	assert_non_null(strstr(vd_error_last(), "/nonexistent/blocks.csv"));
	char path[] = "/tmp/vidya-model-bad.XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_true(write(fd, "app,config\nx,y\n", 15) == 15);
	close(fd);
	assert_int_not_equal(vd_dataset_load(&d, path), 0);
	assert_non_null(strstr(vd_error_last(), "no column"));
	vd_model *m = NULL;
	assert_int_not_equal(vd_model_load(&m, path), 0);
	assert_non_null(strstr(vd_error_last(), path));
	unlink(path);
	char *csv = write_csv(2, 1, 5, 0.01);
	assert_int_equal(vd_dataset_load(&d, csv), 0);
	assert_int_not_equal(vd_model_fit(d, NULL, 0, "nonsense", "identity", &m), 0);
	assert_non_null(strstr(vd_error_last(), "nonsense"));
	vd_dataset_free(d);
	unlink(csv);
	free(csv);
}

/* A CSV for the physics variant: per block, predicted I/O and compute
 * seconds (the backbone), P2 = P4 (every call blocking: collinear), P3
 * random; intensity = sigma(-0.5 + 0.8 z + 0.3 log10(1 + P3)) + noise. */
static char *write_phys_csv(int napps, int blocks, double noise)
{
	char *path = strdup("/tmp/vidya-model-phys.XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	assert_non_null(f);
	fprintf(f, "app,family,config,rep,block_id,kind,line");
	for (int i = 0; i < VD_NPARAMS; i++)
		fprintf(f, ",%s", vd_param_column[i]);
	for (int i = 0; i < VD_NFEATURES; i++)
		fprintf(f, ",%s", vd_feature_column[i]);
	fprintf(f, ",pred_io_s,pred_compute_s,analytic,wall_s,io_s,io_ops,io_bytes,intensity\n");
	uint64_t s = 7;
	for (int a = 0; a < napps; a++)
		for (int b = 0; b < blocks; b++) {
			double io = pow(10, -4 + 4 * rnd(&s)), comp = pow(10, -4 + 4 * rnd(&s));
			double p2 = floor(1 + 1000 * rnd(&s)), p3 = pow(10, 2 + 5 * rnd(&s));
			double z = log((io + 1e-7) / (comp + 1e-7));
			double eta = -0.5 + 0.8 * z + 0.3 * log10(1 + p3);
			double y = 1 / (1 + exp(-eta)) + noise * (rnd(&s) - 0.5);
			y = fmin(fmax(y, 0), 1);
			fprintf(f, "app%d,other,c0,1,app%d.c:f%d,function,%d", a, a, b, b + 1);
			for (int i = 0; i < VD_NPARAMS; i++)
				fprintf(f, ",%.17g", i == 1 || i == 3 ? p2 : i == 2 ? p3 : 0.0);
			for (int i = 0; i < VD_NFEATURES; i++)
				fprintf(f, ",0");
			fprintf(f, ",%.17g,%.17g,0,1.0,0.5,10,4096,%.17g\n", io, comp, y);
		}
	fclose(f);
	return path;
}

/* the physics variant: the analytic estimate's logit is the backbone,
 * always kept with a positive slope; P4 = P2 is a rank-deficient design,
 * reduced before fitting and reported; predictions are monotone in the
 * analytic estimate, bounded around it, and fall back to it outside the
 * training range, saying so */
static void test_physics(void **state)
{
	(void)state;
	char *csv = write_phys_csv(4, 60, 0.02);
	vd_dataset *d = NULL;
	assert_int_equal(vd_dataset_load(&d, csv), 0);
	vd_model *m = NULL;
	assert_int_not_equal(vd_model_fit(d, NULL, 0, "physics", "identity", &m), 0);
	assert_int_equal(vd_model_fit(d, NULL, 0, "physics", "logit", &m), 0);
	assert_string_equal(m->names[0], VD_MODEL_BACKBONE);
	assert_true(fabs(m->coef[1] - 0.8) < 0.1);
	assert_true(fabs(coef_of(m, "log_p3") - 0.3) < 0.1);
	/* collinear: log_p4 (= log_p2) dropped before fitting, named */
	int found = 0;
	for (int j = 0; j < m->ndropped; j++)
		if (!strcmp(m->dropped[j], "log_p4")) {
			found = 1;
			assert_non_null(strstr(m->dropped_why[j], "log_p2"));
		}
	assert_true(found);
	assert_true(isnan(coef_of(m, "log_p4")));
	vd_buf b = VD_BUF_INIT;
	assert_int_equal(vd_model_table(m, &b), 0);
	assert_non_null(strstr(b.ptr, "collinear: log_p4 dropped"));
	vd_buf_release(&b);

	/* monotone in the analytic estimate, within the bounds */
	double raw[VD_NRAW] = { 0 };
	raw[VD_p2] = raw[VD_p4] = 100;
	raw[VD_p3] = 1e4;
	double last = -1;
	for (double a = 0.01; a < 1; a += 0.07) {
		raw[VD_RAW_IO_S] = a;
		raw[VD_RAW_COMPUTE_S] = 1 - a;
		raw[VD_RAW_ANALYTIC] = a;
		vd_buf note = VD_BUF_INIT;
		double p = vd_model_predict_note(m, raw, &note);
		assert_true(p >= last);
		assert_true(fabs(p - a) <= m->max_shift + 1e-12);
		last = p;
		vd_buf_release(&note);
	}
	/* outside the training range (P3 of 1e12 bytes): the analytic estimate, said */
	raw[VD_p3] = 1e12;
	raw[VD_RAW_IO_S] = 0.3;
	raw[VD_RAW_COMPUTE_S] = 0.7;
	raw[VD_RAW_ANALYTIC] = 0.3;
	vd_buf note = VD_BUF_INIT;
	double p = vd_model_predict_note(m, raw, &note);
	assert_true(fabs(p - 0.3) < 1e-9);
	assert_non_null(strstr(vd_buf_cstr(&note), "outside the training range"));
	vd_buf_release(&note);

	/* the file keeps ranges, bounds and what was dropped */
	char xml[] = "/tmp/vidya-model-phys-xml.XXXXXX";
	int fd = mkstemp(xml);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(vd_model_save(m, xml), 0);
	vd_model *back = NULL;
	assert_int_equal(vd_model_load(&back, xml), 0);
	assert_true(back->max_shift == m->max_shift);
	assert_true(back->max_logit_shift == m->max_logit_shift);
	assert_int_equal(back->ndropped, m->ndropped);
	assert_non_null(back->lo);
	assert_true(vd_model_predict(back, raw) == vd_model_predict(m, raw));
	vd_model_free(back);
	unlink(xml);

	/* leave-one-application-out runs the variant */
	vd_eval e;
	assert_int_equal(vd_model_loao(d, "physics", "logit", &e), 0);
	assert_true(e.mae < 0.05);
	vd_eval_release(&e);
	vd_model_free(m);
	vd_dataset_free(d);
	unlink(csv);
	free(csv);
}

/* the physics model fitted on write_phys_csv's data, for the scoring
 * tests; fit_release frees it with its data */
static vd_model *fit_synthetic(char **csv, vd_dataset **d)
{
	*csv = write_phys_csv(4, 60, 0.02);
	assert_int_equal(vd_dataset_load(d, *csv), 0);
	vd_model *m = NULL;
	assert_int_equal(vd_model_fit(*d, NULL, 0, "physics", "logit", &m), 0);
	return m;
}

static void fit_release(vd_model *m, vd_dataset *d, char *csv)
{
	vd_model_free(m);
	vd_dataset_free(d);
	unlink(csv);
	free(csv);
}

/* vd_model_aggregate on a tree worked out by hand, with the model given
 * (a block's own prediction comes in through cioc, its own work is scored
 * by the model): a parent is the time-weighted mean of its parts and its
 * own work, whatever it was predicted as a whole */
static void test_aggregate(void **state)
{
	(void)state;
	char *csv;
	vd_dataset *d = NULL;
	vd_model *m = fit_synthetic(&csv, &d);
	enum { N = 5 };
	/* 0: parent (io 1.0 s, compute 3.0 s); 1: an I/O loop in it (0.9 / 0.1);
	 * 2: a compute loop in it (0.0 / 2.8); 3: a leaf inside 1 (0.5 / 0.05);
	 * 4: a block of its own (0.2 / 0.2) */
	double raw[N * VD_NRAW] = { 0 };
	const double io[N] = { 1.0, 0.9, 0.0, 0.5, 0.2 }, comp[N] = { 3.0, 0.1, 2.8, 0.05, 0.2 };
	const long part_of[N] = { -1, 0, 0, 1, -1 };
	double cioc[N], first[N];
	for (int i = 0; i < N; i++) {
		double *r = &raw[i * VD_NRAW];
		r[VD_p2] = r[VD_p4] = i == 2 ? 0 : 50;
		r[VD_p3] = 1e4;
		r[VD_RAW_IO_S] = io[i];
		r[VD_RAW_COMPUTE_S] = comp[i];
		r[VD_RAW_ANALYTIC] = io[i] / (io[i] + comp[i]);
		/* as a whole, the parent is lifted far above its parts */
		cioc[i] = first[i] = i == 0 ? 0.9 : vd_model_predict(m, r);
	}
	vd_model_agg agg[N];
	vd_model_aggregate(m, N, raw, part_of, cioc, agg);
	/* leaves and blocks of their own keep their prediction */
	assert_true(cioc[3] == first[3] && cioc[4] == first[4] && cioc[2] == 0);
	assert_int_equal(agg[3].nparts, 0);
	/* 1: part 3 plus its own work (io 0.4, compute 0.05) scored by the model */
	double own1 = vd_model_predict_own(m, &raw[VD_NRAW], 0.4, 0.05, NULL);
	assert_true(own1 > 0.5 && own1 < 1);
	assert_int_equal(agg[1].nparts, 1);
	assert_true(fabs(agg[1].own_t - 0.45) < 1e-12 && fabs(agg[1].own_cioc - own1) < 1e-12);
	assert_true(fabs(cioc[1] - (cioc[3] * 0.55 + own1 * 0.45) / 1.0) < 1e-12);
	/* 0: parts 1 and 2, own work io 0.1, compute 0.1 */
	double own0 = vd_model_predict_own(m, raw, 0.1, 0.1, NULL);
	assert_int_equal(agg[0].nparts, 2);
	assert_true(fabs(agg[0].parts_t - 3.8) < 1e-12);
	assert_true(fabs(cioc[0] - (cioc[1] * 1.0 + 0 * 2.8 + own0 * 0.2) / 4.0) < 1e-12);
	assert_true(cioc[0] < 0.3); /* not the 0.9 it was predicted as a whole */
	/* (a): between the lowest and highest of its parts and own work */
	assert_true(cioc[0] >= fmin(fmin(cioc[1], cioc[2]), own0) - 1e-12);
	assert_true(cioc[0] <= fmax(fmax(cioc[1], cioc[2]), own0) + 1e-12);
	/* own work without I/O seconds or I/O calls scores 0 */
	assert_true(vd_model_predict_own(m, raw, 0, 1, NULL) == 0);
	assert_true(vd_model_predict_own(m, &raw[2 * VD_NRAW], 1, 1, NULL) == 0);
	/* without a model: the analytic estimate of the own work */
	assert_true(fabs(vd_model_predict_own(NULL, raw, 0.1, 0.3, NULL) - 0.25) < 1e-12);

	/* parts adding up to more than the block (recursion): weighed by their
	 * own seconds, still between the lowest and highest */
	const long rec_of[3] = { -1, 0, 0 };
	double rraw[3 * VD_NRAW] = { 0 };
	const double rio[3] = { 1, 1, 0 }, rcomp[3] = { 1, 0, 2 };
	double rc[3] = { 0.5, 0.95, 0 };
	for (int i = 0; i < 3; i++) {
		double *r = &rraw[i * VD_NRAW];
		r[VD_p2] = r[VD_p4] = i == 2 ? 0 : 50;
		r[VD_p3] = 1e4;
		r[VD_RAW_IO_S] = rio[i];
		r[VD_RAW_COMPUTE_S] = rcomp[i];
		r[VD_RAW_ANALYTIC] = rio[i] / (rio[i] + rcomp[i]);
	}
	vd_model_aggregate(m, 3, rraw, rec_of, rc, agg);
	assert_true(agg[0].own_t == 0);
	assert_true(fabs(rc[0] - 0.95 / 3) < 1e-12);
	fit_release(m, d, csv);
}

/* scoring an analysis: a block made only of I/O scores >= 0.9, a block
 * without I/O 0, a parent is scored from its parts (the model's lift of
 * the parent as a whole gives way, with a note), the program from its
 * entry function, and no score strays more than 0.5 from the analytic
 * estimate without a note */
static void test_score_result(void **state)
{
	(void)state;
	char *csv;
	vd_dataset *d = NULL;
	vd_model *m = fit_synthetic(&csv, &d);

	vd_result *r = vd_result_new();
	assert_non_null(r);
	r->nblocks = 7;
	r->blocks = calloc(r->nblocks, sizeof *r->blocks);
	assert_non_null(r->blocks);
	const char *ids[] = { "prog",         "a.c:io_only",     "a.c:compute",
			      "a.c:main",     "a.c:main/loop#1", "a.c:main/loop#2",
			      "a.c:main/io#1" };
	const char *par[] = { NULL, "prog", "prog", "prog", "a.c:main", "a.c:main", "a.c:main" };
	vd_kind kinds[] = { VD_KIND_PROGRAM, VD_KIND_FUNCTION, VD_KIND_FUNCTION, VD_KIND_FUNCTION,
			    VD_KIND_LOOP,    VD_KIND_LOOP,     VD_KIND_IO };
	for (size_t i = 0; i < r->nblocks; i++) {
		r->blocks[i].id = ids[i];
		r->blocks[i].parent_id = par[i];
		r->blocks[i].kind = kinds[i];
		r->blocks[i].reachable = 1;
		r->blocks[i].p[VD_p2] = r->blocks[i].p[VD_p4] = 50;
		r->blocks[i].p[VD_p3] = 1e4;
	}
	/* io_only: all I/O; analyzed standalone */
	r->blocks[1].io_s = 0.5;
	r->blocks[1].compute_s = 0;
	r->blocks[1].reachable = 0;
	/* compute: no I/O call at all; standalone */
	r->blocks[2].p[VD_p2] = r->blocks[2].p[VD_p4] = r->blocks[2].p[VD_p3] = 0;
	r->blocks[2].compute_s = 2;
	r->blocks[2].reachable = 0;
	/* main: an I/O loop whose bytes the model lifts, a compute loop, one
	 * call site of its own; main's own features (many bytes) would lift it
	 * far above what those parts' seconds give */
	r->blocks[4].io_s = 0.09;
	r->blocks[4].compute_s = 0.01;
	r->blocks[5].p[VD_p2] = r->blocks[5].p[VD_p4] = r->blocks[5].p[VD_p3] = 0;
	r->blocks[5].compute_s = 0.9;
	r->blocks[6].io_s = 0.01;
	r->blocks[3].io_s = 0.1;
	r->blocks[3].compute_s = 0.91;
	r->blocks[3].p[VD_p3] = 1e7;
	r->blocks[0].io_s = r->blocks[3].io_s;
	r->blocks[0].compute_s = r->blocks[3].compute_s;
	r->blocks[0].p[VD_p3] = 1e7;
	double raw[VD_NRAW];
	vd_model_raw(&r->blocks[3], raw);
	double whole = vd_model_predict(m, raw);
	assert_int_equal(vd_model_score_result(m, r), 0);
	assert_true(r->blocks[1].cioc >= 0.9);
	assert_true(r->blocks[2].cioc == 0 && r->blocks[2].analytic == 0);
	assert_true(r->blocks[5].cioc == 0);
	/* main = its loops' fitted I/O seconds + its own work's (the call
	 * site: all I/O, scored by the model with main's features) */
	double t3 = r->blocks[3].io_s + r->blocks[3].compute_s;
	double t4 = r->blocks[4].io_s + r->blocks[4].compute_s;
	double own = vd_model_predict_own(m, raw, 0.01, 0, NULL);
	assert_true(fabs(r->blocks[3].cioc - (r->blocks[4].cioc * t4 + own * 0.01) / t3) < 1e-12);
	assert_true(whole > r->blocks[3].cioc + 0.05);
	assert_non_null(r->blocks[3].cioc_note);
	assert_non_null(strstr(r->blocks[3].cioc_note, "from its parts"));
	/* the program is its entry function (main) */
	assert_true(fabs(r->blocks[0].cioc - r->blocks[3].cioc) < 1e-12);
	for (size_t i = 0; i < r->nblocks; i++)
		assert_true(fabs(r->blocks[i].cioc - r->blocks[i].analytic) <= 0.5 + 1e-9 ||
			    r->blocks[i].cioc_note);
	/* without a model: the analytic estimate, no notes */
	assert_int_equal(vd_model_score_result(NULL, r), 0);
	for (size_t i = 0; i < r->nblocks; i++) {
		assert_true(r->blocks[i].cioc == r->blocks[i].analytic);
		assert_null(r->blocks[i].cioc_note);
	}
	vd_result_free(r);
	fit_release(m, d, csv);
}

/* a call whose callee runs only there is scored as the callee is, parts
 * and all, and its caller follows: main = call = f, though the model
 * scores each of the three differently as a whole */
static void test_call_as_callee(void **state)
{
	(void)state;
	char *csv;
	vd_dataset *d = NULL;
	vd_model *m = fit_synthetic(&csv, &d);
	vd_result *r = vd_result_new();
	r->nblocks = 6;
	r->blocks = calloc(r->nblocks, sizeof *r->blocks);
	assert_non_null(r->blocks);
	const char *ids[] = { "prog",         "a.c:f",    "a.c:f/loop#1",
			      "a.c:f/loop#2", "a.c:main", "a.c:main/call#1" };
	const char *par[] = { NULL, "prog", "a.c:f", "a.c:f", "prog", "a.c:main" };
	vd_kind kinds[] = { VD_KIND_PROGRAM, VD_KIND_FUNCTION, VD_KIND_LOOP,
			    VD_KIND_LOOP,    VD_KIND_FUNCTION, VD_KIND_CALL };
	/* f: an I/O loop and a compute loop; main only calls f */
	const double io[] = { 0.1, 0.1, 0.1, 0, 0.1, 0.1 }, comp[] = { 1, 1, 0.02, 0.98, 1, 1 };
	for (size_t i = 0; i < r->nblocks; i++) {
		vd_block *b = &r->blocks[i];
		b->id = ids[i];
		b->parent_id = par[i];
		b->kind = kinds[i];
		b->reachable = 1;
		b->function = i == 0 ? NULL : i < 4 ? "f" : "main";
		b->label = i == 5 ? "f" : NULL;
		b->p[VD_p2] = b->p[VD_p4] = i == 3 ? 0 : 50;
		b->p[VD_p3] = i == 3 ? 0 : 1e7;
		b->io_s = io[i];
		b->compute_s = comp[i];
	}
	double raw[VD_NRAW];
	vd_model_raw(&r->blocks[5], raw);
	double whole_call = vd_model_predict(m, raw);
	assert_int_equal(vd_model_score_result(m, r), 0);
	double f = r->blocks[1].cioc;
	assert_true(fabs(f - r->blocks[2].cioc * 0.12 / 1.1) < 1e-12);
	assert_true(whole_call > f + 0.05);
	assert_true(r->blocks[5].cioc == f);
	assert_non_null(strstr(r->blocks[5].cioc_note, "scored as its callee a.c:f"));
	assert_true(fabs(r->blocks[4].cioc - f) < 1e-12 && fabs(r->blocks[0].cioc - f) < 1e-12);
	vd_result_free(r);
	fit_release(m, d, csv);
}

/* The shipped model (data/model.xml) never contradicts the seconds it is
 * given: over blocks whose counts are drawn across (and beyond) every
 * feature's training range, a block whose predicted I/O seconds are 100
 * times its compute seconds scores >= 0.9, one with 100 times more compute
 * <= 0.1, a block without I/O calls 0, and the score never decreases when
 * only the predicted I/O seconds grow. */
static void test_shipped_model(void **state)
{
	(void)state;
	vd_model *m = NULL;
	assert_int_equal(vd_model_load(&m, VD_SOURCE_DIR "/data/model.xml"), 0);
	assert_string_equal(m->variant, "physics");
	assert_true(m->max_shift > 0 && m->max_logit_shift > 0);
	uint64_t s = 99;
	for (int trial = 0; trial < 2000; trial++) {
		double raw[VD_NRAW] = { 0 };
		/* every log_pN feature the model uses: p = 10^u - 1, u across
		 * its training range and a half range beyond each end */
		for (int j = 0; j < m->k; j++) {
			int p;
			if (sscanf(m->names[j], "log_p%d", &p) != 1 || p < 1 || p > VD_NPARAMS)
				continue;
			double lo = m->lo[j], hi = m->hi[j], w = hi - lo;
			double u = lo - 0.5 * w + 2 * w * rnd(&s);
			raw[p - 1] = fmax(pow(10, u) - 1, 0);
		}
		raw[VD_p2] = fmax(raw[VD_p2], 1);
		raw[VD_RAW_ASSUMED] = rnd(&s) < 0.5;
		double t = pow(10, -6 + 6 * rnd(&s)); /* 1 us .. 1 s */
		/* I/O 100 times the compute */
		raw[VD_RAW_IO_S] = t;
		raw[VD_RAW_COMPUTE_S] = t / 100;
		raw[VD_RAW_ANALYTIC] = 100.0 / 101;
		double hi_io = vd_model_predict(m, raw);
		assert_true(hi_io >= 0.9);
		/* compute 100 times the I/O */
		raw[VD_RAW_IO_S] = t / 100;
		raw[VD_RAW_COMPUTE_S] = t;
		raw[VD_RAW_ANALYTIC] = 1.0 / 101;
		double lo_io = vd_model_predict(m, raw);
		assert_true(lo_io <= 0.1);
		/* monotone in the I/O seconds */
		double last = -1;
		for (double io = t / 1000; io <= t * 1000; io *= 3) {
			raw[VD_RAW_IO_S] = io;
			raw[VD_RAW_ANALYTIC] = io / (io + t);
			double p = vd_model_predict(m, raw);
			assert_true(p >= last - 1e-12);
			assert_true(fabs(p - raw[VD_RAW_ANALYTIC]) <= m->max_shift + 1e-12);
			last = p;
		}
		/* no I/O call: 0, whatever the seconds */
		raw[VD_p2] = 0;
		assert_true(vd_model_predict(m, raw) == 0);
	}
	/* the rank-deficient candidate of the shipped data was reduced, and
	 * the file says so */
	int p4 = 0;
	for (int j = 0; j < m->ndropped; j++)
		p4 |= !strcmp(m->dropped[j], "log_p4");
	assert_true(p4);
	for (int j = 0; j < m->k; j++)
		assert_string_not_equal(m->names[j], "log_p4");
	vd_model_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recovers_coefficients),
		cmocka_unit_test(test_logit_link),
		cmocka_unit_test(test_loao),
		cmocka_unit_test(test_analytic_from_predictions),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_physics),
		cmocka_unit_test(test_aggregate),
		cmocka_unit_test(test_score_result),
		cmocka_unit_test(test_call_as_callee),
		cmocka_unit_test(test_shipped_model),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
