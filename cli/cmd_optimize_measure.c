/*
 * cmd_optimize_measure.c - `vidya optimize --measure --before PROG -- ./app
 * ARGS...`: runs the original program (PROG ARGS...) and the optimized one
 * (./app ARGS...) in the current directory, one after the other (the
 * original first; with --runs N alternately, N times each), each under
 * `vidya trace` (cli_trace_command, the command's own code), and
 *
 *   - compares their outputs byte for byte: standard output (captured into
 *     a file) and every regular file a traced run wrote (the trace's
 *     v_trace_files knows them), each against a copy of what the
 *     original's first run produced; files a run created are removed
 *     before the next run, so that every run starts from the same state;
 *   - stores every trace and the pair (optimize_pairs, optimize_runs; view
 *     v_optimize_gain): wall time and I/O time (the main thread's time
 *     inside I/O calls, trace_procs.main_io_s), medians of the runs;
 *   - prints a before/after table.
 *
 * Exit status: 0 when every output and the exit status are the same, 2 when
 * one differs (a failed optimization), 1 when vidya itself fails.
 * docs/optimize.md, "Measuring before and after".
 */
#define _GNU_SOURCE
#include "cli.h"
#include "parse_options.h"
#include "vd_store.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const cli_usage usage = {
	"optimize",
	"usage: vidya optimize --measure --before PROG [--db FILE] [--label NAME] [--runs N]\n"
	"                      [--drop-cache FILE]... [--ignore FILE]... [--stdin FILE]\n"
	"                      [--hz N] [--ops] -- PROGRAM [ARGS...]\n",
	"Runs the original program PROG and the optimized PROGRAM with the same ARGS in\n"
	"this directory, one after the other (the original first), each under `vidya\n"
	"trace`; compares their outputs byte for byte (standard output, and every\n"
	"regular file a run wrote); stores both traces as a before/after pair (view\n"
	"v_optimize_gain) and prints wall time and I/O time (the main thread's time\n"
	"inside I/O calls) before and after.  Exit status: 0 when every output and\n"
	"the exit status are identical, 2 when one differs, 1 when vidya fails.\n",
	"Files a run created are removed before the next run; standard input is\n"
	"/dev/null unless --stdin is given; standard error is not compared.\n",
};

typedef struct measure_args {
	const char *db, *before, *label, *stdin_file;
	int measure, runs, hz, ops;
	cli_strings drop, ignore;
} measure_args;

/* one output: standard output or a file some run wrote */
typedef struct output {
	const char *path; /* absolute; NULL: standard output */
	int in_ref;       /* the original's first run wrote it */
	const char *ref;  /* its copy after that run, NULL: absent then */
	int preexisting;  /* existed before the run that wrote it */
	int differed;     /* a difference was reported (once per output) */
} output;

typedef struct session {
	measure_args *a;
	vd_arena *arena;
	char *dir; /* temporary: captured outputs and reference copies */
	vd_store *store;
	VD_VEC(output) out;
	vd_buf diff; /* what differed, "; "-separated */
	int ndiff, ref_status, nfiles, status_differed;
} session;

/* ---- files ---------------------------------------------------------------------------- */

/* copies src to dst (created, mode 0600); 0, or -1 with errno */
static int copy_file(const char *src, const char *dst)
{
	int in = open(src, O_RDONLY | O_CLOEXEC), rc = -1;
	if (in < 0)
		return -1;
	int out = open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (out < 0) {
		int e = errno;
		close(in);
		errno = e;
		return -1;
	}
	static char buf[1 << 16];
	for (;;) {
		ssize_t n = read(in, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			rc = n == 0 ? 0 : -1;
			break;
		}
		for (ssize_t off = 0; off < n;) {
			ssize_t w = write(out, buf + off, (size_t)(n - off));
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				goto done;
			off += w;
		}
	}
done:;
	int e = errno;
	if (close(out) != 0 && rc == 0)
		rc = -1, e = errno;
	close(in);
	errno = e;
	return rc;
}

/*
 * Compares two files byte for byte: 0 when identical, 1 when they differ
 * (*at = the first differing byte, *na and *nb = their sizes), -1 when one
 * cannot be read (errno).
 */
