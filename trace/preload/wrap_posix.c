/*
 * wrap_posix.c - POSIX I/O calls the traced program makes through its PLT
 * (also those made by libraries above it: HDF5's sec2 driver, OpenMPI's
 * OMPIO), and the sleep calls a sample signal must not cut short.
 *
 * Calls that glibc makes internally (fwrite's write(2), fopen's open(2))
 * do not go through the PLT and are not seen: the stdio layer records the
 * application's stdio calls instead.  The offset of read/write/readv/writev
 * is the descriptor's position before the call (lseek(fd, 0, SEEK_CUR),
 * -1 on pipes and terminals).  The _FORTIFY_SOURCE forms (__read_chk...)
 * are recorded under the plain name.
 */
#define _GNU_SOURCE
#include <aio.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "recorder.h"
#include "recorder_int.h"

static off_t cur_pos(int fd)
{
	VT_REAL(off_t, lseek, (int, off_t, int));
	return real_lseek ? real_lseek(fd, 0, SEEK_CUR) : -1;
}

static int64_t iov_bytes(const struct iovec *iov, int n)
{
	int64_t b = 0;
	for (int i = 0; iov && i < n; i++)
		b += (int64_t)iov[i].iov_len;
	return b;
}

/* ---- open / close ---- */

static int needs_mode(int flags)
{
	return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE;
}

/* the optional third argument of open(), read only when flags say it is there */
#define OPEN_MODE(mode, flags)                  \
	mode_t mode = 0;                        \
	if (needs_mode(flags)) {                \
		va_list ap;                     \
		va_start(ap, flags);            \
		mode = (mode_t)va_arg(ap, int); \
		va_end(ap);                     \
	}

/* the path is made absolute after the call (relative to dirfd for the
 * *at forms), so that a file opened as "a.dat" and as "/dir/a.dat" is one */
#define OPEN_BODY_AT(callid, dirfd, flags, realcall)                \
	vt_call c;                                                  \
	int on = vt_begin(&c, callid);                              \
	int fd = realcall;                                          \
	if (fd >= 0)                                                \
		vt_pos_open(fd, !((flags)&O_APPEND));               \
	if (on) {                                                   \
		int e = fd < 0 ? errno : 0;                         \
		char abs_[VD_TL_PATHMAX];                           \
		c.fd = fd;                                          \
		vt_abs_path(dirfd, path, abs_, sizeof abs_);        \
		vt_end(&c, fd, -1, 0, 0, e, abs_[0] ? abs_ : path); \
	}                                                           \
	return fd
#define OPEN_BODY(callid, flags, realcall) OPEN_BODY_AT(callid, AT_FDCWD, flags, realcall)

int open(const char *path, int flags, ...)
{
	VT_REAL(int, open, (const char *, int, ...));
	OPEN_MODE(mode, flags)
	OPEN_BODY(VD_TL_OPEN, flags, real_open(path, flags, mode));
}

int open64(const char *path, int flags, ...)
{
	VT_REAL(int, open64, (const char *, int, ...));
	OPEN_MODE(mode, flags)
	OPEN_BODY(VD_TL_OPEN64, flags, real_open64(path, flags, mode));
}

int openat(int dirfd, const char *path, int flags, ...)
{
	VT_REAL(int, openat, (int, const char *, int, ...));
	OPEN_MODE(mode, flags)
	OPEN_BODY_AT(VD_TL_OPENAT, dirfd, flags, real_openat(dirfd, path, flags, mode));
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	VT_REAL(int, openat64, (int, const char *, int, ...));
	OPEN_MODE(mode, flags)
	OPEN_BODY_AT(VD_TL_OPENAT64, dirfd, flags, real_openat64(dirfd, path, flags, mode));
}

int creat(const char *path, mode_t mode)
{
	VT_REAL(int, creat, (const char *, mode_t));
	OPEN_BODY(VD_TL_CREAT, 0, real_creat(path, mode));
}

int close(int fd)
{
	VT_REAL(int, close, (int));
	vt_call c;
	int on = vt_begin(&c, VD_TL_CLOSE);
	vt_pos_forget(fd);
	int r = real_close(fd);
	if (on) {
		int e = r < 0 ? errno : 0;
		c.fd = fd;
		vt_end(&c, fd, -1, 0, 0, e, NULL);
	}
	return r;
}

/* not recorded: their descriptors' numbers may come back from opens the
 * recorder does not see (fopen's), so their positions are forgotten */
int close_range(unsigned int lo, unsigned int hi, int flags)
{
	VT_REAL(int, close_range, (unsigned int, unsigned int, int));
	if (!real_close_range) {
		errno = ENOSYS;
		return -1;
	}
	int r = real_close_range(lo, hi, flags);
	if (r == 0)
		vt_pos_forget_range(lo, hi);
	return r;
}

void closefrom(int lo)
{
	VT_REAL(void, closefrom, (int));
	if (real_closefrom)
		real_closefrom(lo);
	else if (lo >= 0)
		syscall(SYS_close_range, (unsigned)lo, ~0u, 0);
	if (lo >= 0)
		vt_pos_forget_range((unsigned)lo, ~0u);
}

