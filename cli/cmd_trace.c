/*
 * cmd_trace.c - `vidya trace [options] -- PROGRAM ARGS...`: run a program
 * with the recorder (libvidya_trace.so) preloaded, then load its logs into
 * the database: every POSIX, stdio, MPI-IO and HDF5 call with the call of
 * the layer above that issued it, Darshan-style counters per file and
 * layer, and measured time per block of the latest `vidya analyze` run.
 *
 * The program's standard streams, environment (plus LD_PRELOAD and the
 * recorder's settings) and exit status are its own: vidya exits with the
 * program's status (128 + N when signal N killed it), or 1 when vidya
 * itself fails.  Under `mpirun -np N vidya trace ...` every rank runs this
 * command; ranks of one job share the launcher's job id and so one trace.
 */
#define _GNU_SOURCE
#include "cli.h"
#include "parse_options.h"
#include "vd_otf2.h"
#include "vd_store.h"
#include "vd_trace.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const cli_usage usage = {
	"trace",
	"usage: vidya trace [--db FILE] [--out DIR] [--hz N] [--no-stacks] [--ops | --counters]\n"
	"                   [--exclude PREFIX]... [--include-all] -- PROGRAM [ARGS...]\n"
	"       vidya trace --load DIR [--db FILE] [--ops] [--exclude PREFIX]...\n"
	"       vidya trace --otf2 DIR [--db FILE] [--trace N]\n",
	"Runs PROGRAM with vidya's I/O recorder preloaded and stores what it did in the\n"
	"database: Darshan-style counters per file, layer and process (v_trace_files),\n"
	"sums per call site (v_trace_sites) and, for a program built with -g, measured\n"
	"time per block of the latest `vidya analyze` run (v_measured_blocks,\n"
	"v_predicted_vs_measured); with --ops also every call (v_trace_ops).  Exits\n"
	"with PROGRAM's exit status.  --otf2 writes a trace stored with --ops as an\n"
	"OTF2 archive with I/O records (Score-P's tools).\n",
	"MPI: mpirun -np N vidya trace --db FILE -- ./app   (one trace, all ranks)\n",
};

/* PROGRAM as execvp would find it; NULL when it is nowhere on PATH */
static char *find_program(const char *name)
{
	if (strchr(name, '/'))
		return vd_xstrdup(name);
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	char *copy = vd_xstrdup(path), *save = NULL, *found = NULL;
	for (char *d = strtok_r(copy, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
		char *cand = cli_xasprintf("%s/%s", *d ? d : ".", name);
		if (access(cand, X_OK) == 0)
			found = cand;
		else
			free(cand);
	}
	free(copy);
	return found;
}

/* libvidya_trace.so: $VIDYA_PRELOAD, next to the vidya binary, or the
 * install location relative to it */
static char *find_recorder(void)
{
	const char *env = getenv("VIDYA_PRELOAD");
	if (env && *env)
		return access(env, R_OK) == 0 ? realpath(env, NULL) : NULL;
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		return NULL;
	self[n] = 0;
	char *slash = strrchr(self, '/');
	if (!slash)
		return NULL;
	*slash = 0;
	/* a build tree, then where it is installed (GNUInstallDirs' libdir) */
	static const char *const rel[] = { "libvidya_trace.so", VD_REL_RECORDER };
	for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
		char *cand = cli_xasprintf("%s/%s", self, rel[i]);
		char *real = access(cand, R_OK) == 0 ? realpath(cand, NULL) : NULL;
		free(cand);
		if (real)
			return real;
	}
	return NULL;
}

static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		char *p = cli_xasprintf("%s/%s", dir, e->d_name);
		if (e->d_type == DT_DIR)
			remove_tree(p);
		else
			unlink(p);
		free(p);
	}
	closedir(d);
	rmdir(dir);
}

/*
 * --out DIR: created (mode 0700) when missing; an existing one must be a
 * directory of ours, not a symbolic link (whoever can plant one chooses
 * where the logs go).  0, or -1 with the message printed.
 */
