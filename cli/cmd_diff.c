/*
 * cmd_diff.c - `vidya diff`: two analysis runs compared block by block
 * (optimizer/diff.c), from one database or two.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "parse_options.h"
#include "vd_findings.h"
#include "vd_html.h"
#include "vd_store.h"

static const cli_usage diff_usage = {
	"diff",
	"usage: vidya diff [--db FILE] [--format table|json|html] [--rules FILE] [A [B]]\n"
	"       vidya diff --traces [--db FILE] [--format table|json|html] [A [B]]\n",
	"Shows the blocks whose CIOC, I/O calls, bytes, predicted I/O seconds or\n"
	"findings changed, and the blocks only one run has.\n\n"
	"  A, B                  runs to compare: N (a run of --db), FILE.db (its\n"
	"                        latest run) or FILE.db:N; default: the run before\n"
	"                        the latest, and the latest (B alone given: the\n"
	"                        latest of --db is A's default)\n\n"
	"The html format is one page: style inline, nothing from the network.\n",
	NULL,
};

enum { FMT_TABLE, FMT_JSON, FMT_HTML };

static int opt_format(const cli_option *opt, const char *arg)
{
	if (strcmp(arg, "table") && strcmp(arg, "json") && strcmp(arg, "html")) {
		cli_error("--format '%s': expected table, json or html", arg);
		return -1;
	}
	*(int *)opt->value = !strcmp(arg, "json")   ? FMT_JSON
			     : !strcmp(arg, "html") ? FMT_HTML
						    : FMT_TABLE;
	return 0;
}

/* one side: its database and run (0 = the latest, -1 = the one before it) */
typedef struct side {
	const char *db;
	long run;
	char *owned;
} side;

static int parse_side(const char *arg, const char *db, side *s)
{
	char *end;
	errno = 0;
	long n = strtol(arg, &end, 10);
	if (*arg && !*end && !errno && n >= 1) {
		s->db = db;
		s->run = n;
		return 0;
	}
	const char *colon = strrchr(arg, ':');
	if (colon && colon[1]) {
		n = strtol(colon + 1, &end, 10);
		if (!*end && n >= 1) {
			s->owned = vd_xstrndup(arg, (size_t)(colon - arg));
			s->db = s->owned;
			s->run = n;
			return 0;
		}
	}
	if (access(arg, F_OK) == 0) {
		s->db = arg;
		s->run = 0;
		return 0;
	}
	cli_error("'%s' is neither a run number, a database nor DATABASE:RUN", arg);
	return -1;
}

/* the run before the latest of `st` */
static long previous_run(vd_store *st, const char *db)
{
	vd_result *r = NULL;
	if (vd_store_load_run(st, 0, &r) != 0) {
		cli_error("'%s' holds no analysis run", db);
		return -1;
	}
	long id = r->run_id;
	vd_result_free(r);
	for (long k = id - 1; k >= 1; k--) {
		int rc = vd_store_load_run(st, k, &r);
		vd_result_free(r);
		r = NULL;
		if (rc == 0)
			return k;
	}
	cli_error("'%s' holds only one run: give two runs or databases to compare", db);
	return -1;
}

/* the side's database, opened; NULL after an error message */
static vd_store *open_side(const side *s)
{
	vd_store *st = NULL;
	if (access(s->db, F_OK) != 0) {
		cli_error("no database '%s': %s", s->db, strerror(errno));
		return NULL;
	}
	if (vd_store_open(&st, s->db) != 0) {
		cli_error("%s", vd_error_last());
		return NULL;
	}
	return st;
}

/* one trace's totals per file and layer */
static int load_trace_side(side *s, vd_arena *a, vd_trace_totals **t, size_t *n, long *id)
{
	vd_store *st = open_side(s);
	if (!st)
		return -1;
	int rc = vd_store_trace_totals(st, s->run, a, t, n, id);
	if (rc == VD_ENOTFOUND)
		cli_error("'%s' holds no %s", s->db,
			  s->run > 0   ? "trace with that number"
			  : s->run < 0 ? "second trace: give two traces or databases to compare"
				       : "trace");
	else if (rc != 0)
		cli_error("%s", vd_error_last());
	vd_store_close(st);
	return rc == 0 ? 0 : -1;
}

