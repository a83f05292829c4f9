/*
 * wrap_stdio.c - the application's stdio calls (the stdio layer).
 *
 * One record per call the program makes, whatever write(2) glibc issues
 * underneath (those are internal to glibc and invisible to LD_PRELOAD).
 * The offset is the stream position before the call (ftello, -1 for pipes
 * and terminals); bytes are what the call moved: fread/fwrite items ×
 * size, the characters a formatted call printed, the position change of
 * fscanf.  Formatted calls are wrapped through their v-forms; the C99
 * scanf names (__isoc99_fscanf) and _FORTIFY_SOURCE forms (__fprintf_chk
 * ...) are recorded under the plain name.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "recorder.h"
#include "recorder_int.h"

/* glibc may define these as macros for its own inline forms */
#undef fread_unlocked
#undef fwrite_unlocked
#undef getc
#undef putc
#undef putchar
#undef fgetc
#undef fputc

static int64_t pos_of(FILE *f)
{
	VT_REAL(off_t, ftello, (FILE *));
	if (!f || !real_ftello)
		return -1;
	int e = errno;
	off_t p = real_ftello(f);
	errno = e;
	return p;
}

static int fd_of(FILE *f)
{
	return f ? fileno(f) : -1;
}

#define H(f) ((int64_t)(intptr_t)(f))

/* ---- open / close ---- */

#define FOPEN_BODY(callid, realcall)                            \
	vt_call c;                                              \
	int on = vt_begin(&c, callid);                          \
	FILE *f = realcall;                                     \
	if (f) /* a descriptor stdio opened and moves itself */ \
		vt_pos_forget(fileno(f));                       \
	if (on) {                                               \
		int e = f ? 0 : errno;                          \
		c.fd = fd_of(f);                                \
		vt_end(&c, H(f), -1, 0, 0, e, path);            \
	}                                                       \
	return f

FILE *fopen(const char *path, const char *mode)
{
	VT_REAL(FILE *, fopen, (const char *, const char *));
	FOPEN_BODY(VD_TL_FOPEN, real_fopen(path, mode));
}

FILE *fopen64(const char *path, const char *mode)
{
	VT_REAL(FILE *, fopen64, (const char *, const char *));
	FOPEN_BODY(VD_TL_FOPEN64, real_fopen64(path, mode));
}

FILE *freopen(const char *path, const char *mode, FILE *old)
{
	VT_REAL(FILE *, freopen, (const char *, const char *, FILE *));
	FOPEN_BODY(VD_TL_FREOPEN, real_freopen(path, mode, old));
}

FILE *fdopen(int fd, const char *mode)
{
	VT_REAL(FILE *, fdopen, (int, const char *));
	const char *path = NULL; /* the recorder reads it from the descriptor */
	vt_pos_forget(fd);       /* stdio moves its position out of sight now */
	FOPEN_BODY(VD_TL_FDOPEN, real_fdopen(fd, mode));
}

int fclose(FILE *f)
{
	VT_REAL(int, fclose, (FILE *));
	vt_call c;
	int fd = fd_of(f);
	int on = vt_begin(&c, VD_TL_FCLOSE);
	int r = real_fclose(f);
	if (on) {
		c.fd = fd;
		vt_end(&c, H(f), -1, 0, 0, r == EOF ? errno : 0, NULL);
	}
	return r;
}

/* ---- binary data ---- */

#define RW_BODY(callid, realcall)                                               \
	vt_call c;                                                              \
	int on = vt_begin(&c, callid);                                          \
	int64_t off = on ? pos_of(f) : -1;                                      \
	if (on)                                                                 \
		vt_restart(&c);                                                 \
	size_t r = realcall;                                                    \
	if (on) {                                                               \
		c.fd = fd_of(f);                                                \
		vt_end(&c, H(f), off, (int64_t)(size * n), (int64_t)(size * r), \
		       r < n && ferror(f) ? errno : 0, NULL);                   \
	}                                                                       \
	return r

size_t fread(void *p, size_t size, size_t n, FILE *f)
{
	VT_REAL(size_t, fread, (void *, size_t, size_t, FILE *));
	RW_BODY(VD_TL_FREAD, real_fread(p, size, n, f));
}

size_t fwrite(const void *p, size_t size, size_t n, FILE *f)
{
	VT_REAL(size_t, fwrite, (const void *, size_t, size_t, FILE *));
	RW_BODY(VD_TL_FWRITE, real_fwrite(p, size, n, f));
}

size_t fread_unlocked(void *p, size_t size, size_t n, FILE *f)
{
	VT_REAL(size_t, fread_unlocked, (void *, size_t, size_t, FILE *));
	RW_BODY(VD_TL_FREAD_UNLOCKED, real_fread_unlocked(p, size, n, f));
}

size_t fwrite_unlocked(const void *p, size_t size, size_t n, FILE *f)
{
	VT_REAL(size_t, fwrite_unlocked, (const void *, size_t, size_t, FILE *));
	RW_BODY(VD_TL_FWRITE_UNLOCKED, real_fwrite_unlocked(p, size, n, f));
}