static int check_out_dir(const char *out)
{
	if (mkdir(out, 0700) != 0 && errno != EEXIST) {
		cli_error("%s: cannot create the log directory: %s", out, strerror(errno));
		return -1;
	}
	struct stat st;
	if (lstat(out, &st) != 0) {
		cli_error("%s: %s", out, strerror(errno));
		return -1;
	}
	if (S_ISLNK(st.st_mode)) {
		cli_error("%s: is a symbolic link: give the directory itself as --out", out);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		cli_error("%s: not a directory", out);
		return -1;
	}
	if (st.st_uid != geteuid()) {
		cli_error("%s: belongs to another user (uid %ld): the logs go only into a "
			  "directory of yours",
			  out, (long)st.st_uid);
		return -1;
	}
	return 0;
}

/*
 * BASE/<host>-<pid>, so that ranks sharing --out DIR keep apart: always a
 * new directory (mode 0700), never one found there (a log directory left
 * by an earlier run with the same pid, or a link planted in its place):
 * <host>-<pid>.1, .2, ... when the name is taken.  NULL when none could be
 * made (message printed).
 */
static char *make_log_dir(const char *base, const char *host)
{
	for (int i = 0; i < 100; i++) {
		char *dir = i ? cli_xasprintf("%s/%s-%d.%d", base, host, (int)getpid(), i)
			      : cli_xasprintf("%s/%s-%d", base, host, (int)getpid());
		if (mkdir(dir, 0700) == 0)
			return dir;
		int e = errno;
		if (e != EEXIST) {
			cli_error("%s: cannot create the log directory: %s", dir, strerror(e));
			free(dir);
			return NULL;
		}
		free(dir);
	}
	cli_error("%s: cannot create a new log directory: %s-%d and 99 others exist", base, host,
		  (int)getpid());
	return NULL;
}

/*
 * 1 (set-user-ID) or 2 (set-group-ID) when exec'ing `path` would change the
 * process's identity: the kernel then asks the loader for secure mode,
 * which ignores LD_PRELOAD.  Not on a nosuid mount, where the bits do
 * nothing.  0 otherwise.
 */
static int set_id_program(const char *path)
{
	struct stat st;
	struct statvfs fs;
	if (stat(path, &st) != 0 || (statvfs(path, &fs) == 0 && (fs.f_flag & ST_NOSUID)))
		return 0;
	if ((st.st_mode & S_ISUID) && st.st_uid != getuid())
		return 1;
	/* set-group-ID without group execute is mandatory locking, not a set-ID */
	if ((st.st_mode & S_ISGID) && (st.st_mode & S_IXGRP) && st.st_gid != getgid())
		return 2;
	return 0;
}

/* The launcher's job id, shared by all ranks of one MPI job, or NULL. */
static const char *job_id(void)
{
	static char slurm[128];
	static const char *const vars[] = { "PMIX_NAMESPACE", "OMPI_MCA_orte_ess_jobid",
					    "PMI_JOBID" };
	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
		const char *v = getenv(vars[i]);
		if (v && *v)
			return v;
	}
	const char *job = getenv("SLURM_JOB_ID"), *step = getenv("SLURM_STEP_ID");
	if (job && *job && getenv("SLURM_PROCID")) {
		snprintf(slurm, sizeof slurm, "slurm-%s.%s", job, step ? step : "0");
		return slurm;
	}
	return NULL;
}

static int64_t realtime_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* "a b c" for the record */
static char *join_args(char **argv)
{
	vd_buf b = VD_BUF_INIT;
	for (int i = 0; argv[i]; i++) {
		if (i)
			vd_buf_putc(&b, ' ');
		vd_buf_puts(&b, argv[i]);
	}
	return vd_buf_detach(&b);
}

/*
 * SIGTERM and SIGHUP (mpirun aborting a job, a closed terminal, a batch
 * system's time limit): passed on to the program while it runs, then
 * ignored until its logs are stored, so that the trace is not lost with
 * vidya.  The previous actions come back at the end (restore_term).
 */
static volatile sig_atomic_t child_pid;
static struct sigaction old_term, old_hup;
static int term_saved;

static void forward_term(int sig)
{
	if (child_pid > 0)
		kill((pid_t)child_pid, sig);
}

static void catch_term(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = forward_term;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, term_saved ? NULL : &old_term);
	sigaction(SIGHUP, &sa, term_saved ? NULL : &old_hup);
	term_saved = 1;
}

static void restore_term(void)
{
	if (!term_saved)
		return;
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);
	term_saved = 0;
}

