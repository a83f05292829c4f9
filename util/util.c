/*
 * util.c - errors, growable strings, arenas, arrays and maps.
 *
 * Kept deliberately small: these are the few primitives every other library
 * needs, so that none of them hand-manages fixed-size buffers.
 */
#define _GNU_SOURCE
#include "vd_util.h"
#include "vd_device.h"

#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* ---- errors ------------------------------------------------------------ */

static _Thread_local char err_msg[1024];

void vd_error_setv(const char *fmt, va_list ap)
{
	vsnprintf(err_msg, sizeof(err_msg), fmt, ap);
}

void vd_error_set(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vd_error_setv(fmt, ap);
	va_end(ap);
}

const char *vd_error_last(void)
{
	return err_msg[0] ? err_msg : "unknown error";
}

void vd_error_clear(void)
{
	err_msg[0] = '\0';
}

/* ---- allocation ------------------------------------------------------------ */

static void oom_abort(size_t size)
{
	(void)size;
	abort();
}

static _Atomic(vd_oom_handler) oom_handler = oom_abort;

vd_oom_handler vd_set_oom_handler(vd_oom_handler h)
{
	return atomic_exchange(&oom_handler, h ? h : oom_abort);
}

static void oom(size_t size)
{
	atomic_load (&oom_handler)(size);
	abort(); /* a handler that returns is a bug: never go on without memory */
}

void *vd_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

void *vd_xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		oom(count * size);
	return p;
}

void *vd_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		oom(n);
	return q;
}

