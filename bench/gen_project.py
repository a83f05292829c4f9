#!/usr/bin/env python3
"""gen_project.py - generate a synthetic C code base for benchmarking vidya.

After the synthetic workload of the vidya paper (section V-B1): the program
writes a number of output files, with three levels of code complexity.

  low     each module writes its output files one after another from a `for`
          loop inside one function, with POSIX open/write/close;
  medium  each output file is written by its own function, with MPI-IO
          independent I/O (MPI_File_open / MPI_File_write_at /
          MPI_File_close); the compiler is `mpicc`;
  high    outputs are grouped into categories; each category is handled by
          several modules (.c files) reached through a dispatch table of
          `struct category_ops` function pointers, and written with HDF5
          (H5Fcreate, H5Screate_simple, H5Dcreate2, H5Dwrite, H5Dclose,
          H5Fclose).

Besides the I/O, every module holds ordinary compute code (2-D and 3-D
stencils, reductions, histograms, small solvers, helpers with locals and
structs) so that the amount of code, and thus the parse time, grows like a
real code base.  Every module includes a few system headers and a few
project headers, and calls a function of the previous module (cross-TU).

Output (in --out DIR):
  include/     the shared header directory (bench_common.h, bench_kernels.h,
               bench_io.h, modules.h or categories.h, one modNNNN.h per module)
  src/         the modules (modNNNN.c) and, in high mode, the category
               dispatchers (cat_NAME.c)
  main.c       main(): initialises, then drives every module, so the whole
               program is reachable from the entry point
  Makefile     `make -j` builds ./bench_app
  compile_commands.json   one entry per translation unit ("arguments" form,
               absolute "directory")

--files N is the number of translation units, main.c included.  Module sizes
are padded with compute functions up to about --lines-per-file lines.  The
output only depends on the arguments (--seed), and module k is the same for
every --files, so a small project is a prefix of a larger one.

Usage: gen_project.py --mode low|medium|high --files N [--lines-per-file L]
                      --out DIR [--seed S]
Prints a one-line summary (mode, TUs, modules, categories, .c/.h lines).
"""

import argparse
import json
import os
import random
import shutil
import sys

MARKER = ".generated-by-gen_project"

HDF5_INC = "/usr/include/hdf5/serial"
HDF5_LIB = "hdf5_serial"

CATEGORY_NAMES = ["fields", "particles", "diagnostics", "restart", "mesh",
                  "statistics", "spectra", "tracers"]

FIELD_NAMES = ["density", "pressure", "velocity", "energy", "temperature",
               "vorticity", "potential", "species", "flux", "residual"]

COMMON_CFLAGS = ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-Iinclude",
                 "-O2", "-Wall", "-Wextra"]


# ---------------------------------------------------------------------------
# helpers

def fnum(rng, lo, hi):
    """A float literal in [lo, hi) with 4 decimals."""
    return "%.4f" % rng.uniform(lo, hi)


def mod_name(k):
    return "mod%04d" % k


def mod_prefix(k):
    return "m%04d" % k


# ---------------------------------------------------------------------------
# shared headers

def common_header():
    return """\
/* bench_common.h - shared types and sizes of the synthetic benchmark. */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <stddef.h>

#define BENCH_NX 256
#define BENCH_NY 256
#define BENCH_NZ 4
#define BENCH_NCELLS ((size_t)BENCH_NX * BENCH_NY * BENCH_NZ)
/* one write moves 64 Ki doubles (512 KiB); one output file is 128 writes
 * (64 MiB), as in the paper's 64 files of 64 MB. */
#define BENCH_CHUNK_DOUBLES 65536
#define BENCH_CHUNK_BYTES ((size_t)BENCH_CHUNK_DOUBLES * sizeof(double))
#define BENCH_NCHUNK 128
#define BENCH_FILE_BYTES ((size_t)BENCH_NCHUNK * BENCH_CHUNK_BYTES)
#define BENCH_OUTDIR "out"
#define BENCH_PI 3.14159265358979323846

#define BENCH_IDX(g, i, j) ((size_t)(i) * (size_t)(g)->ny + (size_t)(j))
#define BENCH_IDX3(g, i, j, k) \\
	(((size_t)(k) * (size_t)(g)->nx + (size_t)(i)) * (size_t)(g)->ny + (size_t)(j))
#define BENCH_MIN(a, b) ((a) < (b) ? (a) : (b))
#define BENCH_MAX(a, b) ((a) > (b) ? (a) : (b))
#define BENCH_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

struct bench_grid {
	int nx, ny, nz;
	double dx, dy, dt;
	double time;
	int step;
	double *u, *v, *w, *tmp;
};

struct bench_stats {
	double min, max, sum, sumsq;
	size_t n;
};

struct bench_vec3 {
	double x, y, z;
};

void bench_grid_init(struct bench_grid *g, int nx, int ny, int nz);
void bench_grid_free(struct bench_grid *g);
void bench_stats_reset(struct bench_stats *s);
void bench_stats_add(struct bench_stats *s, double x);
double bench_stats_mean(const struct bench_stats *s);
double bench_stats_var(const struct bench_stats *s);

#endif
"""


