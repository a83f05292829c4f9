/*
 * vd_util.h - the small shared toolbox every vidya library may use.
 *
 * Errors: library functions return 0 on success and a negative code on
 * failure; the message goes to a thread-local slot read with vd_error_last()
 * (the libgit2 convention).  Library code never prints and never exits.
 *
 * Memory: vd_arena is a bump allocator freed in one call (PDG facts, one per
 * run or per translation unit); vd_buf is a growable string; VD_VEC is a
 * typed growable array; vd_map is an open-addressing string -> pointer map.
 *
 * Out of memory is fatal, and only one place decides what that means (git's
 * xmalloc, redis's zmalloc): every allocation in vidya's libraries goes
 * through vd_xmalloc and friends, which call the out-of-memory handler when
 * malloc fails.  The handler does not return.  The default one aborts; the
 * CLI installs one that prints "out of memory" and exits with its error code.
 * So the library never prints or exits by itself, and callers never check an
 * allocation: vd_buf_*, vd_vec_push, vd_map_put and the vd_arena functions
 * cannot fail (the ones returning int always return 0, kept so that old
 * call sites still compile; new code ignores the value).
 */
#ifndef VD_UTIL_H
#define VD_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* ---- errors ------------------------------------------------------------ */

enum {
	VD_OK = 0,
	VD_ERROR = -1,     /* generic failure, message in vd_error_last() */
	VD_ENOTFOUND = -3, /* a thing the caller may expect to be missing */
	VD_EPARSE = -4,    /* some input could not be parsed */
	VD_EINTR = -5      /* interrupted by the user */
};

#if defined(__GNUC__)
#define VD_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define VD_PRINTF(f, a)
#endif

void vd_error_set(const char *fmt, ...) VD_PRINTF(1, 2);
void vd_error_setv(const char *fmt, va_list ap);
const char *vd_error_last(void);
void vd_error_clear(void);

/* ---- allocation (out of memory is fatal, see above) ----------------------- */

/* called with the size that could not be allocated; must not return */
typedef void (*vd_oom_handler)(size_t size);
/* installs h (NULL: the default, abort()); returns the previous handler */
vd_oom_handler vd_set_oom_handler(vd_oom_handler h);

void *vd_xmalloc(size_t n);
void *vd_xcalloc(size_t count, size_t size);
void *vd_xrealloc(void *p, size_t n);
char *vd_xstrdup(const char *s);             /* NULL stays NULL */
char *vd_xstrndup(const char *s, size_t n);  /* NULL stays NULL */

/* ---- growable string ----------------------------------------------------- */

typedef struct vd_buf {
	char *ptr; /* always NUL-terminated once anything was added */
	size_t len;
	size_t cap;
} vd_buf;

#define VD_BUF_INIT { NULL, 0, 0 }

int vd_buf_put(vd_buf *b, const char *s, size_t n);
int vd_buf_puts(vd_buf *b, const char *s);
int vd_buf_putc(vd_buf *b, char c);
int vd_buf_printf(vd_buf *b, const char *fmt, ...) VD_PRINTF(2, 3);
int vd_buf_vprintf(vd_buf *b, const char *fmt, va_list ap);
const char *vd_buf_cstr(const vd_buf *b); /* "" when empty */
void vd_buf_clear(vd_buf *b);             /* keep the memory, len = 0 */
char *vd_buf_detach(vd_buf *b);           /* caller frees */
void vd_buf_release(vd_buf *b);

/* ---- arena --------------------------------------------------------------- */

typedef struct vd_arena vd_arena;

vd_arena *vd_arena_new(void);
void *vd_arena_alloc(vd_arena *a, size_t n); /* zeroed, 16-byte aligned */
char *vd_arena_strdup(vd_arena *a, const char *s); /* NULL stays NULL */
char *vd_arena_strndup(vd_arena *a, const char *s, size_t n);
char *vd_arena_printf(vd_arena *a, const char *fmt, ...) VD_PRINTF(2, 3);
size_t vd_arena_bytes(const vd_arena *a);
void vd_arena_free(vd_arena *a);

/* ---- typed growable arrays ------------------------------------------------- */

#define VD_VEC(T) struct { T *v; size_t n, cap; }

int vd_vec_grow_(void **v, size_t *cap, size_t need, size_t elem);

/* evaluates to 0 (out of memory is fatal) */
#define vd_vec_push(vec, x)                                                    \
	(vd_vec_grow_((void **)&(vec).v, &(vec).cap, (vec).n + 1,             \
		      sizeof(*(vec).v))                                       \
		 ? -1                                                          \
		 : ((vec).v[(vec).n++] = (x), 0))
#define vd_vec_reserve(vec, need)                                              \
	vd_vec_grow_((void **)&(vec).v, &(vec).cap, (need), sizeof(*(vec).v))
#define vd_vec_free(vec) (free((vec).v), (vec).v = NULL, (vec).n = (vec).cap = 0)

/* ---- string map ------------------------------------------------------------ */

typedef struct vd_map vd_map;

vd_map *vd_map_new(void);
/* keys are copied; returns 0 (out of memory is fatal) */
int vd_map_put(vd_map *m, const char *key, void *value);
void *vd_map_get(const vd_map *m, const char *key);
int vd_map_has(const vd_map *m, const char *key);
size_t vd_map_count(const vd_map *m);
/* iterate: *iter starts at 0; returns 0 when done */
int vd_map_next(const vd_map *m, size_t *iter, const char **key, void **value);
void vd_map_free(vd_map *m);

uint64_t vd_hash_bytes(const void *p, size_t n);

/* ---- misc ------------------------------------------------------------------ */

/* reads a whole file into *out (NUL-terminated); caller frees */
int vd_read_file(char **out, size_t *len, const char *path);
/* path of `path` relative to `root` when inside it, else `path` itself */
char *vd_path_relative(vd_arena *a, const char *root, const char *path);
/* joins dir and path unless path is absolute; result normalised (./ and ../) */
char *vd_path_join(vd_arena *a, const char *dir, const char *path);
double vd_now(void); /* monotonic seconds */

/* Splits `s` into words the way a shell does, without any expansion:
 * blanks separate words; '...' keeps its text as it is; "..." keeps its
 * text, a backslash in it taking the next character literally; outside
 * quotes a backslash takes the next character literally (a backslash that
 * ends `s` is itself).  The words are copied into `a`; *words receives a
 * NULL-terminated array of them (in `a`), *n their count.  s NULL is no
 * words.  A quote left open is an error: VD_EPARSE, the message says which
 * quote and where it opened; *words and *n are then NULL and 0. */
int vd_split_words(vd_arena *a, const char *s, char ***words, size_t *n);

/* length of the well-formed UTF-8 sequence at s, 0 when it is not one */
size_t vd_utf8_len(const unsigned char *s);

#endif
