/*
 * scan.c - scanf()'s conversions over a known text (vd_scan.h).
 *
 * The rules are C11 7.21.6.2 as glibc implements them: white space in the
 * format matches any amount of white space (none included); an ordinary
 * character must match the next input character; a conversion skips
 * leading white space except %c, %[ and %n; a field ends at its width or
 * at the first character that cannot continue it.  Numbers are converted
 * with strtoll/strtoull/strtod on the field, as glibc does.  The input is
 * a (pointer, length) pair: it need not be terminated, so a window of a
 * file's contents can be scanned in place.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "vd_scan.h"

typedef struct {
	const char *in;
	size_t len, pos;
} cursor;

static int peek(const cursor *c)
{
	return c->pos < c->len ? (unsigned char)c->in[c->pos] : -1;
}

static void skip_space(cursor *c)
{
	while (peek(c) >= 0 && isspace(peek(c)))
		c->pos++;
}

/* a numeric field: the longest prefix of at most `width` characters
 * (from a copy, so that strto* cannot read past it) that the conversion
 * accepts; 0 when none */
static size_t number_field(const cursor *c, size_t width, char *buf, size_t bufsize)
{
	size_t n = c->len - c->pos;
	if (width && n > width)
		n = width;
	if (n > bufsize - 1)
		n = bufsize - 1;
	memcpy(buf, c->in + c->pos, n);
	buf[n] = '\0';
	return n;
}

static int scan_int(cursor *c, int conv, size_t width, vd_scan_item *it)
{
	char buf[128], *end;
	number_field(c, width, buf, sizeof buf);
	int base = conv == 'd' || conv == 'u' ? 10 : conv == 'o' ? 8 : conv == 'i' ? 0 : 16;
	if (!buf[0] || isspace((unsigned char)buf[0]))
		return 0;
	long long v = conv == 'd' || conv == 'i' ? strtoll(buf, &end, base)
						 : (long long)strtoull(buf, &end, base);
	if (end == buf)
		return 0;
	c->pos += (size_t)(end - buf);
	it->kind = VD_SCAN_INT;
	it->i = v;
	return 1;
}

static int scan_float(cursor *c, size_t width, vd_scan_item *it)
{
	char buf[128], *end;
	number_field(c, width, buf, sizeof buf);
	if (!buf[0] || isspace((unsigned char)buf[0]))
		return 0;
	double v = strtod(buf, &end);
	if (end == buf)
		return 0;
	c->pos += (size_t)(end - buf);
	it->kind = VD_SCAN_FLT;
	it->f = v;
	return 1;
}

/* %[...]: the set after '[' up to its ']' (a ']' first is a member);
 * returns the format past it, NULL when unterminated */
static const char *scanset(const char *f, unsigned char set[256])
{
	int neg = *f == '^';
	if (neg)
		f++;
	memset(set, 0, 256);
	if (*f == ']')
		set[(unsigned char)*f++] = 1;
	for (; *f && *f != ']'; f++) {
		if (f[1] == '-' && f[2] && f[2] != ']' &&
		    (unsigned char)f[2] >= (unsigned char)*f) {
			for (int ch = (unsigned char)*f; ch <= (unsigned char)f[2]; ch++)
				set[ch] = 1;
			f += 2;
		} else {
			set[(unsigned char)*f] = 1;
		}
	}
	if (*f != ']')
		return NULL;
	if (neg)
		for (int i = 0; i < 256; i++)
			set[i] = !set[i];
	return f + 1;
}

int vd_scan(const char *in, size_t inlen, const char *fmt, vd_scan_item *items, int max,
	    int *nitems, size_t *used)
{
	cursor c = { in, inlen, 0 };
	int assigned = 0, convs = 0, n = 0, rc = 0;
	const char *f = fmt;
	while (*f) {
		if (isspace((unsigned char)*f)) {
			skip_space(&c);
			while (isspace((unsigned char)*f))
				f++;
			continue;
		}
		if (*f != '%' || f[1] == '%') {
			if (*f == '%') {
				f++;
				skip_space(&c); /* %% skips white space, as a conversion */
			}
			if (peek(&c) < 0) {
				rc = convs ? assigned : -1;
				goto done;
			}
			if (peek(&c) != (unsigned char)*f)
				break; /* matching failure */
			c.pos++;
			f++;
			continue;
		}
		f++;
		int suppress = *f == '*';
		if (suppress)
			f++;
		size_t width = 0;
		while (isdigit((unsigned char)*f))
			width = width * 10 + (size_t)(*f++ - '0');
		while (strchr("hlLqjzt", *f) && *f)
			f++;
		int conv = *f ? *f++ : 0;
		vd_scan_item it = { 0 };
		int ok;
		unsigned char set[256];
		if (conv != 'c' && conv != '[' && conv != 'n')
			skip_space(&c);
		if (conv != 'n' && peek(&c) < 0) {
			rc = convs ? assigned : -1; /* input failure */
			goto done;
		}
		switch (conv) {
		case 'd':
		case 'i':
		case 'u':
		case 'o':
		case 'x':
		case 'X':
			ok = scan_int(&c, conv == 'X' ? 'x' : conv, width, &it);
			break;
		case 'f':
		case 'F':
		case 'e':
		case 'E':
		case 'g':
		case 'G':
		case 'a':
		case 'A':
			ok = scan_float(&c, width, &it);
			break;
		case 's':
		case 'c':
		case '[': {
			if (conv == '[' && !(f = scanset(f, set)))
				return -2;
			size_t start = c.pos, lim = width ? width : (conv == 'c' ? 1 : (size_t)-1);
			while (c.pos - start < lim && peek(&c) >= 0 &&
			       (conv == 'c' || (conv == 's' ? !isspace(peek(&c)) : set[peek(&c)])))
				c.pos++;
			ok = c.pos > start && (conv != 'c' || c.pos - start == lim);
			it.kind = VD_SCAN_STR;
			it.off = start;
			it.len = c.pos - start;
			it.nul = conv != 'c';
			break;
		}
		case 'n':
			it.kind = VD_SCAN_INT;
			it.i = (long long)c.pos;
			if (!suppress && n < max)
				items[n++] = it;
			continue;
		default:
			return -2;
		}
		if (!ok)
			break; /* matching failure */
		convs++;
		if (!suppress) {
			assigned++;
			if (n < max)
				items[n++] = it;
		}
	}
	rc = assigned;
done:
	*nitems = n;
	*used = c.pos;
	return rc;
}
