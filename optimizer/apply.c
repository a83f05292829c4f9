/*
 * apply.c - `vidya optimize --apply` and `--revert` (vd_rewrite.h): the
 * plan written atomically with the originals kept, each changed
 * translation unit re-compiled with its own command, the user's check run,
 * everything restored when a step fails; and the latest apply undone.
 *
 * A kept apply is a directory STORE/<UTC time>-<pid>/ holding `manifest`
 * and the originals (orig.N).  manifest lines, tab-separated:
 *   file  ORIG-HASH  NEW-HASH  MODE  orig.N  PATH
 *   header  HASH  PATH          (a vd_rt.h copy the apply created)
 * and, once reverted, the manifest is renamed `manifest.reverted`.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "vd_rewrite.h"

#define VD_COMPILE_TIMEOUT 600 /* seconds a re-compile may take */

static char *dir_of(const char *path)
{
	const char *sl = strrchr(path, '/');
	if (!sl)
		return vd_xstrdup(".");
	if (sl == path)
		return vd_xstrdup("/");
	return vd_xstrndup(path, (size_t)(sl - path));
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* `path` replaced by `data` atomically: a temporary file in the same
 * directory with `mode`, then rename.  0 or -1 with the error set. */
static int write_atomic(const char *path, const char *data, size_t len, mode_t mode)
{
	char *dir = dir_of(path);
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	char *tmp = vd_xasprintf("%s/.%s.vidya-XXXXXX", dir, base);
	free(dir);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		vd_error_set("%s: unable to create a temporary file next to it: %s", path,
			     strerror(errno));
		free(tmp);
		return -1;
	}
	int bad = write_all(fd, data, len) != 0 || fchmod(fd, mode & 07777) != 0 || fsync(fd) != 0;
	int e = errno;
	if (close(fd) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	if (bad || rename(tmp, path) != 0) {
		if (!bad)
			e = errno;
		unlink(tmp);
		vd_error_set("%s: unable to write: %s", path, strerror(e));
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

static int read_whole(const char *path, char **out, size_t *len)
{
	if (vd_read_file(out, len, path) != 0) {
		vd_error_set("%s: unable to read: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

static int hash_file(const char *path, uint64_t *h)
{
	char *t = NULL;
	size_t n = 0;
	if (vd_read_file(&t, &n, path) != 0)
		return -1;
	*h = vd_hash_bytes(t, n);
	free(t);
	return 0;
}

/* runs argv in `dir` (NULL: here), its output into `log` when given;
 * returns the exit status, 127 when the program is not found, -1 when it
 * could not be started or was killed */
static int run(const char *const *argv, const char *dir, vd_buf *log)
{
	int pfd[2] = { -1, -1 };
	if (log && pipe2(pfd, O_CLOEXEC) != 0)
		return -1;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		if (log) {
			close(pfd[0]);
			close(pfd[1]);
		}
		return -1;
	}
	if (pid == 0) {
		if (log) {
			dup2(pfd[1], 1);
			dup2(pfd[1], 2);
		}
		if (dir && chdir(dir) != 0)
			_exit(126);
		alarm(VD_COMPILE_TIMEOUT);
		execvp(argv[0], (char *const *)argv);
		_exit(errno == ENOENT ? 127 : 126);
	}
	if (log) {
		close(pfd[1]);
		char b[4096];
		ssize_t n;
		while ((n = read(pfd[0], b, sizeof(b))) != 0) {
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0)
				break;
			if (log->len < (1u << 16))
				vd_buf_put(log, b, (size_t)n);
		}
		close(pfd[0]);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFSIGNALED(st))
		return -1;
	return WEXITSTATUS(st);
}

/* the file's compile command with its output sent to `obj` and no
 * dependency files written; NULL-terminated, malloc'ed array of borrowed
 * strings */
static const char **compile_argv(const vd_plan_file *f, const char *obj)
{
	const char **v = vd_xcalloc((size_t)f->argc + 4, sizeof(*v));
	int n = 0, have_o = 0;
	for (int i = 0; i < f->argc; i++) {
		const char *a = f->argv[i];
		if (!strcmp(a, "-o") && i + 1 < f->argc) {
			v[n++] = "-o";
			v[n++] = obj;
			have_o = 1;
			i++;
		} else if (!strncmp(a, "-o", 2) && a[2]) {
			v[n++] = "-o";
			v[n++] = obj;
			have_o = 1;
		} else if ((!strcmp(a, "-MF") || !strcmp(a, "-MT") || !strcmp(a, "-MQ")) &&
			   i + 1 < f->argc) {
			i++;
		} else if (!strcmp(a, "-MD") || !strcmp(a, "-MMD") || !strcmp(a, "-MP") ||
			   !strncmp(a, "-MF", 3) || !strncmp(a, "-MT", 3) ||
			   !strncmp(a, "-MQ", 3)) {
			continue;
		} else {
			v[n++] = a;
		}
	}
	if (!have_o) {
		v[n++] = "-o";
		v[n++] = obj;
	}
	v[n] = NULL;
	return v;
}

static int compile_one(const vd_plan_file *f, vd_buf *log)
{
	if (f->argc < 1) {
		vd_error_set("%s: no compile command", f->rel);
		return -1;
	}
	char obj[] = "/tmp/vidya-optimize-XXXXXX.o";
	int fd = mkstemps(obj, 2);
	if (fd < 0) {
		vd_error_set("%s: no temporary object file: %s", f->rel, strerror(errno));
		return -1;
	}
	close(fd);
	const char **argv = compile_argv(f, obj);
	vd_buf out = VD_BUF_INIT;
	int st = argv ? run(argv, f->directory, &out) : -1;
	free(argv);
	unlink(obj);
	int rc = 0;
	if (st == 127) {
		vd_error_set("%s: compiler '%s' not found", f->rel, f->argv[0]);
		rc = -1;
	} else if (st != 0) {
		vd_error_set("%s: the rewritten file does not compile with its own command (%s %s)",
			     f->rel, f->argv[0],
			     st < 0 ? "was killed or could not start" : "failed");
		rc = -1;
	}
	if (rc && log)
		vd_buf_put(log, vd_buf_cstr(&out), out.len);
	vd_buf_release(&out);
	return rc;
}

typedef struct done_file {
	const vd_plan_file *f;
	mode_t mode;
	int written;
} done_file;

/* puts the originals back (those written so far) and removes the headers
 * created; errors are appended to `log` */
static void rollback(done_file *d, size_t n, char **headers, size_t nh, vd_buf *log)
{
	for (size_t i = 0; i < n; i++)
		if (d[i].written &&
		    write_atomic(d[i].f->path, d[i].f->orig, d[i].f->len, d[i].mode) != 0)
			vd_buf_printf(log, "vidya: restoring failed: %s\n", vd_error_last());
	for (size_t i = 0; i < nh; i++)
		if (headers[i] && unlink(headers[i]) != 0)
			vd_buf_printf(log, "vidya: unable to remove '%s': %s\n", headers[i],
				      strerror(errno));
}

static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	if (d) {
		struct dirent *e;
		while ((e = readdir(d))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			char *p = vd_xasprintf("%s/%s", dir, e->d_name);
			unlink(p);
			free(p);
		}
		closedir(d);
	}
	rmdir(dir);
}

/* 1. every file still as planned and replaceable */
static int check_files(const vd_plan *p, done_file *d)
{
	for (size_t i = 0; i < p->nfiles; i++) {
		const vd_plan_file *f = &p->files[i];
		struct stat st;
		d[i].f = f;
		if (strpbrk(f->path, "\t\n")) {
			vd_error_set("%s: a tab or newline in the path is not supported", f->rel);
			return -1;
		}
		if (stat(f->path, &st) != 0) {
			vd_error_set("%s: %s", f->rel, strerror(errno));
			return -1;
		}
		d[i].mode = st.st_mode;
		uint64_t h;
		if (hash_file(f->path, &h) != 0 || h != f->hash) {
			vd_error_set("%s: changed since the analysis; run vidya optimize again",
				     f->rel);
			return -1;
		}
		char *fd = dir_of(f->path);
		/* the mode bits too: access() says yes to root for any file */
		int ro = (st.st_mode & 0222) == 0 || access(f->path, W_OK) != 0 ||
			 access(fd, W_OK) != 0;
		free(fd);
		if (ro) {
			vd_error_set("%s: read-only (the file or its directory is not writable)",
				     f->rel);
			return -1;
		}
	}
	return 0;
}

/* 2. the runtime header next to the files that need it: the paths to
 * create in headers[0..*nh-1] (one already there must be the same) */
static int place_headers(const vd_plan *p, char **headers, size_t *nh)
{
	for (size_t i = 0; i < p->nfiles; i++) {
		if (!p->files[i].runtime)
			continue;
		char *fd = dir_of(p->files[i].path);
		vd_buf hb = VD_BUF_INIT;
		vd_buf_printf(&hb, "%s/vd_rt.h", fd);
		free(fd);
		char *hp = vd_buf_detach(&hb);
		int dup = 0;
		for (size_t k = 0; k < *nh; k++)
			dup |= !strcmp(headers[k], hp);
		char *t = NULL;
		size_t n = 0;
		if (dup) {
			free(hp);
		} else if (access(hp, F_OK) == 0) {
			int same = vd_read_file(&t, &n, hp) == 0 && n == vd_rt_header_len &&
				   memcmp(t, vd_rt_header, n) == 0;
			free(t);
			if (!same) {
				vd_error_set("%s: a different vd_rt.h is already there (%s); not "
					     "replaced",
					     p->files[i].rel, hp);
				free(hp);
				return -1;
			}
			free(hp); /* the same header: kept, not ours to remove */
		} else {
			headers[(*nh)++] = hp;
		}
	}
	return 0;
}

/* 3. the originals kept in a new directory under o->store, with a
 * manifest: the directory (malloc'ed), or NULL (nothing left behind) */
static char *keep_originals(const vd_plan *p, const vd_apply_opts *o, const done_file *d,
			    char *const *headers, size_t nh)
{
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	char stamp[64];
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	vd_buf b = VD_BUF_INIT, man = VD_BUF_INIT;
	vd_buf_printf(&b, "%s/%s-%ld", o->store, stamp, (long)getpid());
	char *dir = vd_buf_detach(&b);
	if (vd_mkdirs(dir, 0777) != 0) {
		vd_error_set("unable to create '%s' for the originals: %s", dir, strerror(errno));
		free(dir);
		return NULL;
	}
	vd_buf_puts(&man, "vidya-optimize 1\n");
	int rc = 0;
	for (size_t i = 0; i < p->nfiles && !rc; i++) {
		const vd_plan_file *f = &p->files[i];
		vd_buf_clear(&b);
		vd_buf_printf(&b, "%s/orig.%zu", dir, i);
		rc = write_atomic(vd_buf_cstr(&b), f->orig, f->len, 0600);
		vd_buf_printf(&man, "file\t%016" PRIx64 "\t%016" PRIx64 "\t%o\torig.%zu\t%s\n",
			      f->hash, vd_hash_bytes(f->text, f->text_len),
			      (unsigned)(d[i].mode & 07777), i, f->path);
	}
	for (size_t k = 0; k < nh && !rc; k++) {
		if (strpbrk(headers[k], "\t\n")) {
			vd_error_set("'%s': a tab or newline in the path is not supported",
				     headers[k]);
			rc = -1;
		}
		vd_buf_printf(&man, "header\t%016" PRIx64 "\t%s\n",
			      vd_hash_bytes(vd_rt_header, vd_rt_header_len), headers[k]);
	}
	if (!rc) {
		vd_buf_clear(&b);
		vd_buf_printf(&b, "%s/manifest", dir);
		rc = write_atomic(vd_buf_cstr(&b), vd_buf_cstr(&man), man.len, 0644);
	}
	vd_buf_release(&b);
	vd_buf_release(&man);
	if (rc) {
		remove_tree(dir);
		free(dir);
		return NULL;
	}
	return dir;
}

/* 4. the new files: headers first, then the rewritten sources (d[i].written
 * says which were replaced; a header not created is dropped from the list) */
static int write_new(const vd_plan *p, done_file *d, char **headers, size_t nh)
{
	for (size_t k = 0; k < nh; k++) {
		if (write_atomic(headers[k], vd_rt_header, vd_rt_header_len, 0644) != 0) {
			for (size_t q = k; q < nh; q++) { /* not created */
				free(headers[q]);
				headers[q] = NULL;
			}
			return -1;
		}
	}
	for (size_t i = 0; i < p->nfiles; i++) {
		if (write_atomic(d[i].f->path, d[i].f->text, d[i].f->text_len, d[i].mode) != 0)
			return -1;
		d[i].written = 1;
	}
	return 0;
}

int vd_plan_apply(const vd_plan *p, const vd_apply_opts *o, char **dir_out, vd_buf *log)
{
	*dir_out = NULL;
	if (p->nfiles == 0)
		return 0;
	done_file *d = vd_xcalloc(p->nfiles, sizeof(*d));
	char **headers = vd_xcalloc(p->nfiles, sizeof(*headers));
	char *dir = NULL;
	int rc = VD_ERROR;
	size_t nh = 0;
	if (check_files(p, d) != 0 || place_headers(p, headers, &nh) != 0 ||
	    !(dir = keep_originals(p, o, d, headers, nh)))
		goto done;
	if (write_new(p, d, headers, nh) != 0)
		goto undo;
	/* 5. each changed unit compiles with its own command */
	for (size_t i = 0; i < p->nfiles && !o->no_compile; i++)
		if (compile_one(&p->files[i], log) != 0)
			goto undo;
	/* 6. the user's check */
	if (o->verify) {
		const char *argv[] = { "/bin/sh", "-c", o->verify, NULL };
		int st = run(argv, NULL, NULL);
		if (st != 0) {
			vd_error_set("the check '%s' failed (%s %d)", o->verify,
				     st < 0 ? "killed or not started" : "exit status", st);
			goto undo;
		}
	}
	*dir_out = dir;
	dir = NULL;
	rc = 0;
	goto done;
undo : {
	char *why = vd_xstrdup(vd_error_last());
	rollback(d, p->nfiles, headers, nh, log);
	remove_tree(dir);
	vd_error_set("%s; every file was restored", why);
	free(why);
}
done:
	for (size_t k = 0; k < nh; k++)
		free(headers[k]);
	free(headers);
	free(d);
	free(dir);
	return rc;
}

/* ---- revert ------------------------------------------------------------------------ */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the newest subdirectory of `store` with a manifest: malloc'ed, or NULL */
static char *latest_apply(const char *store)
{
	DIR *dp = opendir(store);
	if (!dp)
		return NULL;
	VD_VEC(char *) names = { 0 };
	struct dirent *e;
	while ((e = readdir(dp)))
		if (e->d_name[0] != '.')
			vd_vec_push(names, vd_xstrdup(e->d_name));
	closedir(dp);
	qsort(names.v, names.n, sizeof(char *), cmp_str);
	char *found = NULL;
	for (size_t i = names.n; i-- > 0 && !found;) {
		char *m = vd_xasprintf("%s/%s/manifest", store, names.v[i]);
		if (access(m, F_OK) == 0)
			found = vd_xasprintf("%s/%s", store, names.v[i]);
		free(m);
	}
	for (size_t i = 0; i < names.n; i++)
		free(names.v[i]);
	vd_vec_free(names);
	return found;
}

typedef struct mline {
	int header;
	uint64_t orig, neu;
	unsigned mode;
	char *backup, *path;
} mline;

int vd_optimize_revert(const char *store, int force, char **dir_out, vd_buf *log)
{
	*dir_out = NULL;
	char *dir = latest_apply(store);
	if (!dir) {
		vd_error_set("nothing to revert: no applied change kept in '%s'", store);
		return VD_ENOTFOUND;
	}
	char *mp = NULL, *text = NULL;
	size_t len = 0;
	VD_VEC(mline) ls = { 0 };
	int rc = VD_ERROR;
	mp = vd_xasprintf("%s/manifest", dir);
	if (read_whole(mp, &text, &len) != 0)
		goto done;
	if (strncmp(text, "vidya-optimize 1\n", 17) != 0) {
		vd_error_set("%s: not a vidya optimize manifest", mp);
		goto done;
	}
	for (char *line = text + 17; *line;) {
		char *nl = strchr(line, '\n');
		if (!nl) {
			vd_error_set("%s: truncated", mp);
			goto done;
		}
		*nl = 0;
		mline m = { 0 };
		char bk[64], path[4097];
		if (sscanf(line, "file\t%" SCNx64 "\t%" SCNx64 "\t%o\t%63[^\t]\t%4096[^\n]",
			   &m.orig, &m.neu, &m.mode, bk, path) == 5) {
			m.backup = vd_xstrdup(bk);
			m.path = vd_xstrdup(path);
		} else if (sscanf(line, "header\t%" SCNx64 "\t%4096[^\n]", &m.neu, path) == 2) {
			m.header = 1;
			m.path = vd_xstrdup(path);
		} else {
			vd_error_set("%s: malformed line '%s'", mp, line);
			goto done;
		}
		vd_vec_push(ls, m);
		line = nl + 1;
	}
	/* nothing is restored unless every file may be */
	for (size_t i = 0; i < ls.n; i++) {
		uint64_t h;
		if (ls.v[i].header)
			continue;
		if (hash_file(ls.v[i].path, &h) != 0) {
			if (!force) {
				vd_error_set(
					"%s: %s since the apply; not reverted (--force restores "
					"it)",
					ls.v[i].path, strerror(errno));
				goto done;
			}
		} else if (h != ls.v[i].neu && !force) {
			vd_error_set(
				"%s: changed since the apply; not reverted (--force restores the "
				"original over the changes)",
				ls.v[i].path);
			goto done;
		}
	}
	for (size_t i = 0; i < ls.n; i++) {
		mline *m = &ls.v[i];
		if (m->header) {
			uint64_t h;
			if (hash_file(m->path, &h) == 0 && h == m->neu && unlink(m->path) == 0)
				vd_buf_printf(log, "removed %s\n", m->path);
			else if (access(m->path, F_OK) == 0)
				vd_buf_printf(log, "kept %s (changed since the apply)\n", m->path);
			continue;
		}
		char *bp = vd_xasprintf("%s/%s", dir, m->backup), *orig = NULL;
		size_t n = 0;
		int r = read_whole(bp, &orig, &n);
		free(bp);
		if (r != 0)
			goto done;
		if (vd_hash_bytes(orig, n) != m->orig) {
			vd_error_set("%s: the kept original of %s is damaged; not restored", dir,
				     m->path);
			free(orig);
			goto done;
		}
		r = write_atomic(m->path, orig, n, (mode_t)m->mode);
		free(orig);
		if (r != 0)
			goto done;
		vd_buf_printf(log, "restored %s\n", m->path);
	}
	char *rp = vd_xasprintf("%s/manifest.reverted", dir);
	if (rename(mp, rp) != 0) {
		vd_error_set("%s: unable to mark as reverted: %s", mp, strerror(errno));
		free(rp);
		goto done;
	}
	free(rp);
	*dir_out = dir;
	dir = NULL;
	rc = 0;
done:
	for (size_t i = 0; i < ls.n; i++) {
		free(ls.v[i].backup);
		free(ls.v[i].path);
	}
	vd_vec_free(ls);
	free(text);
	free(mp);
	free(dir);
	return rc;
}
