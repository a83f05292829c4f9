/* A stream loop (here a do-while over the input's blocks) hands each
 * block to a codec in an inner loop that runs until the codec has used
 * the block (`while (ib.pos != ib.size) code(&ib, ...)`, zstd's
 * `ZSTD_compressStream2` loop).  The codec is part of the program but
 * too costly to walk (fib(24) stands for it): its walk is cut, so what
 * it stored through its pointers (ib.pos) is unknown and the inner
 * loop's test with it.  The codec is taken to use what it was handed:
 * the inner loop runs the one iteration walked, per block (before: 100
 * more were assumed per block, or the cut spent the budget).
 *
 * The outer loop runs until it has read the 2000000-byte input: 20
 * iterations of 100000 B.  The walked iterations read it all, so none
 * more follow (the iteration that would find the end is not counted).
 * main/loop#1/loop#1: 20 iterations, 20 fwrites (their size unknown:
 * 4096 B assumed), flagged.
 */
// SETUP: head -c 2000000 /dev/zero > in.dat
#include <stdio.h>

#define BLK 100000

struct inbuf {
	const char *src;
	size_t size, pos;
};

struct src {
	FILE *f;
	char *buf;
	size_t loaded;
};

static long fib(long n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

/* a codec too costly to walk: it uses all its input */
static int code(struct inbuf *in, char *out, size_t *outn)
{
	long r = fib(24);
	in->pos = in->size;
	*outn = 5000;
	out[0] = (char)r;
	return 0;
}

static size_t fill(struct src *s)
{
	s->loaded = fread(s->buf, 1, BLK, s->f);
	return s->loaded;
}

int main(void)
{
	static char buf[BLK], obuf[BLK];
	FILE *in = fopen("in.dat", "rb");
	FILE *out = fopen("out.dat", "wb");
	if (!in || !out)
		return 1;
	struct src s = { in, buf, 0 };
	size_t n;
	do {
		n = fill(&s);
		struct inbuf ib = { buf, n, 0 };
		while (ib.pos != ib.size) {
			size_t outn = 0;
			code(&ib, obuf, &outn);
			fwrite(obuf, 1, outn, out);
		}
	} while (n > 0);
	fclose(in);
	fclose(out);
	return 0;
}

// EXPECT: main/loop#1 executions=20
// EXPECT: fill/io#1 p2=20 p3=2000000
// EXPECT: main/loop#1/loop#1 executions=20
// EXPECT: main/loop#1/loop#1/io#1 p2=20
// EXPECT-UNKNOWN: main/loop#1/loop#1 p2
