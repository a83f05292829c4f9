/*
 * compdb.c - reads compile_commands.json and turns each entry into a parse
 * job.
 *
 * Flags are filtered down to what changes the meaning of the source
 * (-I, -D, -U, -include, -std, ...) so that gcc-only options never stop
 * libclang; relative paths are resolved against each entry's `directory`;
 * a file compiled several times with the same flags is parsed once; and
 * entries built with an MPI or HDF5 compiler wrapper (mpicc, h5cc, ...) get
 * the library's include flags when they lack them.
 *
 * The database is untrusted input.  It is parsed strictly (jansson): a
 * malformed one is an error that gives the line and column, and an entry
 * without "directory", "file" and "arguments" or "command" (strings) is
 * refused.  @file response files are expanded here, reading only regular
 * files.  Nothing named in it is run through a shell: the library's flags
 * come from pkg-config, or else from a wrapper whose plain name is found in
 * PATH, both run with an argv array.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "project.h"

#define VD_COMPDB_MAX ((size_t)1 << 30) /* bytes of compile_commands.json */
#define VD_RSP_MAX ((size_t)16 << 20)   /* bytes of one @file response file */
#define VD_RSP_DEPTH 8                  /* @file in @file in ... */

/* ---- reading files that may be anything -------------------------------------------- */

static const char *mode_kind(mode_t m)
{
	return S_ISDIR(m)    ? "a directory"
	       : S_ISFIFO(m) ? "a FIFO"
	       : S_ISCHR(m)  ? "a character device"
	       : S_ISBLK(m)  ? "a block device"
	       : S_ISSOCK(m) ? "a socket"
			     : "an unknown kind of file";
}

int vd_regular_file(const char *path, char *why, size_t nwhy)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		int e = errno;
		char eb[128];
		snprintf(why, nwhy, "%s", strerror_r(e, eb, sizeof(eb)));
		return e == ENOENT || e == ENOTDIR ? VD_ENOTFOUND : VD_ERROR;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, nwhy, "not a regular file (%s)", mode_kind(st.st_mode));
		return VD_ERROR;
	}
	return 0;
}

int vd_read_regular(const char *path, size_t max, char **out, size_t *len, char *why, size_t nwhy)
{
	*out = NULL;
	/* stat first: a device is never opened; then open without blocking (a
	 * FIFO put there meanwhile) and check what was opened */
	int rc = vd_regular_file(path, why, nwhy);
	if (rc != 0)
		return rc;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;
	char eb[128];
	if (fd < 0 || fstat(fd, &st) != 0) {
		int e = errno;
		snprintf(why, nwhy, "%s", strerror_r(e, eb, sizeof(eb)));
		if (fd >= 0)
			close(fd);
		return e == ENOENT ? VD_ENOTFOUND : VD_ERROR;
	}
	if (!S_ISREG(st.st_mode) || (uintmax_t)st.st_size > max) {
		if (S_ISREG(st.st_mode))
			snprintf(why, nwhy, "too large (%jd bytes, at most %zu)",
				 (intmax_t)st.st_size, max);
		else
			snprintf(why, nwhy, "not a regular file (%s)", mode_kind(st.st_mode));
		close(fd);
		return VD_ERROR;
	}
	vd_buf b = VD_BUF_INIT;
	char tmp[65536];
	for (;;) {
		ssize_t n = read(fd, tmp, sizeof(tmp));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(why, nwhy, "%s", strerror_r(errno, eb, sizeof(eb)));
			rc = VD_ERROR;
			break;
		}
		if (n == 0)
			break;
		if (b.len + (size_t)n > max) { /* it grew since fstat */
			snprintf(why, nwhy, "too large (more than %zu bytes)", max);
			rc = VD_ERROR;
			break;
		}
		vd_buf_put(&b, tmp, (size_t)n);
	}
	close(fd);
	if (rc) {
		vd_buf_release(&b);
		return rc;
	}
	if (len)
		*len = b.len;
	*out = vd_buf_detach(&b);
	return 0;
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

