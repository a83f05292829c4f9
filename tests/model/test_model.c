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
				double y = 0.1 + 0.6 * analytic + 0.2 * x7 + noise * (rnd(&s) - 0.5);
				fprintf(f, "app%d,other,c%d,1,app%d.c:f%d,function,%d", a, r, a, b, b + 1);
				for (int i = 0; i < VD_NPARAMS; i++)
					fprintf(f, ",%g", i == 1 ? 10.0 : i == 9 ? p10 : 0.0);
				for (int i = 0; i < VD_NFEATURES; i++)
					fprintf(f, ",%g", i == 6 ? x7 : i == 2 ? x3 : 0.0);
				/* the analytic estimate is io / (io + compute) of these two */
				fprintf(f, ",%.17g,%.17g,%g,1.0,0.5,10,4096,%g\n", analytic, 1 - analytic,
					analytic, y);
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

/* scoring an analysis: a block made only of I/O scores >= 0.9, a block
 * without I/O 0, a parent is never below what its scored parts imply, and
 * no score strays more than 0.5 from the analytic estimate without a note */
static void test_score_result(void **state)
{
	(void)state;
	char *csv = write_phys_csv(4, 60, 0.02);
	vd_dataset *d = NULL;
	assert_int_equal(vd_dataset_load(&d, csv), 0);
	vd_model *m = NULL;
	assert_int_equal(vd_model_fit(d, NULL, 0, "physics", "logit", &m), 0);

	vd_result *r = vd_result_new();
	assert_non_null(r);
	r->nblocks = 5;
	r->blocks = calloc(r->nblocks, sizeof *r->blocks);
	assert_non_null(r->blocks);
	const char *ids[] = { "prog", "a.c:io_only", "a.c:compute", "a.c:main", "a.c:main/loop#1" };
	const char *par[] = { NULL, "prog", "prog", "prog", "a.c:main" };
	vd_kind kinds[] = { VD_KIND_PROGRAM, VD_KIND_FUNCTION, VD_KIND_FUNCTION, VD_KIND_FUNCTION,
			    VD_KIND_LOOP };
	for (size_t i = 0; i < r->nblocks; i++) {
		r->blocks[i].id = ids[i];
		r->blocks[i].parent_id = par[i];
		r->blocks[i].kind = kinds[i];
		r->blocks[i].reachable = 1;
		r->blocks[i].p[VD_p2] = r->blocks[i].p[VD_p4] = 50;
		r->blocks[i].p[VD_p3] = 1e4;
	}
	/* io_only: all I/O */
	r->blocks[1].io_s = 0.5;
	r->blocks[1].compute_s = 0;
	/* compute: no I/O call at all */
	r->blocks[2].p[VD_p2] = r->blocks[2].p[VD_p4] = r->blocks[2].p[VD_p3] = 0;
	r->blocks[2].compute_s = 2;
	/* main: its loop is nearly all of it; the loop's many small bytes make
	 * the model score it far higher than main's own features do */
	r->blocks[4].io_s = 0.9;
	r->blocks[4].compute_s = 0.1;
	r->blocks[4].p[VD_p3] = 1e7;
	r->blocks[3].io_s = 0.9;
	r->blocks[3].compute_s = 0.11;
	r->blocks[3].p[VD_p3] = 100;
	r->blocks[0].io_s = 1.4;
	r->blocks[0].compute_s = 2.11;
	assert_int_equal(vd_model_score_result(m, r), 0);
	assert_true(r->blocks[1].cioc >= 0.9);
	assert_true(r->blocks[2].cioc == 0 && r->blocks[2].analytic == 0);
	/* main >= the I/O share its loop implies */
	double t3 = r->blocks[3].io_s + r->blocks[3].compute_s;
	double t4 = r->blocks[4].io_s + r->blocks[4].compute_s;
	assert_true(r->blocks[3].cioc >= r->blocks[4].cioc * t4 / t3 - 1e-9);
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
	vd_model_free(m);
	vd_dataset_free(d);
	unlink(csv);
	free(csv);
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
		cmocka_unit_test(test_score_result),
		cmocka_unit_test(test_shipped_model),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