/* ---- dup: the new descriptor takes the file of the old ---- */

/* Records the call with the new descriptor, the old one (in the offset
 * field: the new one refers to the old one's file) and the file's
 * path, so that later calls on it are charged to that file, not to the one
 * the number had before (dup2 and dup3 close it silently). */
#define DUP_BODY(callid, old, realcall)                                \
	vt_call c;                                                     \
	int on = vt_begin(&c, callid);                                 \
	int r = realcall;                                              \
	if (r >= 0) { /* one file description, two numbers */          \
		vt_pos_forget(old);                                    \
		vt_pos_forget(r);                                      \
	}                                                              \
	if (on) {                                                      \
		int e = r < 0 ? errno : 0;                             \
		char p_[VD_TL_PATHMAX + 1];                            \
		size_t n_ = r >= 0 ? vt_fd_path(r, p_, sizeof p_) : 0; \
		c.fd = r;                                              \
		vt_end(&c, r, (old), 0, 0, e, n_ ? p_ : NULL);         \
	}                                                              \
	return r

int dup(int old)
{
	VT_REAL(int, dup, (int));
	DUP_BODY(VD_TL_DUP, old, real_dup(old));
}

int dup2(int old, int new)
{
	VT_REAL(int, dup2, (int, int));
	DUP_BODY(VD_TL_DUP2, old, real_dup2(old, new));
}

int dup3(int old, int new, int flags)
{
	VT_REAL(int, dup3, (int, int, int));
	DUP_BODY(VD_TL_DUP3, old, real_dup3(old, new, flags));
}

/* fcntl: only F_DUPFD and F_DUPFD_CLOEXEC are recorded; the argument is
 * passed on as glibc reads it (a pointer-sized value) */
#define FCNTL_BODY(realfn)                                \
	va_list ap;                                       \
	va_start(ap, cmd);                                \
	void *arg = va_arg(ap, void *);                   \
	va_end(ap);                                       \
	if (!realfn) {                                    \
		errno = ENOSYS;                           \
		return -1;                                \
	}                                                 \
	if (cmd == F_SETFL) /* O_APPEND may come or go */ \
		vt_pos_forget(fd);                        \
	if (cmd != F_DUPFD && cmd != F_DUPFD_CLOEXEC)     \
		return realfn(fd, cmd, arg);              \
	DUP_BODY(VD_TL_FCNTL_DUPFD, fd, realfn(fd, cmd, arg))

int fcntl(int fd, int cmd, ...)
{
	VT_REAL(int, fcntl, (int, int, ...));
	FCNTL_BODY(real_fcntl);
}

int fcntl64(int fd, int cmd, ...)
{
	VT_REAL(int, fcntl64, (int, int, ...));
	FCNTL_BODY(real_fcntl64);
}

/* ---- data ---- */

#define DATA_BODY(callid, ret_t, realcall, off, req)                                 \
	vt_call c;                                                                   \
	int on = vt_begin(&c, callid);                                               \
	int64_t o_ = on ? (int64_t)(off) : -1;                                       \
	ret_t r = realcall;                                                          \
	if (on) {                                                                    \
		int e = r < 0 ? errno : 0;                                           \
		c.fd = fd;                                                           \
		vt_end(&c, fd, o_, (int64_t)(req), r < 0 ? 0 : (int64_t)r, e, NULL); \
	}                                                                            \
	return r

/*
 * Calls at the descriptor's current position: the offset is taken after
 * the call, as the position minus the bytes moved, so that a write on an
 * O_APPEND descriptor has the end-of-file offset it wrote at (the
 * position before the call says nothing about it), and the position query
 * stays out of the call's time.  -1 on pipes, sockets and terminals.
 */
#define POS_BODY(callid, realcall, req)                                              \
	vt_call c;                                                                   \
	int on = vt_begin(&c, callid);                                               \
	ssize_t r = realcall;                                                        \
	/* moved whether recorded or not (a quiet region's calls too) */             \
	int64_t o_ = vt_pos_advance(fd, r > 0 ? (int64_t)r : 0);                     \
	if (on) {                                                                    \
		int saved_ = errno, e = r < 0 ? errno : 0;                           \
		if (o_ == -2) {                                                      \
			off_t p_ = cur_pos(fd);                                      \
			o_ = p_ < 0 ? -1 : (int64_t)p_ - (r > 0 ? (int64_t)r : 0);   \
		}                                                                    \
		c.fd = fd;                                                           \
		errno = saved_;                                                      \
		vt_end(&c, fd, o_, (int64_t)(req), r < 0 ? 0 : (int64_t)r, e, NULL); \
	}                                                                            \
	return r

ssize_t read(int fd, void *buf, size_t n)
{
	VT_REAL(ssize_t, read, (int, void *, size_t));
	POS_BODY(VD_TL_READ, real_read(fd, buf, n), n);
}

