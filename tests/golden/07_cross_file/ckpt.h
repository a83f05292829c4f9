/* ckpt.h - checkpoint writer shared by the solver (golden case 07). */
#ifndef GOLDEN_CKPT_H
#define GOLDEN_CKPT_H

#include <stddef.h>

#define CKPT_CHUNK 4096

int write_checkpoint(int fd, size_t nbytes);

#endif