char *vd_xstrndup(const char *s, size_t n)
{
	if (!s)
		return NULL;
	char *p = vd_xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *vd_xstrdup(const char *s)
{
	return s ? vd_xstrndup(s, strlen(s)) : NULL;
}

char *vd_xasprintf(const char *fmt, ...)
{
	va_list ap;
	vd_buf b = VD_BUF_INIT;
	va_start(ap, fmt);
	vd_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	return vd_buf_detach(&b);
}

/* ---- vd_buf --------------------------------------------------------------- */

static int buf_grow(vd_buf *b, size_t extra)
{
	size_t need = b->len + extra + 1;
	if (need <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap *= 2;
	b->ptr = vd_xrealloc(b->ptr, cap);
	b->cap = cap;
	return 0;
}

int vd_buf_put(vd_buf *b, const char *s, size_t n)
{
	if (buf_grow(b, n))
		return -1;
	memcpy(b->ptr + b->len, s, n);
	b->len += n;
	b->ptr[b->len] = '\0';
	return 0;
}

int vd_buf_puts(vd_buf *b, const char *s)
{
	return vd_buf_put(b, s, strlen(s));
}

int vd_buf_putc(vd_buf *b, char c)
{
	return vd_buf_put(b, &c, 1);
}

int vd_buf_vprintf(vd_buf *b, const char *fmt, va_list ap)
{
	/* one pass when the text fits in the room there is (the usual case),
	 * a second after growing when it does not */
	if (buf_grow(b, 63))
		return -1;
	size_t room = b->cap - b->len;
	va_list cp;
	va_copy(cp, ap);
	int n = vsnprintf(b->ptr + b->len, room, fmt, cp);
	va_end(cp);
	if (n < 0) {
		b->ptr[b->len] = '\0';
		return -1;
	}
	if ((size_t)n >= room) {
		if (buf_grow(b, (size_t)n))
			return -1;
		vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
	return 0;
}

int vd_buf_printf(vd_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vd_buf_vprintf(b, fmt, ap);
	va_end(ap);
	return r;
}

const char *vd_buf_cstr(const vd_buf *b)
{
	return b->ptr ? b->ptr : "";
}

void vd_buf_clear(vd_buf *b)
{
	b->len = 0;
	if (b->ptr)
		b->ptr[0] = '\0';
}

char *vd_buf_detach(vd_buf *b)
{
	char *p = b->ptr ? b->ptr : vd_xstrdup("");
	b->ptr = NULL;
	b->len = b->cap = 0;
	return p;
}

void vd_buf_release(vd_buf *b)
{
	free(b->ptr);
	b->ptr = NULL;
	b->len = b->cap = 0;
}

/* ---- arena ---------------------------------------------------------------- */

typedef struct chunk {
	struct chunk *next;
	size_t used, size;
	_Alignas(16) unsigned char data[];
} chunk;

struct vd_arena {
	chunk *head;
	size_t total;
};

vd_arena *vd_arena_new(void)
{
	return vd_xcalloc(1, sizeof(vd_arena));
}

void *vd_arena_alloc(vd_arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (!a->head || a->head->size - a->head->used < n) {
		size_t size = n > 60000 ? n : 65536 - sizeof(chunk);
		chunk *c = vd_xmalloc(sizeof(chunk) + size);
		c->next = a->head;
		c->used = 0;
		c->size = size;
		a->head = c;
		a->total += size;
	}
	void *p = a->head->data + a->head->used;
	a->head->used += n;
	memset(p, 0, n);
	return p;
}

char *vd_arena_strndup(vd_arena *a, const char *s, size_t n)
{
	if (!s)
		return NULL;
	char *p = vd_arena_alloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *vd_arena_strdup(vd_arena *a, const char *s)
{
	return s ? vd_arena_strndup(a, s, strlen(s)) : NULL;
}

char *vd_arena_printf(vd_arena *a, const char *fmt, ...)
{
	va_list ap, cp;
	va_start(ap, fmt);
	va_copy(cp, ap);
	int n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	char *p = n >= 0 ? vd_arena_alloc(a, (size_t)n + 1) : NULL;
	if (p)
		vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

size_t vd_arena_bytes(const vd_arena *a)
{
	return a ? a->total : 0;
}

void vd_arena_free(vd_arena *a)
{
	if (!a)
		return;
	chunk *c = a->head;
	while (c) {
		chunk *n = c->next;
		free(c);
		c = n;
	}
	free(a);
}

/* ---- vectors ---------------------------------------------------------------- */

int vd_vec_grow_(void **v, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return 0;
	size_t n = *cap ? *cap : 8;
	while (n < need)
		n *= 2;
	*v = vd_xrealloc(*v, n * elem);
	*cap = n;
	return 0;
}

/* ---- map (open addressing, linear probing) ----------------------------------- */

typedef struct {
	char *key;
	void *value;
	uint64_t hash;
} slot;

struct vd_map {
	slot *slots;
	size_t cap, count;
};

uint64_t vd_hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */
	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 1099511628211ULL;
	}
	return h;
}

vd_map *vd_map_new(void)
{
	vd_map *m = vd_xcalloc(1, sizeof(*m));
	m->cap = 16;
	m->slots = vd_xcalloc(m->cap, sizeof(slot));
	return m;
}

static slot *map_find(const vd_map *m, const char *key, uint64_t h)
{
	size_t i = h & (m->cap - 1);
	for (;;) {
		slot *s = &m->slots[i];
		if (!s->key || (s->hash == h && strcmp(s->key, key) == 0))
			return s;
		i = (i + 1) & (m->cap - 1);
	}
}

static void map_rehash(vd_map *m)
{
	size_t ncap = m->cap * 2;
	slot *ns = vd_xcalloc(ncap, sizeof(slot));
	slot *old = m->slots;
	size_t ocap = m->cap;
	m->slots = ns;
	m->cap = ncap;
	for (size_t i = 0; i < ocap; i++)
		if (old[i].key)
			*map_find(m, old[i].key, old[i].hash) = old[i];
	free(old);
}

int vd_map_put(vd_map *m, const char *key, void *value)
{
	if ((m->count + 1) * 4 >= m->cap * 3)
		map_rehash(m);
	uint64_t h = vd_hash_bytes(key, strlen(key));
	slot *s = map_find(m, key, h);
	if (!s->key) {
		s->key = vd_xstrdup(key);
		s->hash = h;
		m->count++;
	}
	s->value = value;
	return 0;
}

void *vd_map_get(const vd_map *m, const char *key)
{
	slot *s = map_find(m, key, vd_hash_bytes(key, strlen(key)));
	return s->key ? s->value : NULL;
}

int vd_map_has(const vd_map *m, const char *key)
{
	return map_find(m, key, vd_hash_bytes(key, strlen(key)))->key != NULL;
}

size_t vd_map_count(const vd_map *m)
{
	return m->count;
}

int vd_map_next(const vd_map *m, size_t *iter, const char **key, void **value)
{
	while (*iter < m->cap) {
		slot *s = &m->slots[(*iter)++];
		if (s->key) {
			if (key)
				*key = s->key;
			if (value)
				*value = s->value;
			return 1;
		}
	}
	return 0;
}

void vd_map_free(vd_map *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->cap; i++)
		free(m->slots[i].key);
	free(m->slots);
	free(m);
}

/* ---- files and paths ------------------------------------------------------------ */

int vd_mkdirs(const char *path, unsigned mode)
{
	char *p = vd_xstrdup(path);
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			if (mkdir(p, (mode_t)mode) != 0 && errno != EEXIST) {
				free(p);
				return -1;
			}
			*s = '/';
		}
	int rc = mkdir(p, (mode_t)mode) != 0 && errno != EEXIST ? -1 : 0;
	free(p);
	return rc;
}

int vd_read_file(char **out, size_t *len, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		vd_error_set("unable to open '%s': %s", path, strerror(errno));
		return errno == ENOENT ? VD_ENOTFOUND : VD_ERROR;
	}
	vd_buf b = VD_BUF_INIT;
	char tmp[65536];
	size_t n;
	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
		vd_buf_put(&b, tmp, n);
	if (ferror(f)) {
		vd_error_set("unable to read '%s': %s", path, strerror(errno));
		fclose(f);
		vd_buf_release(&b);
		return VD_ERROR;
	}
	fclose(f);
	if (len)
		*len = b.len;
	*out = vd_buf_detach(&b);
	return 0;
}