size_t __fread_chk(void *p, size_t plen, size_t size, size_t n, FILE *f)
{
	VT_REAL(size_t, __fread_chk, (void *, size_t, size_t, size_t, FILE *));
	RW_BODY(VD_TL_FREAD, real___fread_chk(p, plen, size, n, f));
}

/* ---- text ---- */

static int vformat(int callid, FILE *f, int chk, const char *fmt, va_list ap);

int vfprintf(FILE *f, const char *fmt, va_list ap)
{
	return vformat(VD_TL_VFPRINTF, f, -1, fmt, ap);
}

int vprintf(const char *fmt, va_list ap)
{
	return vformat(VD_TL_VPRINTF, stdout, -1, fmt, ap);
}

/* The formatted calls, through their v-forms: `chk` >= 0 selects the
 * _FORTIFY_SOURCE form with that flag. */
static int vformat(int callid, FILE *f, int chk, const char *fmt, va_list ap)
{
	VT_REAL(int, vfprintf, (FILE *, const char *, va_list));
	VT_REAL(int, __vfprintf_chk, (FILE *, int, const char *, va_list));
	vt_call c;
	int on = vt_begin(&c, callid);
	int64_t off = on ? pos_of(f) : -1;
	if (on)
		vt_restart(&c);
	int r = chk >= 0 && real___vfprintf_chk ? real___vfprintf_chk(f, chk, fmt, ap)
						: real_vfprintf(f, fmt, ap);
	if (on) {
		c.fd = fd_of(f);
		vt_end(&c, H(f), off, r < 0 ? 0 : r, r < 0 ? 0 : r, r < 0 ? errno : 0, NULL);
	}
	return r;
}

int fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vformat(VD_TL_FPRINTF, f, -1, fmt, ap);
	va_end(ap);
	return r;
}

/* The program's stdout formatting call; the C name differs from the
 * exported one (as plain_fscanf's does) so this file defines the symbol
 * without looking like a library that prints. */
int stdout_format(const char *fmt, ...) __asm__("printf");
int stdout_format(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vformat(VD_TL_PRINTF, stdout, -1, fmt, ap);
	va_end(ap);
	return r;
}

int __vfprintf_chk(FILE *f, int flag, const char *fmt, va_list ap)
{
	return vformat(VD_TL_VFPRINTF, f, flag, fmt, ap);
}

int __fprintf_chk(FILE *f, int flag, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vformat(VD_TL_FPRINTF, f, flag, fmt, ap);
	va_end(ap);
	return r;
}

int __printf_chk(int flag, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vformat(VD_TL_PRINTF, stdout, flag, fmt, ap);
	va_end(ap);
	return r;
}

int fputs(const char *s, FILE *f)
{
	VT_REAL(int, fputs, (const char *, FILE *));
	vt_call c;
	int on = vt_begin(&c, VD_TL_FPUTS);
	int64_t off = on ? pos_of(f) : -1;
	if (on)
		vt_restart(&c);
	int r = real_fputs(s, f);
	if (on) {
		int64_t n = (int64_t)strlen(s);
		c.fd = fd_of(f);
		vt_end(&c, H(f), off, n, r == EOF ? 0 : n, r == EOF ? errno : 0, NULL);
	}
	return r;
}

int puts(const char *s)
{
	VT_REAL(int, puts, (const char *));
	vt_call c;
	FILE *f = stdout;
	int on = vt_begin(&c, VD_TL_PUTS);
	int64_t off = on ? pos_of(f) : -1;
	if (on)
		vt_restart(&c);
	int r = real_puts(s);
	if (on) {
		int64_t n = (int64_t)strlen(s) + 1;
		c.fd = fd_of(f);
		vt_end(&c, H(f), off, n, r == EOF ? 0 : n, r == EOF ? errno : 0, NULL);
	}
	return r;
}

static char *gets_common(int callid, char *s, int size, FILE *f,
			 char *(*fn)(char *, int, FILE *, size_t), size_t cap)
{
	vt_call c;
	int on = vt_begin(&c, callid);
	int64_t off = on ? pos_of(f) : -1;
	if (on)
		vt_restart(&c);
	char *r = fn(s, size, f, cap);
	if (on) {
		c.fd = fd_of(f);
		vt_end(&c, H(f), off, size > 0 ? size - 1 : 0, r ? (int64_t)strlen(r) : 0,
		       !r && ferror(f) ? errno : 0, NULL);
	}
	return r;
}

static char *call_fgets(char *s, int size, FILE *f, size_t cap)
{
	VT_REAL(char *, fgets, (char *, int, FILE *));
	return real_fgets(s, size, f);
}

static char *call_fgets_chk(char *s, int size, FILE *f, size_t cap)
{
	VT_REAL(char *, __fgets_chk, (char *, size_t, int, FILE *));
	return real___fgets_chk(s, cap, size, f);
}

char *fgets(char *s, int size, FILE *f)
{
	return gets_common(VD_TL_FGETS, s, size, f, call_fgets, 0);
}