/* Runs the program; its status as a shell reports it, or -1 when it could
 * not be started (message already printed). */
static int run_program(const char *path, char **argv, const char *recorder, const char *logdir,
		       const char *hz, int stacks)
{
	int pfd[2];
	if (pipe2(pfd, O_CLOEXEC) != 0) {
		cli_error("cannot create a pipe: %s", strerror(errno));
		return -1;
	}
	struct sigaction ign, old_int, old_quit;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	/* like system(): Ctrl-C stops the program, vidya stays to store the logs */
	sigaction(SIGINT, &ign, &old_int);
	sigaction(SIGQUIT, &ign, &old_quit);
	catch_term();
	/* held until child_pid is set: none of them is lost in between */
	sigset_t term, prev;
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigaddset(&term, SIGHUP);
	sigprocmask(SIG_BLOCK, &term, &prev);
	pid_t pid = fork();
	if (pid < 0) {
		sigprocmask(SIG_SETMASK, &prev, NULL);
		cli_error("cannot fork: %s", strerror(errno));
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGQUIT, &old_quit, NULL);
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (pid == 0) {
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGQUIT, &old_quit, NULL);
		restore_term();
		sigprocmask(SIG_SETMASK, &prev, NULL);
		const char *old = getenv("LD_PRELOAD");
		char *pre = NULL;
		if (old && *old ? asprintf(&pre, "%s:%s", recorder, old) < 0
				: asprintf(&pre, "%s", recorder) < 0)
			_exit(127);
		setenv("LD_PRELOAD", pre, 1);
		setenv("VIDYA_TRACE_DIR", logdir, 1);
		setenv("VIDYA_TRACE_HZ", hz, 1);
		setenv("VIDYA_TRACE_FRAMES", stacks ? "1" : "0", 1);
		execv(path, argv);
		int e = errno;
		if (write(pfd[1], &e, sizeof e) < 0)
			_exit(127);
		_exit(127);
	}
	child_pid = pid;
	sigprocmask(SIG_SETMASK, &prev, NULL);
	close(pfd[1]);
	int exec_errno = 0;
	ssize_t got = read(pfd[0], &exec_errno, sizeof exec_errno);
	close(pfd[0]);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	child_pid = 0; /* from now on a SIGTERM waits for the logs to be stored */
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	if (got == (ssize_t)sizeof exec_errno) {
		cli_error("%s: cannot execute: %s", path, strerror(exec_errno));
		return -1;
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}

static int trace_command(int argc, char **argv);

/* ---- the command ----------------------------------------------------------------- */

typedef struct trace_args {
	const char *db, *out, *load, *otf2;
	long trace_id; /* --trace N (--otf2); 0: the latest */
	char hz[32];   /* as the recorder reads it: "+05" reaches it as 5 */
	int no_stacks;
	int counters_only; /* 1: counters and call sites (the default), 0: --ops,
			    * -1: neither option given */
	int include_all;
	cli_strings exclude; /* --exclude prefixes: pointers into argv */
} trace_args;

static int opt_hz(const cli_option *opt, const char *arg)
{
	long long v;
	if (cli_opt_int("--hz", arg, 0, 100000, NULL, &v) != 0)
		return -1;
	snprintf(opt->value, sizeof((trace_args *)0)->hz, "%lld", v);
	return 0;
}

static int opt_exclude(const cli_option *opt, const char *arg)
{
	if (!arg[0]) {
		cli_error("--exclude needs a path prefix");
		return -1;
	}
	cli_strings_push(opt->value, arg);
	return 0;
}

/* the options; the index of PROGRAM (argc with --load), or
 * CLI_PARSE_HELP / CLI_PARSE_ERROR */
