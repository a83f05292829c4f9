/*
 * cmd_sysprobe.c - `vidya sysprobe`: measure this machine's CPU, memory and
 * the storage behind a directory, print the result and save it as a system
 * profile in the user's profile cache and the project database for `vidya
 * analyze` (P13, P15 and the predicted I/O time).  A file system already
 * in the cache is not measured again unless --refresh (or --full over a
 * quick profile) asks for it.
 *
 * Ctrl-C and SIGTERM set a flag that the library polls; it stops, removes
 * its temporary file and returns VD_EINTR, and the command exits 1 with
 * "interrupted".  Progress goes to stderr only when stderr is a terminal, so
 * `--format json > profile.json` stays clean.
 */
#define _GNU_SOURCE
#include "cli.h"
#include "parse_options.h"
#include "vd_store.h"
#include "vd_sysprobe.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

static volatile sig_atomic_t sysprobe_interrupted;

static void on_signal(int sig)
{
	(void)sig;
	sysprobe_interrupted = 1;
}

static const cli_usage usage = {
	"sysprobe",
	"usage: vidya sysprobe [--dir PATH] [--quick|--full] [--format table|json]\n"
	"                      [--db FILE] [--no-save] [--no-lshw] [--no-direct] [--refresh]\n",
	"Measures this machine's CPU, memory and the storage of the file system that\n"
	"holds PATH, and saves the profile for `vidya analyze`: in the user's cache\n"
	"($XDG_CACHE_HOME/vidya/profiles), shared by every database, and in the\n"
	"database.  A file system already in the cache is not measured again.\n",
	NULL,
};

static int opt_format(const cli_option *opt, const char *arg)
{
	if (strcmp(arg, "json") && strcmp(arg, "table")) {
		cli_error("unknown format '%s' (table or json)", arg);
		return -1;
	}
	*(int *)opt->value = !strcmp(arg, "json");
	return 0;
}

/* a profile from the cache: printed, and recorded in the database */
static int cached_profile(vd_device *dev, vd_buf *json, const char *path, int as_json, int save,
			  const char *db)
{
	if (as_json && json->len) {
		fputs(vd_buf_cstr(json), stdout);
	} else {
		printf("cached profile %s\n(vidya sysprobe --refresh measures again)\n\n", path);
		printf("profile                %s\n", dev->profile);
		printf("file system            %s (%s), method %s\n", dev->mount, dev->fstype,
		       dev->method);
		printf("sequential read/write  %.1f / %.1f MiB/s\n", dev->seq_read_Bps / 1048576,
		       dev->seq_write_Bps / 1048576);
		printf("random 4 KiB r/w       %.0f / %.0f IOPS\n", dev->rand_read_iops,
		       dev->rand_write_iops);
		printf("write call, fsync      %.2f us, %.0f us\n", dev->latency_s * 1e6,
		       dev->fsync_latency_s * 1e6);
		printf("page cache r/w, flush  %.0f / %.0f MiB/s, %.0f MiB/s\n",
		       dev->cache_read_Bps / 1048576, dev->cache_write_Bps / 1048576,
		       dev->flush_Bps / 1048576);
		printf("dirty limit, cache     %.0f MiB, %.0f MiB\n",
		       dev->dirty_limit_bytes / 1048576, dev->cache_bytes / 1048576);
		printf("stdio call, meta       %.0f ns, %.2f us\n", dev->stdio_call_s * 1e9,
		       dev->meta_latency_s * 1e6);
		printf("ns per operation       %.3f\n", dev->cpu_ns_per_op);
		printf("sscanf, snprintf       %.0f ns, %.0f ns\n", dev->scan_ns, dev->format_ns);
		printf("strtod, atoi, math     %.0f ns, %.0f ns, %.0f ns\n", dev->strtod_ns,
		       dev->atoi_ns, dev->math_ns);
		printf("memcpy, qsort          %.3f ns/byte, %.1f ns per n log2 n\n",
		       dev->mem_ns_per_byte, dev->sort_ns_per_cmp);
	}
	fflush(stdout);
	if (!save)
		return VD_EXIT_OK;
	vd_store *store = NULL;
	long id;
	int rc = VD_EXIT_OK;
	if (vd_store_open(&store, db) < 0 ||
	    vd_store_save_profile(store, dev, json->len ? vd_buf_cstr(json) : NULL, &id) < 0) {
		cli_error("unable to save the profile in '%s': %s", db, vd_error_last());
		rc = VD_EXIT_ERROR;
	}
	if (store)
		vd_store_close(store);
	return rc;
}