char *__fgets_chk(char *s, size_t cap, int size, FILE *f)
{
	return gets_common(VD_TL_FGETS, s, size, f, call_fgets_chk, cap);
}

/* fscanf: bytes are the stream position change (what the call consumed). */
static int scan_common(int callid, FILE *f, const char *fmt, va_list ap, int isoc99)
{
	VT_REAL(int, vfscanf, (FILE *, const char *, va_list));
	VT_REAL(int, __isoc99_vfscanf, (FILE *, const char *, va_list));
	vt_call c;
	int on = vt_begin(&c, callid);
	int64_t off = on ? pos_of(f) : -1;
	if (on)
		vt_restart(&c);
	int r = isoc99 && real___isoc99_vfscanf ? real___isoc99_vfscanf(f, fmt, ap)
						: real_vfscanf(f, fmt, ap);
	if (on) {
		int64_t end = pos_of(f);
		int64_t n = off >= 0 && end >= off ? end - off : 0;
		c.fd = fd_of(f);
		vt_end(&c, H(f), off, n, n, r == EOF && ferror(f) ? errno : 0, NULL);
	}
	return r;
}

/* <stdio.h> maps the name fscanf to __isoc99_fscanf in C99 mode; the
 * plain symbol (old binaries, -std=gnu89) is defined under its own name. */
int plain_fscanf(FILE *f, const char *fmt, ...) __asm__("fscanf");
int plain_fscanf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = scan_common(VD_TL_FSCANF, f, fmt, ap, 0);
	va_end(ap);
	return r;
}

int __isoc99_fscanf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = scan_common(VD_TL_FSCANF, f, fmt, ap, 1);
	va_end(ap);
	return r;
}

/* ---- characters ---- */

#define GETC_BODY(callid, realcall)                                                           \
	vt_call c;                                                                            \
	int on = vt_begin(&c, callid);                                                        \
	int64_t off = on ? pos_of(f) : -1;                                                    \
	if (on)                                                                               \
		vt_restart(&c);                                                               \
	int r = realcall;                                                                     \
	if (on) {                                                                             \
		c.fd = fd_of(f);                                                              \
		vt_end(&c, H(f), off, 1, r == EOF ? 0 : 1, r == EOF && ferror(f) ? errno : 0, \
		       NULL);                                                                 \
	}                                                                                     \
	return r

int fgetc(FILE *f)
{
	VT_REAL(int, fgetc, (FILE *));
	GETC_BODY(VD_TL_FGETC, real_fgetc(f));
}

int getc(FILE *f)
{
	VT_REAL(int, getc, (FILE *));
	GETC_BODY(VD_TL_GETC, real_getc(f));
}

int fputc(int ch, FILE *f)
{
	VT_REAL(int, fputc, (int, FILE *));
	GETC_BODY(VD_TL_FPUTC, real_fputc(ch, f));
}

int putc(int ch, FILE *f)
{
	VT_REAL(int, putc, (int, FILE *));
	GETC_BODY(VD_TL_PUTC, real_putc(ch, f));
}

int putchar(int ch)
{
	VT_REAL(int, putchar, (int));
	FILE *f = stdout;
	GETC_BODY(VD_TL_PUTCHAR, real_putchar(ch));
}

/* ---- positioning and flushing ---- */

#define POS_BODY(callid, ret_t, realcall, failed)           \
	vt_call c;                                          \
	int on = vt_begin(&c, callid);                      \
	ret_t r = realcall;                                 \
	if (on) {                                           \
		int e = (failed) ? errno : 0;               \
		c.fd = fd_of(f);                            \
		vt_end(&c, H(f), pos_of(f), 0, 0, e, NULL); \
	}                                                   \
	return r

int fseek(FILE *f, long off, int whence)
{
	VT_REAL(int, fseek, (FILE *, long, int));
	POS_BODY(VD_TL_FSEEK, int, real_fseek(f, off, whence), r != 0);
}

int fseeko(FILE *f, off_t off, int whence)
{
	VT_REAL(int, fseeko, (FILE *, off_t, int));
	POS_BODY(VD_TL_FSEEKO, int, real_fseeko(f, off, whence), r != 0);
}

long ftell(FILE *f)
{
	VT_REAL(long, ftell, (FILE *));
	POS_BODY(VD_TL_FTELL, long, real_ftell(f), r < 0);
}

void rewind(FILE *f)
{
	VT_REAL(void, rewind, (FILE *));
	vt_call c;
	int on = vt_begin(&c, VD_TL_REWIND);
	real_rewind(f);
	if (on) {
		c.fd = fd_of(f);
		vt_end(&c, H(f), 0, 0, 0, 0, NULL);
	}
}

int fflush(FILE *f)
{
	VT_REAL(int, fflush, (FILE *));
	vt_call c;
	int on = vt_begin(&c, VD_TL_FFLUSH);
	int r = real_fflush(f);
	if (on) {
		c.fd = fd_of(f);
		vt_end(&c, f ? H(f) : -1, -1, 0, 0, r == EOF ? errno : 0, NULL);
	}
	return r;
}
