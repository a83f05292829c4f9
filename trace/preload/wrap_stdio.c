/*
 * wrap_stdio.c - the application's stdio calls (the stdio layer).
 *
 * One record per call the program makes, whatever write(2) glibc issues
 * underneath (those are internal to glibc and invisible to LD_PRELOAD).
 * The offset is the stream position before the call (ftello, -1 for pipes
 * and terminals); bytes are what the call moved: fread/fwrite items ×
 * size, the characters a formatted call printed, the position change of
 * fscanf, the length getline returned.  Formatted calls are wrapped
 * through their v-forms; the C99 scanf names (__isoc99_fscanf), the
 * _FORTIFY_SOURCE forms (__fprintf_chk ...) and the names glibc's inline
 * forms call (__getdelim for getline, _IO_getc) are recorded under the name
 * the program wrote.  A read that finds the end of the data (fgets NULL,
 * getline -1, getc EOF, fread 0 items, fscanf EOF) and no error moves
 * nothing: its record has err VD_TL_ERR_EOF, so it counts like a failed
 * call (the file's `errors`), never as a transfer.
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
#undef getc_unlocked
#undef putc_unlocked
#undef getchar
#undef getchar_unlocked
#undef putchar_unlocked
#undef fgetc_unlocked
#undef fputc_unlocked

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

/* err of a read that returned its end-of-data value */
static int end_err(FILE *f)
{
	return f && ferror(f) ? errno : VD_TL_ERR_EOF;
}

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

FILE *freopen64(const char *path, const char *mode, FILE *old)
{
	VT_REAL(FILE *, freopen64, (const char *, const char *, FILE *));
	FOPEN_BODY(VD_TL_FREOPEN64, real_freopen64(path, mode, old));
}

static FILE *open_tmp(int which)
{
	VT_REAL(FILE *, tmpfile, (void));
	VT_REAL(FILE *, tmpfile64, (void));
	const char *path = NULL; /* unlinked: the recorder reads it from the descriptor */
	FOPEN_BODY(VD_TL_TMPFILE, which ? real_tmpfile64() : real_tmpfile());
}

FILE *tmpfile(void)
{
	return open_tmp(0);
}

FILE *tmpfile64(void)
{
	return open_tmp(1);
}

FILE *fdopen(int fd, const char *mode)
{
	VT_REAL(FILE *, fdopen, (int, const char *));
	const char *path = NULL; /* the recorder reads it from the descriptor */
	vt_pos_forget(fd);       /* stdio moves its position out of sight now */
	FOPEN_BODY(VD_TL_FDOPEN, real_fdopen(fd, mode));
}

