/*
 * drain.c - a buffer is written out when the space left in it is 0, and
 * the write's size is computed from that space: `if (room == 0)
 * write(fd, buf, SIZE - room)`.  Inside the arm room is 0, so the write
 * moves SIZE bytes, although room itself is unknown (read from the
 * environment: no --env).
 *
 * - room == 0: unknown; the opcode heuristic (x == K fails) gives 0.16;
 *   both arms call, so the call heuristic does not apply;
 * - then-arm: write(fd, buf, 512 - 0) = 512 bytes, 0.16 times: 81.92;
 * - else-arm: write(fd, buf, 1), 0.84 times: 0.84 bytes.
 * main: open 1 + 0.16 + 0.84 writes + close 1 = 3 calls; 82.76 bytes.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#define SIZE 512

// EXPECT: main p2=3 p3=82.76
// EXPECT: main/branch#1 p2=1 p3=82.76
// EXPECT: main/branch#1/io#1 p2=0.16 p3=81.92
int main(void)
{
	static char buf[SIZE];
	int room = atoi(getenv("ROOM"));
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (room == 0)
		write(fd, buf, SIZE - room);
	else
		write(fd, buf, 1);
	close(fd);
	return 0;
}