static int parse_trace(trace_args *a, int argc, char **argv)
{
	const cli_option opts[] = {
		CLI_STRING(0, "db", &a->db, "FILE", "database (default: ./vidya.db)"),
		CLI_STRING(0, "out", &a->out, "DIR",
			   "keep the raw logs under DIR (default: a temporary\n"
			   "directory, removed once the logs are stored)"),
		CLI_CALLBACK(0, "hz", a->hz, "N", opt_hz,
			     "wall-clock stack samples per second and thread\n"
			     "(default 1000; 0 = no per-block times)"),
		CLI_BOOL(0, "no-stacks", &a->no_stacks,
			 "do not record call stacks of I/O calls (cheaper;\n"
			 "no per-block I/O times or call sites)"),
		CLI_SET_INT(0, "ops", &a->counters_only, 0,
			    "store every call too (v_trace_ops): needed by\n"
			    "--otf2, vidya dfg and per-call queries"),
		CLI_SET_INT(0, "counters", &a->counters_only, 1,
			    "store per-file counters and per-call-site sums\n"
			    "only (the default): the database does not grow\n"
			    "with the number of calls"),
		CLI_STRING(0, "load", &a->load, "DIR",
			   "run nothing: store the logs kept in DIR (by --out,\n"
			   "or left there when storing failed) as a trace of\n"
			   "their own"),
		CLI_STRING(0, "otf2", &a->otf2, "DIR",
			   "run nothing: write a stored trace (the latest, or\n"
			   "--trace N) as the OTF2 archive DIR/traces.otf2"),
		CLI_LONG(0, "trace", &a->trace_id, "N", 1, 1L << 62,
			 "with --otf2: the trace to write (default: the latest)"),
		CLI_CALLBACK(0, "exclude", &a->exclude, "PREFIX", opt_exclude,
			     "also leave out the calls on files whose path\n"
			     "starts with PREFIX (repeatable)"),
		CLI_BOOL(0, "include-all", &a->include_all,
			 "keep every file, also the ones left out by default\n"
			 "(/etc/ /dev/ /usr/ /proc/ /sys/ /var/ ..., the MPI\n"
			 "runtime's session files, sockets, pipes, eventfd)"),
		CLI_END(),
	};
	/* stop at the first operand: PROGRAM's own options are its own */
	int first = cli_parse_options(argc, argv, 1, opts, &usage, CLI_PARSE_STOP_AT_NON_OPTION);
	if (first >= 0 && a->otf2) {
		if (first < argc || a->load || a->out || a->no_stacks || a->counters_only >= 0 ||
		    a->exclude.n || a->include_all || strcmp(a->hz, "1000")) {
			cli_error(
				"--otf2 writes a stored trace: it takes only --db and --trace (no "
				"program, --load or recording options)");
			return CLI_PARSE_ERROR;
		}
		return first;
	}
	if (a->counters_only < 0)
		a->counters_only = 1;
	if (first >= 0 && a->trace_id) {
		cli_error("--trace N selects the trace --otf2 writes: give --otf2 DIR");
		return CLI_PARSE_ERROR;
	}
	if (first >= 0 && a->load) {
		if (first < argc) {
			cli_error("--load stores kept logs: no program to run with it");
			return CLI_PARSE_ERROR;
		}
		return first;
	}
	if (first >= argc) {
		cli_error("no program to trace: vidya trace [options] -- PROGRAM [ARGS...]");
		cli_usage_print(stderr, opts, &usage);
		return CLI_PARSE_ERROR;
	}
	if (first >= 0 && !argv[first][0]) {
		cli_error("the program name is empty: vidya trace [options] -- PROGRAM [ARGS...]");
		return CLI_PARSE_ERROR;
	}
	return first;
}

/* PROGRAM's path, when it exists and LD_PRELOAD can apply to it; NULL
 * with the error printed */
static char *traceable_program(const char *name)
{
	char *path = find_program(name);
	if (!path) {
		cli_error("%s: command not found", name);
		return NULL;
	}
	vd_program info;
	if (vd_program_inspect(path, &info) != 0) {
		cli_error("%s", vd_error_last());
		free(path);
		return NULL;
	}
	if (info.is_static) {
		cli_error("%s: statically linked: LD_PRELOAD cannot apply, so no call can be "
			  "recorded (link it dynamically to trace it)",
			  path);
		free(path);
		return NULL;
	}
	return path;
}

/* bytes on disk under the log directory `dir` (one level: the logs), or
 * -1 when it holds no log */
static long long logs_size(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	long long sum = -1;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		struct stat st;
		if (len > 4 && !strcmp(e->d_name + len - 4, ".vtl") &&
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
			sum = (sum < 0 ? 0 : sum) + (long long)st.st_blocks * 512;
	}
	closedir(d);
	return sum;
}