/* remove(path): unlink or rmdir by path */
int remove(const char *path)
{
	VT_REAL(int, remove, (const char *));
	vt_call c;
	int on = vt_begin(&c, VD_TL_REMOVE);
	int r = real_remove(path);
	if (on)
		vt_end(&c, -1, -1, 0, 0, r < 0 ? errno : 0, path);
	return r;
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

#define RW_BODY(callid, realcall)                                                 \
	vt_call c;                                                                \
	int on = vt_begin(&c, callid);                                            \
	int64_t off = on ? pos_of(f) : -1;                                        \
	if (on)                                                                   \
		vt_restart(&c);                                                   \
	size_t r = realcall;                                                      \
	if (on) {                                                                 \
		c.fd = fd_of(f);                                                  \
		vt_end(&c, H(f), off, (int64_t)(size * n), (int64_t)(size * r),   \
		       r < n ? (r == 0 || ferror(f) ? end_err(f) : 0) : 0, NULL); \
	}                                                                         \
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

size_t __fread_unlocked_chk(void *p, size_t plen, size_t size, size_t n, FILE *f)
{
	VT_REAL(size_t, __fread_unlocked_chk, (void *, size_t, size_t, size_t, FILE *));
	RW_BODY(VD_TL_FREAD_UNLOCKED, real___fread_unlocked_chk(p, plen, size, n, f));
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

int __vprintf_chk(int flag, const char *fmt, va_list ap)
{
	return vformat(VD_TL_VPRINTF, stdout, flag, fmt, ap);
}

static int puts_common(int callid, const char *s, FILE *f, int unlocked)
{
	VT_REAL(int, fputs, (const char *, FILE *));
	VT_REAL(int, fputs_unlocked, (const char *, FILE *));
	vt_call c;
	int on = vt_begin(&c, callid);
	int64_t off = on ? pos_of(f) : -1;
	if (on)
		vt_restart(&c);
	int r = unlocked ? real_fputs_unlocked(s, f) : real_fputs(s, f);
	if (on) {
		int64_t n = (int64_t)strlen(s);
		c.fd = fd_of(f);
		vt_end(&c, H(f), off, n, r == EOF ? 0 : n, r == EOF ? errno : 0, NULL);
	}
	return r;
}

/* dprintf, vdprintf: formatted output to a descriptor, which glibc writes
 * with its own write(2) (unseen): a stdio-layer call whose handle is
 * unknown (-1: no FILE) and whose fd is the descriptor, at the
 * descriptor's position, which it moves. */
static int dformat(int callid, int fd, int chk, const char *fmt, va_list ap)
{
	VT_REAL(int, vdprintf, (int, const char *, va_list));
	VT_REAL(int, __vdprintf_chk, (int, int, const char *, va_list));
	VT_REAL(off_t, lseek, (int, off_t, int));
	vt_call c;
	int on = vt_begin(&c, callid);
	int r = chk >= 0 && real___vdprintf_chk ? real___vdprintf_chk(fd, chk, fmt, ap)
						: real_vdprintf(fd, fmt, ap);
	int64_t n = r > 0 ? r : 0;
	/* moved whether recorded or not */
	int64_t off = vt_pos_advance(fd, n);
	if (on) {
		int saved = errno, e = r < 0 ? errno : 0;
		if (off == -2) {
			off_t p = real_lseek ? real_lseek(fd, 0, SEEK_CUR) : -1;
			off = p < 0 ? -1 : (int64_t)p - n;
		}
		c.fd = fd;
		errno = saved;
		vt_end(&c, -1, off, n, n, e, NULL);
	}
	return r;
}

int vdprintf(int fd, const char *fmt, va_list ap)
{
	return dformat(VD_TL_VDPRINTF, fd, -1, fmt, ap);
}

int __vdprintf_chk(int fd, int flag, const char *fmt, va_list ap)
{
	return dformat(VD_TL_VDPRINTF, fd, flag, fmt, ap);
}

int dprintf(int fd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = dformat(VD_TL_DPRINTF, fd, -1, fmt, ap);
	va_end(ap);
	return r;
}

int __dprintf_chk(int fd, int flag, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = dformat(VD_TL_DPRINTF, fd, flag, fmt, ap);
	va_end(ap);
	return r;
}

int fputs(const char *s, FILE *f)
{
	return puts_common(VD_TL_FPUTS, s, f, 0);
}

int fputs_unlocked(const char *s, FILE *f)
{
	return puts_common(VD_TL_FPUTS_UNLOCKED, s, f, 1);
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
		       r ? 0 : end_err(f), NULL);
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

static char *call_fgets_unlocked(char *s, int size, FILE *f, size_t cap)
{
	VT_REAL(char *, fgets_unlocked, (char *, int, FILE *));
	return real_fgets_unlocked(s, size, f);
}

static char *call_fgets_unlocked_chk(char *s, int size, FILE *f, size_t cap)
{
	VT_REAL(char *, __fgets_unlocked_chk, (char *, size_t, int, FILE *));
	return real___fgets_unlocked_chk(s, cap, size, f);
}

char *fgets(char *s, int size, FILE *f)
{
	return gets_common(VD_TL_FGETS, s, size, f, call_fgets, 0);
}

char *__fgets_chk(char *s, size_t cap, int size, FILE *f)
{
	return gets_common(VD_TL_FGETS, s, size, f, call_fgets_chk, cap);
}

char *fgets_unlocked(char *s, int size, FILE *f)
{
	return gets_common(VD_TL_FGETS_UNLOCKED, s, size, f, call_fgets_unlocked, 0);
}

char *__fgets_unlocked_chk(char *s, size_t cap, int size, FILE *f)
{
	return gets_common(VD_TL_FGETS_UNLOCKED, s, size, f, call_fgets_unlocked_chk, cap);
}

/* getline, getdelim: bytes are the length returned (the delimiter
 * included); -1 at the end of the data is VD_TL_ERR_EOF.  glibc's inline
 * getline (-O1 and up) calls __getdelim with '\n': recorded as getline. */
static ssize_t delim_common(int callid, char **line, size_t *n, int delim, FILE *f, int which)
{
	VT_REAL(ssize_t, getline, (char **, size_t *, FILE *));
	VT_REAL(ssize_t, getdelim, (char **, size_t *, int, FILE *));
	VT_REAL(ssize_t, __getdelim, (char **, size_t *, int, FILE *));
	vt_call c;
	int on = vt_begin(&c, callid);
	int64_t off = on ? pos_of(f) : -1;
	if (on)
		vt_restart(&c);
	ssize_t r = which == 0   ? real_getline(line, n, f)
		    : which == 1 ? real_getdelim(line, n, delim, f)
				 : real___getdelim(line, n, delim, f);
	if (on) {
		c.fd = fd_of(f);
		vt_end(&c, H(f), off, r < 0 ? 0 : r, r < 0 ? 0 : r, r < 0 ? end_err(f) : 0, NULL);
	}
	return r;
}

ssize_t getline(char **line, size_t *n, FILE *f)
{
	return delim_common(VD_TL_GETLINE, line, n, '\n', f, 0);
}

ssize_t getdelim(char **line, size_t *n, int delim, FILE *f)
{
	return delim_common(VD_TL_GETDELIM, line, n, delim, f, 1);
}

ssize_t __getdelim(char **line, size_t *n, int delim, FILE *f)
{
	return delim_common(delim == '\n' ? VD_TL_GETLINE : VD_TL_GETDELIM, line, n, delim, f, 2);
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
		vt_end(&c, H(f), off, n, n, r == EOF ? end_err(f) : 0, NULL);
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

/* the plain names, as plain_fscanf's */
int plain_vfscanf(FILE *f, const char *fmt, va_list ap) __asm__("vfscanf");
int plain_vfscanf(FILE *f, const char *fmt, va_list ap)
{
	return scan_common(VD_TL_VFSCANF, f, fmt, ap, 0);
}

int __isoc99_vfscanf(FILE *f, const char *fmt, va_list ap)
{
	return scan_common(VD_TL_VFSCANF, f, fmt, ap, 1);
}

int plain_scanf(const char *fmt, ...) __asm__("scanf");
int plain_scanf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = scan_common(VD_TL_SCANF, stdin, fmt, ap, 0);
	va_end(ap);
	return r;
}

int __isoc99_scanf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = scan_common(VD_TL_SCANF, stdin, fmt, ap, 1);
	va_end(ap);
	return r;
}

int plain_vscanf(const char *fmt, va_list ap) __asm__("vscanf");
int plain_vscanf(const char *fmt, va_list ap)
{
	return scan_common(VD_TL_VSCANF, stdin, fmt, ap, 0);
}

int __isoc99_vscanf(const char *fmt, va_list ap)
{
	return scan_common(VD_TL_VSCANF, stdin, fmt, ap, 1);
}

/* ---- characters and words ---- */

/* `rd`: a read (EOF is the end of the data unless ferror) or a write (EOF
 * is an error); `n` the bytes one call moves */
#define CHAR_BODY(callid, realcall, rd, n)                                                   \
	vt_call c;                                                                           \
	int on = vt_begin(&c, callid);                                                       \
	int64_t off = on ? pos_of(f) : -1;                                                   \
	if (on)                                                                              \
		vt_restart(&c);                                                              \
	int r = realcall;                                                                    \
	if (on) {                                                                            \
		int bad = r == EOF && (!(rd) || feof(f) || ferror(f));                       \
		c.fd = fd_of(f);                                                             \
		vt_end(&c, H(f), off, n, bad ? 0 : n, bad ? ((rd) ? end_err(f) : errno) : 0, \
		       NULL);                                                                \
	}                                                                                    \
	return r

#define GETC_BODY(callid, realcall) CHAR_BODY(callid, realcall, 1, 1)
#define PUTC_BODY(callid, realcall) CHAR_BODY(callid, realcall, 0, 1)

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

int _IO_getc(FILE *f)
{
	VT_REAL(int, _IO_getc, (FILE *));
	GETC_BODY(VD_TL_GETC, real__IO_getc(f));
}

int fgetc_unlocked(FILE *f)
{
	VT_REAL(int, fgetc_unlocked, (FILE *));
	GETC_BODY(VD_TL_FGETC_UNLOCKED, real_fgetc_unlocked(f));
}

int getc_unlocked(FILE *f)
{
	VT_REAL(int, getc_unlocked, (FILE *));
	GETC_BODY(VD_TL_GETC_UNLOCKED, real_getc_unlocked(f));
}

int getchar(void)
{
	VT_REAL(int, getchar, (void));
	FILE *f = stdin;
	GETC_BODY(VD_TL_GETCHAR, real_getchar());
}

int getchar_unlocked(void)
{
	VT_REAL(int, getchar_unlocked, (void));
	FILE *f = stdin;
	GETC_BODY(VD_TL_GETCHAR_UNLOCKED, real_getchar_unlocked());
}

int fputc(int ch, FILE *f)
{
	VT_REAL(int, fputc, (int, FILE *));
	PUTC_BODY(VD_TL_FPUTC, real_fputc(ch, f));
}

int putc(int ch, FILE *f)
{
	VT_REAL(int, putc, (int, FILE *));
	PUTC_BODY(VD_TL_PUTC, real_putc(ch, f));
}

int _IO_putc(int ch, FILE *f)
{
	VT_REAL(int, _IO_putc, (int, FILE *));
	PUTC_BODY(VD_TL_PUTC, real__IO_putc(ch, f));
}

int fputc_unlocked(int ch, FILE *f)
{
	VT_REAL(int, fputc_unlocked, (int, FILE *));
	PUTC_BODY(VD_TL_FPUTC_UNLOCKED, real_fputc_unlocked(ch, f));
}

int putc_unlocked(int ch, FILE *f)
{
	VT_REAL(int, putc_unlocked, (int, FILE *));
	PUTC_BODY(VD_TL_PUTC_UNLOCKED, real_putc_unlocked(ch, f));
}

int putchar(int ch)
{
	VT_REAL(int, putchar, (int));
	FILE *f = stdout;
	PUTC_BODY(VD_TL_PUTCHAR, real_putchar(ch));
}

int putchar_unlocked(int ch)
{
	VT_REAL(int, putchar_unlocked, (int));
	FILE *f = stdout;
	PUTC_BODY(VD_TL_PUTCHAR_UNLOCKED, real_putchar_unlocked(ch));
}

/* getw returns EOF for the word -1 too: the end of the data is feof */
int getw(FILE *f)
{
	VT_REAL(int, getw, (FILE *));
	CHAR_BODY(VD_TL_GETW, real_getw(f), 1, (int64_t)sizeof(int));
}

/* putw returns 0, or EOF on an error */
int putw(int w, FILE *f)
{
	VT_REAL(int, putw, (int, FILE *));
	CHAR_BODY(VD_TL_PUTW, real_putw(w, f) ? EOF : 0, 0, (int64_t)sizeof(int));
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

int fseeko64(FILE *f, off64_t off, int whence)
{
	VT_REAL(int, fseeko64, (FILE *, off64_t, int));
	POS_BODY(VD_TL_FSEEKO64, int, real_fseeko64(f, off, whence), r != 0);
}

int fsetpos(FILE *f, const fpos_t *pos)
{
	VT_REAL(int, fsetpos, (FILE *, const fpos_t *));
	POS_BODY(VD_TL_FSETPOS, int, real_fsetpos(f, pos), r != 0);
}

int fsetpos64(FILE *f, const fpos64_t *pos)
{
	VT_REAL(int, fsetpos64, (FILE *, const fpos64_t *));
	POS_BODY(VD_TL_FSETPOS64, int, real_fsetpos64(f, pos), r != 0);
}

/* pushes a character back: the position moves back by one, no transfer */
int ungetc(int ch, FILE *f)
{
	VT_REAL(int, ungetc, (int, FILE *));
	POS_BODY(VD_TL_UNGETC, int, real_ungetc(ch, f), r == EOF);
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

static int flush_common(int callid, FILE *f)
{
	VT_REAL(int, fflush, (FILE *));
	VT_REAL(int, fflush_unlocked, (FILE *));
	vt_call c;
	int on = vt_begin(&c, callid);
	int r = callid == VD_TL_FFLUSH ? real_fflush(f) : real_fflush_unlocked(f);
	if (on) {
		c.fd = fd_of(f);
		vt_end(&c, f ? H(f) : -1, -1, 0, 0, r == EOF ? errno : 0, NULL);
	}
	return r;
}

int fflush(FILE *f)
{
	return flush_common(VD_TL_FFLUSH, f);
}

int fflush_unlocked(FILE *f)
{
	return flush_common(VD_TL_FFLUSH_UNLOCKED, f);
}
