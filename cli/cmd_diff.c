/*
 * cmd_diff.c - `vidya diff`: two analysis runs compared block by block
 * (optimizer/diff.c), from one database or two.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "vd_findings.h"
#include "vd_store.h"

static void diff_usage(FILE *out)
{
	fprintf(out,
		"usage: vidya diff [--db FILE] [--format table|json] [--rules FILE] [A [B]]\n\n"
		"  A, B           runs to compare: N (a run of --db), FILE.db (its latest run)\n"
		"                 or FILE.db:N; default: the run before the latest, and the\n"
		"                 latest (B alone given: the latest of --db is A's default)\n"
		"  --db FILE      database (default ./vidya.db)\n"
		"  --format F     table (default) or json\n"
		"  --rules FILE   thresholds for the findings compared (see vidya lint)\n\n"
		"Shows the blocks whose CIOC, I/O calls, bytes, predicted I/O seconds or\n"
		"findings changed, and the blocks only one run has.\n");
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

static int load_side(side *s, const vd_rules_config *cfg, vd_result **r, vd_findings **f)
{
	vd_store *st = NULL;
	int rc = -1;
	if (access(s->db, F_OK) != 0) {
		cli_error("no database '%s': %s", s->db, strerror(errno));
		return -1;
	}
	if (vd_store_open(&st, s->db) != 0) {
		cli_error("%s", vd_error_last());
		return -1;
	}
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
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "rules", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *db = "vidya.db", *rules = NULL;
	int json = 0, c;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			db = optarg;
			break;
		case 'f':
			if (strcmp(optarg, "table") && strcmp(optarg, "json")) {
				cli_error("--format '%s': expected table or json", optarg);
				return VD_EXIT_ERROR;
			}
			json = !strcmp(optarg, "json");
			break;
		case 'r':
			rules = optarg;
			break;
		case 'h':
			diff_usage(stdout);
			return VD_EXIT_OK;
		default:
			return cli_bad_option("diff", c, argv, opts);
		}
	}
	if (argc - optind > 2) {
		cli_error("unexpected argument '%s'", argv[optind + 2]);
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
	if (argc - optind == 2 && (parse_side(argv[optind], db, &a) || parse_side(argv[optind + 1], db, &b)))
		goto done;
	if (argc - optind == 1) {
		/* one argument: it is B, compared with the latest run of --db
		 * when it names another database, else with the run before */
		if (parse_side(argv[optind], db, &b))
			goto done;
		if (strcmp(b.db, db))
			a.run = 0;
	}
	if (load_side(&a, &cfg, &ra, &fa) || load_side(&b, &cfg, &rb, &fb))
		goto done;
	if (vd_diff_compute(ra, fa, rb, fb, &d) != 0 || vd_diff_render(&out, d, json) != 0) {
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
