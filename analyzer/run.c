/*
 * run.c - vd_run_analysis: the analysis pipeline of `vidya analyze` and
 * `vidya merge` as one library call (vd_run.h).  Phases, in order: the
 * shards of a merge into the store's per-TU cache, the parse through that
 * cache, the device figures, the aggregation and scores, the model's CIOC,
 * the run facts, the save.  Never prints; progress and warnings go to the
 * caller's callback.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include "vd_model.h"
#include "vd_run.h"
#include "vd_store.h"
#include "vd_sysprobe.h"

void vd_run_opts_init(vd_run_opts *o)
{
	memset(o, 0, sizeof *o);
	vd_extract_opts_init(&o->extract);
}

/* what one run carries between its phases */
typedef struct run_ctx {
	const vd_run_opts *o;
	vd_store *st;
	vd_run_stats *stats;
} run_ctx;

static void emit(const run_ctx *c, vd_run_event_kind kind, const char *text)
{
	if (!c->o->progress)
		return;
	vd_run_event ev = { .kind = kind, .text = text };
	c->o->progress(c->o->payload, &ev);
}

/* ---- the per-TU cache in the store ----------------------------------------- */

static int cache_get(void *payload, const char *key, char **deps, void **blob, size_t *len)
{
	run_ctx *c = payload;
	return vd_store_tu_get(c->st, key, deps, blob, len);
}

static int cache_put(void *payload, const char *key, const char *file, const char *deps,
		     const void *blob, size_t len)
{
	run_ctx *c = payload;
	int rc = vd_store_tu_put(c->st, key, file, deps, blob, len);
	if (rc == 0)
		c->stats->db_writes++;
	return rc;
}

static int cache_deps(void *payload, const char *key, char **deps)
{
	run_ctx *c = payload;
	return vd_store_tu_deps(c->st, key, deps);
}

static void parse_progress(void *payload, size_t done, size_t total, const char *file)
{
	run_ctx *c = payload;
	vd_run_event ev = { .kind = VD_RUN_PARSE, .done = done, .total = total, .text = file };
	c->o->progress(c->o->payload, &ev);
}

/* ---- shards -------------------------------------------------------------------- */

/* the same file, by device and inode (names differ through links, ./, ..) */
static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* every shard readable and none the store itself: checked before anything
 * is written */
static int check_shards(const vd_run_opts *o)
{
	if (o->nshards && o->extract.shard_n > 1) {
		vd_error_set("--shard and merge do not go together");
		return -1;
	}
	for (size_t i = 0; i < o->nshards; i++) {
		if (access(o->shards[i], R_OK) != 0) {
			vd_error_set("unable to read shard database '%s': %s", o->shards[i],
				     strerror(errno));
			return -1;
		}
		if (o->db_path && same_file(o->shards[i], o->db_path)) {
			vd_error_set("shard database '%s' is the database merged into (--db %s): "
				     "a database cannot be merged into itself",
				     o->shards[i], o->db_path);
			return -1;
		}
	}
	return 0;
}

static int import_shards(run_ctx *c)
{
	for (size_t i = 0; i < c->o->nshards; i++) {
		long n = 0;
		if (vd_store_tu_import(c->st, c->o->shards[i], &n) != 0)
			return -1;
		c->stats->db_writes += n;
		if (c->o->progress) {
			vd_run_event ev = { .kind = VD_RUN_MERGED,
					    .count = n,
					    .text = c->o->shards[i] };
			c->o->progress(c->o->payload, &ev);
		}
	}
	return 0;
}

/* ---- the parse ----------------------------------------------------------------- */

static int parse_project(run_ctx *c, vd_project **p)
{
	vd_extract_opts eo = c->o->extract;
	/* the cache: read unless no_cache, always refreshed */
	vd_tu_cache cache = { c, c->o->no_cache ? NULL : cache_get, cache_put, NULL };
	eo.cache = &cache;
	eo.progress = c->o->progress ? parse_progress : NULL;
	eo.payload = c;
	int lr = vd_project_load(p, c->o->compdb, &eo);
	if (vd_store_tu_commit(c->st) != 0)
		emit(c, VD_RUN_WARNING, vd_error_last());
	if (lr != 0)
		return -1;
	c->stats->tus = vd_project_tus(*p, &c->stats->tus_failed);
	c->stats->tus_cached = vd_project_tus_cached(*p);
	return 0;
}

/* ---- the device ---------------------------------------------------------------- */

static void probe_phase(const char *phase, void *payload)
{
	emit(payload, VD_RUN_PROBE_PHASE, phase);
}

/* the user's cached profile of the file system holding `dir`, recorded in
 * the database when it is not there yet; 1 when there was one */