char *vd_path_join(vd_arena *a, const char *dir, const char *path)
{
	vd_buf b = VD_BUF_INIT;
	if (path[0] != '/' && dir && dir[0]) {
		vd_buf_puts(&b, dir);
		vd_buf_putc(&b, '/');
	}
	vd_buf_puts(&b, path);
	/* normalise: split on '/', drop "." and empty parts, resolve ".." */
	char empty[1] = "";
	char *src = b.ptr ? b.ptr : empty;
	int absolute = src[0] == '/';
	size_t n = strlen(src);
	char **parts = vd_xmalloc((n / 2 + 2) * sizeof(char *));
	size_t np = 0;
	char *save = NULL;
	for (char *t = strtok_r(src, "/", &save); t; t = strtok_r(NULL, "/", &save)) {
		if (strcmp(t, ".") == 0)
			continue;
		if (strcmp(t, "..") == 0 && np > 0 && strcmp(parts[np - 1], "..") != 0) {
			np--;
			continue;
		}
		if (strcmp(t, "..") == 0 && absolute)
			continue;
		parts[np++] = t;
	}
	vd_buf o = VD_BUF_INIT;
	if (absolute)
		vd_buf_putc(&o, '/');
	for (size_t i = 0; i < np; i++) {
		if (i)
			vd_buf_putc(&o, '/');
		vd_buf_puts(&o, parts[i]);
	}
	if (o.len == 0)
		vd_buf_putc(&o, '.');
	char *r = vd_arena_strdup(a, o.ptr);
	free(parts);
	vd_buf_release(&o);
	vd_buf_release(&b);
	return r;
}

char *vd_path_relative(vd_arena *a, const char *root, const char *path)
{
	size_t n = root ? strlen(root) : 0;
	while (n > 1 && root[n - 1] == '/')
		n--;
	if (n && strncmp(root, path, n) == 0 && path[n] == '/')
		return vd_arena_strdup(a, path + n + 1);
	if (n == 1 && root[0] == '/' && path[0] == '/')
		return vd_arena_strdup(a, path + 1);
	return vd_arena_strdup(a, path);
}

double vd_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- words ------------------------------------------------------------------------ */

