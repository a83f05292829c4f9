/*
 * A line writer that wraps before a piece that would pass the line's
 * width (ncdump's lput): `if (nn + linep > MAXLEN && nn > 2) { newline;
 * linep = 4; }` next to `linep += nn`, nn the length of a text snprintf
 * made from the loop counter.  The loop runs 3000 times, walked once: the
 * text is unknown, its length is not - "%04ld, " of i < 3000 is 6 bytes.
 * The wrap is a buffer-fill test: linep grows by 6 a piece and the test
 * passes once every floor((80 - 6) / 6) + 1 = 12 + 1 = 13 pieces (and
 * `nn > 2` holds at nn's expected 6), probability 1/13, not the call
 * heuristic's 0.22: 3000 / 13 = 230.77 wraps, each a fputs of "\n" (1 B)
 * and one of "    " (4 B).  (The program wraps 248 times: after a wrap the line starts at 4.)
 *
 * lput: 3000 + 2 x 230.77 = 3461.54 fputs; bytes 3000 x 6 + 230.77 x 5 =
 * 19153.85 (main: 3000 + 2 x 0.22 x 3000 = 4320 calls).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXLEN 80

static int linep;

static void lput(const char *cp)
{
	size_t nn = strlen(cp);
	if (nn + linep > MAXLEN && nn > 2) {
		fputs("\n", stdout);
		fputs("    ", stdout);
		linep = 4;
	}
	fputs(cp, stdout);
	linep += (int)nn;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	long n = atol(argv[1]);
	char buf[64];
	for (long i = 0; i < n; i++) {
		snprintf(buf, sizeof buf, "%04ld, ", i);
		lput(buf);
	}
	return 0;
}

// VIDYA: --args "3000"
// EXPECT: lput p2=3461.538461538462 p3=19153.84615384615