ssize_t write(int fd, const void *buf, size_t n)
{
	VT_REAL(ssize_t, write, (int, const void *, size_t));
	POS_BODY(VD_TL_WRITE, real_write(fd, buf, n), n);
}

ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
	VT_REAL(ssize_t, pread, (int, void *, size_t, off_t));
	DATA_BODY(VD_TL_PREAD, ssize_t, real_pread(fd, buf, n, off), off, n);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
	VT_REAL(ssize_t, pwrite, (int, const void *, size_t, off_t));
	DATA_BODY(VD_TL_PWRITE, ssize_t, real_pwrite(fd, buf, n, off), off, n);
}

ssize_t pread64(int fd, void *buf, size_t n, off64_t off)
{
	VT_REAL(ssize_t, pread64, (int, void *, size_t, off64_t));
	DATA_BODY(VD_TL_PREAD64, ssize_t, real_pread64(fd, buf, n, off), off, n);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t off)
{
	VT_REAL(ssize_t, pwrite64, (int, const void *, size_t, off64_t));
	DATA_BODY(VD_TL_PWRITE64, ssize_t, real_pwrite64(fd, buf, n, off), off, n);
}

ssize_t readv(int fd, const struct iovec *iov, int cnt)
{
	VT_REAL(ssize_t, readv, (int, const struct iovec *, int));
	POS_BODY(VD_TL_READV, real_readv(fd, iov, cnt), iov_bytes(iov, cnt));
}

ssize_t writev(int fd, const struct iovec *iov, int cnt)
{
	VT_REAL(ssize_t, writev, (int, const struct iovec *, int));
	POS_BODY(VD_TL_WRITEV, real_writev(fd, iov, cnt), iov_bytes(iov, cnt));
}

ssize_t preadv(int fd, const struct iovec *iov, int cnt, off_t off)
{
	VT_REAL(ssize_t, preadv, (int, const struct iovec *, int, off_t));
	DATA_BODY(VD_TL_PREADV, ssize_t, real_preadv(fd, iov, cnt, off), off, iov_bytes(iov, cnt));
}

ssize_t pwritev(int fd, const struct iovec *iov, int cnt, off_t off)
{
	VT_REAL(ssize_t, pwritev, (int, const struct iovec *, int, off_t));
	DATA_BODY(VD_TL_PWRITEV, ssize_t, real_pwritev(fd, iov, cnt, off), off,
		  iov_bytes(iov, cnt));
}

/* the *64 names glibc exports on 64-bit systems as aliases, which a
 * library built with _FILE_OFFSET_BITS=64 calls by that name */
ssize_t preadv64(int fd, const struct iovec *iov, int cnt, off64_t off)
{
	VT_REAL(ssize_t, preadv64, (int, const struct iovec *, int, off64_t));
	DATA_BODY(VD_TL_PREADV, ssize_t, real_preadv64(fd, iov, cnt, off), off,
		  iov_bytes(iov, cnt));
}

ssize_t pwritev64(int fd, const struct iovec *iov, int cnt, off64_t off)
{
	VT_REAL(ssize_t, pwritev64, (int, const struct iovec *, int, off64_t));
	DATA_BODY(VD_TL_PWRITEV, ssize_t, real_pwritev64(fd, iov, cnt, off), off,
		  iov_bytes(iov, cnt));
}

ssize_t __read_chk(int fd, void *buf, size_t n, size_t buflen)
{
	VT_REAL(ssize_t, __read_chk, (int, void *, size_t, size_t));
	POS_BODY(VD_TL_READ, real___read_chk(fd, buf, n, buflen), n);
}

ssize_t __pread_chk(int fd, void *buf, size_t n, off_t off, size_t buflen)
{
	VT_REAL(ssize_t, __pread_chk, (int, void *, size_t, off_t, size_t));
	DATA_BODY(VD_TL_PREAD, ssize_t, real___pread_chk(fd, buf, n, off, buflen), off, n);
}

ssize_t __pread64_chk(int fd, void *buf, size_t n, off64_t off, size_t buflen)
{
	VT_REAL(ssize_t, __pread64_chk, (int, void *, size_t, off64_t, size_t));
	DATA_BODY(VD_TL_PREAD64, ssize_t, real___pread64_chk(fd, buf, n, off, buflen), off, n);
}

/* Not recorded, but preadv2/pwritev2 with offset -1 move the position out
 * of the tracker's sight: it stops tracking that descriptor. */
ssize_t preadv2(int fd, const struct iovec *iov, int cnt, off_t off, int flags)
{
	VT_REAL(ssize_t, preadv2, (int, const struct iovec *, int, off_t, int));
	if (!real_preadv2) {
		errno = ENOSYS;
		return -1;
	}
	if (off == -1)
		vt_pos_forget(fd);
	return real_preadv2(fd, iov, cnt, off, flags);
}

ssize_t pwritev2(int fd, const struct iovec *iov, int cnt, off_t off, int flags)
{
	VT_REAL(ssize_t, pwritev2, (int, const struct iovec *, int, off_t, int));
	if (!real_pwritev2) {
		errno = ENOSYS;
		return -1;
	}
	if (off == -1)
		vt_pos_forget(fd);
	return real_pwritev2(fd, iov, cnt, off, flags);
}