static int compare_files(const char *a, const char *b, long long *at, long long *na, long long *nb)
{
	FILE *fa = fopen(a, "rbe"), *fb = fopen(b, "rbe");
	struct stat sa, sb;
	int rc = -1;
	if (!fa || !fb || fstat(fileno(fa), &sa) != 0 || fstat(fileno(fb), &sb) != 0)
		goto done;
	*na = (long long)sa.st_size;
	*nb = (long long)sb.st_size;
	static char ba[1 << 16], bb[1 << 16];
	long long pos = 0;
	rc = 0;
	for (;;) {
		size_t ra = fread(ba, 1, sizeof ba, fa), rb = fread(bb, 1, sizeof bb, fb);
		size_t m = ra < rb ? ra : rb;
		if (ra != rb || memcmp(ba, bb, m)) {
			size_t i = 0;
			while (i < m && ba[i] == bb[i])
				i++;
			*at = pos + (long long)i;
			rc = 1;
			break;
		}
		if (ra == 0)
			break;
		pos += (long long)ra;
	}
	if (ferror(fa) || ferror(fb))
		rc = -1;
done:;
	int e = errno;
	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
	errno = e;
	return rc;
}

/* 1 when `path` was created at or after `since` (its birth time, where the
 * file system records one), 0 when before or unknown */
static int created_since(const char *path, const struct timespec *since)
{
	struct statx sx;
	if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_BTIME, &sx) != 0 ||
	    !(sx.stx_mask & STATX_BTIME))
		return 0;
	return sx.stx_btime.tv_sec > since->tv_sec ||
	       (sx.stx_btime.tv_sec == since->tv_sec && sx.stx_btime.tv_nsec >= since->tv_nsec);
}

/* a regular file, or absent: anything else (a directory, a device) is not
 * an output to compare */
static int regular_or_absent(const char *path, int *exists)
{
	struct stat st;
	if (lstat(path, &st) != 0) {
		*exists = 0;
		return errno == ENOENT || errno == ENOTDIR;
	}
	*exists = 1;
	return S_ISREG(st.st_mode);
}

/* posix_fadvise(POSIX_FADV_DONTNEED) after fsync: the clean pages go */
static int drop_cache(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		cli_error("%s: cannot open to drop it from the page cache: %s", path,
			  strerror(errno));
		return -1;
	}
	if (fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
		cli_warn("%s: fsync: %s", path, strerror(errno));
	int e = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
	if (e) {
		cli_error("%s: posix_fadvise(POSIX_FADV_DONTNEED): %s", path, strerror(e));
		return -1;
	}
	return 0;
}

static void remove_session_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			unlinkat(dirfd(d), e->d_name, 0);
	if (d)
		closedir(d);
	rmdir(dir);
}

/* ---- comparing ------------------------------------------------------------------------- */

