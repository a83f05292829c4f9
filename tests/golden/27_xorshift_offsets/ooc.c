/*
 * ooc.c - an out-of-core kernel that reads blocks at offsets from a
 * hand-written xorshift generator (no rand(), no hash function), then
 * writes its results sequentially with an offset that is affine in the
 * loop counter.
 *
 * The reads: 64 pread()s of 512 bytes at (x % NBLK) * 512, x updated by
 * x ^= x << 13; x ^= x >> 7; x ^= x << 17 on every iteration - not an
 * affine function of the loop counter: random (P12 = 64).  The writes:
 * 64 pwrite()s of 512 bytes at i * 512: sequential (P12 = 0).  All of
 * them are small (P13 = 128 below the 64 KiB default threshold).
 */
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

#define NBLK 1024
#define BS 512

int main(void)
{
	char buf[BS];
	uint64_t x = 88172645463325252ULL;
	int in = open("blocks.dat", O_RDONLY);
	int out = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 64; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		pread(in, buf, BS, (off_t)(x % NBLK) * BS);
		pwrite(out, buf, BS, (off_t)i * BS);
	}
	close(in);
	close(out);
	return 0;
}

// EXPECT: main/loop#1/io#1 p2=64 p3=32768 p12=64 p13=64
// EXPECT: main/loop#1/io#2 p2=64 p3=32768 p12=0 p13=64
// EXPECT: main p2=132 p12=64 p13=128