/* ---- copies between descriptors: two records, the read side (the call
 * the application made) and the write side as its child, so the call's
 * time counts once and each file gets its bytes ---- */

/* the offset a copy used on one side: *off before the call when given,
 * else the descriptor's position after it minus the bytes moved */
static int64_t copy_off(int fd, int64_t before, ssize_t r)
{
	if (before >= 0)
		return before;
	off_t p = cur_pos(fd);
	vt_pos_set(fd, p);
	return p < 0 ? -1 : (int64_t)p - (r > 0 ? (int64_t)r : 0);
}

#define COPY_BODY(idin, idout, fdin, offin, fdout, offout, len, realcall)          \
	int64_t bi_ = (offin) ? (int64_t) * (offin) : -1;                          \
	int64_t bo_ = (offout) ? (int64_t) * (offout) : -1;                        \
	vt_call ci, co;                                                            \
	int on = vt_begin(&ci, idin);                                              \
	int on2 = on && vt_begin(&co, idout);                                      \
	ssize_t r = realcall;                                                      \
	if (!on) { /* positions moved out of sight */                              \
		if (!(offin))                                                      \
			vt_pos_forget(fdin);                                       \
		vt_pos_forget(fdout);                                              \
	}                                                                          \
	if (on) {                                                                  \
		int saved_ = errno, e = r < 0 ? errno : 0;                         \
		int64_t n_ = r < 0 ? 0 : (int64_t)r;                               \
		int64_t oi = copy_off(fdin, bi_, r), oo = copy_off(fdout, bo_, r); \
		if (on2) {                                                         \
			co.fd = fdout;                                             \
			vt_end(&co, fdout, oo, (int64_t)(len), n_, e, NULL);       \
		}                                                                  \
		ci.fd = fdin;                                                      \
		errno = saved_;                                                    \
		vt_end(&ci, fdin, oi, (int64_t)(len), n_, e, NULL);                \
	}                                                                          \
	return r

ssize_t copy_file_range(int fdin, off64_t *offin, int fdout, off64_t *offout, size_t len,
			unsigned int flags)
{
	VT_REAL(ssize_t, copy_file_range, (int, off64_t *, int, off64_t *, size_t, unsigned int));
	if (!real_copy_file_range) {
		errno = ENOSYS;
		return -1;
	}
	COPY_BODY(VD_TL_COPY_FILE_RANGE_IN, VD_TL_COPY_FILE_RANGE_OUT, fdin, offin, fdout, offout,
		  len, real_copy_file_range(fdin, offin, fdout, offout, len, flags));
}

ssize_t splice(int fdin, loff_t *offin, int fdout, loff_t *offout, size_t len, unsigned int flags)
{
	VT_REAL(ssize_t, splice, (int, loff_t *, int, loff_t *, size_t, unsigned int));
	if (!real_splice) {
		errno = ENOSYS;
		return -1;
	}
	COPY_BODY(VD_TL_SPLICE_IN, VD_TL_SPLICE_OUT, fdin, offin, fdout, offout, len,
		  real_splice(fdin, offin, fdout, offout, len, flags));
}

ssize_t sendfile(int fdout, int fdin, off_t *off, size_t len)
{
	VT_REAL(ssize_t, sendfile, (int, int, off_t *, size_t));
	if (!real_sendfile) {
		errno = ENOSYS;
		return -1;
	}
	off_t *none = NULL;
	COPY_BODY(VD_TL_SENDFILE_IN, VD_TL_SENDFILE_OUT, fdin, off, fdout, none, len,
		  real_sendfile(fdout, fdin, off, len));
}

ssize_t sendfile64(int fdout, int fdin, off64_t *off, size_t len)
{
	VT_REAL(ssize_t, sendfile64, (int, int, off64_t *, size_t));
	if (!real_sendfile64) {
		errno = ENOSYS;
		return -1;
	}
	off64_t *none = NULL;
	COPY_BODY(VD_TL_SENDFILE_IN, VD_TL_SENDFILE_OUT, fdin, off, fdout, none, len,
		  real_sendfile64(fdout, fdin, off, len));
}

/* ---- seek, sync, metadata ---- */

#define FD_BODY(callid, ret_t, realcall, off)                  \
	vt_call c;                                             \
	int on = vt_begin(&c, callid);                         \
	ret_t r = realcall;                                    \
	if (on) {                                              \
		int e = r < 0 ? errno : 0;                     \
		c.fd = fd;                                     \
		vt_end(&c, fd, (int64_t)(off), 0, 0, e, NULL); \
	}                                                      \
	return r

/* the position the kernel reports is the tracked one from now on */
#define LSEEK_BODY(callid, ret_t, realcall)                \
	vt_call c;                                         \
	int on = vt_begin(&c, callid);                     \
	ret_t r = realcall;                                \
	vt_pos_set(fd, (int64_t)r);                        \
	if (on) {                                          \
		int e = r < 0 ? errno : 0;                 \
		c.fd = fd;                                 \
		vt_end(&c, fd, (int64_t)r, 0, 0, e, NULL); \
	}                                                  \
	return r