/*
 * The temporary log directories of earlier `vidya trace` runs on this host
 * that were killed (SIGKILL, a crash) before they stored their logs: a
 * vidya-trace.XXXXXX directory of `tmp`, owned by us, whose <host>-<pid>
 * subdirectory holds logs and names a process that no longer runs.  Said
 * in one warning (they can be large: a hung program's logs grow until it
 * is killed), with how to store or remove them; nothing is removed.
 */
static void warn_stale_logs(const char *tmp, const char *host)
{
	DIR *d = opendir(tmp);
	if (!d)
		return;
	size_t hl = strlen(host);
	int n = 0;
	long long total = 0, big = -1;
	char *biggest = NULL;
	struct dirent *e;
	while ((e = readdir(d))) {
		struct stat st;
		if (strncmp(e->d_name, "vidya-trace.", 12) || strlen(e->d_name) != 18 ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISDIR(st.st_mode) || st.st_uid != getuid())
			continue;
		char *outer = cli_xasprintf("%s/%s", tmp, e->d_name);
		DIR *o = opendir(outer);
		struct dirent *s;
		while (o && (s = readdir(o))) {
			char *end = NULL;
			if (strncmp(s->d_name, host, hl) || s->d_name[hl] != '-')
				continue;
			long pid = strtol(s->d_name + hl + 1, &end, 10);
			if (pid <= 0 || (*end && *end != '.') || kill((pid_t)pid, 0) == 0 ||
			    errno != ESRCH)
				continue;
			char *logdir = cli_xasprintf("%s/%s", outer, s->d_name);
			long long size = logs_size(logdir);
			if (size >= 0) {
				n++;
				total += size;
				if (size > big) {
					big = size;
					free(biggest);
					biggest = vd_xstrdup(logdir);
				}
			}
			free(logdir);
		}
		if (o)
			closedir(o);
		free(outer);
	}
	closedir(d);
	if (n)
		cli_warn("%d log director%s of earlier traces that were killed before they were "
			 "stored (%.1f MB) in %s, the largest %s (%.1f MB): store one with `vidya "
			 "trace --load DIR`, or remove them",
			 n, n == 1 ? "y" : "ies", (double)total / 1e6, tmp, biggest,
			 (double)big / 1e6);
	free(biggest);
}

/* where the recorder writes: --out DIR or a temporary directory (`base`),
 * and under it a new <host>-<pid> directory; 0, or -1 with the error
 * printed */
typedef struct log_dirs {
	char *base, *logdir;
	int own_base; /* base is a temporary directory of this command */
} log_dirs;

static int make_log_dirs(log_dirs *d, const char *out, const char *host)
{
	if (out) {
		if (check_out_dir(out) != 0)
			return -1;
		d->base = vd_xstrdup(out);
	} else {
		const char *tmp = getenv("TMPDIR");
		tmp = tmp && *tmp ? tmp : "/tmp";
		warn_stale_logs(tmp, host);
		d->base = cli_xasprintf("%s/vidya-trace.XXXXXX", tmp);
		if (!mkdtemp(d->base)) {
			cli_error("cannot create a temporary log directory: %s", strerror(errno));
			return -1;
		}
		d->own_base = 1;
	}
	d->logdir = make_log_dir(d->base, host);
	if (!d->logdir)
		return -1;
	char *abs_logdir = realpath(d->logdir, NULL);
	if (abs_logdir) {
		free(d->logdir);
		d->logdir = abs_logdir;
	}
	return 0;
}

/* what a stored trace lacks, said once each */
static void warn_gaps(const vd_trace *t, const vd_result *run, const char *logdir)
{
	for (size_t i = 0; run && i < t->procs.n; i++) {
		const vd_trace_proc *p = &t->procs.v[i];
		if (!p->debug_info && p->ops + p->samples > 0) {
			cli_warn("%s: no debug information (built without -g?): calls and file "
				 "counters are stored, but they cannot be attributed to blocks; "
				 "rebuild with -g for per-block times",
				 p->exe);
			break;
		}
	}
	double lost = 0;
	for (size_t i = 0; i < t->procs.n; i++)
		lost += t->procs.v[i].unattributed_s;
	if (lost >= 0.01)
		cli_warn(
			"%.3f s of sampled time could not be charged to any stack (a thread ended "
			"inside the dynamic loader or MPI_Init): it is in trace_procs.unattributed_s, "
			"in no block",
			lost);
	if (t->nospace_logs)
		cli_warn("%d trace log(s) stopped early for want of disk space (file system full, "
			 "quota or file size limit): the calls after that point are missing",
			 t->nospace_logs);
	if (t->bad_logs)
		cli_warn("%s: %d file(s) were not readable trace logs and were skipped", logdir,
			 t->bad_logs);
}

