/*
 * children.c - a parent that forks a child and waits for it; the child
 * writes a file and execs `head -c 100 FILE` (a program of its own image;
 * not cat, which copies with copy_file_range, not a read).
 *
 * usage: children
 *   parent.dat (parent): 1 open, 3 write of 100 bytes, 1 close.
 *   child.dat (forked child, before exec): 1 open, 2 write of 50 bytes, 1 close.
 *   then the child execs head -c 100 child.dat: head reads child.dat (100
 *   bytes) and writes them to stdout.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int write_file(const char *path, int n, size_t len)
{
	char buf[100];
	memset(buf, 'x', sizeof buf);
	buf[len - 1] = '\n';
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	if (fd < 0)
		return -1;
	for (int i = 0; i < n; i++)
		if (write(fd, buf, len) != (ssize_t)len)
			return -1;
	return close(fd);
}

int main(void)
{
	if (write_file("parent.dat", 3, 100) != 0)
		return 1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		if (write_file("child.dat", 2, 50) != 0)
			_exit(1);
		execlp("head", "head", "-c", "100", "child.dat", (char *)NULL);
		_exit(127);
	}
	int st = 0;
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return 1;
	return 0;
}