def kernels_header():
    return """\
/* bench_kernels.h - small numerical helpers shared by all modules. */
#ifndef BENCH_KERNELS_H
#define BENCH_KERNELS_H

#include <math.h>
#include <stddef.h>

#include "bench_common.h"

struct bench_coeffs {
	double c0, c1, c2, c3;
};

static inline double bench_clamp(double x, double lo, double hi)
{
	return x < lo ? lo : (x > hi ? hi : x);
}

static inline double bench_lerp(double a, double b, double t)
{
	return a + (b - a) * t;
}

static inline double bench_sq(double x)
{
	return x * x;
}

static inline double bench_harmonic(double a, double b)
{
	double s = a + b;

	return s != 0.0 ? 2.0 * a * b / s : 0.0;
}

static inline double bench_poly3(const struct bench_coeffs *c, double x)
{
	return ((c->c3 * x + c->c2) * x + c->c1) * x + c->c0;
}

static inline double bench_dot3(struct bench_vec3 a, struct bench_vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static inline struct bench_vec3 bench_cross3(struct bench_vec3 a, struct bench_vec3 b)
{
	struct bench_vec3 r;

	r.x = a.y * b.z - a.z * b.y;
	r.y = a.z * b.x - a.x * b.z;
	r.z = a.x * b.y - a.y * b.x;
	return r;
}

#endif
"""


def io_header(mode):
    if mode == "low":
        return """\
/* bench_io.h - POSIX output of the synthetic benchmark (low complexity). */
#ifndef BENCH_IO_H
#define BENCH_IO_H

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "bench_common.h"

#define BENCH_OPEN_FLAGS (O_WRONLY | O_CREAT | O_TRUNC)
#define BENCH_OPEN_MODE 0644

#endif
"""
    if mode == "medium":
        return """\
/* bench_io.h - MPI-IO output of the synthetic benchmark (medium complexity). */
#ifndef BENCH_IO_H
#define BENCH_IO_H

#include <mpi.h>

#include "bench_common.h"

struct bench_mpi {
	MPI_Comm comm;
	int rank, size;
};

#define BENCH_AMODE (MPI_MODE_CREATE | MPI_MODE_WRONLY)

#endif
"""
    return """\
/* bench_io.h - HDF5 output by categories (high complexity). */
#ifndef BENCH_IO_H
#define BENCH_IO_H

#include <hdf5.h>

#include "bench_common.h"

struct cat_ctx {
	const char *name;
	int step;
	int ndsets;
	hid_t fapl;
	double scale;
};

/* One entry of a category's dispatch table: a module that handles part of
 * the category's output. */
struct category_ops {
	const char *name;
	int (*init)(struct cat_ctx *ctx, struct bench_grid *g);
	double (*compute)(struct cat_ctx *ctx, struct bench_grid *g);
	int (*write)(struct cat_ctx *ctx, const struct bench_grid *g);
};

#endif
"""