int vd_split_words(vd_arena *a, const char *s, char ***words, size_t *n)
{
	VD_VEC(char *) w = { 0 };
	vd_buf cur = VD_BUF_INIT;
	int inword = 0, rc = VD_OK;
	char q = 0;
	const char *opened = NULL;
	*words = NULL;
	*n = 0;
	for (const char *p = s; p && *p; p++) {
		if (q) {
			if (*p == q)
				q = 0;
			else if (*p == '\\' && q == '"' && p[1])
				vd_buf_putc(&cur, *++p);
			else
				vd_buf_putc(&cur, *p);
			continue;
		}
		if (*p == '\'' || *p == '"') {
			q = *p;
			opened = p;
			inword = 1;
		} else if (*p == '\\' && p[1]) {
			vd_buf_putc(&cur, *++p);
			inword = 1;
		} else if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\v' || *p == '\f' ||
			   *p == '\r') {
			if (inword)
				vd_vec_push(w, vd_arena_strdup(a, vd_buf_cstr(&cur)));
			vd_buf_clear(&cur);
			inword = 0;
		} else {
			vd_buf_putc(&cur, *p);
			inword = 1;
		}
	}
	if (q) {
		vd_error_set("unterminated %s quote (opened at character %zu)",
			     q == '"' ? "double" : "single", (size_t)(opened - s) + 1);
		rc = VD_EPARSE;
		goto done;
	}
	if (inword)
		vd_vec_push(w, vd_arena_strdup(a, vd_buf_cstr(&cur)));
	char **out = vd_arena_alloc(a, (w.n + 1) * sizeof(char *));
	for (size_t i = 0; i < w.n; i++)
		out[i] = w.v[i];
	*words = out;
	*n = w.n;
done:
	vd_buf_release(&cur);
	vd_vec_free(w);
	return rc;
}

/* ---- device defaults ------------------------------------------------------------ */

void vd_device_defaults(vd_device *d)
{
	/* Conservative figures for a local SSD behind the page cache; every
	 * one is documented in docs/model.md and flagged is_default so that
	 * reports say the score did not come from this machine's probe. */
	memset(d, 0, sizeof(*d));
	d->seq_read_Bps = 500e6;
	d->seq_write_Bps = 400e6;
	d->rand_read_iops = 20000;
	d->rand_write_iops = 15000;
	d->latency_s = 2e-6;
	d->fsync_latency_s = 1e-3;
	d->meta_latency_s = 5e-6;
	d->small_io_threshold = 65536;
	d->concurrency = 4;
	d->cpu_ns_per_op = 0.5;
	d->stdio_call_s = 60e-9;
	d->cache_read_Bps = 4e9;
	d->cache_write_Bps = 2e9;
	d->flush_Bps = 400e6;
	d->dirty_limit_bytes = 1.6e9;
	d->cache_bytes = 8e9;
	d->scan_ns = 400;
	d->format_ns = 250;
	d->strtod_ns = 60;
	d->atoi_ns = 15;
	d->mem_ns_per_byte = 0.1;
	d->sort_ns_per_cmp = 8;
	d->math_ns = 15;
	d->create_latency_s = 30e-6;
	d->unlink_latency_s = 20e-6;
	d->is_default = 1;
	snprintf(d->method, sizeof(d->method), "default");
}

/* The length of the well-formed UTF-8 sequence at s (1-4), or 0 when the
 * bytes there are not one (stray or cut bytes, overlong forms, surrogates,
 * code points past U+10FFFF). */
size_t vd_utf8_len(const unsigned char *s)
{
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		return (s[1] & 0xc0) == 0x80 ? 2 : 0;
	if (s[0] >= 0xe0 && s[0] <= 0xef) {
		if ((s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80)
			return 0;
		if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f))
			return 0; /* overlong, surrogate */
		return 3;
	}
	if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		if ((s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80 || (s[3] & 0xc0) != 0x80)
			return 0;
		if ((s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
			return 0;
		return 4;
	}
	return 0;
}

void vd_buf_json_str(vd_buf *b, const char *s)
{
	if (!s) {
		vd_buf_puts(b, "null");
		return;
	}
	vd_buf_putc(b, '"');
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		size_t l = vd_utf8_len(p);
		if (l == 0) {
			vd_buf_puts(b, "\\ufffd");
			p++;
			continue;
		}
		if (l > 1) {
			vd_buf_put(b, (const char *)p, l);
			p += l;
			continue;
		}
		switch (*p) {
		case '"':
			vd_buf_puts(b, "\\\"");
			break;
		case '\\':
			vd_buf_puts(b, "\\\\");
			break;
		case '\n':
			vd_buf_puts(b, "\\n");
			break;
		case '\r':
			vd_buf_puts(b, "\\r");
			break;
		case '\t':
			vd_buf_puts(b, "\\t");
			break;
		case '\b':
			vd_buf_puts(b, "\\b");
			break;
		case '\f':
			vd_buf_puts(b, "\\f");
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				vd_buf_printf(b, "\\u%04x", *p);
			else
				vd_buf_putc(b, (char)*p);
		}
		p++;
	}
	vd_buf_putc(b, '"');
}
