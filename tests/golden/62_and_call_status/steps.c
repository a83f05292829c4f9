/*
 * steps.c - `if (s % 20 == 0 && ckpt(s) != 0) { close(log); return 1; }`:
 * a checkpoint every 20 steps whose failure ends the run.  ckpt() returns
 * -1 only when its open fails, which counts as not happening, so it
 * returns 0 and the right operand of && is false whenever it runs: the
 * branch is never taken, whatever the left operand.
 *
 * - loop#1: 100 steps, s % 20 == 0 for s = 20, 40, ..., 100: 5 checkpoints;
 * - loop#2: a checkpoint every step: 100;
 * ckpt: 105 calls of open + write (4 B) + close = 315 calls, 420 bytes;
 * main: open, close, and ckpt's: 317 calls, 420 bytes; the closes on the
 * error paths (branch#1/io#1 of each loop) never run.
 */
#include <fcntl.h>
#include <unistd.h>

// EXPECT: ckpt p2=315 p3=420
static int ckpt(int s)
{
	int fd = open("ck.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return -1;
	write(fd, &s, sizeof s);
	close(fd);
	return 0;
}

// EXPECT: main p2=317 p3=420
// EXPECT: main/loop#1/branch#1/io#1 p2=0
// EXPECT: main/loop#2/branch#1/io#1 p2=0
int main(void)
{
	int log = open("log.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int s = 1; s <= 100; s++) {
		if (s % 20 == 0 && ckpt(s) != 0) {
			close(log);
			return 1;
		}
	}
	for (int s = 1; s <= 100; s++) {
		if (ckpt(s) != 0) {
			close(log);
			return 1;
		}
	}
	close(log);
	return 0;
}
