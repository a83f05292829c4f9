/*
 * peek.c - bzip2's myfeof: fgetc, and ungetc of the character when it is
 * not EOF.  ungetc is a stdio call (the trace records it as a seek of one
 * byte back): it is counted, and it is not a rewind.
 *
 * peek.txt (beside this file) has 10 bytes.  Reads of 4: 3 freads (4 + 4 + 2 bytes),
 * the loop runs 3 times from the file's size, so myfeof runs 4 times:
 * 4 fgetc of 1 byte.  `c == EOF` is unknown per call: taken 2/29 (x == K
 * fails 0.84 by the opcode heuristic, an arm that returns 0.28, combined
 * 0.16*0.28 / (0.16*0.28 + 0.84*0.72)), so ungetc runs 4 * 27/29 =
 * 3.7241379310344827 times.
 */
#include <stdio.h>

static int myfeof(FILE *f)
{
	int c = fgetc(f);
	if (c == EOF)
		return 1;
	ungetc(c, f);
	return 0;
}

// EXPECT: peek.c:myfeof/io#1 p2=4 p3=4
// EXPECT: peek.c:myfeof/io#2 p2=3.7241379310344827 p3=0
// EXPECT: main/loop#1/io#1 p2=3 p3=10
int main(void)
{
	FILE *f = fopen("peek.txt", "r");
	char buf[4];
	int n = 0;
	while (!myfeof(f))
		n += (int)fread(buf, 1, 4, f);
	fclose(f);
	return n == 10 ? 0 : 1;
}
