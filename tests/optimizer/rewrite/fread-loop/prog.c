/*
 * fread-loop - reads an 8 MiB input through a stream in 512 KiB chunks with
 * computation between the reads: prefetch turns the fread in the loop into
 * vd_rt_fread (the real fread; the next chunks are read ahead).
 */
// OPTIMIZE: --rule prefetch --rules rules.txt
// SETUP: head -c 8388608 /dev/urandom > input.bin
// EXPECT: rewritten
#include <stdio.h>

#define CHUNK (512 * 1024)

static unsigned char buf[CHUNK];

int main(void)
{
	unsigned long sum = 0;
	size_t i, got;
	int c, r;
	FILE *in = fopen("input.bin", "rb");

	if (!in)
		return 1;
	for (c = 0; c < 16; c++) {
		got = fread(buf, 1, CHUNK, in);
		for (r = 0; r < 8; r++)
			for (i = 0; i < got; i++)
				sum = sum * 31 + buf[i] + (unsigned long)r;
	}
	fclose(in);
	printf("checksum %lu\n", sum);
	return 0;
}
