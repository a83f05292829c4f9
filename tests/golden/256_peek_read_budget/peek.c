/*
 * peek.c - a byte read and pushed back (`c = fgetc(f); ungetc(c, f);`,
 * bzip2's myfeof peeking at the end of its input) is read again: the read
 * budget of a file of known size (see 101_reads_within_size) gets it back
 * instead of ending at the ungetc as at a seek.
 *
 * in.dat (SETUP) is 2 MiB = 2097152 bytes, larger than the 1 MiB up to
 * which an input's bytes are followed at analysis time.  The loop
 * `while (fill(f, buf) > 0)` has an unknown trip count, assumed 100; its
 * condition runs 101 times: 101 fgetc (1 B each, 101 B), 101 ungetc
 * (giving the 101 bytes back) and 101 freads of 65536 B asked for,
 * 6619136 B, more than the file holds: they count the calls that find
 * data, 2097152 / 65536 = 32, plus the one that finds the end: 33 calls,
 * 2097152 B.
 *
 * peek: 101 + 101 = 202 calls, 101 B.  fill: 202 + 33 = 235 calls,
 * 101 + 2097152 = 2097253 B.  main: fopen + 235 + fclose = 237 calls,
 * 2097253 B.  (Before: the ungetc ended the budget, 101 freads, 6619136 B;
 * main 305 calls.)
 */
// SETUP: head -c 2097152 /dev/zero > in.dat
#include <stdio.h>

// EXPECT: peek p2=202 p3=101
static int peek(FILE *f)
{
	int c = fgetc(f);
	ungetc(c, f);
	return c;
}

// EXPECT: fill p2=235 p3=2097253
// EXPECT: fill/io#1 p2=33 p3=2097152
static int fill(FILE *f, char *buf)
{
	peek(f);
	return (int)fread(buf, 1, 65536, f);
}

// EXPECT: program p2=237 p3=2097253
int main(void)
{
	static char buf[65536];
	FILE *f = fopen("in.dat", "rb");
	if (!f)
		return 1;
	while (fill(f, buf) > 0)
		;
	fclose(f);
	return 0;
}