static int device_from_user_cache(run_ctx *c, const char *dir, vd_device *dev)
{
	int found = 0;
	if (vd_sysprobe_cache_load(dir, dev, NULL, 0, NULL, NULL, &found) != 0 || !found)
		return 0;
	vd_device have;
	int in_db = 0;
	if (vd_store_load_profile(c->st, dev->mount, &have, &in_db) != 0 || !in_db ||
	    strcmp(have.profile, dev->profile)) {
		vd_buf json = VD_BUF_INIT;
		vd_sysprobe_cache_load(dir, dev, NULL, 0, &json, NULL, &found);
		long id;
		if (vd_store_save_profile(c->st, dev, json.len ? vd_buf_cstr(&json) : NULL, &id) !=
		    0)
			emit(c, VD_RUN_NOTICE, vd_error_last());
		vd_buf_release(&json);
	}
	return 1;
}

/* the newest profile of that file system in the database; 1 when usable */
static int device_from_store(run_ctx *c, const char *dir, vd_device *dev)
{
	vd_buf mount = VD_BUF_INIT, fstype = VD_BUF_INIT;
	int found = 0;
	int ok = vd_sysprobe_mount_of(&mount, &fstype, dir) == 0 &&
		 vd_store_load_profile(c->st, vd_buf_cstr(&mount), dev, &found) == 0 && found &&
		 /* an older profile lacks the page-cache figures: probe again */
		 (c->o->no_probe || isfinite(dev->stdio_call_s));
	vd_buf_release(&mount);
	vd_buf_release(&fstype);
	return ok;
}

/* a quick probe, cached and stored; defaults when it fails */
static void device_from_probe(run_ctx *c, const char *dir, vd_device *dev)
{
	vd_sysprobe_opts so = VD_SYSPROBE_OPTS_INIT;
	so.dir = dir;
	so.mode = VD_SYSPROBE_QUICK;
	so.no_lshw = 1;
	so.cancel = c->o->cancel;
	so.progress = c->o->progress ? probe_phase : NULL;
	so.payload = c;
	vd_sysprobe_report *rep = NULL;
	emit(c, VD_RUN_PROBE_BEGIN, dir);
	int rc = vd_sysprobe_run(&rep, &so);
	emit(c, VD_RUN_PROBE_END, dir);
	if (rc != 0) {
		vd_buf msg = VD_BUF_INIT;
		vd_buf_printf(&msg, "quick sysprobe of '%s' failed (%s): using device defaults",
			      dir, vd_error_last());
		emit(c, VD_RUN_NOTICE, vd_buf_cstr(&msg));
		vd_buf_release(&msg);
		vd_device_defaults(dev);
		return;
	}
	vd_sysprobe_to_device(rep, dev);
	if (vd_sysprobe_cache_save(dir, rep, dev, NULL) != 0) {
		vd_buf msg = VD_BUF_INIT;
		vd_buf_printf(&msg, "the profile could not be cached: %s", vd_error_last());
		emit(c, VD_RUN_NOTICE, vd_buf_cstr(&msg));
		vd_buf_release(&msg);
	}
	vd_buf json = VD_BUF_INIT;
	vd_sysprobe_to_json(rep, &json);
	long id;
	if (vd_store_save_profile(c->st, dev, vd_buf_cstr(&json), &id) == 0)
		c->stats->db_writes++;
	else
		emit(c, VD_RUN_NOTICE, vd_error_last());
	vd_buf_release(&json);
	vd_sysprobe_free(rep);
}

/* The device the scores use: the user's cached profile of the file system
 * holding `dir`, else the newest profile of that file system in the
 * database, else a quick probe (cached and stored), else defaults.
 * no_probe: the database or the defaults only, so that a result does not
 * depend on the user's cache. */
static void choose_device(run_ctx *c, const char *dir, vd_device *dev)
{
	vd_device_defaults(dev);
	if (!c->o->no_probe && device_from_user_cache(c, dir, dev))
		return;
	vd_error_clear();
	vd_device_defaults(dev);
	if (device_from_store(c, dir, dev))
		return;
	vd_device_defaults(dev);
	if (!c->o->no_probe)
		device_from_probe(c, dir, dev);
}

/* ---- the run's facts ----------------------------------------------------------- */

static void record_facts(vd_result *r, const vd_run_opts *o, double t0)
{
	const vd_extract_opts *eo = &o->extract;
	r->compdb = vd_arena_strdup(r->arena, o->compdb);
	r->entry = vd_arena_strdup(r->arena, eo->entry);
	r->args = vd_arena_strdup(r->arena, eo->args);
	vd_buf defs = VD_BUF_INIT;
	for (size_t i = 0; i < eo->ndefines; i++)
		vd_buf_printf(&defs, "%s%s", i ? "," : "", eo->defines[i]);
	r->defines = eo->ndefines ? vd_arena_strdup(r->arena, defs.ptr) : NULL;
	vd_buf_release(&defs);
	r->vidya_version = VD_VERSION;
	r->assume_trip = eo->assume_trip;
	r->assume_bytes = eo->assume_bytes;
	r->model = o->model_path ? vd_arena_strdup(r->arena, o->model_path) : NULL;
	r->elapsed_s = vd_now() - t0;
}

