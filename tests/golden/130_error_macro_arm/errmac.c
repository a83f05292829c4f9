/*
 * errmac.c - an error macro written as `do { ...; goto done; } while (0)`
 * after a test of a call's result is an error exit: not taken.
 *
 * check() returns an unknown status (it reads a byte of an input that does
 * not exist at analysis time).  `if (check(fd) < 0) FAIL_OUT("...")` expands
 * to an arm whose last statement is the macro's do-while(0) loop, ending in
 * `goto done`: the error exit is seen through the loop, so the arm (with its
 * fputs to stderr) counts 0 and its fputs site 0 calls.
 * The ten writes after it always run: main's loop of 10 calls work(),
 * each 1 write of 64 bytes -> program P2 = 1 (open) + 10 (read in check)
 * + 10 (write) + 1 (close) = 22, P3 = 10 * 1 + 10 * 64 = 650.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#define FAIL_OUT(msg)                          \
	do {                                   \
		fputs(msg "\n", stderr);       \
		goto done;                     \
	} while (0)

static int check(int fd)
{
	char c;
	read(fd, &c, 1);
	return c == 'x' ? -1 : 0;
}

static void work(int fd, int out)
{
	char buf[64] = { 0 };
	if (check(fd) < 0)
		FAIL_OUT("bad input");
	write(out, buf, sizeof buf);
done:
	return;
}

int main(void)
{
	int fd = open("in.dat", O_RDONLY);
	for (int i = 0; i < 10; i++)
		work(fd, 1);
	close(fd);
	return 0;
}

// EXPECT: work/branch#1 executions=10
// EXPECT: work/branch#1/loop#1 executions=0 p2=0
// EXPECT: program p2=22 p3=650
