/*
 * rt_common.h - helpers shared by the runtime's tests: temporary files with
 * random content, whole-file comparison.
 */
#ifndef RT_COMMON_H
#define RT_COMMON_H

#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* a fresh path under $TMPDIR (or /tmp); the file is not created */
static inline void rt_tmp_path(char *out, size_t cap, const char *tag)
{
	static atomic_uint counter; /* threads of the stress test make paths too */
	const char *dir = getenv("TMPDIR");
	snprintf(out, cap, "%s/vd_rt_%s_%ld_%u", dir && *dir ? dir : "/tmp", tag, (long)getpid(),
	         atomic_fetch_add(&counter, 1));
}

/* deterministic pseudo-random bytes (xorshift) */
static inline void rt_fill(unsigned char *buf, size_t n, unsigned seed)
{
	unsigned x = seed * 2654435761u + 1;
	for (size_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		buf[i] = (unsigned char)x;
	}
}

/* writes `n` random bytes to a new file at `path`; returns them (malloc'd) */
static inline unsigned char *rt_make_file(const char *path, size_t n, unsigned seed)
{
	unsigned char *b = malloc(n ? n : 1);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (!b || fd < 0)
		abort();
	rt_fill(b, n, seed);
	if (n && write(fd, b, n) != (ssize_t)n)
		abort();
	close(fd);
	return b;
}

/* the whole file at `path` (malloc'd), its size in *n; NULL if unreadable */
static inline unsigned char *rt_slurp(const char *path, size_t *n)
{
	struct stat st;
	int fd = open(path, O_RDONLY);
	unsigned char *b;
	if (fd < 0 || fstat(fd, &st) != 0)
		return NULL;
	b = malloc((size_t)st.st_size + 1);
	*n = 0;
	while (b) {
		ssize_t r = read(fd, b + *n, (size_t)st.st_size + 1 - *n);
		if (r <= 0)
			break;
		*n += (size_t)r;
	}
	close(fd);
	return b;
}

/* 1 when the two files have the same bytes */
static inline int rt_same_file(const char *a, const char *b)
{
	size_t na = 0, nb = 0;
	unsigned char *x = rt_slurp(a, &na), *y = rt_slurp(b, &nb);
	int same = x && y && na == nb && memcmp(x, y, na) == 0;
	free(x);
	free(y);
	return same;
}

#endif