off_t lseek(int fd, off_t off, int whence)
{
	VT_REAL(off_t, lseek, (int, off_t, int));
	LSEEK_BODY(VD_TL_LSEEK, off_t, real_lseek(fd, off, whence));
}

off64_t lseek64(int fd, off64_t off, int whence)
{
	VT_REAL(off64_t, lseek64, (int, off64_t, int));
	LSEEK_BODY(VD_TL_LSEEK64, off64_t, real_lseek64(fd, off, whence));
}

int fsync(int fd)
{
	VT_REAL(int, fsync, (int));
	FD_BODY(VD_TL_FSYNC, int, real_fsync(fd), -1);
}

int fdatasync(int fd)
{
	VT_REAL(int, fdatasync, (int));
	FD_BODY(VD_TL_FDATASYNC, int, real_fdatasync(fd), -1);
}

int sync_file_range(int fd, off64_t off, off64_t n, unsigned int flags)
{
	VT_REAL(int, sync_file_range, (int, off64_t, off64_t, unsigned int));
	FD_BODY(VD_TL_SYNC_FILE_RANGE, int, real_sync_file_range(fd, off, n, flags), off);
}

int ftruncate(int fd, off_t len)
{
	VT_REAL(int, ftruncate, (int, off_t));
	FD_BODY(VD_TL_FTRUNCATE, int, real_ftruncate(fd, len), len);
}

int ftruncate64(int fd, off64_t len)
{
	VT_REAL(int, ftruncate64, (int, off64_t));
	FD_BODY(VD_TL_FTRUNCATE, int, real_ftruncate64(fd, len), len);
}

int fstat(int fd, struct stat *st)
{
	VT_REAL(int, fstat, (int, struct stat *));
	FD_BODY(VD_TL_FSTAT, int, real_fstat(fd, st), -1);
}

/* posix_fadvise and posix_fallocate return the error number, not -1 */
#define ADVICE_BODY(callid, realcall)                        \
	vt_call c;                                           \
	int on = vt_begin(&c, callid);                       \
	int r = realcall;                                    \
	if (on) {                                            \
		c.fd = fd;                                   \
		vt_end(&c, fd, (int64_t)off, 0, 0, r, NULL); \
	}                                                    \
	return r

int posix_fadvise(int fd, off_t off, off_t len, int advice)
{
	VT_REAL(int, posix_fadvise, (int, off_t, off_t, int));
	ADVICE_BODY(VD_TL_POSIX_FADVISE, real_posix_fadvise(fd, off, len, advice));
}

int posix_fadvise64(int fd, off64_t off, off64_t len, int advice)
{
	VT_REAL(int, posix_fadvise64, (int, off64_t, off64_t, int));
	ADVICE_BODY(VD_TL_POSIX_FADVISE64, real_posix_fadvise64(fd, off, len, advice));
}

int posix_fallocate(int fd, off_t off, off_t len)
{
	VT_REAL(int, posix_fallocate, (int, off_t, off_t));
	ADVICE_BODY(VD_TL_POSIX_FALLOCATE, real_posix_fallocate(fd, off, len));
}

int posix_fallocate64(int fd, off64_t off, off64_t len)
{
	VT_REAL(int, posix_fallocate64, (int, off64_t, off64_t));
	ADVICE_BODY(VD_TL_POSIX_FALLOCATE64, real_posix_fallocate64(fd, off, len));
}

int fallocate(int fd, int mode, off_t off, off_t len)
{
	VT_REAL(int, fallocate, (int, int, off_t, off_t));
	FD_BODY(VD_TL_FALLOCATE, int, real_fallocate(fd, mode, off, len), off);
}

int fallocate64(int fd, int mode, off64_t off, off64_t len)
{
	VT_REAL(int, fallocate64, (int, int, off64_t, off64_t));
	FD_BODY(VD_TL_FALLOCATE64, int, real_fallocate64(fd, mode, off, len), off);
}

/* ---- file mappings ---- */

/*
 * mmap of a file and the munmap of such a mapping are recorded; anonymous
 * mappings (malloc's, thread stacks) are passed on untouched.  The real
 * calls are the system calls themselves: looking mmap up with dlsym may
 * allocate, and an allocator may call mmap, before anything is resolved.
 * The file mappings made are kept (address range and the address mmap
 * returned, which names the mapping in the trace) so that a munmap is
 * recorded only when it unmaps part of one; a table full (MAPS of them
 * at once) leaves the munmaps of later mappings unrecorded, their mmap is.
 */
#define MAPS 4096
static struct vt_map {
	uintptr_t base, lo, hi; /* hi 0: a free entry */
} maps[MAPS];
static atomic_flag maps_lock = ATOMIC_FLAG_INIT;
static atomic_int maps_live; /* a file was ever mapped (anonymous MAP_FIXED
			      * mappings then check the table) */

static void maps_take(void)
{
	while (atomic_flag_test_and_set_explicit(&maps_lock, memory_order_acquire))
		;
}

