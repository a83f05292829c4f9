/*
 * recorder_int.h - helpers the wrappers share with the recorder core,
 * beyond the public wrapper API in recorder.h.
 */
#ifndef VD_RECORDER_INT_H
#define VD_RECORDER_INT_H

#include <stdint.h>

uint64_t vt_now(void);
/* vd_opclass of a vd_tl_call */
int vt_call_class(int call);
/* samples taken on this thread so far (the sleep wrappers restart a sleep
 * that a sample interrupted) */
unsigned vt_samples_taken(void);
/* The path descriptor `fd` refers to (from /proc), NUL-terminated in buf;
 * its length, 0 when unknown. */
size_t vt_fd_path(int fd, char *buf, size_t cap);

#endif