/* ---- the run-level cache -------------------------------------------------------- */

/* XXH3-128 of a file's content as hex into `hex` (33 bytes); -1 when unreadable */
static int hash_file(const char *path, char hex[33])
{
	char *text = NULL;
	size_t len = 0;
	if (vd_read_file(&text, &len, path) != 0)
		return -1;
	XXH128_hash_t x = XXH3_128bits(text, len);
	free(text);
	snprintf(hex, 33, "%016llx%016llx", (unsigned long long)x.high64,
		 (unsigned long long)x.low64);
	return 0;
}

/* The analyzer's own build: the binary (or shared library) holding this
 * code, by content.  Results change with the code between releases that
 * keep one version number, so a run stored by another build of vidya is
 * never handed back as this one's.  "unknown" when it cannot be read:
 * the key then changes with nothing but the version, as before. */
static void build_id(char hex[33])
{
	Dl_info di;
	const char *self = "/proc/self/exe";
	if (dladdr((void *)build_id, &di) && di.dli_fname && di.dli_fname[0] == '/')
		self = di.dli_fname;
	if (hash_file(self, hex) != 0)
		snprintf(hex, 33, "unknown");
}

/*
 * The run-level cache key: XXH3-128 over the vidya version and build, every option
 * that changes results, the model file's content, the device figures and
 * what the extractor reports of the inputs (each TU, every file it read
 * with its content hash, the catalogs' content).  1 with key and the
 * device chosen; 0 when there is no key (a TU must be parsed again, an
 * unreadable model: the normal run says why).  `choose`: the device is
 * chosen here (for the project's root), else *dev is the one used.
 */
static int run_key(run_ctx *c, char key[33], vd_device *dev, int choose)
{
	const vd_run_opts *o = c->o;
	const vd_extract_opts *eo = &o->extract;
	vd_buf m = VD_BUF_INIT;
	char *root = NULL;
	int rc = 0;
	vd_tu_cache cache = { c, cache_get, NULL, cache_deps };
	vd_extract_opts io = *eo;
	io.cache = &cache;
	/* -2: parents scored from their parts (model/apply.c); a run scored
	 * the earlier way is not reused (the build id covers later changes) */
	char build[33];
	build_id(build);
	vd_buf_printf(&m, "vidya-run-2\x1f%s\x1f%s\n", VD_VERSION, build);
	vd_buf_printf(&m, "entry\x1f%s\nargs\x1f%s\n", eo->entry ? eo->entry : "main",
		      eo->args ? eo->args : "\x1d");
	for (size_t i = 0; i < eo->ndefines; i++)
		vd_buf_printf(&m, "define\x1f%s\n", eo->defines[i]);
	for (size_t i = 0; i < eo->nenvs; i++)
		vd_buf_printf(&m, "env\x1f%s\n", eo->envs[i]);
	vd_buf_printf(&m, "env_complete\x1f%d\n", eo->env_complete);
	/* the walk's getcwd() and relative input paths are the working directory's */
	char cwd[4096];
	vd_buf_printf(&m, "cwd\x1f%s\n", getcwd(cwd, sizeof cwd) ? cwd : "\x1d");
	vd_buf_printf(&m, "nprocs\x1f%d\ntrip\x1f%a\nbytes\x1f%a\ndepth\x1f%d\n", eo->nprocs,
		      eo->assume_trip, eo->assume_bytes, eo->max_depth);
	vd_buf_printf(&m, "paths\x1f%d\nmemo\x1f%d\nroot\x1f%s\n", eo->paths_all, eo->no_memo,
		      eo->root ? eo->root : "\x1d");
	char hex[33] = "none";
	if (o->model_path && hash_file(o->model_path, hex) != 0)
		goto done;
	vd_buf_printf(&m, "model\x1f%s\n", hex);
	if (vd_project_inputs(o->compdb, &io, &m, &root) != 1)
		goto done;
	if (choose)
		choose_device(c, root, dev);
	/* the figures (doubles and is_default, no padding) and the names */
	vd_buf_put(&m, (const char *)dev, offsetof(vd_device, mount));
	vd_buf_printf(&m, "\ndevice\x1f%s\x1f%s\x1f%s\x1f%s\n", dev->mount, dev->fstype,
		      dev->method, dev->profile);
	XXH128_hash_t x = XXH3_128bits(m.ptr, m.len);
	snprintf(key, 33, "%016llx%016llx", (unsigned long long)x.high64,
		 (unsigned long long)x.low64);
	rc = 1;
done:
	vd_error_clear();
	free(root);
	vd_buf_release(&m);
	return rc;
}