/* a counter as people read it: bytes in KiB/MiB, seconds to 3 digits */
static void put_value(vd_buf *b, int k, double v, int present)
{
	const char *name = vd_trace_total_names[k];
	if (!present)
		vd_buf_puts(b, "-");
	else if (strstr(name, "bytes"))
		vd_buf_printf(b, "%.0f", v);
	else if (name[strlen(name) - 1] == 's' && name[strlen(name) - 2] == '_')
		vd_buf_printf(b, "%.3g s", v);
	else
		vd_buf_printf(b, "%.0f", v);
}

static int diff_traces(side *sa, side *sb, int fmt)
{
	int json = fmt == FMT_JSON;
	vd_arena *a = vd_arena_new();
	vd_trace_totals *ta = NULL, *tb = NULL;
	size_t na = 0, nb = 0;
	long ida = 0, idb = 0;
	int rc = VD_EXIT_ERROR;
	if (load_trace_side(sa, a, &ta, &na, &ida) || load_trace_side(sb, a, &tb, &nb, &idb))
		goto done;
	vd_buf out = VD_BUF_INIT, body = VD_BUF_INIT;
	size_t count[3] = { 0 };
	if (fmt == FMT_HTML) {
		vd_html_render_trace_diff(&out, ida, ta, na, idb, tb, nb);
		goto print;
	}
	size_t it = 0;
	const vd_trace_totals *A, *B;
	while (vd_trace_totals_next(ta, na, tb, nb, &it, &A, &B)) {
		const vd_trace_totals *x = A ? A : B;
		int status = A && B ? 0 : B ? 1 : 2, changed = 0;
		for (int k = 0; k < VD_NTRACE_TOTALS; k++)
			changed |= !A || !B || A->v[k] != B->v[k];
		if (!changed)
			continue;
		static const char *const st_name[] = { "changed", "added", "removed" };
		if (json) {
			vd_buf_printf(&body, "%s\n  {\"path\": ",
				      count[0] + count[1] + count[2] ? "," : "");
			vd_json_str(&body, x->path);
			vd_buf_printf(&body, ", \"api\": \"%s\", \"status\": \"%s\"", x->api,
				      st_name[status]);
			for (int side_ = 0; side_ < 2; side_++) {
				const vd_trace_totals *z = side_ ? B : A;
				vd_buf_printf(&body, ", \"%s\": ", side_ ? "b" : "a");
				if (!z) {
					vd_buf_puts(&body, "null");
					continue;
				}
				for (int k = 0; k < VD_NTRACE_TOTALS; k++)
					vd_buf_printf(&body, "%s\"%s\": %.9g", k ? ", " : "{",
						      vd_trace_total_names[k], z->v[k]);
				vd_buf_putc(&body, '}');
			}
			vd_buf_putc(&body, '}');
		} else {
			vd_buf_printf(&body, "\n%-8s %s (%s)\n", st_name[status], x->path, x->api);
			for (int k = 0; k < VD_NTRACE_TOTALS; k++) {
				if (A && B && A->v[k] == B->v[k])
					continue;
				vd_buf_printf(&body, "  %-14s ", vd_trace_total_names[k]);
				put_value(&body, k, A ? A->v[k] : 0, A != NULL);
				vd_buf_puts(&body, " -> ");
				put_value(&body, k, B ? B->v[k] : 0, B != NULL);
				vd_buf_putc(&body, '\n');
			}
		}
		count[status]++;
	}
	if (json)
		vd_buf_printf(&out, "{\"trace_a\": %ld, \"trace_b\": %ld, \"files\": [%s%s]}\n",
			      ida, idb, vd_buf_cstr(&body), body.len ? "\n" : "");
	else
		vd_buf_printf(
			&out,
			"trace %ld -> trace %ld: %zu file%s changed, %zu added, %zu removed\n%s",
			ida, idb, count[0], count[0] == 1 ? "" : "s", count[1], count[2],
			vd_buf_cstr(&body));
print:
	fwrite(vd_buf_cstr(&out), 1, out.len, stdout);
	vd_buf_release(&out);
	vd_buf_release(&body);
	rc = VD_EXIT_OK;
done:
	vd_arena_free(a);
	return rc;
}

