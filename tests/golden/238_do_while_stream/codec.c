/* A read-process-write stream loop written as a do-while (zstd's main
 * compression loop: `do { fill; code; write; } while (directive !=
 * ZSTD_e_end);`) whose test rests on a status the walk cannot know (a
 * codec outside the project) runs, as a `for (;;)` stream loop does,
 * until it has read its input.  The input exists at analysis time
 * (2000000 bytes, past what the walk follows byte by byte), a helper
 * reads it (`fill`), and the walked iteration read 100000 bytes: 19 more
 * iterations follow it, 20 in all (before: 1 walked and 100 assumed, 101).
 *
 * main/loop#1: 20 iterations; fill's fread 20 x 100000 = 2000000 B; the
 * codec's output written 20 times (its size unknown: 4096 B assumed).
 * The counts rest on the file's size now: flagged.
 *
 * primed(): the same over a second input of 2000000 bytes, with its first
 * block read ahead before the loop (zstd's read pool starts reading when
 * the file is set) and a header block taken first, so the first walked
 * iteration reads nothing and the second reads a block before the test
 * comes to rest on the codec.  The rest goes by the last walked
 * iteration's reads (100000 per iteration, not the average 50000): 18
 * more, 20 iterations, 19 freads in the loop and the one ahead.
 */
// SETUP: head -c 2000000 /dev/zero > in.dat
// SETUP: head -c 2000000 /dev/zero > in2.dat
#include <stdio.h>

int code_block(const char *in, size_t n, char *out, size_t *outn);

struct src {
	FILE *f;
	char *buf;
	size_t loaded;
};

static size_t fill(struct src *s, size_t want)
{
	s->loaded = fread(s->buf, 1, want, s->f);
	return s->loaded;
}

struct queue {
	FILE *f;
	char *buf;
	size_t ahead; /* bytes read ahead, not yet taken */
};

static size_t take(struct queue *q)
{
	size_t n = q->ahead;
	if (n == 0)
		n = fread(q->buf, 1, 100000, q->f);
	q->ahead = 0;
	return n;
}

static int primed(void)
{
	static char buf[100000], obuf[200000];
	FILE *in = fopen("in2.dat", "rb");
	FILE *out = fopen("out2.dat", "wb");
	if (!in || !out)
		return 1;
	struct queue q = { in, buf, 0 };
	q.ahead = fread(buf, 1, sizeof buf, in); /* read ahead */
	int hdr = 1, status;
	do {
		size_t n = take(&q), outn = 0;
		if (hdr) {
			hdr = 0;
			status = 1;
		} else {
			status = code_block(buf, n, obuf, &outn);
		}
		fwrite(obuf, 1, 100, out);
	} while (status != 0);
	fclose(in);
	fclose(out);
	return 0;
}

int main(void)
{
	static char buf[100000], obuf[200000];
	FILE *in = fopen("in.dat", "rb");
	FILE *out = fopen("out.dat", "wb");
	if (!in || !out)
		return 1;
	struct src s = { in, buf, 0 };
	int status;
	do {
		size_t n = fill(&s, sizeof buf);
		size_t outn = 0;
		status = code_block(buf, n, obuf, &outn);
		fwrite(obuf, 1, outn, out);
	} while (status != 0);
	fclose(in);
	fclose(out);
	return primed();
}

// EXPECT: main/loop#1 executions=20
// EXPECT: fill/io#1 p2=20 p3=2000000
// EXPECT: main/loop#1/io#1 p2=20
// EXPECT-UNKNOWN: main/loop#1 p2
// EXPECT: primed/loop#1 executions=20
// EXPECT: take/branch#1/io#1 p2=19 p3=1900000