static void maps_give(void)
{
	atomic_flag_clear_explicit(&maps_lock, memory_order_release);
}

/* a free entry, or NULL (call with the lock held) */
static struct vt_map *maps_free_entry(void)
{
	for (size_t i = 0; i < MAPS; i++)
		if (!maps[i].hi)
			return &maps[i];
	return NULL;
}

/* The address of the file mapping [a, a + len) is part of, 0 when none.
 * When `cut` (unmapped, or mapped over), that range is taken off every
 * file mapping it overlaps: a hole inside one leaves its two ends. */
static uintptr_t maps_find(uintptr_t a, size_t len, int cut)
{
	uintptr_t base = 0, end = a + len;
	maps_take();
	for (size_t i = 0; i < MAPS; i++) {
		struct vt_map *m = &maps[i];
		if (!m->hi || end <= m->lo || a >= m->hi)
			continue;
		if (!base)
			base = m->base;
		if (!cut)
			break;
		if (a > m->lo && end < m->hi) { /* a hole: the part after it apart */
			struct vt_map *f = maps_free_entry();
			if (f)
				*f = (struct vt_map){ m->base, end, m->hi };
			m->hi = a;
		} else if (a <= m->lo && end >= m->hi) {
			m->hi = 0; /* all of it */
		} else if (a <= m->lo) {
			m->lo = end;
		} else {
			m->hi = a;
		}
	}
	maps_give();
	return base;
}

/* a new mapping at [base, base + len): what it replaced (MAP_FIXED) is no
 * file mapping's any more; kept when it is a file's (`file`) */
static void maps_add(uintptr_t base, size_t len, int file)
{
	maps_find(base, len, 1);
	if (!file)
		return;
	atomic_store_explicit(&maps_live, 1, memory_order_relaxed);
	maps_take();
	struct vt_map *f = maps_free_entry();
	if (f)
		*f = (struct vt_map){ base, base, base + len };
	maps_give();
}

static void *sys_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return (void *)syscall(SYS_mmap, addr, len, prot, flags, fd, off);
}

static void *mmap_body(int callid, void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	if ((flags & MAP_ANONYMOUS) || fd < 0) {
		void *r = sys_mmap(addr, len, prot, flags, fd, off);
		if ((flags & MAP_FIXED) && r != MAP_FAILED &&
		    atomic_load_explicit(&maps_live, memory_order_relaxed))
			maps_add((uintptr_t)r, len, 0); /* over a file's mapping */
		return r;
	}
	vt_call c;
	int on = vt_begin(&c, callid);
	void *r = sys_mmap(addr, len, prot, flags, fd, off);
	int e = r == MAP_FAILED ? errno : 0;
	if (r != MAP_FAILED)
		maps_add((uintptr_t)r, len, 1);
	if (on) {
		char p_[VD_TL_PATHMAX + 1];
		size_t n_ = vt_fd_path(fd, p_, sizeof p_);
		c.fd = fd;
		if (e) /* as the call left it, not as the path's lookup did */
			errno = e;
		vt_end(&c, r == MAP_FAILED ? -1 : (int64_t)(uintptr_t)r, (int64_t)off, (int64_t)len,
		       r == MAP_FAILED ? 0 : (int64_t)len, e, n_ ? p_ : NULL);
	}
	return r;
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return mmap_body(VD_TL_MMAP, addr, len, prot, flags, fd, off);
}

void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t off)
{
	return mmap_body(VD_TL_MMAP64, addr, len, prot, flags, fd, (off_t)off);
}

int munmap(void *addr, size_t len)
{
	uintptr_t base = maps_find((uintptr_t)addr, len, 1);
	if (!base)
		return (int)syscall(SYS_munmap, addr, len);
	vt_call c;
	int on = vt_begin(&c, VD_TL_MUNMAP);
	int r = (int)syscall(SYS_munmap, addr, len);
	if (on)
		vt_end(&c, (int64_t)base, -1, (int64_t)len, r < 0 ? 0 : (int64_t)len,
		       r < 0 ? errno : 0, NULL);
	return r;
}

/* named by the file mapping it syncs (handle: its address), if any */
int msync(void *addr, size_t len, int flags)
{
	VT_REAL(int, msync, (void *, size_t, int));
	uintptr_t base = maps_find((uintptr_t)addr, len, 0);
	vt_call c;
	int on = vt_begin(&c, VD_TL_MSYNC);
	int r = real_msync(addr, len, flags);
	if (on)
		vt_end(&c, base ? (int64_t)base : -1, -1, 0, 0, r < 0 ? errno : 0, NULL);
	return r;
}

#define PATH_BODY(callid, realcall)                                \
	vt_call c;                                                 \
	int on = vt_begin(&c, callid);                             \
	int r = realcall;                                          \
	if (on)                                                    \
		vt_end(&c, -1, -1, 0, 0, r < 0 ? errno : 0, path); \
	return r

int stat(const char *path, struct stat *st)
{
	VT_REAL(int, stat, (const char *, struct stat *));
	PATH_BODY(VD_TL_STAT, real_stat(path, st));
}

