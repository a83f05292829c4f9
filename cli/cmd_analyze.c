/*
 * cmd_analyze.c - `vidya analyze`: compile_commands.json -> per-block
 * P1..P15, X1..X16 and CIOC, stored as a new run in the database, and the
 * ranked hotspot table on stdout.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "vd_model.h"
#include "vd_analyzer.h"
#include "vd_extractor.h"
#include "vd_store.h"
#include "vd_sysprobe.h"

/* the ranges of --assume-trip/--assume-bytes and of --max-depth: deeper
 * unrolling overflows the evaluator's stack long before it helps */
#define ASSUME_MAX 1e15
#define MAX_DEPTH 256

static void analyze_usage(FILE *out)
{
	fprintf(out,
		"usage: vidya analyze [options] compile_commands.json|DIR\n"
		"       vidya merge [options] compile_commands.json|DIR SHARD.db...\n\n"
		"  --db FILE          database to add the run to (default ./vidya.db)\n"
		"  --entry NAME       entry point (default main; FILE:NAME when several define it)\n"
		"  --args \"A B ...\"   argv[1..] of the entry point, for argc/argv-bound values\n"
		"                     (split like a shell: quotes must close)\n"
		"  --define NAME=V    bind a variable or macro (repeatable)\n"
		"  --env NAME=V       what getenv(\"NAME\") returns; --env NAME: unset (NULL);\n"
		"                     other names are unknown (repeatable)\n"
		"  --nprocs N         processes running the program (P14, MPI_Comm_size;\n"
		"                     1 to 2147483647, default 1)\n"
		"  --assume-trip N    iterations of loops whose bound is unknown (default 100;\n"
		"                     a finite number, 0 to 1e15)\n"
		"  --assume-bytes N   bytes of data calls whose size is unknown (default 4096;\n"
		"                     a finite number, 0 to 1e15)\n"
		"  --max-depth N      call unrolling depth cap (default 64, 1 to 256)\n"
		"  --paths MODE       expected (default): counts are expected values - error\n"
		"                     paths not taken, unknown branches weighted by static\n"
		"                     branch prediction; all: the upper bound, every branch\n"
		"                     whose condition is unknown counts as taken\n"
		"  --catalog FILE     add I/O API entries (user wrappers; repeatable)\n"
		"  --root DIR         project root for block ids (default: the database's directory)\n"
		"  --no-probe         neither probe nor use the user's profile cache: the\n"
		"                     database's profile, else device defaults\n"
		"  --model FILE       score CIOC with this model (vidya model fit); default: the\n"
		"                     shipped data/model.xml\n"
		"  --no-model         score CIOC with the analytic estimate instead\n"
		"  -j, --jobs N       parse N translation units in parallel (default: online CPUs;\n"
		"                     at most 4 x online CPUs, and never more than 256)\n"
		"  --no-cache         parse every translation unit, ignoring the database's cache\n"
		"  --shard K/N        only parse shard K of N into the database's cache (no run);\n"
		"                     'vidya merge' then joins the shards and analyzes\n"
		"  --top N            rows of the hotspot table (default 20; 0 = all)\n"
		"  --format F         table|json|csv|dot|graphml for what is printed\n"
		"  --sort KEY         io (default: I/O-bound blocks by predicted I/O time) or cioc\n"
		"  --all              also list blocks not reachable from the entry point\n"
		"  --no-memo          walk every call again instead of replaying call summaries\n"
		"                     (slower; the results are the same - for checking that)\n"
		"  --quiet            print nothing on success\n\n"
		"Integers are decimal digits with an optional sign; a value out of its range,\n"
		"or with anything after the number, is an error.\n\n"
		"exit codes: 0 ok, 1 error, 3 some translation units could not be parsed\n");
}

typedef struct progress_state {
	double t0;
} progress_state;

static void progress(void *payload, size_t done, size_t total, const char *file)
{
	progress_state *ps = payload;
	if (!file) {
		fprintf(stderr, "\r\033[K");
		return;
	}
	double dt = vd_now() - ps->t0;
	const char *base = strrchr(file, '/');
	fprintf(stderr, "\r\033[K[%zu/%zu] %.1f TU/s  %s", done + 1, total,
		dt > 0 ? (double)done / dt : 0.0, base ? base + 1 : file);
	fflush(stderr);
}

/* the database behind the extractor's per-TU cache */
static int cache_get(void *payload, const char *key, char **deps, void **blob, size_t *len)
{
	return vd_store_tu_get(payload, key, deps, blob, len);
}