static void add_diff(session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add_diff(session *s, const char *fmt, ...)
{
	va_list ap;
	if (s->ndiff++)
		vd_buf_puts(&s->diff, "; ");
	va_start(ap, fmt);
	vd_buf_vprintf(&s->diff, fmt, ap);
	va_end(ap);
}

static output *find_output(session *s, const char *path)
{
	for (size_t i = 0; i < s->out.n; i++)
		if (s->out.v[i].path && !strcmp(s->out.v[i].path, path))
			return &s->out.v[i];
	return NULL;
}

static int ignored(const session *s, const char *path)
{
	char cwd[4096];
	if (!getcwd(cwd, sizeof cwd))
		cwd[0] = 0;
	for (size_t i = 0; i < s->a->ignore.n; i++) {
		const char *p = vd_path_join(s->arena, cwd, s->a->ignore.v[i]);
		if (p && !strcmp(p, path))
			return 1;
	}
	return 0;
}

/* "the original's run 2", "the optimized program's run 1" */
static const char *run_name(session *s, int after, int run)
{
	return vd_arena_printf(s->arena, "the %s's run %d",
			       after ? "optimized program" : "original", run);
}

/* `now` (a file after a run, or NULL: absent) against the reference copy
 * `ref` (NULL: absent): a difference is recorded with `name` */
static int compare_one(session *s, output *o, const char *now, const char *who)
{
	const char *name = o->path ? o->path : "standard output";
	/* a file that was there before is not removed between runs: one
	 * that a program appends to differs for that reason alone */
	const char *hint = o->preexisting ? " (the file existed before the runs)" : "";
	if (o->differed || (!o->ref && !now))
		return 0;
	if (!o->ref || !now) {
		o->differed = 1;
		add_diff(s, "%s: %s after %s, %s after the original's run 1%s", name,
			 now ? "present" : "absent", who, o->ref ? "present" : "absent", hint);
		return 0;
	}
	long long at = 0, na = 0, nb = 0;
	int c = compare_files(o->ref, now, &at, &na, &nb);
	if (c < 0) {
		cli_error("%s: cannot compare with %s: %s", name, o->ref, strerror(errno));
		return -1;
	}
	o->differed = c;
	if (c)
		add_diff(
			s,
			"%s: differs at byte %lld (%lld bytes after the original's run 1, %lld after %s)%s",
			name, at, na, nb, who, hint);
	return 0;
}

/*
 * After one run: the reference copies (the original's first run), or the
 * comparison with them; then files the run created are removed unless it
 * is the last run.  0, or -1 on an error (said).
 */
static int check_outputs(session *s, int after, int run, const char *captured, const char **written,
			 size_t nwritten, const struct timespec *started, int status, int last)
{
	int first = !after && run == 1;
	const char *who = run_name(s, after, run);
	/* standard output is output 0 */
	if (first) {
		output o = { .path = NULL, .in_ref = 1, .ref = captured };
		vd_vec_push(s->out, o);
		s->ref_status = status;
	} else {
		if (compare_one(s, &s->out.v[0], captured, who))
			return -1;
		if (status != s->ref_status && !s->status_differed++)
			add_diff(s, "exit status %d after %s, %d after the original's run 1",
				 status, who, s->ref_status);
	}
	for (size_t i = 0; i < nwritten; i++) {
		int exists;
		if (ignored(s, written[i]) || !regular_or_absent(written[i], &exists))
			continue;
		output *o = find_output(s, written[i]);
		if (!o) {
			output n = { .path = written[i], .in_ref = first };
			n.preexisting = exists && !created_since(written[i], started);
			if (first && exists) {
				n.ref = vd_arena_printf(s->arena, "%s/ref.%zu", s->dir, s->out.n);
				if (copy_file(written[i], n.ref) != 0) {
					cli_error("%s: cannot copy it aside to %s: %s", written[i],
						  n.ref, strerror(errno));
					return -1;
				}
			}
			if (!first)
				add_diff(s, "%s: written by %s, not by the original's run 1",
					 written[i], who);
			vd_vec_push(s->out, n);
			if (first)
				s->nfiles++;
		}
	}
	/* every file of the reference, whether this run's trace saw it
	 * written or not: its content is what counts */
	for (size_t i = 1; !first && i < s->out.n; i++) {
		output *o = &s->out.v[i];
		int exists;
		if (!o->in_ref || !regular_or_absent(o->path, &exists))
			continue;
		if (compare_one(s, o, exists ? o->path : NULL, who))
			return -1;
	}
	/* the next run starts where this one started: what it created goes */
	for (size_t i = 1; !last && i < s->out.n; i++)
		if (created_since(s->out.v[i].path, started) && unlink(s->out.v[i].path) != 0 &&
		    errno != ENOENT) {
			cli_error("%s: cannot remove it before the next run: %s", s->out.v[i].path,
				  strerror(errno));
			return -1;
		}
	return 0;
}

/* ---- running ---------------------------------------------------------------------------- */

/* fd `target` replaced by `path` opened with `flags`; the previous one
 * saved in *saved.  0, or -1 (said) */
static int redirect(int target, const char *path, int flags, int *saved)
{
	int fd = open(path, flags | O_CLOEXEC, 0600);
	if (fd < 0) {
		cli_error("%s: %s", path, strerror(errno));
		return -1;
	}
	*saved = fcntl(target, F_DUPFD_CLOEXEC, 10);
	if (dup2(fd, target) < 0) {
		cli_error("cannot redirect descriptor %d: %s", target, strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

static void restore(int target, int saved)
{
	if (saved >= 0) {
		dup2(saved, target);
		close(saved);
	} else {
		close(target);
	}
}

/* one traced run of argv: its stored trace id (0 with an error said) */
static long traced_run(session *s, char **prog_argv, const char *captured)
{
	const measure_args *a = s->a;
	VD_VEC(char *) tv = { 0 };
	char hz[32], *exclude = cli_xasprintf("%s/", s->dir);
	snprintf(hz, sizeof hz, "%d", a->hz);
	/* the strings are only read (cmd_trace takes char ** as main does) */
	char *fixed[] = { (char *)"trace",     (char *)"--db",
			  (char *)a->db,       (char *)(a->ops ? "--ops" : "--counters"),
			  (char *)"--hz",      hz,
			  (char *)"--exclude", exclude,
			  (char *)"--" };
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		vd_vec_push(tv, fixed[i]);
	for (int i = 0; prog_argv[i]; i++)
		vd_vec_push(tv, prog_argv[i]);
	vd_vec_push(tv, (char *)NULL);
	long id = 0;
	int out_saved = -1, in_saved = -1;
	fflush(stdout);
	if (redirect(STDOUT_FILENO, captured, O_WRONLY | O_CREAT | O_TRUNC, &out_saved) == 0) {
		if (redirect(STDIN_FILENO, a->stdin_file ? a->stdin_file : "/dev/null", O_RDONLY,
			     &in_saved) == 0) {
			cli_trace_command((int)tv.n - 1, tv.v, &id);
			restore(STDIN_FILENO, in_saved);
		}
		restore(STDOUT_FILENO, out_saved);
	}
	if (!id)
		cli_error("%s: no trace was stored (see above): nothing to compare", prog_argv[0]);
	free(tv.v);
	free(exclude);
	return id;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

/* the median of the runs of one side (the mean of the middle two for an
 * even count) of wall time (what 0), main threads' I/O time (1) or all
 * threads' (2); *trace: the run whose wall time is the lower middle */
static double median(const vd_optimize_run *v, size_t n, int after, int what, long *trace)
{
	double *x = vd_xcalloc(n ? n : 1, sizeof *x);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (v[i].after == after)
			x[k++] = what == 2 ? v[i].all_io_s : what ? v[i].io_s : v[i].wall_s;
	qsort(x, k, sizeof *x, cmp_double);
	double m = k == 0 ? 0 : k % 2 ? x[k / 2] : (x[k / 2 - 1] + x[k / 2]) / 2;
	if (trace && k) {
		double w = x[(k - 1) / 2];
		for (size_t i = 0; i < n; i++)
			if (v[i].after == after && v[i].wall_s == w) {
				*trace = v[i].trace_id;
				break;
			}
	}
	free(x);
	return m;
}

static char *join_words(char *const *argv)
{
	vd_buf b = VD_BUF_INIT;
	for (int i = 0; argv[i]; i++)
		vd_buf_printf(&b, "%s%s", i ? " " : "", argv[i]);
	return vd_buf_detach(&b);
}

static void print_ratio(double a, double b)
{
	if (b > 0)
		printf(" %9.2fx\n", a / b);
	else
		printf(" %10s\n", a > 0 ? "inf" : "-");
}

static void print_table(const vd_optimize_pair *p)
{
	printf("vidya optimize --measure: pair %ld%s%s%s, %s%d run%s each\n", p->pair_id,
	       p->label ? " \"" : "", p->label ? p->label : "", p->label ? "\"" : "",
	       p->runs > 1 ? "median of " : "", p->runs, p->runs > 1 ? "s" : "");
	printf("%-24s %12s %12s %10s\n", "", "before", "after", "ratio");
	printf("%-24s %10.4f s %10.4f s", "wall time", p->before_wall_s, p->after_wall_s);
	print_ratio(p->before_wall_s, p->after_wall_s);
	printf("%-24s %10.4f s %10.4f s", "I/O time, main thread", p->before_io_s, p->after_io_s);
	print_ratio(p->before_io_s, p->after_io_s);
	printf("%-24s %10.4f s %10.4f s", "I/O time, all threads", p->before_all_io_s,
	       p->after_all_io_s);
	print_ratio(p->before_all_io_s, p->after_all_io_s);
	printf("outputs: standard output and %d file%s compared: %s\n", p->outputs - 1,
	       p->outputs == 2 ? "" : "s", p->identical ? "identical" : "DIFFERENT");
	printf("traces: before %ld, after %ld (v_optimize_gain WHERE pair_id = %ld)\n",
	       p->before_trace, p->after_trace, p->pair_id);
}

/* ---- the command ------------------------------------------------------------------------ */

static int parse(measure_args *a, int argc, char **argv)
{
	const cli_option opts[] = {
		CLI_BOOL(0, "measure", &a->measure, "measure before and after (this command)"),
		CLI_STRING(0, "before", &a->before, "PROG",
			   "the original program, run with the same ARGS\n(required)"),
		CLI_STRING(0, "db", &a->db, "FILE", "database (default: ./vidya.db)"),
		CLI_STRING(0, "label", &a->label, "NAME",
			   "name of the pair in the database (default:\nPROGRAM's name)"),
		CLI_INT(0, "runs", &a->runs, "N", 1, 1000, NULL,
			"run each program N times, alternately, and take\nthe medians (default 1)"),
		CLI_STRINGS(0, "drop-cache", &a->drop, "FILE",
			    "drop FILE from the page cache before every run\n(fsync, then "
			    "posix_fadvise DONTNEED; repeatable)"),
		CLI_STRINGS(0, "ignore", &a->ignore, "FILE",
			    "do not compare FILE (a log with times in it;\nrepeatable)"),
		CLI_STRING(0, "stdin", &a->stdin_file, "FILE",
			   "standard input of every run (default /dev/null)"),
		CLI_INT(0, "hz", &a->hz, "N", 0, 100000, NULL,
			"stack samples per second and thread (default\n1000; 0 = no per-block "
			"times)"),
		CLI_BOOL(0, "ops", &a->ops,
			 "store every call of each run (v_trace_ops); by\ndefault the traces "
			 "keep counters and call sites"),
		CLI_END(),
	};
	int first = cli_parse_options(argc, argv, 1, opts, &usage, CLI_PARSE_STOP_AT_NON_OPTION);
	if (first < 0)
		return first;
	if (!a->before || !a->before[0]) {
		cli_error("--before PROG is required: the original program to compare with");
		return CLI_PARSE_ERROR;
	}
	if (first >= argc || !argv[first][0]) {
		cli_error("no optimized program: vidya optimize --measure --before PROG -- PROGRAM "
			  "[ARGS...]");
		return CLI_PARSE_ERROR;
	}
	/* both programs before either runs (a name without '/' is looked up
	 * in PATH by vidya trace) */
	const char *progs[] = { a->before, argv[first] };
	for (size_t i = 0; i < 2; i++)
		if (strchr(progs[i], '/') && access(progs[i], X_OK) != 0) {
			cli_error("%s: cannot execute it: %s", progs[i], strerror(errno));
			return CLI_PARSE_ERROR;
		}
	for (size_t i = 0; i < a->drop.n; i++)
		if (access(a->drop.v[i], R_OK) != 0) {
			cli_error("%s: cannot read it (--drop-cache): %s", a->drop.v[i],
				  strerror(errno));
			return CLI_PARSE_ERROR;
		}
	if (a->stdin_file && access(a->stdin_file, R_OK) != 0) {
		cli_error("%s: cannot read it (--stdin): %s", a->stdin_file, strerror(errno));
		return CLI_PARSE_ERROR;
	}
	return first;
}

/* runs the pairs, compares, stores; the exit status */
static int measure(session *s, char **after_argv)
{
	measure_args *a = s->a;
	int argc_after = 0;
	while (after_argv[argc_after])
		argc_after++;
	/* the original: PROG with the optimized program's arguments */
	char **before_argv = vd_xcalloc((size_t)argc_after + 1, sizeof *before_argv);
	before_argv[0] = (char *)a->before;
	for (int i = 1; i < argc_after; i++)
		before_argv[i] = after_argv[i];
	vd_optimize_run *runs = vd_xcalloc((size_t)a->runs * 2, sizeof *runs);
	size_t nruns = 0;
	int rc = VD_EXIT_ERROR;
	for (int r = 1; r <= a->runs; r++)
		for (int after = 0; after < 2; after++) {
			int last = r == a->runs && after == 1;
			for (size_t i = 0; i < a->drop.n; i++)
				if (drop_cache(a->drop.v[i]) != 0)
					goto done;
			struct timespec started;
			clock_gettime(CLOCK_REALTIME_COARSE, &started);
			const char *captured = vd_arena_printf(s->arena, "%s/stdout.%s.%d", s->dir,
							       after ? "after" : "before", r);
			vd_optimize_run *x = &runs[nruns];
			x->after = after;
			x->run = r;
			x->trace_id = traced_run(s, after ? after_argv : before_argv, captured);
			if (!x->trace_id)
				goto done;
			nruns++;
			const char **written = NULL;
			size_t nwritten = 0;
			if (vd_store_trace_times(s->store, x->trace_id, &x->wall_s, &x->status,
						 &x->io_s, &x->all_io_s) != 0 ||
			    vd_store_trace_written(s->store, x->trace_id, s->arena, &written,
						   &nwritten) != 0) {
				cli_error("%s", vd_error_last());
				goto done;
			}
			if (check_outputs(s, after, r, captured, written, nwritten, &started,
					  x->status, last) != 0)
				goto done;
			/* only the reference's capture is kept */
			if (after || r > 1)
				unlink(captured);
		}
	vd_optimize_pair p = { .label = a->label, .runs = a->runs, .v = runs, .n = nruns };
	if (!p.label) {
		const char *slash = strrchr(after_argv[0], '/');
		p.label = slash ? slash + 1 : after_argv[0];
	}
	char *bcmd = join_words(before_argv), *acmd = join_words(after_argv);
	p.before_cmd = bcmd;
	p.after_cmd = acmd;
	p.before_wall_s = median(runs, nruns, 0, 0, &p.before_trace);
	p.after_wall_s = median(runs, nruns, 1, 0, &p.after_trace);
	p.before_io_s = median(runs, nruns, 0, 1, NULL);
	p.after_io_s = median(runs, nruns, 1, 1, NULL);
	p.before_all_io_s = median(runs, nruns, 0, 2, NULL);
	p.after_all_io_s = median(runs, nruns, 1, 2, NULL);
	p.outputs = 1 + s->nfiles;
	p.identical = s->ndiff == 0;
	p.differing = s->ndiff ? vd_buf_cstr(&s->diff) : NULL;
	if (vd_store_save_optimize_pair(s->store, &p) != 0) {
		cli_error("%s", vd_error_last());
	} else {
		print_table(&p);
		fflush(stdout);
		if (s->ndiff) {
			cli_error("the outputs differ, the optimization failed: %s",
				  vd_buf_cstr(&s->diff));
			rc = VD_EXIT_FINDINGS;
		} else {
			if (s->ref_status != 0)
				cli_warn("both programs exited with status %d", s->ref_status);
			rc = VD_EXIT_OK;
		}
	}
	free(bcmd);
	free(acmd);
done:
	free(runs);
	free(before_argv);
	return rc;
}

int cmd_optimize_measure(int argc, const char **cargv)
{
	/* cli_parse_options takes char ** (getopt's type); nothing is written */
	char **argv = vd_xcalloc((size_t)argc + 1, sizeof *argv);
	for (int i = 0; i < argc; i++)
		argv[i] = (char *)cargv[i];
	measure_args a = { .db = "vidya.db", .runs = 1, .hz = 1000 };
	session s = { .a = &a };
	int rc = VD_EXIT_ERROR;
	int first = parse(&a, argc, argv);
	if (first < 0) {
		rc = first == CLI_PARSE_HELP ? VD_EXIT_OK : VD_EXIT_ERROR;
		goto done;
	}
	/* the database before anything runs: one that cannot take the traces
	 * is an error now, not after the programs ran */
	if (vd_store_open(&s.store, a.db) != 0 || vd_store_check_writable(s.store) != 0) {
		cli_error("%s", vd_error_last());
		goto done;
	}
	const char *tmp = getenv("TMPDIR");
	s.dir = cli_xasprintf("%s/vidya-measure.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(s.dir)) {
		cli_error("%s: cannot create a temporary directory: %s", s.dir, strerror(errno));
		free(s.dir);
		s.dir = NULL;
		goto done;
	}
	s.arena = vd_arena_new();
	rc = measure(&s, argv + first);
done:
	if (s.dir)
		remove_session_dir(s.dir);
	free(s.dir);
	vd_store_close(s.store);
	vd_arena_free(s.arena);
	vd_buf_release(&s.diff);
	free(s.out.v);
	free(a.drop.v);
	free(a.ignore.v);
	free(argv);
	return rc;
}