int lstat(const char *path, struct stat *st)
{
	VT_REAL(int, lstat, (const char *, struct stat *));
	PATH_BODY(VD_TL_LSTAT, real_lstat(path, st));
}

int unlink(const char *path)
{
	VT_REAL(int, unlink, (const char *));
	PATH_BODY(VD_TL_UNLINK, real_unlink(path));
}

int rmdir(const char *path)
{
	VT_REAL(int, rmdir, (const char *));
	PATH_BODY(VD_TL_RMDIR, real_rmdir(path));
}

int truncate(const char *path, off_t len)
{
	VT_REAL(int, truncate, (const char *, off_t));
	PATH_BODY(VD_TL_TRUNCATE, real_truncate(path, len));
}

int truncate64(const char *path, off64_t len)
{
	VT_REAL(int, truncate64, (const char *, off64_t));
	PATH_BODY(VD_TL_TRUNCATE64, real_truncate64(path, len));
}

/* opendir's path per open directory stream, so that readdir and closedir
 * name the directory (the stream's descriptor is opened inside libc, where
 * the recorder does not see it).  A fixed table: streams past it are
 * recorded without a path. */
#define DIR_SLOTS 64
static struct {
	DIR *d;
	char path[VD_TL_PATHMAX];
} dir_paths[DIR_SLOTS];
static pthread_mutex_t dir_lock = PTHREAD_MUTEX_INITIALIZER;

static void copy_path(char *out, const char *in, size_t n)
{
	size_t i = 0;
	for (; i + 1 < n && in[i]; i++)
		out[i] = in[i];
	out[i] = '\0';
}

static void dir_remember(DIR *d, const char *path)
{
	pthread_mutex_lock(&dir_lock);
	for (int i = 0; i < DIR_SLOTS; i++)
		if (!dir_paths[i].d) {
			dir_paths[i].d = d;
			copy_path(dir_paths[i].path, path, sizeof dir_paths[i].path);
			break;
		}
	pthread_mutex_unlock(&dir_lock);
}

/* the stream's path into out (1), or 0; `forget` frees its slot */
static int dir_path(DIR *d, char *out, size_t n, int forget)
{
	int found = 0;
	pthread_mutex_lock(&dir_lock);
	for (int i = 0; i < DIR_SLOTS && !found; i++)
		if (dir_paths[i].d == d) {
			copy_path(out, dir_paths[i].path, n);
			if (forget)
				dir_paths[i].d = NULL;
			found = 1;
		}
	pthread_mutex_unlock(&dir_lock);
	return found;
}

/* opendir: the directory by its path */
DIR *opendir(const char *path)
{
	VT_REAL(DIR *, opendir, (const char *));
	vt_call c;
	int on = vt_begin(&c, VD_TL_OPENDIR);
	int saved = errno;
	DIR *r = real_opendir(path);
	int e = r ? 0 : errno;
	if (r)
		dir_remember(r, path);
	if (on)
		vt_end(&c, -1, -1, 0, 0, e, path);
	errno = e ? e : saved;
	return r;
}

/* readdir: NULL with errno unchanged is the end of the directory, not an
 * error (the call is kept, as the catalog counts it) */
#define READDIR_BODY(callid, ret_t, realcall)                 \
	vt_call c;                                            \
	int on = vt_begin(&c, callid);                        \
	int saved = errno;                                    \
	errno = 0;                                            \
	ret_t r = realcall;                                   \
	int e = r ? 0 : errno;                                \
	if (on) {                                             \
		char p[VD_TL_PATHMAX];                        \
		int have = dir_path(d, p, sizeof p, 0);       \
		vt_end(&c, -1, -1, 0, 0, e, have ? p : NULL); \
	}                                                     \
	errno = e ? e : saved;                                \
	return r

struct dirent *readdir(DIR *d)
{
	VT_REAL(struct dirent *, readdir, (DIR *));
	READDIR_BODY(VD_TL_READDIR, struct dirent *, real_readdir(d));
}

struct dirent64 *readdir64(DIR *d)
{
	VT_REAL(struct dirent64 *, readdir64, (DIR *));
	READDIR_BODY(VD_TL_READDIR64, struct dirent64 *, real_readdir64(d));
}

int closedir(DIR *d)
{
	VT_REAL(int, closedir, (DIR *));
	vt_call c;
	int on = vt_begin(&c, VD_TL_CLOSEDIR);
	char p[VD_TL_PATHMAX];
	int have = dir_path(d, p, sizeof p, 1);
	int saved = errno;
	int r = real_closedir(d);
	int e = r < 0 ? errno : 0;
	if (on)
		vt_end(&c, -1, -1, 0, 0, e, have ? p : NULL);
	errno = e ? e : saved;
	return r;
}

int mkdir(const char *path, mode_t mode)
{
	VT_REAL(int, mkdir, (const char *, mode_t));
	PATH_BODY(VD_TL_MKDIR, real_mkdir(path, mode));
}

int access(const char *path, int mode)
{
	VT_REAL(int, access, (const char *, int));
	PATH_BODY(VD_TL_ACCESS, real_access(path, mode));
}

