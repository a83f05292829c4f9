/*
 * dups.c - descriptors duplicated onto others: every write goes to the
 * file the descriptor refers to at that moment.
 *
 * a.dat: 50 bytes through its own descriptor A, then 200 through B after
 *        dup2(A, B), 300 through dup(A), 400 through fcntl(A, F_DUPFD, 20),
 *        500 through B again after dup3(A, B, O_CLOEXEC): 1450 bytes.
 * b.dat: 100 bytes through B before dup2 closed it silently.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int put(int fd, size_t n)
{
	char buf[512];
	memset(buf, 'x', sizeof buf);
	return write(fd, buf, n) == (ssize_t)n ? 0 : -1;
}

int main(void)
{
	int a = open("a.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int b = open("b.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (a < 0 || b < 0 || put(a, 50) || put(b, 100))
		return 1;
	if (dup2(a, b) != b || put(b, 200))
		return 2;
	int c = dup(a);
	if (c < 0 || put(c, 300))
		return 3;
	int d = fcntl(a, F_DUPFD, 20);
	if (d < 20 || put(d, 400))
		return 4;
	if (dup3(a, b, O_CLOEXEC) != b || put(b, 500))
		return 5;
	close(d);
	close(c);
	close(b);
	close(a);
	printf("dups done\n");
	return 0;
}
