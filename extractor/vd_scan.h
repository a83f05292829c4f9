/*
 * vd_scan.h - scanf()'s conversions simulated over a known text (scan.c),
 * so that the walk can run `sscanf(line, "%d %lf", &n, &x)` and
 * `fscanf(f, ...)` on an input read at analysis time.  Internal to
 * extractor/ (the walk), public in the tests.
 */
#ifndef VD_SCAN_H
#define VD_SCAN_H

#include <stddef.h>

typedef enum { VD_SCAN_INT, VD_SCAN_FLT, VD_SCAN_STR } vd_scan_kind;

/* one assigned conversion, in format order (suppressed ones `%*d` are not
 * listed; `%n` is, as an integer) */
typedef struct vd_scan_item {
	vd_scan_kind kind;
	long long i;
	double f;
	size_t off, len; /* VD_SCAN_STR: the text's place in the input (%s, %c, %[) */
	int nul;         /* VD_SCAN_STR: 1 when scanf adds a terminating '\0' (not %c) */
} vd_scan_item;

/* What `sscanf(in, fmt, ...)` does, with at most `max` items recorded:
 * returns what it returns (the number of assigned conversions, `%n` not
 * counted, or -1 when the input ends before the first conversion), the
 * conversions in items[0..*nitems-1], and in *used the characters of `in`
 * consumed (what `fscanf` leaves read from a stream).  A format this
 * simulation does not know (a conversion it has no rule for) returns -2. */
int vd_scan(const char *in, size_t inlen, const char *fmt, vd_scan_item *items, int max,
	    int *nitems, size_t *used);

#endif
