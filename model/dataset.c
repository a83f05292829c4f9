/*
 * dataset.c - reads the training records model/build_dataset.sh writes
 * (CSV with a header: app, family, config, rep, block_id, kind, line,
 * p1..p15, x1..x16, pred_io_s, pred_compute_s, analytic, wall_s, io_s,
 * io_ops, io_bytes, intensity).  Columns are found by name, so added
 * columns do not break older readers.  Fields never hold commas or quotes
 * (block ids, config names); a quoted field is an error.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vd_model.h"

/* The analytic estimate from the device model's two predictions, one
 * definition for training and for prediction.  A block's stored `cioc`
 * is not used: it is whatever scored the run (a model, when one was
 * installed), not necessarily this estimate. */
static double analytic_of(double io_s, double compute_s)
{
	double tot = io_s + compute_s;
	return tot > 0 ? io_s / tot : 0;
}

/* the counts the analytic estimate rests on were assumed: P2 (I/O calls),
 * P3 (bytes) or the compute operations */
static double assumed_of(unsigned mask)
{
	return (mask & ((1u << VD_p2) | (1u << VD_p3) | VD_UNK_COMPUTE)) ? 1 : 0;
}

void vd_model_raw(const vd_block *b, double raw[VD_NRAW])
{
	for (int i = 0; i < VD_NPARAMS; i++)
		raw[i] = b->p[i];
	for (int i = 0; i < VD_NFEATURES; i++)
		raw[VD_NPARAMS + i] = b->x[i];
	raw[VD_RAW_IO_S] = b->io_s;
	raw[VD_RAW_COMPUTE_S] = b->compute_s;
	raw[VD_RAW_ANALYTIC] = analytic_of(b->io_s, b->compute_s);
	raw[VD_RAW_ASSUMED] = assumed_of(b->unknown_mask);
}

void vd_dataset_free(vd_dataset *d)
{
	if (!d)
		return;
	free(d->raw);
	free(d->y);
	free(d->wall);
	free(d->app);
	free(d->config);
	free(d->block_id);
	free(d->kind);
	free(d->run);
	vd_arena_free(d->arena);
	free(d);
}

/* splits `line` in place at commas; returns the field count or -1 */
static int split(char *line, char **f, int max)
{
	int n = 0;
	char *p = line;
	for (;;) {
		if (*p == '"')
			return -1;
		if (n == max)
			return -1;
		f[n++] = p;
		char *c = strchr(p, ',');
		if (!c)
			break;
		*c = 0;
		p = c + 1;
	}
	return n;
}

static int col_index(char **hdr, int nh, const char *name)
{
	for (int i = 0; i < nh; i++)
		if (!strcmp(hdr[i], name))
			return i;
	return -1;
}

#define MAXCOLS 128

