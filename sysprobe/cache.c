/*
 * cache.c - one probe per machine and file system: system profiles kept in
 * the user's cache directory and shared by every database.
 *
 * A profile is keyed by the host name, the mount point of the file system
 * and its device number (major:minor from mountinfo), so two databases on
 * the same file system share one probe and another file system gets its
 * own.  The directory is $XDG_CACHE_HOME/vidya/profiles, or
 * ~/.cache/vidya/profiles.  Each profile is two files:
 *
 *   <name>.profile   the vd_device figures, one `field=value` line each
 *                    (with `key`, `version`, `mode` and `created`)
 *   <name>.json      the whole probe report, as `vidya sysprobe --format json`
 *
 * where <name> is the key made safe for a file name plus a hash of it.
 * A profile of another layout version is not used (the probe runs again).
 * Files are written to a temporary name and renamed, so a reader never
 * sees half a profile.
 */
#define _GNU_SOURCE
#include "sp_internal.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* the layout of .profile files; a different one is re-probed */
#define CACHE_VERSION 2

static const struct {
	const char *name;
	size_t off;
} fields[] = {
#define F_(f)                              \
	{                                  \
#f, offsetof(vd_device, f) \
	}
	F_(seq_read_Bps),     F_(seq_write_Bps),   F_(rand_read_iops),    F_(rand_write_iops),
	F_(latency_s),        F_(fsync_latency_s), F_(meta_latency_s),    F_(small_io_threshold),
	F_(concurrency),      F_(cpu_ns_per_op),   F_(stdio_call_s),      F_(cache_read_Bps),
	F_(cache_write_Bps),  F_(flush_Bps),       F_(dirty_limit_bytes), F_(cache_bytes),
	F_(scan_ns),          F_(format_ns),       F_(strtod_ns),         F_(atoi_ns),
	F_(mem_ns_per_byte),  F_(sort_ns_per_cmp), F_(math_ns),           F_(create_latency_s),
	F_(unlink_latency_s),
#undef F_
};
#define NFIELDS (sizeof(fields) / sizeof(fields[0]))

int vd_sysprobe_cache_dir(vd_buf *out)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	vd_buf_clear(out);
	if (xdg && *xdg == '/')
		return vd_buf_printf(out, "%s/vidya/profiles", xdg);
	if (home && *home)
		return vd_buf_printf(out, "%s/.cache/vidya/profiles", home);
	vd_error_set("no cache directory: neither XDG_CACHE_HOME nor HOME is set");
	return VD_ERROR;
}

int vd_sysprobe_cache_key(vd_buf *key, const char *dir)
{
	vd_arena *a = vd_arena_new();
	char *text = NULL, *abs;
	char host[256] = "unknown";
	vd_sysprobe_storage st;
	int error = VD_ERROR;

	memset(&st, 0, sizeof(st));
	if (!(abs = realpath(dir, NULL))) {
		vd_error_set("unable to resolve '%s': %s", dir, strerror(errno));
		goto cleanup;
	}
	char *abs_a = vd_arena_strdup(a, abs);
	free(abs);
	if ((error = vd_read_file(&text, NULL, "/proc/self/mountinfo")) < 0 ||
	    (error = vd_sysprobe_parse_mountinfo(&st, a, text, abs_a)) < 0)
		goto cleanup;
	if (gethostname(host, sizeof(host)) != 0)
		snprintf(host, sizeof(host), "unknown");
	host[sizeof(host) - 1] = '\0';
	vd_buf_clear(key);
	vd_buf_printf(key, "%s:%s:%u:%u:%s", host, st.mount ? st.mount : "?", st.major, st.minor,
		      st.fstype ? st.fstype : "?");
	error = 0;
cleanup:
	free(text);
	vd_arena_free(a);
	return error;
}

