/* A block loop as lz4's compressor writes it: a first read takes a block,
 * `while (n > 0) { ...; fwrite(out); n = fread(in); }` with the next
 * read far down the body (not one of the reads a read-to-the-end loop is
 * recognized by), so the loop runs one iteration at a time.  in.dat holds
 * 8192 bytes at analysis time: the first read takes 4096, the loop's
 * first read 4096, its second finds the end and returns 0 - it got what
 * was left, not the count it asked for.
 *
 * main/loop#1: 2 iterations, 2 fwrites and 2 freads (before: each read
 * returned its full count, the loop ran 1024 iterations and 100 more were
 * assumed).  The loop moves 2 x 4096 written + 4096 read (its last read
 * moves nothing) = 12288 B; main: 2 fopen + 3 fread + 2 fwrite + 2 fclose
 * = 9 calls, 16384 B.
 */
#include <stdio.h>
#include <stdlib.h>

static size_t checksum(const char *b, size_t n)
{
	size_t s = 0;
	for (size_t i = 0; i < n; i++)
		s += (unsigned char)b[i];
	return s;
}

int main(int argc, char **argv)
{
	size_t bs = 4096, total = 0, sum = 0;
	char *buf = malloc(bs);
	FILE *in = fopen("in.dat", "rb");
	FILE *out = fopen("out.dat", "wb");
	if (!buf || !in || !out)
		return 1;
	size_t n = fread(buf, 1, bs, in);
	while (n > 0) {
		size_t s = checksum(buf, n);
		sum += s;
		total += n;
		if (fwrite(buf, 1, n, out) != n)
			return 1;
		n = fread(buf, 1, bs, in);
	}
	fclose(in);
	fclose(out);
	free(buf);
	return (int)(sum + total == 0);
}

// SETUP: head -c 8192 /dev/zero > in.dat
// EXPECT: main/loop#1 p2=4 p3=12288
// EXPECT: main p2=9 p3=16384
// EXPECT-KNOWN: main p2 p3
