/*
 * compdb.c - reads compile_commands.json with libclang's compilation
 * database API and turns each entry into a parse job.
 *
 * Flags are filtered down to what changes the meaning of the source
 * (-I, -D, -U, -include, -std, ...) so that gcc-only options never stop
 * libclang; relative paths are resolved against each entry's `directory`;
 * a file compiled several times with the same flags is parsed once; and
 * entries built with an MPI or HDF5 compiler wrapper (mpicc, h5cc, ...) get
 * the library's include flags when they lack them.
 *
 * The database is untrusted input: nothing named in it is run through a
 * shell.  The library's flags come from pkg-config, or else from a wrapper
 * whose plain name is found in PATH, both run with an argv array.
 */
#define _GNU_SOURCE
#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>

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

#include "project.h"

static char *cx_dup(vd_arena *a, CXString s)
{
	char *r = vd_arena_strdup(a, clang_getCString(s) ? clang_getCString(s) : "");
	clang_disposeString(s);
	return r;
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
	if (strncmp(b, "mpi", 3) == 0 && (strstr(b, "cc") || strstr(b, "CC") ||
					  strstr(b, "c++") || strstr(b, "cxx") ||
					  strstr(b, "icx") || strstr(b, "fort")))
		return 'm';
	if (strncmp(b, "h5", 2) == 0 && strstr(b, "cc"))
		return 'h';
	return 0;
}

/* ---- running a library's configuration tool, never through a shell ----------------- */

#define VD_TOOL_TIMEOUT 30.0	  /* seconds a pkg-config or wrapper may take */
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
		if (out->len + (size_t)n > VD_TOOL_MAX_OUT || vd_buf_put(out, tmp, (size_t)n)) {
			ok = 0;
			break;
		}
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
		if (strstr(argv[i], needle) && (strncmp(argv[i], "-I", 2) == 0 ||
						strncmp(argv[i], "-isystem", 8) == 0))
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
	       !strcmp(a, "-Xlinker") || !strcmp(a, "-Xassembler") || !strcmp(a, "-Xpreprocessor") ||
	       !strcmp(a, "-L") || !strcmp(a, "-l") || !strcmp(a, "-T") || !strcmp(a, "-u") ||
	       !strcmp(a, "-arch") || !strcmp(a, "-x") || !strcmp(a, "-aux-info");
}

static const char *abs_path_flag(vd_project *p, const char *flag, const char *path, const char *dir)
{
	return vd_arena_printf(p->arena, "%s%s", flag, vd_path_join(p->arena, dir, path));
}

static void filter_args(vd_project *p, tu_job *job, CXCompileCommand cmd)
{
	unsigned n = clang_CompileCommand_getNumArgs(cmd);
	strvec out = { 0 };
	for (unsigned i = 1; i < n; i++) {
		char *a = cx_dup(p->arena, clang_CompileCommand_getArg(cmd, i));
		if (keep_with_path(a) && i + 1 < n) {
			char *v = cx_dup(p->arena, clang_CompileCommand_getArg(cmd, ++i));
			vd_vec_push(out, a);
			vd_vec_push(out, strcmp(a, "-include") && strcmp(a, "-imacros") &&
							 strcmp(a, "-I") && strcmp(a, "-isystem") &&
							 strcmp(a, "-iquote") && strcmp(a, "-idirafter")
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

/* Checks the database is a JSON array before handing it to libclang, which
 * would only say "can not load" without a reason. */
static int precheck_json(const char *file)
{
	char *text = NULL;
	size_t len = 0;
	if (vd_read_file(&text, &len, file) != 0) {
		vd_error_set("unable to read compilation database '%s': %s", file,
			     strerror(errno ? errno : ENOENT));
		return -1;
	}
	size_t i = 0;
	while (i < len && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t'))
		i++;
	int ok = i < len && text[i] == '[';
	size_t j = len;
	while (j > 0 && (text[j - 1] == ' ' || text[j - 1] == '\n' || text[j - 1] == '\r' || text[j - 1] == '\t'))
		j--;
	ok = ok && j > 0 && text[j - 1] == ']';
	free(text);
	if (!ok) {
		vd_error_set("malformed compilation database '%s': expected a JSON array of compile commands", file);
		return -1;
	}
	return 0;
}

int vd_compdb_load(vd_project *p, const char *path)
{
	struct stat st;
	const char *dir, *file;
	int rc = -1;
	CXCompilationDatabase db = NULL;
	CXCompileCommands cmds = NULL;
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
			/* libclang only reads a directory's compile_commands.json */
			vd_error_set("compilation database '%s' must be named compile_commands.json "
				     "(or pass its directory)", path);
			return -1;
		}
	}
	p->compdb = file;
	if (precheck_json(file))
		return -1;

	CXCompilationDatabase_Error err;
	db = clang_CompilationDatabase_fromDirectory(dir, &err);
	if (err != CXCompilationDatabase_NoError || !db) {
		vd_error_set("malformed compilation database '%s': libclang could not load it", file);
		goto cleanup;
	}
	cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	unsigned n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
	vd_map *seen = vd_map_new();
	for (unsigned i = 0; i < n; i++) {
		CXCompileCommand c = clang_CompileCommands_getCommand(cmds, i);
		tu_job job = { 0 };
		char *d = cx_dup(p->arena, clang_CompileCommand_getDirectory(c));
		/* a relative "directory" is relative to the database's location */
		job.directory = vd_path_join(p->arena, dir, d[0] ? d : ".");
		char *f = cx_dup(p->arena, clang_CompileCommand_getFilename(c));
		job.file = vd_path_join(p->arena, job.directory, f);
		job.compiler = clang_CompileCommand_getNumArgs(c) > 0
				       ? cx_dup(p->arena, clang_CompileCommand_getArg(c, 0))
				       : "cc";
		if (!is_c_source(job.file)) {
			vd_project_diag(p, 0, job.file, 0, "skipped: not a C source file");
			continue;
		}
		filter_args(p, &job, c);
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
	vd_map_free(seen);
	if (p->jobs.n == 0) {
		vd_error_set("compilation database '%s' has no C translation units", file);
		goto cleanup;
	}
	/* project root: the database's directory when every source lies under
	 * it (the usual in-tree build), otherwise the sources' common directory */
	const char *root = p->opts.root ? vd_path_join(p->arena, cwd, p->opts.root) : NULL;
	if (!root) {
		size_t dl = strlen(dir);
		int all_under = 1;
		for (size_t k = 0; k < p->jobs.n; k++)
			if (strncmp(p->jobs.v[k].file, dir, dl) != 0 ||
			    (p->jobs.v[k].file[dl] != '/' && strcmp(dir, "/") != 0))
				all_under = 0;
		if (all_under) {
			root = dir;
		} else {
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
			root = common > 1 ? vd_arena_strndup(p->arena, first, common - 1) : "/";
		}
	}
	p->root = root;
	rc = 0;
cleanup:
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	if (db)
		clang_CompilationDatabase_dispose(db);
	return rc;
}
