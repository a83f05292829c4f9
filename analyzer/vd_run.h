/*
 * vd_run.h - the whole analysis pipeline behind one call: what `vidya
 * analyze` and `vidya merge` do, and what later commands that need a fresh
 * analysis (lint, optimize) call instead of repeating it.
 *
 *   vd_run_opts o;
 *   vd_run_opts_init(&o);
 *   o.compdb = "compile_commands.json";
 *   o.extract.catalog = "data/catalog.xml";
 *   o.model_path = "data/model.xml";        (NULL: the analytic estimate)
 *   vd_result *r = NULL;
 *   if (vd_run_analysis(&r, store, &o) != 0)
 *           ... vd_error_last() says why ...
 *   ... r->run_id is the stored run, r->blocks the results ...
 *   vd_result_free(r);
 *
 * One run: the shards of a merge are imported into the store's per-TU
 * cache, the project is parsed (through that cache), the device figures
 * are chosen (the user's cached profile, the database's, a quick probe, or
 * defaults), P1..P15, X1..X16 and CIOC are computed, the model (when
 * given) scores CIOC, every run fact is filled in and the run is saved in
 * the store.  It never prints: progress and warnings go to opts->progress.
 * Library code (vd_run), built from analyzer/run.c; it links the
 * extractor, the analyzer, the model, the store and sysprobe.
 */
#ifndef VD_RUN_H
#define VD_RUN_H

#include <signal.h>
#include <stddef.h>

#include "vd_analyzer.h"
#include "vd_extractor.h"

struct vd_store;

typedef enum {
	VD_RUN_PARSE,       /* a translation unit starts: done, total, text = its file;
			      * text NULL: parsing is over */
	VD_RUN_MERGED,      /* a shard is imported: count TUs from text (its path) */
	VD_RUN_PROBE_BEGIN, /* a quick sysprobe of text (the project root) starts */
	VD_RUN_PROBE_PHASE, /* the probe's phase text ("cpu", "seq write", ...) */
	VD_RUN_PROBE_END,   /* the probe is over (whatever its outcome) */
	VD_RUN_WARNING,     /* text: a problem the run went on after */
	VD_RUN_NOTICE       /* text: a fallback worth saying unless asked to be quiet
			      * (a failed probe, a profile not cached) */
} vd_run_event_kind;

typedef struct vd_run_event {
	vd_run_event_kind kind;
	size_t done, total; /* VD_RUN_PARSE */
	long count;         /* VD_RUN_MERGED */
	const char *text;
} vd_run_event;

typedef void (*vd_run_progress_cb)(void *payload, const vd_run_event *ev);

typedef struct vd_run_opts {
	const char *compdb; /* compile_commands.json, or a directory holding it */
	/* entry, args, defines, envs, nprocs, assumptions, depth, catalogs
	 * (catalog is required), root, jobs, shard, no_memo, paths_all.  The
	 * run sets cache, progress and payload itself. */
	vd_extract_opts extract;
	const char *const *shards; /* merge: shard databases imported first */
	size_t nshards;
	const char *db_path;    /* the store's file: a shard that is the same file is
				    * refused (NULL: not checked) */
	int no_cache;           /* parse every TU again (the cache is still refreshed) */
	int no_probe;           /* neither probe nor read the user's profile cache */
	const char *model_path; /* model file that scores CIOC; NULL: the analytic estimate */
	int no_save;            /* 1: the result is not saved as a run (run_id stays 0);
				    * the per-TU cache and a probed profile still are */
	volatile sig_atomic_t *cancel; /* the quick probe stops (defaults) once non-zero */
	vd_run_progress_cb progress;   /* may be NULL */
	void *payload;
} vd_run_opts;

void vd_run_opts_init(vd_run_opts *o);

/* What a run did besides its result (filled on success and on failure). */
typedef struct vd_run_stats {
	long db_writes;    /* rows written to the store: cache entries, profiles, shards */
	size_t tus;        /* translation units of this run (a shard's share) */
	size_t tus_failed; /* of which could not be parsed */
	size_t tus_cached; /* of which came from the cache */
	/* wall seconds of each step of the run (0: not run) */
	double key_s;     /* the run-level cache key: reading inputs, hashing */
	double parse_s;   /* parsing what changed, decoding the rest from the cache */
	double analyze_s; /* the walk and the blocks' figures (walk below) */
	double score_s;   /* the model's CIOC, freeing the IR */
	double save_s;    /* storing the run */
	vd_walk_stats walk;
} vd_run_stats;

/*
 * Runs the analysis and saves it as a new run in `store` (unless
 * opts->no_save); *out is the result (its run_id set when saved; the
 * caller frees it).  With
 * opts->extract.shard_n > 1 only that shard is parsed into the store's
 * cache: *out then holds no blocks, only the parse diagnostics and TU
 * counts, and nothing is saved as a run (run_id 0).  A run whose TUs
 * partly failed still succeeds: r->tus_failed says how many.
 *
 * Returns 0, or -1 with vd_error_last() naming the file and the reason
 * (unreadable shard, merging a database into itself, a store that is
 * read-only, a bad compilation database or catalog, an unreadable model).
 * `stats` may be NULL.
 */
int vd_run_analysis(vd_result **out, struct vd_store *store, const vd_run_opts *opts,
		    vd_run_stats *stats);

#endif