/* Which wrapper family a compiler name belongs to: 'm' MPI, 'h' HDF5, 0 none */
static int wrapper_kind(const char *compiler)
{
	const char *b = base_name(compiler);
	if (strncmp(b, "mpi", 3) == 0 &&
	    (strstr(b, "cc") || strstr(b, "CC") || strstr(b, "c++") || strstr(b, "cxx") ||
	     strstr(b, "icx") || strstr(b, "fort")))
		return 'm';
	if (strncmp(b, "h5", 2) == 0 && strstr(b, "cc"))
		return 'h';
	return 0;
}

/* ---- running a library's configuration tool, never through a shell ----------------- */

#define VD_TOOL_TIMEOUT 30.0      /* seconds a pkg-config or wrapper may take */
#define VD_TOOL_MAX_OUT (1 << 20) /* bytes of output read from it */

/* A program name vidya may look up in PATH: letters, digits and "._+-",
 * no path, no shell metacharacters, no option. */
static int plain_name(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n > 255 || s[0] == '-' || s[0] == '.')
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("._+-", *s))
			return 0;
	return 1;
}

/* The executable regular file `name` stands for in PATH; absolute PATH
 * entries only (an empty or relative one would be the current directory). */
static char *find_in_path(vd_arena *a, const char *name)
{
	if (!plain_name(name))
		return NULL;
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (const char *s = path;;) {
		const char *colon = strchr(s, ':');
		size_t n = colon ? (size_t)(colon - s) : strlen(s);
		char cand[4096];
		struct stat st;
		size_t nl = strlen(name);
		if (n > 0 && s[0] == '/' && n + nl + 2 <= sizeof(cand)) {
			memcpy(cand, s, n);
			cand[n] = '/';
			memcpy(cand + n + 1, name, nl + 1);
			if (stat(cand, &st) == 0 && S_ISREG(st.st_mode) && access(cand, X_OK) == 0)
				return vd_arena_strdup(a, cand);
		}
		if (!colon)
			return NULL;
		s = colon + 1;
	}
}

/* Runs `prog` with `argv` (no shell), stdin and stderr on /dev/null, and
 * appends what it prints to `out`.  0 when it exited with status 0 within
 * VD_TOOL_TIMEOUT and printed at most VD_TOOL_MAX_OUT bytes. */