static void progress(const char *phase, void *payload)
{
	(void)payload;
	fprintf(stderr, "\r\033[Ksysprobe: %s ...", phase);
	fflush(stderr);
}

/* the file systems of the kernel's own state: nothing to measure, and
 * nothing a benchmark may write to */
static const char *pseudo_fs(unsigned long type)
{
	switch (type) {
	case 0x9fa0:
		return "proc";
	case 0x62656572:
		return "sysfs";
	case 0x1cd1:
		return "devpts";
	case 0x27e0eb:
		return "cgroup";
	case 0x63677270:
		return "cgroup2";
	case 0x64626720:
		return "debugfs";
	case 0x74726163:
		return "tracefs";
	case 0x73636673:
		return "securityfs";
	case 0xcafe4a11:
		return "bpf";
	case 0x6165676c:
		return "pstore";
	case 0x62656570:
		return "configfs";
	case 0x65735543:
		return "fusectl";
	case 0x19800202:
		return "mqueue";
	case 0x6e736673:
		return "nsfs";
	case 0xf97cff8c:
		return "selinuxfs";
	case 0xde5e81e4:
		return "efivarfs";
	default:
		return NULL;
	}
}

/* --dir: an existing, writable directory on a real file system (the
 * benchmarks write a temporary file there); prints why not */