/* a new run holding the results of the stored run `from`: 0, or -1 */
static int reuse_run(run_ctx *c, long from, vd_result **out, double t0)
{
	vd_result *r = NULL;
	if (vd_store_load_run(c->st, from, &r) != 0)
		return -1;
	r->cached_from = from;
	/* the facts of this run (the compdb named, the time it took) */
	r->compdb = vd_arena_strdup(r->arena, c->o->compdb);
	r->vidya_version = VD_VERSION;
	r->model = c->o->model_path ? vd_arena_strdup(r->arena, c->o->model_path) : NULL;
	r->elapsed_s = vd_now() - t0;
	if (c->o->no_save) {
		r->run_id = 0;
	} else if (vd_store_save_run(c->st, r) != 0) {
		vd_result_free(r);
		return -1;
	}
	c->stats->tus = (size_t)r->tus_total;
	c->stats->tus_failed = (size_t)r->tus_failed;
	c->stats->tus_cached = (size_t)r->tus_total;
	*out = r;
	return 0;
}

/* ---- the pipeline -------------------------------------------------------------- */

int vd_run_analysis(vd_result **out, vd_store *store, const vd_run_opts *opts, vd_run_stats *stats)
{
	vd_run_stats local;
	run_ctx c = { opts, store, stats ? stats : &local };
	memset(c.stats, 0, sizeof *c.stats);
	*out = NULL;
	if (!opts->compdb || !opts->extract.catalog) {
		vd_error_set("vd_run_analysis: no compilation database or catalog");
		return -1;
	}
	double t0 = vd_now(), ts;
	vd_model *model = NULL;
	vd_project *p = NULL;
	vd_result *r = NULL;
	int rc = -1;
	if (check_shards(opts) != 0)
		return -1;
	/* before the analysis, not after it: a read-only database */
	if (vd_store_check_writable(store) != 0 || import_shards(&c) != 0)
		goto done;
	/* the run-level cache: an unchanged re-run reuses the stored results */
	vd_device dev;
	char key[33] = "";
	int have_key = 0;
	if (!opts->no_cache && opts->extract.shard_n <= 1 &&
	    (have_key = run_key(&c, key, &dev, 1)) == 1) {
		long from = 0;
		c.stats->key_s = vd_now() - t0;
		if (vd_store_find_run_key(store, key, &from) == 0) {
			ts = vd_now();
			int rr = reuse_run(&c, from, out, t0);
			c.stats->save_s = vd_now() - ts;
			return rr;
		}
		vd_error_clear();
	}
	ts = vd_now();
	if (parse_project(&c, &p) != 0)
		goto done;
	c.stats->parse_s = vd_now() - ts;
	if (opts->extract.shard_n > 1) {
		/* a shard's result: no blocks, only the parse's diagnostics and counts */
		*out = vd_result_new();
		vd_result_set_parse(*out, p);
		rc = 0;
		goto done;
	}
	if (opts->model_path && vd_model_load(&model, opts->model_path) != 0)
		goto done;
	if (!have_key) {
		choose_device(&c, vd_project_root(p), &dev);
		/* the parse filled the per-TU cache: the key of this run, for the
		 * next one (also under no_cache, which only bypasses reading) */
		ts = vd_now();
		have_key = run_key(&c, key, &dev, 0);
		c.stats->key_s += vd_now() - ts;
	}
	ts = vd_now();
	if (vd_analyze(&r, p, &dev, opts->extract.nprocs) != 0)
		goto done;
	c.stats->analyze_s = vd_now() - ts;
	c.stats->walk = *vd_project_walk_stats(p);
	ts = vd_now();
	/* CIOC from the fitted model, on this machine's device figures */
	if (model && vd_model_score_result(model, r) != 0)
		goto done;
	/* the result holds what it needs: the IR's memory can serve the save */
	vd_project_free(p);
	p = NULL;
	c.stats->score_s = vd_now() - ts;
	record_facts(r, opts, t0);
	r->run_key = have_key ? vd_arena_strdup(r->arena, key) : NULL;
	ts = vd_now();
	if (!opts->no_save && vd_store_save_run(store, r) != 0)
		goto done;
	c.stats->save_s = vd_now() - ts;
	*out = r;
	r = NULL;
	rc = 0;
done:
	vd_result_free(r);
	vd_project_free(p);
	vd_model_free(model);
	return rc;
}