int rename(const char *oldpath, const char *newpath)
{
	VT_REAL(int, rename, (const char *, const char *));
	const char *path = newpath;
	PATH_BODY(VD_TL_RENAME, real_rename(oldpath, newpath));
}

/* ---- asynchronous I/O (POSIX aio): OpenMPI's OMPIO serves MPI_File_iwrite,
 * the split collectives and their kin with aio_write/aio_read, whose
 * transfers glibc's helper threads then make with its internal pwrite (not
 * seen).  The submission is recorded (bytes requested, offset aio_offset)
 * and its end, when aio_return reports it, completes the record. ---- */

static uintptr_t aio_key(const void *cb)
{
	return (uintptr_t)cb | 2u;
}

static void aio_started(vt_call *c, int r, int fd, int64_t off, int64_t n, const void *cb)
{
	int e = r < 0 ? errno : 0;
	c->fd = fd;
	vt_end(c, fd, off, n, r < 0 ? 0 : n, e, NULL);
	if (r == 0) {
		vt_pending p = { c->id, fd, n, c->call };
		vt_track(aio_key(cb), &p);
	}
}

#define AIO_BODY(callid, name, cb)                                \
	if (!real_##name) {                                       \
		errno = ENOSYS;                                   \
		return -1;                                        \
	}                                                         \
	int fd_ = cb->aio_fildes; /* glibc declares cb nonnull */ \
	int64_t off_ = (int64_t)cb->aio_offset;                   \
	int64_t n_ = (int64_t)cb->aio_nbytes;                     \
	vt_call c;                                                \
	int on = vt_begin(&c, callid);                            \
	int r = real_##name(cb);                                  \
	if (on)                                                   \
		aio_started(&c, r, fd_, off_, n_, cb);            \
	return r

int aio_read(struct aiocb *cb)
{
	VT_REAL(int, aio_read, (struct aiocb *));
	AIO_BODY(VD_TL_AIO_READ, aio_read, cb);
}

int aio_write(struct aiocb *cb)
{
	VT_REAL(int, aio_write, (struct aiocb *));
	AIO_BODY(VD_TL_AIO_WRITE, aio_write, cb);
}

int aio_read64(struct aiocb64 *cb)
{
	VT_REAL(int, aio_read64, (struct aiocb64 *));
	AIO_BODY(VD_TL_AIO_READ64, aio_read64, cb);
}

int aio_write64(struct aiocb64 *cb)
{
	VT_REAL(int, aio_write64, (struct aiocb64 *));
	AIO_BODY(VD_TL_AIO_WRITE64, aio_write64, cb);
}

/* not recorded itself: it ends the tracked submission's transfer */
#define AIO_RETURN_BODY(name, cb)                                            \
	if (!real_##name) {                                                  \
		errno = ENOSYS;                                              \
		return -1;                                                   \
	}                                                                    \
	vt_pending p;                                                        \
	int have = vt_tracked(aio_key(cb), &p, 1);                           \
	ssize_t r = real_##name(cb);                                         \
	if (have)                                                            \
		vt_done(p.id, 0, r < 0 ? 0 : (int64_t)r, r < 0 ? errno : 0); \
	return r

ssize_t aio_return(struct aiocb *cb)
{
	VT_REAL(ssize_t, aio_return, (struct aiocb *));
	AIO_RETURN_BODY(aio_return, cb);
}

ssize_t aio_return64(struct aiocb64 *cb)
{
	VT_REAL(ssize_t, aio_return64, (struct aiocb64 *));
	AIO_RETURN_BODY(aio_return64, cb);
}

/* ---- sleeps: the kernel never restarts them after a signal handler, so
 * a sample would shorten them; restart when our sample was the cause ---- */

int clock_nanosleep(clockid_t clk, int flags, const struct timespec *req, struct timespec *rem)
{
	VT_REAL(int, clock_nanosleep, (clockid_t, int, const struct timespec *, struct timespec *));
	if (!req)
		return real_clock_nanosleep(clk, flags, req, rem);
	struct timespec want = *req, left;
	for (;;) {
		unsigned s0 = vt_samples_taken();
		int r = real_clock_nanosleep(clk, flags, &want, &left);
		if (r != EINTR || vt_samples_taken() == s0) {
			if (r == EINTR && rem && !(flags & TIMER_ABSTIME))
				*rem = left;
			return r;
		}
		if (!(flags & TIMER_ABSTIME))
			want = left;
	}
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	int r = clock_nanosleep(CLOCK_REALTIME, 0, req, rem);
	if (r) {
		errno = r;
		return -1;
	}
	return 0;
}

int usleep(useconds_t us)
{
	struct timespec ts = { us / 1000000, (long)(us % 1000000) * 1000 };
	return nanosleep(&ts, NULL);
}

unsigned int sleep(unsigned int s)
{
	struct timespec ts = { s, 0 }, rem = { 0, 0 };
	if (nanosleep(&ts, &rem) == 0)
		return 0;
	return (unsigned int)rem.tv_sec + (rem.tv_nsec > 0);
}