int vd_dataset_load(vd_dataset **out, const char *path)
{
	*out = NULL;
	char *text = NULL;
	size_t len = 0;
	if (vd_read_file(&text, &len, path) != 0) {
		vd_error_set("%s: cannot read the training data", path);
		return VD_ERROR;
	}
	vd_dataset *d = vd_xcalloc(1, sizeof *d);
	d->arena = vd_arena_new();
	/* count lines for the arrays */
	size_t lines = 0;
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	lines++;
	d->raw = vd_xcalloc(lines * VD_NRAW, sizeof *d->raw);
	d->y = vd_xcalloc(lines, sizeof *d->y);
	d->wall = vd_xcalloc(lines, sizeof *d->wall);
	d->app = vd_xcalloc(lines, sizeof *d->app);
	d->config = vd_xcalloc(lines, sizeof *d->config);
	d->block_id = vd_xcalloc(lines, sizeof *d->block_id);
	d->kind = vd_xcalloc(lines, sizeof *d->kind);
	d->run = vd_xcalloc(lines, sizeof *d->run);

	char *save = NULL, *line = strtok_r(text, "\n", &save);
	char *hdr[MAXCOLS];
	int nh = line ? split(line, hdr, MAXCOLS) : -1;
	if (nh < 0) {
		vd_error_set("%s: no CSV header", path);
		goto fail;
	}
	int c_app = col_index(hdr, nh, "app"), c_cfg = col_index(hdr, nh, "config"),
	    c_rep = col_index(hdr, nh, "rep"), c_id = col_index(hdr, nh, "block_id"),
	    c_kind = col_index(hdr, nh, "kind"), c_y = col_index(hdr, nh, "intensity"),
	    c_wall = col_index(hdr, nh, "wall_s"), c_unk = col_index(hdr, nh, "unknown_mask");
	/* raw values read from the file; the analytic estimate is computed
	 * from pred_io_s and pred_compute_s (analytic_of), never read */
	int c_raw[VD_RAW_ANALYTIC];
	for (int i = 0; i < VD_RAW_ANALYTIC; i++) {
		const char *name = i < VD_NPARAMS ? vd_param_column[i]
				   : i < VD_NPARAMS + VD_NFEATURES
					   ? vd_feature_column[i - VD_NPARAMS]
				   : i == VD_RAW_IO_S ? "pred_io_s"
						      : "pred_compute_s";
		c_raw[i] = col_index(hdr, nh, name);
		if (c_raw[i] < 0) {
			vd_error_set("%s: no column '%s'", path, name);
			goto fail;
		}
	}
	if (c_app < 0 || c_cfg < 0 || c_id < 0 || c_y < 0 || c_wall < 0 || c_kind < 0) {
		vd_error_set("%s: needs the columns app, config, block_id, kind, wall_s, intensity",
			     path);
		goto fail;
	}
	vd_map *runs = vd_map_new();
	size_t lineno = 1;
	for (line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		char *f[MAXCOLS];
		int nf = split(line, f, MAXCOLS);
		if (nf != nh) {
			vd_error_set("%s:%zu: %d fields, the header has %d", path, lineno, nf, nh);
			vd_map_free(runs);
			goto fail;
		}
		size_t r = d->n;
		double *raw = &d->raw[r * VD_NRAW];
		for (int i = 0; i < VD_RAW_ANALYTIC; i++) {
			char *end;
			double v = strtod(f[c_raw[i]], &end);
			raw[i] = (*f[c_raw[i]] && !*end && isfinite(v)) ? v : 0;
		}
		raw[VD_RAW_ANALYTIC] = analytic_of(raw[VD_RAW_IO_S], raw[VD_RAW_COMPUTE_S]);
		/* optional: older training sets have no unknown_mask */
		raw[VD_RAW_ASSUMED] =
			c_unk >= 0 ? assumed_of((unsigned)strtoul(f[c_unk], NULL, 10)) : 0;
		char *end;
		d->y[r] = strtod(f[c_y], &end);
		if (!*f[c_y] || *end || !isfinite(d->y[r]))
			continue; /* never sampled: no intensity */
		d->wall[r] = strtod(f[c_wall], NULL);
		d->app[r] = vd_arena_strdup(d->arena, f[c_app]);
		d->config[r] = vd_arena_strdup(d->arena, f[c_cfg]);
		d->block_id[r] = vd_arena_strdup(d->arena, f[c_id]);
		d->kind[r] = vd_arena_strdup(d->arena, f[c_kind]);
		char *key = vd_arena_printf(d->arena, "%s\037%s\037%s", f[c_app], f[c_cfg],
					    c_rep >= 0 ? f[c_rep] : "1");
		void *id = vd_map_get(runs, key);
		if (!id) {
			id = (void *)(uintptr_t)(vd_map_count(runs) + 1);
			vd_map_put(runs, key, id);
		}
		d->run[r] = (int)(uintptr_t)id;
		d->n++;
	}
	vd_map_free(runs);
	if (d->n == 0) {
		vd_error_set("%s: no records", path);
		goto fail;
	}
	free(text);
	*out = d;
	return 0;
fail:
	free(text);
	vd_dataset_free(d);
	return VD_ERROR;
}