def module_header(mode, k):
    n = mod_name(k)
    guard = n.upper() + "_H"
    lines = ["/* %s.h - public interface of %s.c */" % (n, n),
             "#ifndef " + guard, "#define " + guard, "",
             "#include <stddef.h>", "",
             '#include "bench_common.h"']
    if mode == "high":
        lines.append('#include "bench_io.h"')
    lines.append("")
    lines.append("double %s_checksum(const double *a, size_t n);" % n)
    if mode == "low":
        lines.append("double %s_run(struct bench_grid *g, int step);" % n)
    elif mode == "medium":
        lines.append("struct bench_mpi;")
        lines.append("double %s_run(struct bench_mpi *m, struct bench_grid *g, int step);" % n)
    else:
        lines.append("extern const struct category_ops %s_ops;" % n)
    lines += ["", "#endif", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# compute kernels: each returns a list of lines defining
#   static double P_kK(struct bench_grid *g, double alpha)

def k_stencil2d(p, k, rng):
    c0, c1 = fnum(rng, 0.5, 1.0), fnum(rng, 0.05, 0.25)
    return f"""\
/* explicit diffusion step, 5-point stencil */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	const int nx = g->nx, ny = g->ny;
	const double c0 = {c0}, c1 = {c1};
	double change = 0.0;
	int i, j;

	for (i = 1; i < nx - 1; i++) {{
		for (j = 1; j < ny - 1; j++) {{
			double lap = g->u[BENCH_IDX(g, i - 1, j)] + g->u[BENCH_IDX(g, i + 1, j)]
				   + g->u[BENCH_IDX(g, i, j - 1)] + g->u[BENCH_IDX(g, i, j + 1)]
				   - 4.0 * g->u[BENCH_IDX(g, i, j)];
			g->tmp[BENCH_IDX(g, i, j)] = c0 * g->u[BENCH_IDX(g, i, j)] + alpha * c1 * lap;
		}}
	}}
	for (i = 1; i < nx - 1; i++) {{
		for (j = 1; j < ny - 1; j++) {{
			change += fabs(g->tmp[BENCH_IDX(g, i, j)] - g->u[BENCH_IDX(g, i, j)]);
			g->u[BENCH_IDX(g, i, j)] = g->tmp[BENCH_IDX(g, i, j)];
		}}
	}}
	return change;
}}
""".splitlines()


def k_stencil3d(p, k, rng):
    w = fnum(rng, 0.01, 0.1)
    return f"""\
/* 7-point Laplacian of u into v over the interior of the 3-D grid */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	const double w = {w} * alpha;
	const double idx2 = 1.0 / (g->dx * g->dx), idy2 = 1.0 / (g->dy * g->dy);
	double norm = 0.0;
	int i, j, l;

	for (l = 1; l < g->nz - 1; l++) {{
		for (i = 1; i < g->nx - 1; i++) {{
			for (j = 1; j < g->ny - 1; j++) {{
				double c = g->u[BENCH_IDX3(g, i, j, l)];
				double d2x = (g->u[BENCH_IDX3(g, i + 1, j, l)] - 2.0 * c
					      + g->u[BENCH_IDX3(g, i - 1, j, l)]) * idx2;
				double d2y = (g->u[BENCH_IDX3(g, i, j + 1, l)] - 2.0 * c
					      + g->u[BENCH_IDX3(g, i, j - 1, l)]) * idy2;
				double d2z = g->u[BENCH_IDX3(g, i, j, l + 1)] - 2.0 * c
					     + g->u[BENCH_IDX3(g, i, j, l - 1)];
				g->v[BENCH_IDX3(g, i, j, l)] = w * (d2x + d2y + d2z);
				norm += bench_sq(g->v[BENCH_IDX3(g, i, j, l)]);
			}}
		}}
	}}
	return sqrt(norm);
}}
""".splitlines()


def k_reduction(p, k, rng):
    thr = fnum(rng, 0.1, 0.9)
    return f"""\
/* statistics of the field, with outliers counted separately */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	struct bench_stats st;
	size_t i, n = (size_t)g->nx * (size_t)g->ny;
	size_t outliers = 0;
	double threshold = {thr} + alpha;

	bench_stats_reset(&st);
	for (i = 0; i < n; i++) {{
		double x = g->u[i];

		if (x > threshold || x < -threshold) {{
			outliers++;
			continue;
		}}
		bench_stats_add(&st, x);
	}}
	if (st.n == 0)
		return 0.0;
	return bench_stats_mean(&st) + bench_stats_var(&st) * (double)outliers / (double)n;
}}
""".splitlines()


def k_bbox(p, k, rng):
    sx, sy, sz = fnum(rng, 0.5, 2), fnum(rng, 0.5, 2), fnum(rng, 0.5, 2)
    return f"""\
struct {p}_box{k} {{
	double lo[3], hi[3];
	int count;
}};

/* bounding box of the cells above the mean value */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	struct {p}_box{k} box = {{ {{ 1e30, 1e30, 1e30 }}, {{ -1e30, -1e30, -1e30 }}, 0 }};
	const double scale[3] = {{ {sx}, {sy}, {sz} }};
	double mean = 0.0;
	int i, j, d;

	for (i = 0; i < g->nx; i++)
		for (j = 0; j < g->ny; j++)
			mean += g->u[BENCH_IDX(g, i, j)];
	mean /= (double)g->nx * (double)g->ny;
	for (i = 0; i < g->nx; i++) {{
		for (j = 0; j < g->ny; j++) {{
			double pos[3];

			if (g->u[BENCH_IDX(g, i, j)] <= mean * alpha)
				continue;
			pos[0] = i * g->dx * scale[0];
			pos[1] = j * g->dy * scale[1];
			pos[2] = g->u[BENCH_IDX(g, i, j)] * scale[2];
			for (d = 0; d < 3; d++) {{
				box.lo[d] = BENCH_MIN(box.lo[d], pos[d]);
				box.hi[d] = BENCH_MAX(box.hi[d], pos[d]);
			}}
			box.count++;
		}}
	}}
	if (box.count == 0)
		return 0.0;
	return (box.hi[0] - box.lo[0]) * (box.hi[1] - box.lo[1]) * (box.hi[2] - box.lo[2]);
}}
""".splitlines()


def k_matvec(p, k, rng):
    n = rng.choice([8, 16, 32])
    d = fnum(rng, 2.0, 6.0)
    return f"""\
#define {p.upper()}_N{k} {n}

/* dense banded matrix-vector products over rows of the grid */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	double a[{p.upper()}_N{k}][{p.upper()}_N{k}];
	double x[{p.upper()}_N{k}], y[{p.upper()}_N{k}];
	double total = 0.0;
	int r, c, row;

	for (r = 0; r < {p.upper()}_N{k}; r++)
		for (c = 0; c < {p.upper()}_N{k}; c++)
			a[r][c] = r == c ? {d} : (r - c == 1 || c - r == 1 ? -alpha : 0.0);
	for (row = 0; row < g->nx; row += {p.upper()}_N{k}) {{
		for (c = 0; c < {p.upper()}_N{k}; c++)
			x[c] = g->u[BENCH_IDX(g, row, c)];
		for (r = 0; r < {p.upper()}_N{k}; r++) {{
			double s = 0.0;

			for (c = 0; c < {p.upper()}_N{k}; c++)
				s += a[r][c] * x[c];
			y[r] = s;
		}}
		for (r = 0; r < {p.upper()}_N{k}; r++) {{
			g->w[BENCH_IDX(g, row, r)] = y[r];
			total += y[r];
		}}
	}}
	return total;
}}
""".splitlines()


def k_histogram(p, k, rng):
    nb = rng.choice([16, 32, 64])
    return f"""\
#define {p.upper()}_NBINS{k} {nb}

enum {p}_class{k} {{ {p.upper()}_LOW{k}, {p.upper()}_MID{k}, {p.upper()}_HIGH{k} }};

/* histogram of the field; bins are weighted by their class */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	unsigned long bins[{p.upper()}_NBINS{k}];
	size_t i, n = (size_t)g->nx * (size_t)g->ny;
	double weighted = 0.0;
	int b;

	memset(bins, 0, sizeof bins);
	for (i = 0; i < n; i++) {{
		double x = bench_clamp(g->u[i] * alpha, 0.0, 0.999999);

		bins[(int)(x * {p.upper()}_NBINS{k})]++;
	}}
	for (b = 0; b < {p.upper()}_NBINS{k}; b++) {{
		enum {p}_class{k} cls = b < {p.upper()}_NBINS{k} / 4 ? {p.upper()}_LOW{k}
			: (b < 3 * {p.upper()}_NBINS{k} / 4 ? {p.upper()}_MID{k} : {p.upper()}_HIGH{k});

		switch (cls) {{
		case {p.upper()}_LOW{k}:
			weighted += 0.5 * (double)bins[b];
			break;
		case {p.upper()}_MID{k}:
			weighted += (double)bins[b];
			break;
		default:
			weighted += 2.0 * (double)bins[b];
			break;
		}}
	}}
	return weighted / (double)n;
}}
""".splitlines()


def k_boundary(p, k, rng):
    val = fnum(rng, 0.0, 1.0)
    return f"""\
/* boundary conditions: fixed on the west edge, periodic north/south,
 * zero-gradient on the east edge */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	const int nx = g->nx, ny = g->ny;
	const double fixed = {val} * alpha;
	double flux = 0.0;
	int i, j;

	for (i = 0; i < nx; i++) {{
		for (j = 0; j < ny; j++) {{
			if (i == 0) {{
				g->u[BENCH_IDX(g, i, j)] = fixed;
			}} else if (i == nx - 1) {{
				g->u[BENCH_IDX(g, i, j)] = g->u[BENCH_IDX(g, i - 1, j)];
				flux += g->u[BENCH_IDX(g, i, j)];
			}} else if (j == 0) {{
				g->u[BENCH_IDX(g, i, j)] = g->u[BENCH_IDX(g, i, ny - 2)];
			}} else if (j == ny - 1) {{
				g->u[BENCH_IDX(g, i, j)] = g->u[BENCH_IDX(g, i, 1)];
			}}
		}}
	}}
	return flux;
}}
""".splitlines()


def k_jacobi(p, k, rng):
    tol = rng.choice(["1e-6", "1e-8", "1e-5"])
    mx = rng.choice([50, 100, 200])
    return f"""\
/* Jacobi sweeps on one row until converged */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	double x[BENCH_NY], xn[BENCH_NY];
	double err = 1.0;
	int it = 0, j;
	const int n = BENCH_MIN(g->ny, BENCH_NY);

	for (j = 0; j < n; j++)
		x[j] = g->u[BENCH_IDX(g, 1, j)];
	while (err > {tol} && it < {mx}) {{
		err = 0.0;
		xn[0] = x[0];
		xn[n - 1] = x[n - 1];
		for (j = 1; j < n - 1; j++) {{
			xn[j] = 0.5 * (x[j - 1] + x[j + 1]) * alpha + (1.0 - alpha) * x[j];
			err = BENCH_MAX(err, fabs(xn[j] - x[j]));
		}}
		memcpy(x, xn, (size_t)n * sizeof x[0]);
		it++;
	}}
	for (j = 0; j < n; j++)
		g->tmp[BENCH_IDX(g, 1, j)] = x[j];
	return (double)it + err;
}}
""".splitlines()


def k_smooth(p, k, rng):
    c = [fnum(rng, -1, 1) for _ in range(4)]
    return f"""\
static const struct bench_coeffs {p}_poly{k} = {{ {c[0]}, {c[1]}, {c[2]}, {c[3]} }};

/* polynomial response then a 1-2-1 smoothing along each row */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	double lut[17];
	double acc = 0.0;
	int i, j, t;

	for (t = 0; t <= 16; t++)
		lut[t] = bench_poly3(&{p}_poly{k}, t / 16.0);
	for (i = 0; i < g->nx; i++) {{
		double prev = g->u[BENCH_IDX(g, i, 0)];

		for (j = 1; j < g->ny - 1; j++) {{
			double cur = g->u[BENCH_IDX(g, i, j)];
			double next = g->u[BENCH_IDX(g, i, j + 1)];
			double s = 0.25 * prev + 0.5 * cur + 0.25 * next;
			int slot = (int)(bench_clamp(s, 0.0, 1.0) * 16.0);

			g->tmp[BENCH_IDX(g, i, j)] = bench_lerp(s, lut[slot], alpha);
			acc += g->tmp[BENCH_IDX(g, i, j)];
			prev = cur;
		}}
	}}
	return acc;
}}
""".splitlines()


def k_particles(p, k, rng):
    np_ = rng.choice([64, 128, 256])
    q = fnum(rng, 0.1, 1.0)
    return f"""\
#define {p.upper()}_NPART{k} {np_}

struct {p}_particle{k} {{
	struct bench_vec3 pos, vel;
	double charge;
}};

/* push a few particles through the field (Boris-like rotation) */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	struct {p}_particle{k} part[{p.upper()}_NPART{k}];
	struct bench_vec3 b = {{ 0.0, 0.0, {q} }};
	double energy = 0.0;
	int n;

	for (n = 0; n < {p.upper()}_NPART{k}; n++) {{
		part[n].pos.x = (n % g->nx) * g->dx;
		part[n].pos.y = (n / g->nx) * g->dy;
		part[n].pos.z = 0.0;
		part[n].vel.x = g->u[BENCH_IDX(g, n % g->nx, n % g->ny)];
		part[n].vel.y = alpha;
		part[n].vel.z = 0.0;
		part[n].charge = n % 2 ? 1.0 : -1.0;
	}}
	for (n = 0; n < {p.upper()}_NPART{k}; n++) {{
		struct bench_vec3 f = bench_cross3(part[n].vel, b);

		part[n].vel.x += part[n].charge * f.x * g->dt;
		part[n].vel.y += part[n].charge * f.y * g->dt;
		part[n].vel.z += part[n].charge * f.z * g->dt;
		part[n].pos.x += part[n].vel.x * g->dt;
		part[n].pos.y += part[n].vel.y * g->dt;
		energy += 0.5 * bench_dot3(part[n].vel, part[n].vel);
	}}
	return energy;
}}
""".splitlines()


def k_labels(p, k, rng):
    tag = rng.choice(FIELD_NAMES)
    return f"""\
/* bookkeeping: build labels for the diagnostics and hash them */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	char label[96];
	unsigned long h = 5381;
	size_t len, c;
	int n;

	for (n = 0; n < 8; n++) {{
		snprintf(label, sizeof label, "%s/{tag}/%d/%.3f", "{p}", g->step + n, alpha);
		len = strlen(label);
		for (c = 0; c < len; c++)
			h = h * 33u + (unsigned char)label[c];
	}}
	return (double)(h % 1000003u) / 1000003.0;
}}
""".splitlines()


def k_spectral(p, k, rng):
    m = rng.choice([4, 8, 12])
    return f"""\
/* a few Fourier coefficients of the first row */
static double {p}_k{k}(struct bench_grid *g, double alpha)
{{
	double re[{m}], im[{m}];
	double power = 0.0;
	int m, j;

	for (m = 0; m < {m}; m++) {{
		re[m] = 0.0;
		im[m] = 0.0;
		for (j = 0; j < g->ny; j++) {{
			double ph = 2.0 * BENCH_PI * m * j / g->ny;

			re[m] += g->u[BENCH_IDX(g, 0, j)] * cos(ph);
			im[m] -= g->u[BENCH_IDX(g, 0, j)] * sin(ph);
		}}
		power += (re[m] * re[m] + im[m] * im[m]) * alpha;
	}}
	return power;
}}
""".splitlines()


KERNELS = [k_stencil2d, k_stencil3d, k_reduction, k_bbox, k_matvec,
           k_histogram, k_boundary, k_jacobi, k_smooth, k_particles,
           k_labels, k_spectral]


# ---------------------------------------------------------------------------
# I/O code per mode

def io_low(p, rng):
    nout = rng.randint(1, 3)
    return nout, f"""\
#define {p.upper()}_NOUT {nout}

/* write this module's output files one after another (POSIX) */
static long {p}_write_outputs(const struct bench_grid *g, int step)
{{
	char path[256];
	long written = 0;
	int f, c, fd;

	for (f = 0; f < {p.upper()}_NOUT; f++) {{
		snprintf(path, sizeof path, BENCH_OUTDIR "/{p}_%d_%04d.dat", f, step);
		fd = open(path, BENCH_OPEN_FLAGS, BENCH_OPEN_MODE);
		if (fd < 0)
			return -1;
		for (c = 0; c < BENCH_NCHUNK; c++) {{
			ssize_t n = write(fd, g->u + (size_t)(c % 4) * BENCH_CHUNK_DOUBLES,
					  BENCH_CHUNK_BYTES);
			if (n > 0)
				written += n;
		}}
		close(fd);
	}}
	return written;
}}
""".splitlines()


def io_medium(p, rng):
    nout = rng.randint(1, 3)
    fields = rng.sample(FIELD_NAMES, nout)
    out = []
    for idx, fld in enumerate(fields):
        arr = ["u", "v", "w"][idx % 3]
        out += f"""\
/* output file "{fld}": every rank writes its own slab (independent I/O) */
static int {p}_write_{fld}(struct bench_mpi *m, const struct bench_grid *g, int step)
{{
	MPI_File fh;
	MPI_Offset base;
	char path[256];
	int c, err;

	snprintf(path, sizeof path, BENCH_OUTDIR "/{p}_{fld}_%04d.dat", step);
	err = MPI_File_open(m->comm, path, BENCH_AMODE, MPI_INFO_NULL, &fh);
	if (err != MPI_SUCCESS)
		return err;
	base = (MPI_Offset)m->rank * (MPI_Offset)BENCH_FILE_BYTES;
	for (c = 0; c < BENCH_NCHUNK; c++) {{
		MPI_Offset off = base + (MPI_Offset)c * (MPI_Offset)BENCH_CHUNK_BYTES;

		MPI_File_write_at(fh, off, g->{arr} + (size_t)(c % 4) * BENCH_CHUNK_DOUBLES,
				  BENCH_CHUNK_DOUBLES, MPI_DOUBLE, MPI_STATUS_IGNORE);
	}}
	return MPI_File_close(&fh);
}}

""".splitlines()
    return fields, out


def io_high(p, rng):
    nds = rng.randint(1, 4)
    dsets = rng.sample(FIELD_NAMES, nds)
    names = ", ".join('"%s"' % d for d in dsets)
    return f"""\
static const char *const {p}_dsets[] = {{ {names} }};

/* write this module's part of the category: one HDF5 file, a few datasets */
static int {p}_write(struct cat_ctx *ctx, const struct bench_grid *g)
{{
	hsize_t dims[2] = {{ BENCH_NX, BENCH_NY }};
	hid_t file, space, dset;
	char path[256];
	size_t d;
	int err = 0;

	snprintf(path, sizeof path, BENCH_OUTDIR "/%s_{p}_%04d.h5", ctx->name, ctx->step);
	file = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, ctx->fapl);
	if (file < 0)
		return -1;
	space = H5Screate_simple(2, dims, NULL);
	for (d = 0; d < BENCH_ARRAY_LEN({p}_dsets); d++) {{
		dset = H5Dcreate2(file, {p}_dsets[d], H5T_NATIVE_DOUBLE, space,
				  H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
		if (dset < 0) {{
			err++;
			continue;
		}}
		if (H5Dwrite(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT,
			     d % 2 ? g->v : g->u) < 0)
			err++;
		H5Dclose(dset);
	}}
	H5Sclose(space);
	H5Fclose(file);
	return err;
}}
""".splitlines()


# ---------------------------------------------------------------------------
# one module

def gen_module(mode, k, lines_target, seed):
    rng = random.Random("%s:%s:%d" % (seed, mode, k))
    p = mod_prefix(k)
    n = mod_name(k)
    head = ["/*",
            " * %s.c - generated by bench/gen_project.py (mode %s, seed %s)." % (n, mode, seed),
            " * Compute kernels plus this module's share of the program's output.",
            " */",
            "#include <math.h>",
            "#include <stdio.h>",
            "#include <stdlib.h>",
            "#include <string.h>",
            "",
            '#include "bench_common.h"',
            '#include "bench_kernels.h"',
            '#include "bench_io.h"',
            '#include "%s.h"' % n]
    if k > 1:
        head.append('#include "%s.h"' % mod_name(k - 1))
    head += ["", "static double %s_scale = %s;" % (p, fnum(rng, 0.5, 1.5)), ""]

    if mode == "low":
        nout, io = io_low(p, rng)
    elif mode == "medium":
        fields, io = io_medium(p, rng)
    else:
        io = io_high(p, rng)

    checksum = f"""\
/* public: used by the next module to check this module's results */
double {n}_checksum(const double *a, size_t n)
{{
	double s = 0.0, c = 0.0;
	size_t i;

	for (i = 0; i < n; i++) {{
		double y = a[i] - c;
		double t = s + y;

		c = (t - s) - y;
		s = t;
	}}
	return s * {p}_scale;
}}
""".splitlines()

    # fixed part: head + io + checksum + compute driver + run (about 45 lines)
    fixed = len(head) + len(io) + len(checksum) + 45
    kernels = []
    kcount = 0
    while True:
        kfun = rng.choice(KERNELS)
        body = kfun(p, kcount, rng) + [""]
        kernels.append(body)
        kcount += 1
        total = fixed + sum(len(b) for b in kernels) + kcount
        if total >= lines_target:
            break

    alphas = [fnum(rng, 0.1, 0.9) for _ in range(kcount)]
    driver = [f"/* all kernels of this module, once per step */",
              f"static double {p}_compute(struct bench_grid *g, double alpha)",
              "{", "\tdouble acc = 0.0;", ""]
    for i in range(kcount):
        driver.append(f"\tacc += {p}_k{i}(g, alpha * {alphas[i]});")
    driver += ["\treturn acc * %s_scale;" % p, "}", ""]

    prev = ""
    if k > 1:
        prev = f"\tacc += {mod_name(k - 1)}_checksum(g->u, (size_t)g->nx);\n"

    if mode == "low":
        run = f"""\
double {n}_run(struct bench_grid *g, int step)
{{
	double acc;
	long written;

	g->step = step;
	acc = {p}_compute(g, g->dt);
{prev}	written = {p}_write_outputs(g, step);
	if (written < 0)
		fprintf(stderr, "{n}: cannot write its output\\n");
	return acc + (double)written;
}}
""".splitlines()
    elif mode == "medium":
        calls = "".join(f"\terr |= {p}_write_{f}(m, g, step);\n" for f in fields)
        run = f"""\
double {n}_run(struct bench_mpi *m, struct bench_grid *g, int step)
{{
	double acc;
	int err = 0;

	g->step = step;
	acc = {p}_compute(g, g->dt);
{prev}{calls}	if (err != 0 && m->rank == 0)
		fprintf(stderr, "{n}: MPI-IO error %d\\n", err);
	return acc;
}}
""".splitlines()
    else:
        run = f"""\
static int {p}_init(struct cat_ctx *ctx, struct bench_grid *g)
{{
	ctx->scale = {p}_scale;
	ctx->ndsets = (int)BENCH_ARRAY_LEN({p}_dsets);
	g->step = ctx->step;
	return g->u == NULL;
}}

static double {p}_step(struct cat_ctx *ctx, struct bench_grid *g)
{{
	double acc = {p}_compute(g, g->dt * ctx->scale);

{prev}	return acc;
}}

const struct category_ops {n}_ops = {{
	.name = "{n}",
	.init = {p}_init,
	.compute = {p}_step,
	.write = {p}_write,
}};
""".splitlines()

    out = head
    for b in kernels:
        out += b
    out += driver + io + [""] + checksum + [""] + run
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# main.c, categories, Makefile, compile_commands.json

MAIN_GRID = """\
void bench_grid_init(struct bench_grid *g, int nx, int ny, int nz)
{
	size_t n = (size_t)nx * (size_t)ny * (size_t)nz, i;

	g->nx = nx;
	g->ny = ny;
	g->nz = nz;
	g->dx = 1.0 / nx;
	g->dy = 1.0 / ny;
	g->dt = 0.25 * g->dx * g->dx;
	g->time = 0.0;
	g->step = 0;
	g->u = calloc(n, sizeof(double));
	g->v = calloc(n, sizeof(double));
	g->w = calloc(n, sizeof(double));
	g->tmp = calloc(n, sizeof(double));
	if (!g->u || !g->v || !g->w || !g->tmp) {
		fprintf(stderr, "bench_app: out of memory\\n");
		exit(1);
	}
	for (i = 0; i < n; i++)
		g->u[i] = 0.5 + 0.5 * sin(2.0 * BENCH_PI * (double)(i % (size_t)ny) / ny);
}

void bench_grid_free(struct bench_grid *g)
{
	free(g->u);
	free(g->v);
	free(g->w);
	free(g->tmp);
	g->u = g->v = g->w = g->tmp = NULL;
}

void bench_stats_reset(struct bench_stats *s)
{
	s->min = 1e300;
	s->max = -1e300;
	s->sum = 0.0;
	s->sumsq = 0.0;
	s->n = 0;
}

void bench_stats_add(struct bench_stats *s, double x)
{
	if (x < s->min)
		s->min = x;
	if (x > s->max)
		s->max = x;
	s->sum += x;
	s->sumsq += x * x;
	s->n++;
}

double bench_stats_mean(const struct bench_stats *s)
{
	return s->n ? s->sum / (double)s->n : 0.0;
}

double bench_stats_var(const struct bench_stats *s)
{
	double m = bench_stats_mean(s);

	return s->n ? s->sumsq / (double)s->n - m * m : 0.0;
}
"""


def gen_main(mode, modules, categories):
    inc = ["/* main.c - generated by bench/gen_project.py (mode %s): drives every module. */" % mode,
           "#include <math.h>", "#include <stdio.h>", "#include <stdlib.h>",
           "#include <sys/stat.h>", "#include <sys/types.h>", "",
           '#include "bench_common.h"', '#include "bench_io.h"']
    inc.append('#include "categories.h"' if mode == "high" else '#include "modules.h"')
    out = inc + [""] + MAIN_GRID.splitlines() + [""]
    if mode == "low":
        out += ["static double run_modules(struct bench_grid *g, int step)", "{",
                "\tdouble acc = 0.0;", ""]
        out += ["\tacc += %s_run(g, step);" % mod_name(k) for k in modules]
        out += ["\treturn acc;", "}", "",
                "int main(int argc, char **argv)", "{",
                "\tint steps = argc > 1 ? atoi(argv[1]) : 1;",
                "\tstruct bench_grid g;", "\tdouble acc = 0.0;", "\tint step;", "",
                "\tmkdir(BENCH_OUTDIR, 0755);",
                "\tbench_grid_init(&g, BENCH_NX, BENCH_NY, BENCH_NZ);",
                "\tfor (step = 0; step < steps; step++)",
                "\t\tacc += run_modules(&g, step);",
                '\tprintf("checksum %g\\n", acc);',
                "\tbench_grid_free(&g);", "\treturn 0;", "}"]
    elif mode == "medium":
        out += ["static double run_modules(struct bench_mpi *m, struct bench_grid *g, int step)", "{",
                "\tdouble acc = 0.0;", ""]
        out += ["\tacc += %s_run(m, g, step);" % mod_name(k) for k in modules]
        out += ["\treturn acc;", "}", "",
                "int main(int argc, char **argv)", "{",
                "\tstruct bench_mpi m;", "\tstruct bench_grid g;",
                "\tdouble acc = 0.0;", "\tint steps, step;", "",
                "\tMPI_Init(&argc, &argv);",
                "\tm.comm = MPI_COMM_WORLD;",
                "\tMPI_Comm_rank(m.comm, &m.rank);",
                "\tMPI_Comm_size(m.comm, &m.size);",
                "\tsteps = argc > 1 ? atoi(argv[1]) : 1;",
                "\tif (m.rank == 0)", "\t\tmkdir(BENCH_OUTDIR, 0755);",
                "\tMPI_Barrier(m.comm);",
                "\tbench_grid_init(&g, BENCH_NX, BENCH_NY, BENCH_NZ);",
                "\tfor (step = 0; step < steps; step++)",
                "\t\tacc += run_modules(&m, &g, step);",
                "\tif (m.rank == 0)", '\t\tprintf("checksum %g\\n", acc);',
                "\tbench_grid_free(&g);", "\tMPI_Finalize();", "\treturn 0;", "}"]
    else:
        out += ["int main(int argc, char **argv)", "{",
                "\tint steps = argc > 1 ? atoi(argv[1]) : 1;",
                "\tstruct bench_grid g;", "\tint step, err = 0;", "",
                "\tmkdir(BENCH_OUTDIR, 0755);",
                "\tbench_grid_init(&g, BENCH_NX, BENCH_NY, BENCH_NZ);",
                "\tfor (step = 0; step < steps; step++) {"]
        out += ["\t\terr += cat_%s_run(&g, step);" % c for c, _ in categories]
        out += ["\t}", '\tif (err)', '\t\tfprintf(stderr, "bench_app: %d output errors\\n", err);',
                "\tbench_grid_free(&g);", "\treturn err != 0;", "}"]
    return "\n".join(out) + "\n"


def gen_modules_h(modules):
    out = ["/* modules.h - the entry points of every module, for main.c */",
           "#ifndef MODULES_H", "#define MODULES_H", "",
           '#include "bench_common.h"', '#include "bench_io.h"', ""]
    out += ['#include "%s.h"' % mod_name(k) for k in modules]
    out += ["", "#endif", ""]
    return "\n".join(out)


def gen_categories_h(categories):
    out = ["/* categories.h - one dispatcher per output category */",
           "#ifndef CATEGORIES_H", "#define CATEGORIES_H", "",
           '#include "bench_common.h"', ""]
    out += ["int cat_%s_run(struct bench_grid *g, int step);" % c for c, _ in categories]
    out += ["", "#endif", ""]
    return "\n".join(out)


def gen_category(name, mods):
    out = ["/* cat_%s.c - dispatch table of the \"%s\" output category */" % (name, name),
           "#include <stdio.h>", "#include <stdlib.h>", "",
           '#include "bench_common.h"', '#include "bench_io.h"', '#include "categories.h"', ""]
    out += ["extern const struct category_ops %s_ops;" % mod_name(k) for k in mods]
    out += ["", "static const struct category_ops *const cat_%s_table[] = {" % name]
    out += ["\t&%s_ops," % mod_name(k) for k in mods]
    out += ["};", "",
            "int cat_%s_run(struct bench_grid *g, int step)" % name, "{",
            "\tstruct cat_ctx ctx;", "\tsize_t i;", "\tdouble acc = 0.0;", "\tint err = 0;", "",
            '\tctx.name = "%s";' % name, "\tctx.step = step;", "\tctx.ndsets = 0;",
            "\tctx.fapl = H5P_DEFAULT;", "\tctx.scale = 1.0;",
            "\tfor (i = 0; i < BENCH_ARRAY_LEN(cat_%s_table); i++) {" % name,
            "\t\tconst struct category_ops *ops = cat_%s_table[i];" % name, "",
            "\t\tif (ops->init(&ctx, g) != 0) {",
            '\t\t\tfprintf(stderr, "%s: cannot initialise %%s\\n", ops->name);' % name,
            "\t\t\terr++;", "\t\t\tcontinue;", "\t\t}",
            "\t\tacc += ops->compute(&ctx, g);",
            "\t\terr += ops->write(&ctx, g) != 0;", "\t}",
            "\tif (acc != acc)", '\t\tfprintf(stderr, "%s: NaN in the results\\n");' % name,
            "\treturn err;", "}"]
    return "\n".join(out) + "\n"


def gen_makefile(mode, tus):
    cc = "mpicc" if mode == "medium" else "cc"
    cflags = " ".join(COMMON_CFLAGS)
    if mode == "high":
        cflags += " -I" + HDF5_INC
    libs = "-lm" if mode != "high" else "-l%s -lm" % HDF5_LIB
    objs = " \\\n\t".join("build/%s.o" % os.path.splitext(os.path.basename(t))[0] for t in tus)
    return f"""\
# Makefile - generated by bench/gen_project.py (mode {mode})
CC = {cc}
CFLAGS = {cflags}
LDLIBS = {libs}

OBJS = {objs}

bench_app: $(OBJS)
\t$(CC) -o $@ $(OBJS) $(LDLIBS)

build/%.o: src/%.c | build
\t$(CC) $(CFLAGS) -c $< -o $@

build/main.o: main.c | build
\t$(CC) $(CFLAGS) -c $< -o $@

build:
\tmkdir -p build

clean:
\trm -rf build bench_app out

.PHONY: clean
"""


def compile_commands(mode, outdir, tus):
    cc = "mpicc" if mode == "medium" else "cc"
    flags = list(COMMON_CFLAGS)
    if mode == "high":
        flags.append("-I" + HDF5_INC)
    entries = []
    for t in tus:
        obj = "build/%s.o" % os.path.splitext(os.path.basename(t))[0]
        entries.append({"directory": outdir,
                        "arguments": [cc] + flags + ["-c", t, "-o", obj],
                        "file": t})
    return "[\n" + ",\n".join("  " + json.dumps(e) for e in entries) + "\n]\n"


# ---------------------------------------------------------------------------

def prepare_outdir(out):
    if os.path.isdir(out) and os.listdir(out):
        if not os.path.exists(os.path.join(out, MARKER)):
            sys.exit("gen_project.py: %s exists, is not empty and was not made by "
                     "gen_project.py; refusing to write there" % out)
        for sub in ("src", "include", "build", "out"):
            shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
        for f in ("main.c", "Makefile", "compile_commands.json", "bench_app"):
            if os.path.exists(os.path.join(out, f)):
                os.remove(os.path.join(out, f))
    os.makedirs(os.path.join(out, "src"), exist_ok=True)
    os.makedirs(os.path.join(out, "include"), exist_ok=True)
    with open(os.path.join(out, MARKER), "w") as f:
        f.write("generated by bench/gen_project.py; this directory is rewritten on regeneration\n")


def write(out, rel, text, counts):
    with open(os.path.join(out, rel), "w") as f:
        f.write(text)
    ext = os.path.splitext(rel)[1]
    if ext in counts:
        counts[ext] += text.count("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mode", choices=["low", "medium", "high"], required=True)
    ap.add_argument("--files", type=int, required=True,
                    help="translation units to generate, main.c included")
    ap.add_argument("--lines-per-file", type=int, default=500,
                    help="approximate lines per module (default 500)")
    ap.add_argument("--out", required=True, help="output directory")
    ap.add_argument("--seed", default="1", help="seed (default 1)")
    a = ap.parse_args()

    if a.lines_per_file < 50:
        ap.error("--lines-per-file must be at least 50")
    out = os.path.abspath(a.out)

    categories = []
    if a.mode == "high":
        # C dispatchers + M modules + main.c = files, at least 2 modules per category
        ncat = max(2, min(len(CATEGORY_NAMES), (a.files - 1) // 10))
        nmod = a.files - 1 - ncat
        if nmod < 2 * ncat:
            ap.error("--files must be at least %d in high mode" % (1 + 3 * ncat))
        modules = list(range(1, nmod + 1))
        for c in range(ncat):
            categories.append((CATEGORY_NAMES[c], [k for k in modules if (k - 1) % ncat == c]))
    else:
        if a.files < 2:
            ap.error("--files must be at least 2 (main.c and one module)")
        modules = list(range(1, a.files))

    prepare_outdir(out)
    counts = {".c": 0, ".h": 0}
    write(out, "include/bench_common.h", common_header(), counts)
    write(out, "include/bench_kernels.h", kernels_header(), counts)
    write(out, "include/bench_io.h", io_header(a.mode), counts)
    tus = ["main.c"]
    for k in modules:
        write(out, "include/%s.h" % mod_name(k), module_header(a.mode, k), counts)
        write(out, "src/%s.c" % mod_name(k), gen_module(a.mode, k, a.lines_per_file, a.seed), counts)
        tus.append("src/%s.c" % mod_name(k))
    if a.mode == "high":
        write(out, "include/categories.h", gen_categories_h(categories), counts)
        for name, mods in categories:
            write(out, "src/cat_%s.c" % name, gen_category(name, mods), counts)
            tus.append("src/cat_%s.c" % name)
    else:
        write(out, "include/modules.h", gen_modules_h(modules), counts)
    write(out, "main.c", gen_main(a.mode, modules, categories), counts)
    write(out, "Makefile", gen_makefile(a.mode, tus), {})
    write(out, "compile_commands.json", compile_commands(a.mode, out, tus), {})

    print("mode=%s tus=%d modules=%d categories=%d c_lines=%d h_lines=%d total_lines=%d out=%s"
          % (a.mode, len(tus), len(modules), len(categories), counts[".c"], counts[".h"],
             counts[".c"] + counts[".h"], out))


if __name__ == "__main__":
    main()
