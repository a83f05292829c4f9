/*
 * A character loop over an input that exists at analysis time runs its
 * first 20 000 passes on the file's text, and the rest of the file is
 * walked once (extrapolated at the rate read).  In that rest the
 * character is unknown: `if (ch == '#')` took a static heuristic's
 * share.  It now takes the share of the passes run one by one in which
 * it held - a sample of the same input.
 *
 * in.txt: 5000 blocks of nine lines "abcdefghi\n" and one "#comment!\n",
 * 100 bytes a block, 500 000 bytes.  The first 20 000 characters are 200
 * blocks: '#' 200 times in 20 000 passes, 0.01; the rest, 480 000
 * characters, 4 800 more: 5000 fputs of "comment\n" (8 B).  fgetc runs
 * 500 001 times (the last finds the end): the rest is 480 000 passes, as
 * the 20 000 passes read 20 000 characters - the test that stopped them
 * had read the next one already, which made 479 976 before.  main: p2 =
 * 1 + 500001 + 5000 + 1 = 505003 (fopen, fgetc, fputs, fclose; the output
 * is stdout), p3 = 500001 + 40000 = 540001: the rest's reads are priced
 * at the sampled 1 B a call, the one that finds the end included (the
 * program reads 500 000 B).
 */
#include <stdio.h>

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	FILE *f = fopen(argv[1], "r");
	if (!f)
		return 1;
	int ch;
	while ((ch = fgetc(f)) != EOF) {
		if (ch == '#')
			fputs("comment\n", stdout);
	}
	fclose(f);
	return 0;
}

// SETUP: awk 'BEGIN { for (i = 0; i < 5000; i++) { for (j = 0; j < 9; j++) print "abcdefghi"; print "#comment!" } }' > in.txt
// VIDYA: --args "in.txt"
// EXPECT: main p2=505003 p3=540001
