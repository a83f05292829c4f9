/*
 * ckpt.c - writes nbytes of state in CKPT_CHUNK pieces, then makes it
 * durable.  The chunk loop's trip count depends on the nbytes bound at each
 * call site: ceil(nbytes / 4096).
 */
#include <string.h>
#include <unistd.h>

#include "ckpt.h"

static char state[CKPT_CHUNK];

int write_checkpoint(int fd, size_t nbytes)
{
	size_t off;

	memset(state, 's', sizeof state);
	for (off = 0; off < nbytes; off += CKPT_CHUNK)
		write(fd, state, CKPT_CHUNK);
	return fsync(fd);
}

/*
 * Two calling contexts (see main.c): nbytes = 8192 once (2 trips) and
 * nbytes = 16384 ten times (4 trips each).  The function block sums both:
 * loop P1 = 2 + 40 = 42 iterations with 42 writes = 172032 bytes;
 * fsync runs 1 + 10 = 11 times.  This file holds every data call of the
 * program; main.c only opens and closes.
 */
// EXPECT: write_checkpoint/loop#1 p1=42 p2=42 p3=172032 p13=42
// EXPECT: write_checkpoint/io#1 p2=11 p7=11
// EXPECT: write_checkpoint p1=42 p2=53 p3=172032 p6=42 p7=11
// EXPECT: ckpt.c p2=53 p3=172032 p7=11
