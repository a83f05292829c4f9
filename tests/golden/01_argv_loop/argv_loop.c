/*
 * argv_loop.c - a block writer whose block count comes from the command line.
 *
 * The trip count of the write loop is atoi(argv[1]); the harness runs
 * `vidya analyze --args "50"`, so argc = 2 and n = 50.  The usage check is
 * therefore decidable (argc < 2 is false): its arm is dead and contributes
 * nothing, so the only I/O is open, 50 pwrite calls of 4096 bytes at
 * sequential offsets, and close.
 */
// VIDYA: --args "50"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define BLOCK 4096

int main(int argc, char **argv)
{
	char buf[BLOCK];
	int n, i, fd;

	if (argc < 2) {
		fprintf(stderr, "usage: %s NBLOCKS\n", argv[0]);
		return 1;
	}
	n = atoi(argv[1]);
	memset(buf, 'x', sizeof buf);

	fd = open("argv_loop.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (i = 0; i < n; i++)
		pwrite(fd, buf, BLOCK, (off_t)i * BLOCK);
	close(fd);
	return 0;
}

/*
 * 50 iterations x 4096 bytes = 204800 bytes; every pwrite is binary, small
 * (4096 < 65536) and sequential (offset i * BLOCK), so P12 = 0.
 * main's I/O: open (io#1), the loop's pwrite (loop#1/io#1), close (io#2);
 * the fprintf in the dead usage arm runs 0 times.
 */
// EXPECT: main/loop#1 p1=50 p2=50 p3=204800 p4=50 p5=0 p6=50 p7=0 p12=0 p13=50 p14=1
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main/loop#1/io#1 p2=50 p3=204800
// EXPECT: main/io#1 p2=1 p3=0
// EXPECT: main/io#2 p2=1
// EXPECT: main/branch#1 p2=0 p5=0
// EXPECT: main p1=50 p2=52 p3=204800 p5=0
// EXPECT: argv_loop.c p2=52 p3=204800
// EXPECT: program p1=50 p2=52 p3=204800 p4=52 p6=50 p8=204800 p9=1 p12=0 p13=50 p14=1
// EXPECT-ROWS: kind='loop' 1
// EXPECT-ROWS: kind='function' 1
// EXPECT-ROWS: block_id='argv_loop.c:main' AND kind='function' AND function='main' 1
