/* A binary file's header read with fread, checked, then its records read
 * by the count the header gives (unknown at analysis time):
 * - the header's fields are data a call returned: the check `h.magic !=
 *   MAGIC || h.recsize != sizeof(struct rec)` whose arm returns 1 from main
 *   is an error path, not taken;
 * - past it, h.recsize is sizeof(struct rec) = 32;
 * - the record loop reads in.bin to its end after the 16 header bytes:
 *   (336 - 16) / 32 = 10 iterations;
 * - fread of records returns 1 on each of them, so `!= 1` never holds.
 * in.bin: 16-byte header (magic 0x01020304, count 10, recsize 32) + 10 x 32.
 *
 * main: fopen, fread (16 B), fopen, 10 x (fread 32 B, fwrite 32 B), 2 x
 * fclose = 25 calls, 16 + 320 + 320 = 656 bytes; loop#1 20 calls, 640 B.
 */
// SETUP: printf '\004\003\002\001\012\000\000\000\040\000\000\000\000\000\000\000' > in.bin
// SETUP: head -c 320 /dev/zero >> in.bin
#include <stdint.h>
#include <stdio.h>

struct hdr {
	uint32_t magic, count, recsize, pad;
};
struct rec {
	double v[4];
};

int main(void)
{
	FILE *f = fopen("in.bin", "rb");
	if (!f)
		return 1;
	struct hdr h;
	if (fread(&h, sizeof h, 1, f) != 1)
		return 1;
	if (h.magic != 0x01020304u || h.recsize != sizeof(struct rec)) {
		fprintf(stderr, "bad header\n");
		return 1;
	}
	FILE *o = fopen("out.bin", "wb");
	if (!o)
		return 1;
	struct rec r;
	for (uint32_t i = 0; i < h.count; i++) {
		if (fread(&r, h.recsize, 1, f) != 1) {
			fputs("short file\n", stderr);
			break;
		}
		fwrite(&r, sizeof r, 1, o);
	}
	fclose(o);
	fclose(f);
	return 0;
}

// EXPECT: main p2=25 p3=656
// EXPECT: main/loop#1 p2=20 p3=640
// EXPECT: main/branch#3 p2=0
