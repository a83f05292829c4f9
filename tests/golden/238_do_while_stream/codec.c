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
 */
// SETUP: head -c 2000000 /dev/zero > in.dat
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
	return 0;
}

// EXPECT: main/loop#1 executions=20
// EXPECT: fill/io#1 p2=20 p3=2000000
// EXPECT: main/loop#1/io#1 p2=20
// EXPECT-UNKNOWN: main/loop#1 p2
