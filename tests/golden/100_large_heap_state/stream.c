/*
 * stream.c - a library's state in a heap object larger than a page
 * (bzip2's EState, 55 KB, allocated through the stream's `bzalloc`
 * pointer), hung on a stream that is itself a struct inside the caller's
 * heap object (bzFile's `strm`, after a 5000-byte buffer).  Every malloc'd
 * struct, whatever its size, is an object whose scalar fields keep the
 * values stored in them; a struct inside one (`f->strm`) has the same
 * fields whether reached as `f->strm.x` or through `&f->strm`.
 *
 * main: f->fd is the descriptor open() returned; f->strm.alloc = NULL, so
 * stream_init() sets it to default_alloc and calls it: the state is a
 * fresh object, s->mode = 1, s->verbosity = 0 (main's argument).  The
 * loop runs 10 times: it sets f->strm.avail_out = 64 and calls
 * stream_step(&f->strm): s->verbosity >= 2 is false (no fprintf),
 * s->mode != 1 is false (no return -1), strm->produced = 64 / 2 = 32,
 * and the step returns 0, so main's error exit is not taken.  main then
 * writes f->strm.produced = 32 bytes to f->fd: 10 writes, 320 bytes.
 * The program: open + 10 writes + close = 12 calls, 320 bytes.
 *
 * Before the fix both structs (65 KB and 5 KB) were beyond the 4096-byte
 * limit for heap objects: verbosity, mode and produced were unknown, the
 * fprintf counted for its branch's probability and the write's size was
 * unknown; `f->strm.produced` was unknown even with the limit raised.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct stream {
	void *(*alloc)(void *, int, int);
	void *opaque;
	void *state;
	unsigned avail_out;
	unsigned produced;
};

struct state {
	struct stream *strm;
	int mode;
	int verbosity;
	unsigned char block[60000];
	int blocks;
};

struct file {
	FILE *handle;
	char buf[5000];
	int fd;
	struct stream strm;
};

static void *default_alloc(void *opaque, int items, int size)
{
	(void)opaque;
	return malloc((size_t)items * (size_t)size);
}

static int stream_init(struct stream *strm, int verbosity)
{
	if (strm->alloc == NULL)
		strm->alloc = default_alloc;
	struct state *s = strm->alloc(strm->opaque, sizeof(struct state), 1);
	if (s == NULL)
		return -1;
	s->strm = strm;
	s->mode = 1;
	s->verbosity = verbosity;
	strm->state = s;
	return 0;
}

// EXPECT: stream_step p2=0 p3=0
// EXPECT-KNOWN: stream_step p2 p3
static int stream_step(struct stream *strm)
{
	struct state *s = strm->state;
	if (s->verbosity >= 2)
		fprintf(stderr, "step\n");
	if (s->mode != 1)
		return -1;
	strm->produced = strm->avail_out / 2;
	return 0;
}

// EXPECT: main/loop#1 p2=10 p3=320
// EXPECT-KNOWN: main/loop#1 p2 p3
// EXPECT: program p2=12 p3=320
// EXPECT-KNOWN: program p2 p3
int main(void)
{
	struct file *f = malloc(sizeof *f);
	if (!f)
		return 1;
	f->fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (f->fd < 0)
		return 1;
	f->strm.alloc = NULL;
	f->strm.opaque = NULL;
	if (stream_init(&f->strm, 0) != 0)
		return 1;
	for (int i = 0; i < 10; i++) {
		f->strm.avail_out = 64;
		if (stream_step(&f->strm) != 0)
			return 2;
		write(f->fd, f->buf, f->strm.produced);
	}
	close(f->fd);
	free(f);
	return 0;
}
