/* memcpy and memcmp of bytes the walk knows: a magic number read with
 * fread from an input followed at analysis time is copied into a heap
 * buffer, from there into a local array (netCDF reads it into an NCbytes
 * buffer and copies it out), and compared with memcmp and by its bytes.
 *
 * in.h5: the HDF5 signature "\211HDF\r\n\032\n" and 100 zero bytes.  The
 * memcmp finds the signature: the first arm's 20 fputs("hdf5\n") run (5 B
 * each); the classic arm's 10 puts never run.
 * main: fopen 1, fread 1 (8 B), fputs 20 (100 B), fclose 1 = 23 calls,
 * 108 bytes, known.
 * (Before: memcpy was any library call, the copy held nothing known, the
 * memcmp's result was unknown: 0.07 of 20 and 0.28 of 10, flagged.)
 */
// VIDYA: --args "in.h5"
// SETUP: printf '\211HDF\r\n\032\n' > in.h5 && head -c 100 /dev/zero >> in.h5
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bytes {
	unsigned long len;
	char *content;
};

int main(int argc, char **argv)
{
	char hdr[8], magic[8];
	struct bytes *b;
	FILE *f;
	if (argc < 2 || !(f = fopen(argv[1], "rb")))
		return 1;
	if (fread(hdr, 1, 8, f) != 8) {
		fclose(f);
		return 1;
	}
	b = malloc(sizeof *b);
	if (!b)
		return 1;
	b->content = calloc(16, 1);
	if (!b->content)
		return 1;
	memcpy(b->content, hdr, 8);
	b->len = 8;
	memset(magic, 0, sizeof magic);
	memcpy(magic, b->content, 8);
	if (memcmp(magic, "\211HDF\r\n\032\n", 8) == 0) {
		for (int i = 0; i < 20; i++)
			fputs("hdf5\n", stdout);
	} else if (magic[0] == 'C') {
		for (int i = 0; i < 10; i++)
			puts("classic");
	}
	fclose(f);
	free(b->content);
	free(b);
	return 0;
}

// EXPECT: main p2=23 p3=108
// EXPECT-KNOWN: main p2 p3