/* anything this run wrote to the database (cache entries, a profile, merged
 * shards): a database vidya created is removed on failure only when 0 */
static long db_writes;

static int cache_put(void *payload, const char *key, const char *file, const char *deps,
		     const void *blob, size_t len)
{
	int rc = vd_store_tu_put(payload, key, file, deps, blob, len);
	if (rc == 0)
		db_writes++;
	return rc;
}

/* the same file, by device and inode (names differ through links, ./, ..) */
static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* removes the database `db` and sqlite's side files */
static void remove_db(const char *db)
{
	static const char *const side[] = { "", "-journal", "-wal", "-shm" };
	for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
		char path[PATH_MAX];
		if ((size_t)snprintf(path, sizeof path, "%s%s", db, side[i]) < sizeof path)
			unlink(path);
	}
}

static void probe_progress(const char *phase, void *payload)
{
	fprintf(stderr, "\r\033[Ksysprobe: %s", phase);
	fflush(stderr);
}

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	interrupted = 1;
}

/* The device the scores use: the user's cached profile of the file system
 * holding `dir` (recorded in the database when it is not there yet), else
 * the newest profile of that file system in the database, else a quick
 * probe (cached and stored), else defaults.  --no-probe: the database or
 * the defaults only, so that a result does not depend on the user's cache. */
static void obtain_device(vd_store *st, const char *dir, int no_probe, int quiet, vd_device *dev)
{
	vd_buf mount = VD_BUF_INIT, fstype = VD_BUF_INIT;
	int found = 0;
	vd_device_defaults(dev);
	if (!no_probe && vd_sysprobe_cache_load(dir, dev, NULL, 0, NULL, NULL, &found) == 0 && found) {
		vd_device have;
		int in_db = 0;
		if (vd_store_load_profile(st, dev->mount, &have, &in_db) != 0 || !in_db ||
		    strcmp(have.profile, dev->profile)) {
			vd_buf json = VD_BUF_INIT;
			vd_sysprobe_cache_load(dir, dev, NULL, 0, &json, NULL, &found);
			long id;
			if (vd_store_save_profile(st, dev, json.len ? vd_buf_cstr(&json) : NULL, &id) != 0 &&
			    !quiet)
				cli_warn("%s", vd_error_last());
			vd_buf_release(&json);
		}
		goto done;
	}
	vd_error_clear();
	vd_device_defaults(dev);
	found = 0;
	if (vd_sysprobe_mount_of(&mount, &fstype, dir) == 0 &&
	    vd_store_load_profile(st, vd_buf_cstr(&mount), dev, &found) == 0 && found &&
	    (no_probe || isfinite(dev->stdio_call_s)))
		goto done; /* an older profile lacks the page-cache figures: probe again */
	vd_device_defaults(dev);
	if (no_probe)
		goto done;
	vd_sysprobe_opts so = VD_SYSPROBE_OPTS_INIT;
	so.dir = dir;
	so.mode = VD_SYSPROBE_QUICK;
	so.no_lshw = 1;
	so.cancel = &interrupted;
	if (cli_stderr_is_tty() && !quiet)
		so.progress = probe_progress;
	vd_sysprobe_report *rep = NULL;
	struct sigaction sa = { 0 }, old;
	sa.sa_handler = on_sigint;
	sigaction(SIGINT, &sa, &old);
	int rc = vd_sysprobe_run(&rep, &so);
	sigaction(SIGINT, &old, NULL);
	if (so.progress)
		fprintf(stderr, "\r\033[K");
	if (rc != 0) {
		if (!quiet)
			cli_warn("quick sysprobe of '%s' failed (%s): using device defaults", dir,
				 vd_error_last());
		vd_device_defaults(dev);
		goto done;
	}
	vd_sysprobe_to_device(rep, dev);
	if (vd_sysprobe_cache_save(dir, rep, dev, NULL) != 0 && !quiet)
		cli_warn("the profile could not be cached: %s", vd_error_last());
	vd_buf json = VD_BUF_INIT;
	vd_sysprobe_to_json(rep, &json);
	long id;
	if (vd_store_save_profile(st, dev, vd_buf_cstr(&json), &id) == 0)
		db_writes++;
	else if (!quiet)
		cli_warn("%s", vd_error_last());
	vd_buf_release(&json);
	vd_sysprobe_free(rep);
done:
	vd_buf_release(&mount);
	vd_buf_release(&fstype);
}

