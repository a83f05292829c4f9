/*
 * chains.c - one write call site reached through two call chains that
 * differ only above it: main alternates one() and two(), which have the
 * same frame size, so put()'s write is made from the same stack address
 * and the same return address each time; only the return address into
 * main (one's or two's) differs.  N rounds: one() then two() twice, each
 * put() a 10-byte write to chains.dat: N writes through one, 2 N through
 * two (a recorder that reused the first chain it saw would charge them
 * all to one).
 * usage: chains N
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static char buf[10];

__attribute__((noinline)) static void put(int fd)
{
	if (write(fd, buf, sizeof buf) != (ssize_t)sizeof buf)
		exit(1);
}

__attribute__((noinline)) static void one(int fd)
{
	put(fd);
}

__attribute__((noinline)) static void two(int fd)
{
	put(fd);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 100;
	int fd = open("chains.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 1;
	for (int i = 0; i < n; i++) {
		one(fd);
		two(fd);
		two(fd);
	}
	close(fd);
	return 0;
}
