/*
 * recorder_int.h - helpers the wrappers share with the recorder core,
 * beyond the public wrapper API in recorder.h.
 */
#ifndef VD_RECORDER_INT_H
#define VD_RECORDER_INT_H

#include <stdint.h>

/* the recorder's own functions are called within libvidya_trace.so only:
 * hidden, they are called directly, not through the PLT (a few ns a call) */
#pragma GCC visibility push(hidden)

uint64_t vt_now(void);
/* vd_opclass of a vd_tl_call */
int vt_call_class(int call);
/* samples taken on this thread so far (the sleep wrappers restart a sleep
 * that a sample interrupted) */
unsigned vt_samples_taken(void);
/* The path descriptor `fd` refers to (from /proc), NUL-terminated in buf;
 * its length, 0 when unknown. */
size_t vt_fd_path(int fd, char *buf, size_t cap);
/* `path` absolute (relative to dirfd, AT_FDCWD: the working directory) and
 * cleaned lexically, NUL-terminated in out; its length (see recorder.c). */
size_t vt_abs_path(int dirfd, const char *path, char *out, size_t cap);

/* File positions kept in user space (recorder.c): vt_pos_open after an
 * open (tracked: 0 for O_APPEND), vt_pos_forget when the position may move
 * out of sight (close, dup, fdopen, F_SETFL); vt_pos_advance returns the
 * position before moving it by n, -2 when not tracked; vt_pos_set after an
 * lseek. */
void vt_pos_open(int fd, int tracked);
void vt_pos_forget(int fd);
void vt_pos_forget_range(unsigned lo, unsigned hi); /* close_range, closefrom */
int64_t vt_pos_advance(int fd, int64_t n);
void vt_pos_set(int fd, int64_t pos);

#pragma GCC visibility pop

#endif
