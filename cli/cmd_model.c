/*
 * cmd_model.c - `vidya model fit|eval|show`: the CIOC regression.
 *
 *   vidya model fit DATA [--variant V] [--link L] [--out FILE]
 *   vidya model eval DATA [--format table|markdown]
 *   vidya model show [--model FILE]
 *
 * DATA is the CSV model/build_dataset.sh writes (data/training/blocks.csv).
 * fit prints the paper's Table II for the model and writes the model file;
 * eval compares every variant and link by leaving one application out;
 * show prints the table of the model `vidya analyze` uses.
 */
#define _GNU_SOURCE
#include <errno.h>
#include "cli.h"
#include "parse_options.h"
#include "vd_model.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const cli_usage usage = {
	"model",
	"usage: vidya model fit DATA [--variant paper|absolute|both|physics]\n"
	"                        [--link identity|logit]\n"
	"                        [--out FILE]\n"
	"       vidya model eval DATA [--format table|markdown]\n"
	"       vidya model show [--model FILE]\n",
	"fit   multilinear regression of the measured intensity on block features\n"
	"      (GSL), stepwise: features with |t| < 2 dropped one at a time; prints the\n"
	"      table of coefficients and statistics and writes the model (XML)\n"
	"eval  leave-one-application-out cross-validation of every variant and link,\n"
	"      and of the analytic estimate: MAE, RMSE, Spearman, top block first\n"
	"show  the table of the model vidya analyze uses (default: data/model.xml)\n",
	"DATA: data/training/blocks.csv, written by model/build_dataset.sh.\n",
};

static int opt_format(const cli_option *opt, const char *arg)
{
	if (strcmp(arg, "table") && strcmp(arg, "markdown")) {
		cli_error("--format: '%s' is not table or markdown", arg);
		return -1;
	}
	*(int *)opt->value = !strcmp(arg, "markdown");
	return 0;
}

