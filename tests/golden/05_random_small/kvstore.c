/*
 * kvstore.c - a fixed-slot key/value table on disk: random 512-byte updates,
 * then a sequential scan, random probes through lseek, and a permuted read.
 *
 * Offsets drawn from rand() or through the perm[] indirection are random
 * accesses (P12); offsets that grow with the loop counter are not.  Every
 * access moves 512 bytes, far below 64 KiB: all are small (P13).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define NSLOTS 1024
#define SLOT 512
#define NUPD 200
#define NSCAN 16
#define NPROBE 50

int main(void)
{
	char rec[SLOT];
	int perm[NSCAN];
	int fd, i, j, t;
	off_t off;

	memset(rec, 'k', sizeof rec);
	srand(42);
	fd = open("kvstore.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);
	for (i = 0; i < NUPD; i++) {
		off = (off_t)(rand() % NSLOTS) * SLOT;
		pwrite(fd, rec, SLOT, off);
	}
	for (i = 0; i < NSCAN; i++)
		pread(fd, rec, SLOT, (off_t)i * SLOT);
	for (i = 0; i < NPROBE; i++) {
		lseek(fd, (off_t)(rand() % NSLOTS) * SLOT, SEEK_SET);
		read(fd, rec, SLOT);
	}
	for (i = 0; i < NSCAN; i++)
		perm[i] = i;
	for (i = NSCAN - 1; i > 0; i--) {
		j = rand() % (i + 1);
		t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (i = 0; i < NSCAN; i++)
		pread(fd, rec, SLOT, (off_t)perm[i] * SLOT);
	close(fd);
	return 0;
}

/*
 * loop#1 updates: 200 pwrite, random offsets            -> P12 = 200
 * loop#2 scan:     16 pread, offset i * SLOT             -> P12 = 0
 * loop#3 probes:   50 lseek (not a data call) + 50 read after a random
 *                  lseek                                  -> P12 = 50
 * loop#4, loop#5 build the permutation (no I/O)
 * loop#6 permuted: 16 pread, offset perm[i] * SLOT       -> P12 = 16
 * Data calls: 200 + 16 + 50 + 16 = 282, all 512 bytes: P3 = 144384,
 * P13 = 282.  P2 = open + 200 + 16 + 100 + 16 + close = 334.
 * kvstore.dat's predicted size is the bytes written to it: 200 x 512.
 */
// EXPECT: main/loop#1 p1=200 p2=200 p3=102400 p12=200 p13=200
// EXPECT: main/loop#1/io#1 p2=200 p12=200 p13=200
// EXPECT: main/loop#2 p1=16 p2=16 p3=8192 p12=0 p13=16
// EXPECT: main/loop#3 p1=50 p2=100 p3=25600 p12=50 p13=50
// EXPECT: main/loop#3/io#2 p2=50 p12=50
// EXPECT: main/loop#4 p1=0 p2=0 p12=0
// EXPECT: main/loop#6 p1=16 p2=16 p3=8192 p12=16 p13=16
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main p1=282 p2=334 p3=144384 p6=282 p12=266 p13=282
// EXPECT: program p2=334 p3=144384 p8=102400 p9=1 p12=266 p13=282