/* what one traced execution was */
typedef struct traced {
	char **argv;
	const char *host;
	int64_t started;
	double wall;
	int status;
	int secure; /* set-ID: nothing could be recorded, and that was said */
} traced;

/* the id of the trace the last store_logs stored (cli_trace_command) */
static long stored_trace_id;

/* The calls stream into the database while the logs load: the trace's
 * transaction begins with the first batch (the logs are read and sorted
 * before, outside it) and ends after the load. */
typedef struct store_sink {
	vd_store *store;
	int begun;
} store_sink;

static int sink_ops(void *ctx, vd_trace *t)
{
	store_sink *k = ctx;
	if (!k->begun) {
		if (vd_store_trace_begin(k->store, t) != 0)
			return VD_ERROR;
		k->begun = 1;
	}
	return vd_store_trace_ops(k->store, t);
}

/*
 * Stores the logs in `logdir` as the trace `key`: 0, VD_ENOTFOUND when the
 * directory holds no log (nothing said), -1 on an error (said).  `started`
 * 0 and `wall` 0: from the logs (vidya trace --load).
 */
static int store_logs(vd_store *store, const char *db, const char *logdir, const char *key,
		      const char *command, int64_t started, double wall, int status,
		      const trace_args *a)
{
	vd_result *run = NULL;
	vd_trace *t = vd_trace_new();
	store_sink sink = { store, 0 };
	int rc = -1;
	/* the run is over and cannot be repeated: another writer (the job's
	 * other ranks storing theirs) is waited for, up to 10 minutes */
	vd_store_set_busy_timeout(store, 10 * 60 * 1000);
	int lr = vd_store_load_run(store, 0, &run);
	if (lr == VD_ENOTFOUND) {
		cli_warn("%s: no `vidya analyze` run yet: calls and file counters are stored, "
			 "per-block times need an analysis of the program's sources",
			 db);
		run = NULL;
	} else if (lr != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	t->started_ns = started;
	t->include_all = a->include_all;
	t->counters_only = a->counters_only;
	t->exclude = a->exclude.v;
	t->nexclude = a->exclude.n;
	t->key = key;
	t->command = command;
	t->wall_s = wall;
	t->exit_status = status;
	t->run_id = run ? run->run_id : 0;
	t->ops_sink = sink_ops;
	t->sink_ctx = &sink;
	int ld = vd_trace_load(t, logdir, run);
	if (ld == VD_ENOTFOUND) {
		rc = VD_ENOTFOUND;
		goto done;
	}
	if (ld != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	if (wall <= 0) { /* loaded later: the processes' span */
		double lo = 0, hi = 0;
		for (size_t i = 0; i < t->procs.n; i++) {
			if (i == 0 || t->procs.v[i].start_s < lo)
				lo = t->procs.v[i].start_s;
			if (t->procs.v[i].end_s > hi)
				hi = t->procs.v[i].end_s;
		}
		wall = hi - lo;
	}
	t->wall_s = wall;
	if (!sink.begun && vd_store_trace_begin(store, t) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	sink.begun = 0; /* ended here, or rolled back on a failure */
	if (vd_store_trace_end(store, t) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	stored_trace_id = t->trace_id;
	warn_gaps(t, run, logdir);
	/* under MPI one line for the job: rank 0's (the others' go to the same trace) */
	const char *rk = getenv("OMPI_COMM_WORLD_RANK");
	if (!rk)
		rk = getenv("PMIX_RANK");
	if (!rk)
		rk = getenv("PMI_RANK");
	if (!rk || atoi(rk) == 0)
		fprintf(stderr,
			"vidya: trace %ld: %lld calls%s, %zu file records, %zu call sites, "
			"%zu processes, %zu block measurements -> %s\n",
			t->trace_id, (long long)t->calls,
			t->counters_only ? " (counted, not kept)" : "", t->files.n, t->sites.n,
			t->procs.n, t->blocks.n, db);
	rc = 0;
done:
	if (sink.begun)
		vd_store_trace_abort(store);
	vd_trace_free(t);
	vd_result_free(run);
	return rc;
}

/* DIR holds at least one trace log (vidya.*.vtl) */
static int has_logs(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int found = 0;
	struct dirent *e;
	while (!found && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		found = len > 4 && !strcmp(e->d_name + len - 4, ".vtl");
	}
	closedir(d);
	return found;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The subdirectories of DIR that hold logs (the <host>-<pid> directories
 * that --out makes), sorted: malloc'ed paths, *n of them. */
static char **log_subdirs(const char *dir, size_t *n)
{
	*n = 0;
	DIR *d = opendir(dir);
	if (!d)
		return NULL;
	char **v = NULL;
	size_t cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char *sub = cli_xasprintf("%s/%s", dir, e->d_name);
		struct stat st;
		if (lstat(sub, &st) != 0 || !S_ISDIR(st.st_mode) || !has_logs(sub)) {
			free(sub);
			continue;
		}
		if (*n == cap) {
			cap = cap ? cap * 2 : 8;
			v = vd_xrealloc(v, cap * sizeof *v);
		}
		v[(*n)++] = sub;
	}
	closedir(d);
	if (*n > 1)
		qsort(v, *n, sizeof *v, cmp_str);
	return v;
}

/* vidya trace --load DIR: logs kept earlier (--out, or left after a failed
 * store), stored now as a trace of their own.  DIR is a log directory, or
 * the --out directory above them: its <host>-<pid> subdirectories (the
 * ranks of a job under MPI) are then stored as one trace. */
static int load_kept(const trace_args *a)
{
	const char *dir = a->load;
	struct stat st;
	int got = stat(dir, &st);
	if (got != 0 || !S_ISDIR(st.st_mode)) {
		cli_error("%s: %s", dir, got != 0 ? strerror(errno) : "not a directory");
		return VD_EXIT_ERROR;
	}
	char *abs = realpath(dir, NULL);
	if (!abs) {
		cli_error("%s: %s", dir, strerror(errno));
		return VD_EXIT_ERROR;
	}
	size_t nsub = 0;
	char **subs = has_logs(abs) ? NULL : log_subdirs(abs, &nsub);
	vd_store *store = NULL;
	int rc = VD_EXIT_ERROR;
	if (!has_logs(abs) && nsub == 0) {
		cli_error("%s: no trace logs there (vidya.*.vtl), nor in its subdirectories "
			  "(the <host>-<pid> directories that --out makes)",
			  dir);
	} else if (vd_store_open(&store, a->db) != 0 || vd_store_check_writable(store) != 0) {
		cli_error("%s", vd_error_last());
	} else {
		char *key = cli_xasprintf("load:%s:%lld", abs, (long long)realtime_ns());
		char *command = cli_xasprintf("(loaded from %s)", abs);
		rc = VD_EXIT_OK;
		for (size_t i = 0; i < (nsub ? nsub : 1) && rc == VD_EXIT_OK; i++) {
			const char *from = nsub ? subs[i] : abs;
			int sr = store_logs(store, a->db, from, key, command, 0, 0, 0, a);
			if (sr == VD_ENOTFOUND)
				cli_error("%s: no trace logs there (vidya.*.vtl)", from);
			if (sr != 0)
				rc = VD_EXIT_ERROR;
		}
		free(key);
		free(command);
	}
	for (size_t i = 0; i < nsub; i++)
		free(subs[i]);
	free(subs);
	free(abs);
	vd_store_close(store);
	return rc;
}

/* vidya trace --otf2 DIR: a stored trace as an OTF2 archive */
static int export_otf2(const trace_args *a)
{
	vd_otf2_stats st;
	if (vd_otf2_export(a->db, a->trace_id, a->otf2, &st) != 0) {
		cli_error("%s", vd_error_last());
		return VD_EXIT_ERROR;
	}
	fprintf(stderr,
		"vidya: trace %ld written to %s/traces.otf2: %ld locations, %ld files, %ld "
		"handles, %ld I/O operations, %ld events\n",
		st.trace_id, a->otf2, st.locations, st.files, st.handles, st.io_ops, st.events);
	return VD_EXIT_OK;
}

int cmd_trace(int argc, char **argv)
{
	return cli_trace_command(argc, argv, NULL);
}

int cli_trace_command(int argc, char **argv, long *trace_id)
{
	stored_trace_id = 0;
	if (trace_id)
		*trace_id = 0;
	int rc = trace_command(argc, argv);
	if (trace_id)
		*trace_id = stored_trace_id;
	return rc;
}

static int trace_command(int argc, char **argv)
{
	trace_args a = { .db = "vidya.db", .hz = "1000", .counters_only = -1 };
	int first = parse_trace(&a, argc, argv);
	if (first < 0 || a.load || a.otf2) {
		int lrc = first < 0 ? (first == CLI_PARSE_HELP ? VD_EXIT_OK : VD_EXIT_ERROR)
			  : a.otf2  ? export_otf2(&a)
				    : load_kept(&a);
		free(a.exclude.v);
		return lrc;
	}
	traced x = { .argv = argv + first };
	char *path = traceable_program(x.argv[0]);
	if (!path) {
		free(a.exclude.v);
		return VD_EXIT_ERROR;
	}
	char *recorder = NULL;
	log_dirs d = { 0 };
	int stored = 0, rc = VD_EXIT_ERROR;
	/* the database first: one that cannot take the trace (read-only, not
	 * a regular file) is an error before the program runs, not after (its
	 * status lost, its logs left where nothing loads them) */
	vd_store *store = NULL;
	if (vd_store_open(&store, a.db) != 0 || vd_store_check_writable(store) != 0) {
		cli_error("%s", vd_error_last());
		goto cleanup;
	}
	recorder = find_recorder();
	if (!recorder) {
		cli_error("libvidya_trace.so not found next to the vidya binary or under "
			  "../lib/vidya (set VIDYA_PRELOAD to its path)");
		goto cleanup;
	}
	char host[256] = "localhost";
	gethostname(host, sizeof host - 1);
	x.host = host;
	/* set-user-ID or set-group-ID: the loader runs it in secure mode and
	 * ignores LD_PRELOAD; it runs, untraced, with its status kept */
	x.secure = set_id_program(path);
	if (x.secure)
		cli_warn("%s is set-%s-ID: the dynamic loader ignores LD_PRELOAD for it, so none "
			 "of its calls can be recorded; it runs untraced and vidya exits with its "
			 "status",
			 path, x.secure == 1 ? "user" : "group");
	if (make_log_dirs(&d, a.out, host) != 0)
		goto cleanup;
	x.started = realtime_ns();
	double t0 = vd_now();
	x.status = run_program(path, x.argv, recorder, d.logdir, a.hz, !a.no_stacks);
	x.wall = vd_now() - t0;
	if (x.status < 0)
		goto cleanup;
	if (x.status > 128)
		cli_warn("%s was killed by signal %d; its calls up to that point are kept",
			 x.argv[0], x.status - 128);
	/* the logs into the database */
	char *command = join_args(x.argv);
	const char *job = job_id();
	/* ranks of one job, running one command, are one trace */
	char *key = job ? cli_xasprintf("job:%s:%s", job, command)
			: cli_xasprintf("%s:%d:%lld", host, (int)getpid(), (long long)x.started);
	int sr = store_logs(store, a.db, d.logdir, key, command, x.started, x.wall, x.status, &a);
	free(key);
	free(command);
	/* the program ran, and its status is its own: nothing recorded is a
	 * warning (said above when it was foreseen) */
	if (sr == VD_ENOTFOUND && !x.secure)
		cli_warn("%s: the recorder wrote no log (the dynamic loader did not preload it, "
			 "or it could not write to %s): nothing is stored",
			 x.argv[0], d.own_base ? "the temporary log directory" : d.logdir);
	if (sr == 0 || sr == VD_ENOTFOUND) {
		rc = x.status;
		stored = 1; /* stored, or nothing to keep */
		if (d.own_base)
			remove_tree(d.base);
	}
cleanup:
	vd_store_close(store);
	if (!stored && d.own_base && d.logdir)
		cli_warn("the raw logs are kept in %s", d.logdir);
	restore_term();
	free(d.logdir);
	free(d.base);
	free(a.exclude.v);
	free(recorder);
	free(path);
	return rc;
}
