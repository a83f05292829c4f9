/*
 * recorder_int.h - helpers the wrappers share with the recorder core,
 * beyond the public wrapper API in recorder.h.
 */
#ifndef VD_RECORDER_INT_H
#define VD_RECORDER_INT_H

#include <stdint.h>

uint64_t vt_now(void);
/* vd_tl_class of a vd_tl_call */
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

#endif