static int run_analyze(int argc, char **argv, int merge)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "entry", required_argument, NULL, 'e' },
		{ "args", required_argument, NULL, 'a' },
		{ "define", required_argument, NULL, 'D' },
		{ "env", required_argument, NULL, 'E' },
		{ "nprocs", required_argument, NULL, 'n' },
		{ "assume-trip", required_argument, NULL, 'T' },
		{ "assume-bytes", required_argument, NULL, 'B' },
		{ "max-depth", required_argument, NULL, 'M' },
		{ "catalog", required_argument, NULL, 'c' },
		{ "root", required_argument, NULL, 'R' },
		{ "no-probe", no_argument, NULL, 'P' },
		{ "top", required_argument, NULL, 't' },
		{ "format", required_argument, NULL, 'f' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "no-cache", no_argument, NULL, 'C' },
		{ "shard", required_argument, NULL, 'S' },
		{ "sort", required_argument, NULL, 's' },
		{ "all", no_argument, NULL, 'A' },
		{ "no-memo", no_argument, NULL, 'N' },
		{ "paths", required_argument, NULL, 'p' },
		{ "model", required_argument, NULL, 'O' },
		{ "no-model", no_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	vd_extract_opts eo;
	vd_extract_opts_init(&eo);
	const char *db = "vidya.db";
	int no_probe = 0, quiet = 0, no_model = 0;
	const char *model_path = NULL;
	vd_model *model = NULL;
	vd_report_opts ro;
	vd_report_opts_init(&ro);
	ro.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
	const char **defines = calloc((size_t)argc + 1, sizeof(char *));
	const char **envs = calloc((size_t)argc + 1, sizeof(char *));
	const char **catalogs = calloc((size_t)argc + 1, sizeof(char *));
	vd_project *p = NULL;
	vd_store *st = NULL;
	vd_result *r = NULL;
	vd_buf out = VD_BUF_INIT;
	int rc = VD_EXIT_ERROR;
	int created = 0, run_saved = 0;
	int c, top_set = 0;
	long long iv;
	optind = 1;
	opterr = 0;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	eo.jobs = ncpu > 0 ? (int)ncpu : 1;
	if (eo.jobs > cli_max_jobs())
		eo.jobs = cli_max_jobs();
	int no_cache = 0;
	const char *cmd = merge ? "merge" : "analyze";
	while ((c = getopt_long(argc, argv, ":hj:", opts, NULL)) != -1) {
		switch (c) {
		case 'd': db = optarg; break;
		case 'e': eo.entry = optarg; break;
		case 'a':
			if (cli_opt_words("--args", optarg) != 0)
				goto cleanup;
			eo.args = optarg;
			break;
		case 'D':
			if (!strchr(optarg, '=') || optarg[0] == '=') {
				cli_error("--define '%s': expected NAME=VALUE", optarg);
				goto cleanup;
			}
			defines[eo.ndefines++] = optarg;
			break;
		case 'E':
			if (!optarg[0] || optarg[0] == '=') {
				cli_error("--env '%s': expected NAME=VALUE, or NAME for an unset variable",
					  optarg);
				goto cleanup;
			}
			envs[eo.nenvs++] = optarg;
			break;
		case 'n':
			if (cli_opt_int("--nprocs", optarg, 1, INT_MAX, NULL, &iv) != 0)
				goto cleanup;
			eo.nprocs = (int)iv;
			break;
		case 'T':
			if (cli_opt_double("--assume-trip", optarg, 0, ASSUME_MAX, &eo.assume_trip) != 0)
				goto cleanup;
			break;
		case 'B':
			if (cli_opt_double("--assume-bytes", optarg, 0, ASSUME_MAX, &eo.assume_bytes) != 0)
				goto cleanup;
			break;
		case 'M':
			if (cli_opt_int("--max-depth", optarg, 1, MAX_DEPTH, NULL, &iv) != 0)
				goto cleanup;
			eo.max_depth = (int)iv;
			break;
		case 'c':
			if (access(optarg, R_OK) != 0) {
				cli_error("unable to read catalog '%s': %s", optarg, strerror(errno));
				goto cleanup;
			}
			catalogs[eo.nuser_catalogs++] = optarg;
			break;
		case 'R': eo.root = optarg; break;
		case 'P': no_probe = 1; break;
		case 'O': model_path = optarg; break;
		case 'o': no_model = 1; break;
		case 't':
			if (cli_opt_int("--top", optarg, 0, INT_MAX, NULL, &iv) != 0)
				goto cleanup;
			ro.top = (int)iv;
			top_set = 1;
			break;
		case 's':
			if (strcmp(optarg, "io") && strcmp(optarg, "cioc")) {
				cli_error("--sort '%s': expected io or cioc", optarg);
				goto cleanup;
			}
			ro.sort_by_cioc = !strcmp(optarg, "cioc");
			break;
		case 'f':
			if (vd_report_format_parse(optarg, &ro.format) != 0) {
				cli_error("unknown format '%s'", optarg);
				goto cleanup;
			}
			break;
		case 'q': quiet = 1; break;
		case 'j':
			if (cli_opt_int("--jobs", optarg, 1, cli_max_jobs(),
					"4 x online CPUs, never more than 256", &iv) != 0)
				goto cleanup;
			eo.jobs = (int)iv;
			break;
		case 'C': no_cache = 1; break;
		case 'A': ro.include_unreachable = 1; break;
		case 'N': eo.no_memo = 1; break;
		case 'p':
			if (strcmp(optarg, "expected") && strcmp(optarg, "all")) {
				cli_error("--paths '%s': expected 'expected' or 'all'", optarg);
				goto cleanup;
			}
			eo.paths_all = !strcmp(optarg, "all");
			break;
		case 'S':
			if (cli_opt_shard("--shard", optarg, &eo.shard_k, &eo.shard_n) != 0)
				goto cleanup;
			break;
		case 'h':
			analyze_usage(stdout);
			rc = VD_EXIT_OK;
			goto cleanup;
		default:
			rc = cli_bad_option(cmd, c, argv, opts);
			goto cleanup;
		}
	}
	if (!top_set && ro.format != VD_FMT_TABLE)
		ro.top = 0; /* exports carry every block unless --top says otherwise */
	if (merge ? optind > argc - 2 : optind != argc - 1) {
		cli_error(optind >= argc ? "missing compile_commands.json"
			  : merge        ? "missing shard databases"
					 : "too many arguments");
		analyze_usage(stderr);
		goto cleanup;
	}
	if (merge && eo.shard_n > 1) {
		cli_error("--shard and merge do not go together");
		goto cleanup;
	}
	eo.defines = defines;
	eo.envs = envs;
	eo.user_catalogs = catalogs;
	/* a copy: cli_data_file's buffer is reused for the model below */
	static char catalog_path[PATH_MAX];
	const char *cat = cli_data_file("catalog.xml");
	if (!cat) {
		cli_error("I/O catalog 'catalog.xml' not found (set VIDYA_DATADIR)");
		goto cleanup;
	}
	snprintf(catalog_path, sizeof catalog_path, "%s", cat);
	eo.catalog = catalog_path;
	double t0 = vd_now();
	progress_state ps = { t0 };
	if (cli_stderr_is_tty() && !quiet) {
		eo.progress = progress;
		eo.payload = &ps;
	}
	for (int i = optind + 1; merge && i < argc; i++) {
		if (access(argv[i], R_OK) != 0) {
			cli_error("unable to read shard database '%s': %s", argv[i], strerror(errno));
			goto cleanup;
		}
		if (same_file(argv[i], db)) {
			cli_error("shard database '%s' is the database merged into (--db %s): "
				  "a database cannot be merged into itself", argv[i], db);
			goto cleanup;
		}
	}
	/* a database this run creates is removed again if the run fails
	 * before anything is stored in it */
	struct stat dbst;
	created = stat(db, &dbst) != 0 && errno == ENOENT;
	db_writes = 0;
	if (vd_store_open(&st, db) != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	/* before the analysis, not after it: a read-only database */
	if (vd_store_check_writable(st) != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	for (int i = optind + 1; merge && i < argc; i++) {
		long n = 0;
		if (vd_store_tu_import(st, argv[i], &n) != 0) {
			cli_error("%s", vd_error_last());
			goto cleanup;
		}
		db_writes += n;
		if (!quiet)
			fprintf(stderr, "merged %ld translation unit%s from %s\n", n, n == 1 ? "" : "s",
				argv[i]);
	}
	/* the cache: read unless --no-cache, always refreshed */
	vd_tu_cache cache = { st, no_cache ? NULL : cache_get, cache_put };
	eo.cache = &cache;
	int lr = vd_project_load(&p, argv[optind], &eo);
	if (vd_store_tu_commit(st) != 0)
		cli_warn("%s", vd_error_last());
	if (lr != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	if (eo.shard_n > 1) {
		size_t failed, n = vd_project_tus(p, &failed);
		size_t nd;
		const vd_pdiag *d = vd_project_diags(p, &nd);
		for (size_t i = 0; i < nd; i++)
			if (d[i].severity > 0)
				fprintf(stderr, "%s:%d: %s: %s\n", d[i].file ? d[i].file : "vidya",
					d[i].line, d[i].severity == 2 ? "error" : "warning", d[i].message);
		if (!quiet)
			printf("shard %d/%d: %zu translation unit%s (%zu from the cache) stored in %s; "
			       "join the shards with 'vidya merge'\n",
			       eo.shard_k, eo.shard_n, n, n == 1 ? "" : "s", vd_project_tus_cached(p), db);
		rc = failed ? VD_EXIT_PARTIAL : VD_EXIT_OK;
		goto cleanup;
	}
	if (!no_model) {
		const char *mp = model_path ? model_path : cli_data_file("model.xml");
		if (mp && vd_model_load(&model, mp) != 0) {
			cli_error("%s", vd_error_last());
			goto cleanup;
		}
		if (model)
			model_path = mp;
	}
	vd_device dev;
	obtain_device(st, vd_project_root(p), no_probe, quiet, &dev);
	if (vd_analyze(&r, p, &dev, eo.nprocs) != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	/* CIOC from the fitted model, on this machine's device figures */
	if (model) {
		if (vd_model_score_result(model, r) != 0) {
			cli_error("%s", vd_error_last());
			goto cleanup;
		}
		r->model = vd_arena_strdup(r->arena, model_path);
	}
	/* the result holds what it needs: the IR's memory can serve the save */
	size_t tus_cached = vd_project_tus_cached(p);
	vd_project_free(p);
	p = NULL;
	r->compdb = vd_arena_strdup(r->arena, argv[optind]);
	r->entry = vd_arena_strdup(r->arena, eo.entry);
	r->args = vd_arena_strdup(r->arena, eo.args);
	vd_buf defs = VD_BUF_INIT;
	for (size_t i = 0; i < eo.ndefines; i++)
		vd_buf_printf(&defs, "%s%s", i ? "," : "", defines[i]);
	r->defines = eo.ndefines ? vd_arena_strdup(r->arena, defs.ptr) : NULL;
	vd_buf_release(&defs);
	r->vidya_version = VD_VERSION;
	r->assume_trip = eo.assume_trip;
	r->assume_bytes = eo.assume_bytes;
	r->elapsed_s = vd_now() - t0;
	if (vd_store_save_run(st, r) != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	run_saved = 1;
	/* diagnostics: errors and warnings on stderr, each naming its file */
	for (size_t i = 0; i < r->ndiags; i++) {
		const vd_diag *d = &r->diags[i];
		if (d->severity == VD_DIAG_NOTE && quiet)
			continue;
		const char *sev = d->severity == VD_DIAG_ERROR     ? "error"
				  : d->severity == VD_DIAG_WARNING ? "warning"
								   : "note";
		if (d->file && d->line > 0)
			fprintf(stderr, "%s:%d: %s: %s\n", d->file, d->line, sev, d->message);
		else
			fprintf(stderr, "%s: %s: %s\n", d->file ? d->file : "vidya", sev, d->message);
	}
	if (!quiet) {
		if (vd_report_render(&out, r, &ro) != 0) {
			cli_error("%s", vd_error_last());
			goto cleanup;
		}
		fwrite(vd_buf_cstr(&out), 1, out.len, stdout);
		if (ro.format == VD_FMT_TABLE)
			printf("run %ld stored in %s (%d translation unit%s, %zu from the cache, %.2f s)\n",
			       r->run_id, db, r->tus_total, r->tus_total == 1 ? "" : "s",
			       tus_cached, r->elapsed_s);
	}
	if (r->tus_failed > 0) {
		cli_error("%d of %d translation units could not be parsed; results for the rest are stored",
			  r->tus_failed, r->tus_total);
		rc = VD_EXIT_PARTIAL;
	} else {
		rc = VD_EXIT_OK;
	}
cleanup:
	vd_model_free(model);
	vd_buf_release(&out);
	vd_result_free(r);
	vd_store_close(st);
	if (rc == VD_EXIT_ERROR && created && !run_saved && db_writes == 0)
		remove_db(db);
	vd_project_free(p);
	free(defines);
	free(envs);
	free(catalogs);
	return rc;
}

int cmd_analyze(int argc, char **argv)
{
	return run_analyze(argc, argv, 0);
}

int cmd_merge(int argc, char **argv)
{
	return run_analyze(argc, argv, 1);
}