/* dir/<safe key>-<hash> without extension */
static void base_path(vd_buf *out, const char *cachedir, const char *key)
{
	uint64_t h = 1469598103934665603ULL;
	for (const char *p = key; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	vd_buf_clear(out);
	vd_buf_printf(out, "%s/", cachedir);
	for (const char *p = key; *p && out->len < 200; p++) {
		char c = *p;
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			 (c >= '0' && c <= '9') || c == '-' || c == '.';
		vd_buf_putc(out, ok ? c : '_');
	}
	vd_buf_printf(out, "-%016llx", (unsigned long long)h);
}

/* writes text to path through a temporary name */
static int write_atomic(const char *path, const char *text)
{
	vd_buf tmp = VD_BUF_INIT;
	int rc = VD_ERROR;
	vd_buf_printf(&tmp, "%s.%ld.tmp", path, (long)getpid());
	FILE *f = fopen(tmp.ptr, "w");
	if (!f) {
		vd_error_set("unable to write '%s': %s", tmp.ptr, strerror(errno));
		goto done;
	}
	int bad = fputs(text, f) < 0;
	bad |= fclose(f) != 0;
	if (bad || rename(tmp.ptr, path) != 0) {
		vd_error_set("unable to write '%s': %s", path, strerror(errno));
		unlink(tmp.ptr);
		goto done;
	}
	rc = 0;
done:
	vd_buf_release(&tmp);
	return rc;
}

int vd_sysprobe_cache_save(const char *dir, const vd_sysprobe_report *r, vd_device *dev,
			   vd_buf *path_out)
{
	vd_buf key = VD_BUF_INIT, cdir = VD_BUF_INIT, base = VD_BUF_INIT, text = VD_BUF_INIT,
	       json = VD_BUF_INIT, p = VD_BUF_INIT;
	int rc = VD_ERROR;
	if (vd_sysprobe_cache_key(&key, dir) || vd_sysprobe_cache_dir(&cdir))
		goto done;
	base_path(&base, cdir.ptr, key.ptr);
	if (vd_mkdirs(cdir.ptr, 0755) != 0) {
		vd_error_set("unable to create the profile cache '%s': %s", cdir.ptr,
			     strerror(errno));
		goto done;
	}
	snprintf(dev->profile, sizeof(dev->profile), "%s@%s", key.ptr,
		 r->created ? r->created : "?");
	vd_buf_printf(&text,
		      "# vidya system profile (vidya sysprobe); vidya sysprobe --refresh "
		      "measures again\nversion=%d\nkey=%s\nmode=%s\ncreated=%s\nprofile=%s\n"
		      "mount=%s\nfstype=%s\nmethod=%s\nis_default=%d\n",
		      CACHE_VERSION, key.ptr, r->mode ? r->mode : "quick",
		      r->created ? r->created : "", dev->profile, dev->mount, dev->fstype,
		      dev->method, dev->is_default);
	for (size_t i = 0; i < NFIELDS; i++)
		vd_buf_printf(&text, "%s=%.17g\n", fields[i].name,
			      *(const double *)((const char *)dev + fields[i].off));
	if (vd_sysprobe_to_json(r, &json))
		goto done;
	vd_buf_printf(&p, "%s.json", base.ptr);
	if (write_atomic(p.ptr, json.ptr))
		goto done;
	vd_buf_clear(&p);
	vd_buf_printf(&p, "%s.profile", base.ptr);
	if (write_atomic(p.ptr, text.ptr))
		goto done;
	if (path_out) {
		vd_buf_clear(path_out);
		vd_buf_puts(path_out, p.ptr);
	}
	rc = 0;
done:
	vd_buf_release(&key);
	vd_buf_release(&cdir);
	vd_buf_release(&base);
	vd_buf_release(&text);
	vd_buf_release(&json);
	vd_buf_release(&p);
	return rc;
}

int vd_sysprobe_cache_load(const char *dir, vd_device *dev, char *mode, size_t mode_len,
			   vd_buf *json, vd_buf *path_out, int *found)
{
	vd_buf key = VD_BUF_INIT, cdir = VD_BUF_INIT, base = VD_BUF_INIT, p = VD_BUF_INIT;
	char *text = NULL;
	int rc = VD_ERROR, version = 0;
	*found = 0;
	if (vd_sysprobe_cache_key(&key, dir) || vd_sysprobe_cache_dir(&cdir))
		goto done;
	base_path(&base, cdir.ptr, key.ptr);
	vd_buf_printf(&p, "%s.profile", base.ptr);
	if (path_out) {
		vd_buf_clear(path_out);
		vd_buf_puts(path_out, p.ptr);
	}
	if (vd_read_file(&text, NULL, p.ptr) != 0) {
		vd_error_clear(); /* no profile yet */
		rc = 0;
		goto done;
	}
	vd_device d;
	vd_device_defaults(&d);
	int same_key = 0;
	char *save = NULL;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *eq = strchr(line, '=');
		if (line[0] == '#' || !eq)
			continue;
		*eq = '\0';
		const char *k = line, *v = eq + 1;
		if (!strcmp(k, "version"))
			version = atoi(v);
		else if (!strcmp(k, "key"))
			same_key = !strcmp(v, key.ptr);
		else if (!strcmp(k, "mode") && mode)
			snprintf(mode, mode_len, "%s", v);
		else if (!strcmp(k, "profile"))
			snprintf(d.profile, sizeof(d.profile), "%s", v);
		else if (!strcmp(k, "mount"))
			snprintf(d.mount, sizeof(d.mount), "%s", v);
		else if (!strcmp(k, "fstype"))
			snprintf(d.fstype, sizeof(d.fstype), "%s", v);
		else if (!strcmp(k, "method"))
			snprintf(d.method, sizeof(d.method), "%s", v);
		else if (!strcmp(k, "is_default"))
			d.is_default = atoi(v);
		else
			for (size_t i = 0; i < NFIELDS; i++)
				if (!strcmp(k, fields[i].name))
					*(double *)((char *)&d + fields[i].off) = strtod(v, NULL);
	}
	if (version != CACHE_VERSION || !same_key) { /* another layout, or a hash collision */
		rc = 0;
		goto done;
	}
	if (json) {
		char *js = NULL;
		vd_buf_clear(&p);
		vd_buf_clear(json);
		vd_buf_printf(&p, "%s.json", base.ptr);
		if (vd_read_file(&js, NULL, p.ptr) == 0)
			vd_buf_puts(json, js);
		vd_error_clear();
		free(js);
	}
	*dev = d;
	*found = 1;
	rc = 0;
done:
	free(text);
	vd_buf_release(&key);
	vd_buf_release(&cdir);
	vd_buf_release(&base);
	vd_buf_release(&p);
	return rc;
}
