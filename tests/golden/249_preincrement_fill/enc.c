/*
 * A byte-at-a-time output buffer flushed when full, the test growing the
 * position itself: `if (++w->pos >= BUFSZ) flush(w);` (a range coder's
 * put_byte).  This is a buffer-fill test (the position grows by 1 a pass,
 * the flush empties it): its arm runs once every 4096 passes, not with
 * the call heuristic's 0.22.
 *
 * --args "1000000": put_byte runs 1e6 times (the loop counts from the
 * argument, walked once): 1e6 / 4096 = 244.140625 flushes, each a write
 * of 4096 bytes (the flush writes w->pos, the fill level at the test: 4096).
 * main's final flush writes once more, of a position the walk does not
 * know (the default 4096 B, flagged): p2 = 245.140625, p3 =
 * 245.140625 x 4096 = 1004096.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define BUFSZ 4096

struct writer {
	unsigned char buf[BUFSZ];
	int pos;
	int fd;
};

static void flush(struct writer *w)
{
	if (w->pos > 0 && write(w->fd, w->buf, (size_t)w->pos) != w->pos)
		exit(1);
	w->pos = 0;
}

static void put_byte(struct writer *w, unsigned char b)
{
	w->buf[w->pos] = b;
	if (++w->pos >= BUFSZ)
		flush(w);
}

int main(int argc, char **argv)
{
	static struct writer w;
	if (argc < 2)
		return 2;
	long n = atol(argv[1]);
	w.fd = 1;
	for (long i = 0; i < n; i++)
		put_byte(&w, (unsigned char)(i * 7));
	flush(&w);
	return 0;
}

// VIDYA: --args "1000000"
// EXPECT: put_byte p2=244.140625