static int load_side(side *s, const vd_rules_config *cfg, vd_result **r, vd_findings **f)
{
	vd_store *st = open_side(s);
	int rc = -1;
	if (!st)
		return -1;
	if (s->run < 0 && (s->run = previous_run(st, s->db)) < 0)
		goto done;
	int lr = vd_store_load_run(st, s->run, r);
	if (lr == 0)
		lr = vd_findings_compute(st, (*r)->run_id, cfg, f, NULL);
	if (lr == VD_ENOTFOUND)
		cli_error("'%s' holds no analysis run%s", s->db, s->run ? " with that number" : "");
	else if (lr != 0)
		cli_error("%s", vd_error_last());
	else
		rc = 0;
done:
	vd_store_close(st);
	return rc;
}

int cmd_diff(int argc, char **argv)
{
	const char *db = "vidya.db", *rules = NULL;
	int fmt = FMT_TABLE, traces = 0;
	const cli_option opts[] = {
		CLI_STRING(0, "db", &db, "FILE", "database (default ./vidya.db)"),
		CLI_CALLBACK(0, "format", &fmt, "F", opt_format, "table (default), json or html"),
		CLI_STRING(0, "rules", &rules, "FILE",
			   "thresholds for the findings compared (see vidya lint)"),
		CLI_BOOL(0, "traces", &traces,
			 "compare two traces (vidya trace) instead: A and B\n"
			 "are trace ids; the counters per file and layer\nthat changed"),
		CLI_END(),
	};
	int first = cli_parse_options(argc, argv, 1, opts, &diff_usage, 0);
	if (first < 0)
		return first == CLI_PARSE_HELP ? VD_EXIT_OK : VD_EXIT_ERROR;
	if (argc - first > 2) {
		cli_error("unexpected argument '%s'", argv[first + 2]);
		return VD_EXIT_ERROR;
	}
	vd_rules_config cfg;
	vd_rules_config_init(&cfg);
	if (rules && vd_rules_config_load(&cfg, rules) != 0) {
		cli_error("%s", vd_error_last());
		return VD_EXIT_ERROR;
	}
	side a = { db, -1, NULL }, b = { db, 0, NULL };
	vd_result *ra = NULL, *rb = NULL;
	vd_findings *fa = NULL, *fb = NULL;
	vd_diff *d = NULL;
	vd_buf out = VD_BUF_INIT;
	int rc = VD_EXIT_ERROR;
	if (argc - first == 2 &&
	    (parse_side(argv[first], db, &a) || parse_side(argv[first + 1], db, &b)))
		goto done;
	if (argc - first == 1) {
		/* one argument: it is B, compared with the latest run of --db
		 * when it names another database, else with the run before */
		if (parse_side(argv[first], db, &b))
			goto done;
		if (strcmp(b.db, db))
			a.run = 0;
	}
	if (traces) {
		rc = diff_traces(&a, &b, fmt);
		goto done;
	}
	if (load_side(&a, &cfg, &ra, &fa) || load_side(&b, &cfg, &rb, &fb))
		goto done;
	if (vd_diff_compute(ra, fa, rb, fb, &d) != 0 ||
	    (fmt == FMT_HTML ? vd_html_render_diff(&out, d, "vidya diff")
			     : vd_diff_render(&out, d, fmt == FMT_JSON)) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	fwrite(vd_buf_cstr(&out), 1, out.len, stdout);
	rc = VD_EXIT_OK;
done:
	vd_buf_release(&out);
	vd_diff_free(d);
	vd_findings_free(fa);
	vd_findings_free(fb);
	vd_result_free(ra);
	vd_result_free(rb);
	free(a.owned);
	free(b.owned);
	return rc;
}