static int do_fit(const char *data, const char *variant, const char *link, const char *out)
{
	vd_dataset *d = NULL;
	vd_model *m = NULL;
	vd_buf b = VD_BUF_INIT;
	int rc = VD_EXIT_ERROR;
	if (vd_dataset_load(&d, data) != 0 || vd_model_fit(d, NULL, 0, variant, link, &m) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	char when[32];
	time_t now = time(NULL);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	m->provenance = cli_xasprintf("fitted %s by vidya %s on %s (%zu records)", when, VD_VERSION,
				      data, d->n);
	if (vd_model_table(m, &b) != 0 || vd_model_save(m, out) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	fputs(vd_buf_cstr(&b), stdout);
	printf("model written to %s\n", out);
	rc = VD_EXIT_OK;
done:
	vd_buf_release(&b);
	vd_model_free(m);
	vd_dataset_free(d);
	return rc;
}

static void print_eval(const vd_eval *e, int md)
{
	if (md)
		printf("| %s | %s | %.3f | %.3f | %.3f | %d / %d | %d / %d |\n", e->variant,
		       e->link, e->mae, e->rmse, e->spearman, e->runs_top_first, e->runs,
		       e->apps_top_first, e->napps);
	else
		printf("%-9s %-9s %7.3f %7.3f %9.3f %6d/%-4d %5d/%-3d\n", e->variant, e->link,
		       e->mae, e->rmse, e->spearman, e->runs_top_first, e->runs, e->apps_top_first,
		       e->napps);
}

static int do_eval(const char *data, int md)
{
	vd_dataset *d = NULL;
	if (vd_dataset_load(&d, data) != 0) {
		cli_error("%s", vd_error_last());
		return VD_EXIT_ERROR;
	}
	printf("leave-one-application-out over %zu blocks (%s)\n\n", d->n, data);
	if (md)
		printf("| features | link | MAE | RMSE | Spearman | top block first (runs) | "
		       "top block first (apps) |\n|---|---|---:|---:|---:|---:|---:|\n");
	else
		printf("%-9s %-9s %7s %7s %9s %11s %9s\n", "features", "link", "MAE", "RMSE",
		       "Spearman", "top (runs)", "top (apps)");
	vd_eval best = { 0 }, e, analytic = { 0 };
	int rc = VD_EXIT_OK;
	if (vd_model_eval_analytic(d, &analytic) == 0)
		print_eval(&analytic, md);
	for (int v = 0; v < VD_MODEL_NVARIANTS && rc == VD_EXIT_OK; v++)
		for (int l = 0; l < 2; l++) {
			if (!strcmp(vd_model_variants[v], "physics") &&
			    strcmp(vd_model_links[l], "logit"))
				continue; /* logit only */
			if (vd_model_loao(d, vd_model_variants[v], vd_model_links[l], &e) != 0) {
				cli_error("%s", vd_error_last());
				rc = VD_EXIT_ERROR;
				break;
			}
			print_eval(&e, md);
			/* best: more applications with their top block first, then lower MAE */
			if (!best.variant || e.apps_top_first > best.apps_top_first ||
			    (e.apps_top_first == best.apps_top_first && e.mae < best.mae)) {
				vd_eval_release(&best);
				best = e;
			} else {
				vd_eval_release(&e);
			}
		}
	if (rc == VD_EXIT_OK && best.variant) {
		printf("\nbest: %s features, %s link (MAE %.3f)\n", best.variant, best.link,
		       best.mae);
		if (best.n_function)
			printf("function blocks alone (%zu): MAE %.3f, the analytic estimate %.3f\n",
			       best.n_function, best.mae_function, analytic.mae_function);
		printf("per held-out application:\n\n");
		if (md)
			printf("| application | blocks | MAE | top block first (runs) |\n|---|---:|---:|---:|\n");
		for (int a = 0; a < best.napps; a++) {
			const vd_eval_app *x = &best.apps[a];
			if (md)
				printf("| %s | %zu | %.3f | %d / %d |\n", x->app, x->n, x->mae,
				       x->top_first, x->runs);
			else
				printf("  %-16s %5zu blocks  MAE %.3f  top block first in %d of %d runs\n",
				       x->app, x->n, x->mae, x->top_first, x->runs);
		}
	}
	vd_eval_release(&best);
	vd_eval_release(&analytic);
	vd_dataset_free(d);
	return rc;
}

static int do_show(const char *path)
{
	if (!path)
		path = cli_data_file("model.xml");
	if (!path) {
		cli_error("no model: data/model.xml is not installed (set VIDYA_DATADIR or "
			  "give --model FILE); vidya analyze uses the analytic estimate");
		return VD_EXIT_ERROR;
	}
	vd_model *m = NULL;
	vd_buf b = VD_BUF_INIT;
	if (access(path, R_OK) != 0) {
		cli_error("%s: %s", path, strerror(errno));
		return VD_EXIT_ERROR;
	}
	if (vd_model_load(&m, path) != 0 || vd_model_table(m, &b) != 0) {
		cli_error("%s", vd_error_last());
		vd_model_free(m);
		return VD_EXIT_ERROR;
	}
	printf("%s\n", path);
	fputs(vd_buf_cstr(&b), stdout);
	vd_buf_release(&b);
	vd_model_free(m);
	return VD_EXIT_OK;
}

int cmd_model(int argc, char **argv)
{
	const char *variant = "both", *link = "logit", *out = "model.xml", *model = NULL;
	int md = 0;
	const cli_option opts[] = {
		CLI_TEXT("fit:"),
		CLI_STRING(0, "variant", &variant, "V",
			   "paper, absolute, both (default) or physics features"),
		CLI_STRING(0, "link", &link, "L", "identity or logit (default)"),
		CLI_STRING(0, "out", &out, "FILE", "where the model goes (default model.xml)"),
		CLI_TEXT("eval:"),
		CLI_CALLBACK(0, "format", &md, "F", opt_format, "table (default) or markdown"),
		CLI_TEXT("show:"),
		CLI_STRING(0, "model", &model, "FILE", "the model file (default: data/model.xml)"),
		CLI_END(),
	};
	if (argc < 2) {
		cli_usage_print(stderr, opts, &usage);
		return VD_EXIT_ERROR;
	}
	const char *sub = argv[1];
	if (!strcmp(sub, "--help") || !strcmp(sub, "-h")) {
		cli_usage_print(stdout, opts, &usage);
		return VD_EXIT_OK;
	}
	int first = cli_parse_options(argc, argv, 2, opts, &usage, 0);
	if (first < 0)
		return first == CLI_PARSE_HELP ? VD_EXIT_OK : VD_EXIT_ERROR;
	int nargs = argc - first;
	if (!strcmp(sub, "show")) {
		if (nargs) {
			cli_usage_print(stderr, opts, &usage);
			return VD_EXIT_ERROR;
		}
		return do_show(model);
	}
	if (strcmp(sub, "fit") && strcmp(sub, "eval")) {
		cli_error(
			"unknown model command '%s' (fit, eval or show); try 'vidya model --help'",
			sub);
		return VD_EXIT_ERROR;
	}
	if (nargs != 1) {
		cli_error("vidya model %s needs one DATA file (data/training/blocks.csv)", sub);
		return VD_EXIT_ERROR;
	}
	if (access(argv[first], R_OK) != 0) {
		cli_error("%s: cannot read the training data: %s", argv[first], strerror(errno));
		return VD_EXIT_ERROR;
	}
	if (!strcmp(sub, "fit"))
		return do_fit(argv[first], variant, link, out);
	return do_eval(argv[first], md);
}