static int check_dir(const char *dir)
{
	struct stat sb;
	struct statfs fs;
	if (stat(dir, &sb) != 0) {
		cli_error("--dir '%s': %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(sb.st_mode)) {
		cli_error("--dir '%s': not a directory", dir);
		return -1;
	}
	if (statfs(dir, &fs) == 0 && pseudo_fs((unsigned long)fs.f_type)) {
		cli_error("--dir '%s': not a regular file system (%s, the kernel's own state); "
			  "give a directory on the storage to measure",
			  dir, pseudo_fs((unsigned long)fs.f_type));
		return -1;
	}
	if (access(dir, W_OK | X_OK) != 0) {
		cli_error("--dir '%s': not writable (%s); the benchmarks write a temporary "
			  "file there",
			  dir, strerror(errno));
		return -1;
	}
	return 0;
}

/* --db: found unusable before the probe, not after it */
static int check_db(const char *db)
{
	vd_store *st = NULL;
	int created = access(db, F_OK) != 0 && errno == ENOENT;
	int rc = vd_store_open(&st, db) == 0 && vd_store_check_writable(st) == 0 ? 0 : -1;
	if (rc)
		cli_error("unable to save the profile in '%s': %s", db, vd_error_last());
	vd_store_close(st);
	if (created)
		unlink(db); /* created again when the profile is saved */
	return rc;
}

/* a profile of opts->dir's file system in the user's cache (not a quick
 * one when --full asks): printed and recorded; 1 when there was one, with
 * the exit code in *rc */
static int from_cache(const vd_sysprobe_opts *opts, int as_json, int save, const char *db, int *rc)
{
	vd_device dev;
	vd_buf path = VD_BUF_INIT, json = VD_BUF_INIT;
	char mode[16] = "";
	int found = 0;
	if (vd_sysprobe_cache_load(opts->dir ? opts->dir : ".", &dev, mode, sizeof mode, &json,
				   &path, &found) == 0 &&
	    found && !(opts->mode == VD_SYSPROBE_FULL && strcmp(mode, "full")))
		*rc = cached_profile(&dev, &json, vd_buf_cstr(&path), as_json, save, db);
	else
		found = 0;
	vd_error_clear();
	vd_buf_release(&path);
	vd_buf_release(&json);
	return found;
}

/* a new profile into the user's cache and the database; 0, or -1 with the
 * error printed */
static int save_measured(const vd_sysprobe_report *report, const char *dir, const char *db,
			 const vd_buf *json, int tty)
{
	vd_device dev;
	vd_buf cpath = VD_BUF_INIT;
	vd_store *store = NULL;
	long id = 0;
	int rc = 0;
	vd_sysprobe_to_device(report, &dev);
	if (vd_sysprobe_cache_save(dir, report, &dev, &cpath) != 0)
		cli_warn("the profile could not be cached: %s", vd_error_last());
	else if (tty)
		fprintf(stderr, "vidya: profile cached in '%s'\n", vd_buf_cstr(&cpath));
	vd_buf_release(&cpath);
	if (vd_store_open(&store, db) < 0 ||
	    vd_store_save_profile(store, &dev, vd_buf_cstr(json), &id) < 0) {
		cli_error("unable to save the profile in '%s': %s", db, vd_error_last());
		rc = -1;
	} else if (tty) {
		fprintf(stderr, "vidya: profile %ld for '%s' saved in '%s'\n", id, dev.mount, db);
	}
	vd_store_close(store);
	return rc;
}

int cmd_sysprobe(int argc, char **argv)
{
	vd_sysprobe_opts opts = VD_SYSPROBE_OPTS_INIT;
	vd_sysprobe_report *report = NULL;
	vd_buf json = VD_BUF_INIT, text = VD_BUF_INIT;
	struct sigaction sa, old_int, old_term;
	const char *db = "vidya.db";
	int as_json = 0, no_save = 0, tty = cli_stderr_is_tty(), rc = VD_EXIT_ERROR, error;
	int refresh = 0, probe_mode = VD_SYSPROBE_QUICK;
	const cli_option options[] = {
		CLI_STRING('d', "dir", &opts.dir, "PATH",
			   "directory whose file system is measured (default:\n"
			   ".); a temporary file is written there and removed"),
		CLI_SET_INT('q', "quick", &probe_mode, VD_SYSPROBE_QUICK,
			    "short benchmarks, about 10 s (default)"),
		CLI_SET_INT('f', "full", &probe_mode, VD_SYSPROBE_FULL,
			    "longer benchmarks with tighter spread, under 60 s"),
		CLI_CALLBACK(0, "format", &as_json, "FORMAT", opt_format,
			     "table (default) or json"),
		CLI_STRING(0, "db", &db, "FILE",
			   "database to save the profile in (default:\n./vidya.db)"),
		CLI_BOOL(0, "no-save", &no_save, "do not save the profile (cache nor database)"),
		CLI_BOOL(0, "refresh", &refresh, "measure again even when the cache has a profile"),
		CLI_BOOL(0, "no-lshw", &opts.no_lshw,
			 "do not run lshw (DIMMs, disk product, controller)"),
		CLI_BOOL(
			0, "no-direct", &opts.no_direct,
			"defeat the page cache with fdatasync + fadvise\neven where O_DIRECT works"),
		CLI_END(),
	};
	int first = cli_parse_options(argc, argv, 1, options, &usage, 0);
	if (first < 0)
		return first == CLI_PARSE_HELP ? VD_EXIT_OK : VD_EXIT_ERROR;
	if (first < argc) {
		cli_error("unexpected argument '%s'", argv[first]);
		cli_usage_print(stderr, options, &usage);
		return VD_EXIT_ERROR;
	}
	opts.mode = (vd_sysprobe_mode)probe_mode;
	int save = !no_save;

	if (check_dir(opts.dir ? opts.dir : ".") != 0)
		return VD_EXIT_ERROR;
	if (save && check_db(db) != 0)
		return VD_EXIT_ERROR;
	if (!refresh && from_cache(&opts, as_json, save, db, &rc))
		return rc;

	/* no SA_RESTART: a blocking call returns EINTR and the library notices */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sysprobe_interrupted = 0;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	opts.cancel = &sysprobe_interrupted;
	if (tty)
		opts.progress = progress;

	error = vd_sysprobe_run(&report, &opts);
	if (tty)
		fputs("\r\033[K", stderr);
	if (error == VD_EINTR || (error < 0 && sysprobe_interrupted)) {
		cli_error("interrupted");
		goto cleanup;
	}
	if (error < 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}

	if (vd_sysprobe_to_json(report, &json) < 0 ||
	    (!as_json && vd_sysprobe_to_text(report, &text) < 0)) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	fputs(as_json ? vd_buf_cstr(&json) : vd_buf_cstr(&text), stdout);
	fflush(stdout);

	if (save && save_measured(report, opts.dir ? opts.dir : ".", db, &json, tty) != 0)
		goto cleanup;
	rc = VD_EXIT_OK;

cleanup:
	vd_sysprobe_free(report);
	vd_buf_release(&json);
	vd_buf_release(&text);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	return rc;
}