static int run_capture(const char *prog, const char *const *argv, vd_buf *out)
{
	int pfd[2];
	if (pipe2(pfd, O_CLOEXEC) != 0)
		return -1;
	posix_spawn_file_actions_t fa;
	if (posix_spawn_file_actions_init(&fa) != 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pfd[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	/* posix_spawn's argv is not const-qualified but is never written */
	int rc = posix_spawn(&pid, prog, &fa, NULL, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pfd[1]);
	if (rc != 0) {
		close(pfd[0]);
		return -1;
	}
	double deadline = vd_now() + VD_TOOL_TIMEOUT;
	int ok = 1;
	for (;;) {
		double left = deadline - vd_now();
		if (left <= 0) {
			ok = 0;
			break;
		}
		struct pollfd pf = { pfd[0], POLLIN, 0 };
		int r = poll(&pf, 1, (int)(left * 1000.0) + 1);
		if (r < 0 && errno != EINTR) {
			ok = 0;
			break;
		}
		if (r <= 0)
			continue;
		char tmp[4096];
		ssize_t n = read(pfd[0], tmp, sizeof(tmp));
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0) {
			ok = n == 0;
			break;
		}
		if (out->len + (size_t)n > VD_TOOL_MAX_OUT) {
			ok = 0;
			break;
		}
		vd_buf_put(out, tmp, (size_t)n);
	}
	close(pfd[0]);
	if (!ok)
		kill(pid, SIGKILL);
	int status = 0;
	pid_t w;
	do
		w = waitpid(pid, &status, 0);
	while (w < 0 && errno == EINTR);
	return ok && w == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int vd_tool_flags(vd_arena *a, const char *const *argv, strvec *out)
{
	const char *prog = find_in_path(a, argv[0]);
	if (!prog)
		return -1;
	vd_buf all = VD_BUF_INIT;
	if (run_capture(prog, argv, &all) != 0 || !all.ptr) {
		vd_buf_release(&all);
		return -1;
	}
	char *save = NULL;
	for (char *t = strtok_r(all.ptr, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save))
		if (strncmp(t, "-I", 2) == 0) /* the library's headers are system headers */
			vd_vec_push(*out, vd_arena_printf(a, "-isystem%s", t + 2));
		else if (strncmp(t, "-D", 2) == 0 || strncmp(t, "-isystem", 8) == 0)
			vd_vec_push(*out, vd_arena_strdup(a, t));
	vd_buf_release(&all);
	return 0;
}

/* one try: `argv` adds flags, or `out` is left as it was */
static int try_tool(vd_arena *a, const char *const *argv, strvec *out)
{
	size_t n0 = out->n;
	if (vd_tool_flags(a, argv, out) == 0 && out->n > n0)
		return 0;
	out->n = n0;
	return -1;
}

int vd_library_flags(vd_arena *a, int kind, const char *wrapper, strvec *out)
{
	/* pkg-config files first: Debian's default MPI (mpi-c, mpi), Open MPI,
	 * MPICH; HDF5 (serial) */
	static const char *const mpi_pc[] = { "mpi-c", "mpi", "ompi-c", "mpich", NULL };
	static const char *const h5_pc[] = { "hdf5", "hdf5-serial", NULL };
	for (const char *const *pc = kind == 'm' ? mpi_pc : h5_pc; *pc; pc++) {
		const char *argv[] = { "pkg-config", "--cflags", *pc, NULL };
		if (try_tool(a, argv, out) == 0)
			return 0;
	}
	/* then the wrapper named in the database, by its base name from PATH,
	 * then the usual one; Open MPI answers --showme:compile, MPICH
	 * -compile_info, HDF5's h5cc -show */
	const char *dflt = kind == 'm' ? "mpicc" : "h5cc";
	const char *names[] = { wrapper ? base_name(wrapper) : NULL, dflt };
	for (size_t k = 0; k < 2; k++) {
		if (!names[k] || (k == 1 && names[0] && !strcmp(names[0], dflt)))
			continue;
		if (kind == 'm') {
			const char *show[] = { names[k], "--showme:compile", NULL };
			const char *info[] = { names[k], "-compile_info", NULL };
			if (try_tool(a, show, out) == 0 || try_tool(a, info, out) == 0)
				return 0;
		} else {
			const char *show[] = { names[k], "-show", NULL };
			if (try_tool(a, show, out) == 0)
				return 0;
		}
	}
	return -1;
}

/* The include flags an MPI/HDF5 wrapper would add, found once per project. */
static void wrapper_defaults(vd_project *p, int kind, const char *compiler)
{
	if (kind == 'm' && !p->mpi_done) {
		p->mpi_done = 1;
		vd_library_flags(p->arena, 'm', compiler, &p->mpi_flags);
	}
	if (kind == 'h' && !p->h5_done) {
		p->h5_done = 1;
		vd_library_flags(p->arena, 'h', compiler, &p->h5_flags);
	}
}

static int has_include_like(const char **argv, int argc, const char *needle)
{
	for (int i = 0; i < argc; i++)
		if (strstr(argv[i], needle) &&
		    (strncmp(argv[i], "-I", 2) == 0 || strncmp(argv[i], "-isystem", 8) == 0))
			return 1;
	return 0;
}

/* flags taking a separate path argument that we keep */
static int keep_with_path(const char *a)
{
	return !strcmp(a, "-I") || !strcmp(a, "-isystem") || !strcmp(a, "-iquote") ||
	       !strcmp(a, "-idirafter") || !strcmp(a, "-include") || !strcmp(a, "-imacros") ||
	       !strcmp(a, "--sysroot") || !strcmp(a, "-isysroot");
}

/* flags taking a separate argument that we drop */
static int drop_with_arg(const char *a)
{
	return !strcmp(a, "-o") || !strcmp(a, "-MF") || !strcmp(a, "-MT") || !strcmp(a, "-MQ") ||
	       !strcmp(a, "-Xlinker") || !strcmp(a, "-Xassembler") ||
	       !strcmp(a, "-Xpreprocessor") || !strcmp(a, "-L") || !strcmp(a, "-l") ||
	       !strcmp(a, "-T") || !strcmp(a, "-u") || !strcmp(a, "-arch") || !strcmp(a, "-x") ||
	       !strcmp(a, "-aux-info");
}

static const char *abs_path_flag(vd_project *p, const char *flag, const char *path, const char *dir)
{
	return vd_arena_printf(p->arena, "%s%s", flag, vd_path_join(p->arena, dir, path));
}

/* args[0] is the compiler */
static void filter_args(vd_project *p, tu_job *job, const char *const *args, size_t n)
{
	strvec out = { 0 };
	for (size_t i = 1; i < n; i++) {
		const char *a = args[i];
		if (keep_with_path(a) && i + 1 < n) {
			const char *v = args[++i];
			vd_vec_push(out, a);
			vd_vec_push(out, strcmp(a, "-include") && strcmp(a, "-imacros") &&
							 strcmp(a, "-I") && strcmp(a, "-isystem") &&
							 strcmp(a, "-iquote") &&
							 strcmp(a, "-idirafter")
						 ? v
						 : vd_path_join(p->arena, job->directory, v));
			continue;
		}
		if (drop_with_arg(a)) {
			i++;
			continue;
		}
		if (a[0] != '-') /* the source file, objects, libraries */
			continue;
		if (!strncmp(a, "-I", 2))
			vd_vec_push(out, abs_path_flag(p, "-I", a + 2, job->directory));
		else if (!strncmp(a, "-isystem", 8))
			vd_vec_push(out, abs_path_flag(p, "-isystem", a + 8, job->directory));
		else if (!strncmp(a, "-iquote", 7))
			vd_vec_push(out, abs_path_flag(p, "-iquote", a + 7, job->directory));
		else if (!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) || !strncmp(a, "-std=", 5) ||
			 !strcmp(a, "-ansi") || !strcmp(a, "-m32") || !strcmp(a, "-m64") ||
			 !strcmp(a, "-pthread") || !strcmp(a, "-fopenmp") ||
			 !strcmp(a, "-funsigned-char") || !strcmp(a, "-fsigned-char") ||
			 !strcmp(a, "-nostdinc") || !strncmp(a, "--sysroot=", 10))
			vd_vec_push(out, a);
		/* everything else (warnings, optimisation, codegen, gcc-only) is dropped */
	}
	int kind = wrapper_kind(job->compiler);
	if (kind) {
		wrapper_defaults(p, kind, job->compiler);
		if (kind == 'm' && !has_include_like(out.v, (int)out.n, "mpi"))
			for (size_t k = 0; k < p->mpi_flags.n; k++)
				vd_vec_push(out, p->mpi_flags.v[k]);
		if (kind == 'h' && !has_include_like(out.v, (int)out.n, "hdf5"))
			for (size_t k = 0; k < p->h5_flags.n; k++)
				vd_vec_push(out, p->h5_flags.v[k]);
	}
	/* copy into the arena so the job owns nothing on the heap */
	job->argc = (int)out.n;
	job->argv = vd_arena_alloc(p->arena, (out.n + 1) * sizeof(char *));
	for (size_t k = 0; k < out.n; k++)
		job->argv[k] = out.v[k];
	vd_vec_free(out);
}

static int is_c_source(const char *f)
{
	const char *dot = strrchr(f, '.');
	return dot && (!strcmp(dot, ".c") || !strcmp(dot, ".h") || !strcmp(dot, ".i"));
}

/* Splits a command line as a POSIX shell splits words, without expanding
 * anything: blanks separate arguments, '...' and "..." quote, a backslash
 * takes the next character literally (also inside '...' when
 * `gcc_quotes`, as gcc reads response files; clang reads a database's
 * "command" so too, except inside '...'). */
static void split_args(vd_arena *a, const char *s, size_t len, int gcc_quotes, strvec *out)
{
	vd_buf w = VD_BUF_INIT;
	size_t i = 0;
	for (;;) {
		while (i < len && isspace((unsigned char)s[i]))
			i++;
		if (i >= len)
			break;
		int sq = 0, dq = 0;
		vd_buf_clear(&w);
		for (; i < len && (sq || dq || !isspace((unsigned char)s[i])); i++) {
			char c = s[i];
			if (c == '\\' && (!sq || gcc_quotes)) {
				if (i + 1 < len)
					vd_buf_putc(&w, s[++i]);
			} else if (sq) {
				if (c == '\'')
					sq = 0;
				else
					vd_buf_putc(&w, c);
			} else if (dq) {
				if (c == '"')
					dq = 0;
				else
					vd_buf_putc(&w, c);
			} else if (c == '\'') {
				sq = 1;
			} else if (c == '"') {
				dq = 1;
			} else {
				vd_buf_putc(&w, c);
			}
		}
		vd_vec_push(*out, vd_arena_strdup(a, vd_buf_cstr(&w)));
	}
	vd_buf_release(&w);
}

/* Appends `args` to `out`, each @FILE replaced by the arguments FILE holds
 * (split as gcc splits a response file), FILE relative to the entry's
 * directory as the compiler reads it, nested up to VD_RSP_DEPTH deep.  A
 * response file that cannot be read is a warning (once per message) and its
 * argument is dropped. */
static void expand_rsp(vd_project *p, const tu_job *job, vd_map *warned, const char *const *args,
		       size_t n, int depth, strvec *out)
{
	for (size_t i = 0; i < n; i++) {
		const char *a = args[i];
		if (a[0] != '@' || !a[1]) {
			vd_vec_push(*out, a);
			continue;
		}
		const char *path = vd_path_join(p->arena, job->directory, a + 1);
		char why[256];
		char *text = NULL;
		size_t len = 0;
		if (depth >= VD_RSP_DEPTH) {
			snprintf(why, sizeof(why), "response files nested more than %d deep",
				 VD_RSP_DEPTH);
		} else if (vd_read_regular(path, VD_RSP_MAX, &text, &len, why, sizeof(why)) == 0) {
			strvec sub = { 0 };
			split_args(p->arena, text, len, 1, &sub);
			free(text);
			expand_rsp(p, job, warned, sub.v, sub.n, depth + 1, out);
			vd_vec_free(sub);
			continue;
		}
		const char *msg = vd_arena_printf(
			p->arena, "response file '%s' not read (%s); '%s' ignored", path, why, a);
		if (!vd_map_has(warned, msg)) {
			vd_map_put(warned, msg, NULL);
			vd_project_diag(p, VD_DIAG_WARNING, job->file, 0, "%s", msg);
		}
	}
}

/* a string member of a database entry, or NULL */
static const char *member_string(json_t *e, const char *key)
{
	json_t *v = json_object_get(e, key);
	return json_is_string(v) ? json_string_value(v) : NULL;
}

/* One entry's directory, file and arguments (copied into the arena).  -1,
 * with the error set, when the entry is not what the format asks for. */
static int read_entry(vd_project *p, const char *db, size_t i, json_t *e, const char **d,
		      const char **f, strvec *args)
{
	if (!json_is_object(e)) {
		vd_error_set("malformed compilation database '%s': entry %zu is not an object", db,
			     i + 1);
		return -1;
	}
	static const char *const keys[] = { "directory", "file" };
	const char *val[2];
	for (int k = 0; k < 2; k++) {
		val[k] = member_string(e, keys[k]);
		if (!val[k]) {
			vd_error_set("malformed compilation database '%s': entry %zu has no \"%s\" "
				     "string",
				     db, i + 1, keys[k]);
			return -1;
		}
	}
	*d = vd_arena_strdup(p->arena, val[0]);
	*f = vd_arena_strdup(p->arena, val[1]);
	json_t *argv = json_object_get(e, "arguments");
	if (argv) { /* preferred to "command", as clang does */
		if (!json_is_array(argv)) {
			vd_error_set(
				"malformed compilation database '%s': entry %zu: \"arguments\" "
				"is not an array",
				db, i + 1);
			return -1;
		}
		for (size_t k = 0; k < json_array_size(argv); k++) {
			json_t *v = json_array_get(argv, k);
			if (!json_is_string(v)) {
				vd_error_set("malformed compilation database '%s': entry %zu: "
					     "argument %zu is not a string",
					     db, i + 1, k + 1);
				return -1;
			}
			vd_vec_push(*args, vd_arena_strdup(p->arena, json_string_value(v)));
		}
		return 0;
	}
	json_t *cmd = json_object_get(e, "command");
	if (!json_is_string(cmd)) {
		vd_error_set("malformed compilation database '%s': entry %zu has no \"arguments\" "
			     "array or \"command\" string",
			     db, i + 1);
		return -1;
	}
	split_args(p->arena, json_string_value(cmd), json_string_length(cmd), 0, args);
	return 0;
}

/* The database's text, parsed strictly: one JSON array, nothing after it. */
static json_t *load_json(const char *file)
{
	char *text = NULL;
	size_t len = 0;
	char why[256];
	if (vd_read_regular(file, VD_COMPDB_MAX, &text, &len, why, sizeof(why)) != 0) {
		vd_error_set("unable to read compilation database '%s': %s", file, why);
		return NULL;
	}
	json_error_t err;
	json_t *root = json_loadb(text, len, 0, &err);
	free(text);
	if (!root) {
		vd_error_set("malformed compilation database '%s': line %d, column %d: %s", file,
			     err.line, err.column, err.text);
		return NULL;
	}
	if (!json_is_array(root)) {
		vd_error_set(
			"malformed compilation database '%s': expected a JSON array of compile "
			"commands",
			file);
		json_decref(root);
		return NULL;
	}
	return root;
}

/* The project root without --root: the database's directory `dir` when
 * every source lies under it (the usual in-tree build), otherwise the
 * sources' common directory */
static int path_under(const char *root, const char *path)
{
	size_t n = strlen(root);
	while (n > 1 && root[n - 1] == '/')
		n--;
	return !strncmp(root, path, n) && (path[n] == '/' || path[n] == '\0');
}

/* --root names a directory; the compilation database may spell it another
 * way (a symbolic link on either side).  Paths are compared as spelled
 * everywhere (libclang reports the database's spelling), so a root that
 * holds none of the units as spelled but is the same directory as one of
 * their parents takes the database's spelling. */
static const char *root_as_spelled(vd_project *p, const char *root)
{
	for (size_t i = 0; i < p->jobs.n; i++)
		if (path_under(root, p->jobs.v[i].file))
			return root;
	char *real = realpath(root, NULL);
	const char *found = NULL;
	for (size_t i = 0; real && !found && i < p->jobs.n; i++) {
		char *d = vd_xstrdup(p->jobs.v[i].file);
		char *slash;
		while (!found && (slash = strrchr(d, '/')) && slash != d) {
			*slash = '\0';
			char *rd = realpath(d, NULL);
			if (rd && !strcmp(rd, real))
				found = vd_arena_strdup(p->arena, d);
			free(rd);
		}
		free(d);
	}
	free(real);
	return found ? found : root;
}

static const char *default_root(vd_project *p, const char *dir)
{
	size_t dl = strlen(dir);
	int all_under = 1;
	for (size_t k = 0; k < p->jobs.n; k++)
		if (strncmp(p->jobs.v[k].file, dir, dl) != 0 ||
		    (p->jobs.v[k].file[dl] != '/' && strcmp(dir, "/") != 0))
			all_under = 0;
	if (all_under)
		return dir;
	const char *first = p->jobs.v[0].file;
	size_t common = strlen(first);
	for (size_t k = 1; k < p->jobs.n; k++) {
		size_t m = 0;
		while (m < common && first[m] == p->jobs.v[k].file[m])
			m++;
		common = m;
	}
	while (common > 0 && first[common - 1] != '/')
		common--;
	return common > 1 ? vd_arena_strndup(p->arena, first, common - 1) : "/";
}

int vd_compdb_load(vd_project *p, const char *path)
{
	struct stat st;
	const char *dir, *file;
	int rc = -1;
	json_t *db = NULL;
	vd_map *seen = NULL, *warned = NULL;
	char cwd[4096];

	if (!getcwd(cwd, sizeof(cwd)))
		snprintf(cwd, sizeof(cwd), ".");
	if (stat(path, &st) != 0) {
		vd_error_set("unable to open compilation database '%s': %s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		dir = vd_path_join(p->arena, cwd, path);
		file = vd_arena_printf(p->arena, "%s/compile_commands.json", dir);
		if (stat(file, &st) != 0) {
			vd_error_set("no compile_commands.json in directory '%s'", path);
			return -1;
		}
	} else {
		file = vd_path_join(p->arena, cwd, path);
		const char *slash = strrchr(file, '/');
		dir = vd_arena_strndup(p->arena, file, (size_t)(slash - file));
		if (!*dir)
			dir = "/";
		if (strcmp(slash + 1, "compile_commands.json") != 0) {
			vd_error_set(
				"compilation database '%s' must be named compile_commands.json "
				"(or pass its directory)",
				path);
			return -1;
		}
	}
	p->compdb = file;
	db = load_json(file);
	if (!db)
		return -1;
	size_t n = json_array_size(db);
	seen = vd_map_new();
	warned = vd_map_new();
	for (size_t i = 0; i < n; i++) {
		tu_job job = { 0 };
		const char *d, *f;
		strvec args = { 0 };
		if (read_entry(p, file, i, json_array_get(db, i), &d, &f, &args) != 0) {
			vd_vec_free(args);
			goto cleanup;
		}
		/* a relative "directory" is relative to the database's location */
		job.directory = vd_path_join(p->arena, dir, d[0] ? d : ".");
		job.file = vd_path_join(p->arena, job.directory, f);
		job.compiler = args.n > 0 ? args.v[0] : "cc";
		if (!is_c_source(job.file)) {
			vd_project_diag(p, VD_DIAG_NOTE, job.file, 0,
					"skipped: not a C source file");
			vd_vec_free(args);
			continue;
		}
		job.ncmd = (int)args.n;
		job.cmd = vd_arena_alloc(p->arena, (args.n + 1) * sizeof(*job.cmd));
		for (size_t k = 0; k < args.n; k++)
			job.cmd[k] = args.v[k];
		job.cmd[args.n] = NULL;
		/* @file response files, as the compiler would read them */
		strvec all = { 0 };
		vd_vec_push(all, job.compiler);
		if (args.n > 1)
			expand_rsp(p, &job, warned, args.v + 1, args.n - 1, 0, &all);
		vd_vec_free(args);
		filter_args(p, &job, all.v, all.n);
		vd_vec_free(all);
		vd_buf key = VD_BUF_INIT;
		vd_buf_puts(&key, job.file);
		for (int k = 0; k < job.argc; k++) {
			vd_buf_putc(&key, '\x1f');
			vd_buf_puts(&key, job.argv[k]);
		}
		int dup = vd_map_has(seen, key.ptr);
		if (!dup)
			vd_map_put(seen, key.ptr, NULL);
		vd_buf_release(&key);
		if (dup)
			continue;
		vd_vec_push(p->jobs, job);
	}
	if (p->jobs.n == 0) {
		vd_error_set("compilation database '%s' has no C translation units", file);
		goto cleanup;
	}
	p->root = p->opts.root ? root_as_spelled(p, vd_path_join(p->arena, cwd, p->opts.root))
			       : default_root(p, dir);
	rc = 0;
cleanup:
	vd_map_free(seen);
	vd_map_free(warned);
	json_decref(db);
	return rc;
}
