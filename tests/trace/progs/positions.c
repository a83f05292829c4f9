/*
 * positions.c - writes at the descriptor's position after everything that
 * moves it, seen or not by the recorder.  pos.dat, each write 10 B unless
 * said, in order, with its offset:
 *   write 100 B at 0; lseek(40) then write at 40; pwrite at 500 (position
 *   unchanged), write at 50; dup: write through the copy at 60, through the
 *   original at 70; fork: the child writes 30 B at 80 and exits, the parent
 *   then writes at 110; pwritev2 with offset -1 (the current position) at
 *   120, then write at 130; fdopen: fwrite 10 B + fflush (at 140, stdio
 *   layer), then write at 150.  Then pos2.dat gets 20 B and its descriptor is
 *   closed with close_range; fopen("pos.dat") reuses the number: a read of
 *   10 B on it is at offset 0.
 * stdout: "positions done".
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

static char buf[100];

static int put(int fd, size_t n)
{
	return write(fd, buf, n) == (ssize_t)n ? 0 : -1;
}

int main(void)
{
	memset(buf, 'p', sizeof buf);
	int fd = open("pos.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || put(fd, 100) || lseek(fd, 40, SEEK_SET) != 40 || put(fd, 10))
		return 1;
	if (pwrite(fd, buf, 10, 500) != 10 || put(fd, 10))
		return 2;
	int cp = dup(fd);
	if (cp < 0 || put(cp, 10) || put(fd, 10))
		return 3;
	pid_t pid = fork();
	if (pid == 0)
		_exit(put(fd, 30) ? 1 : 0);
	int st = 0;
	if (pid < 0 || waitpid(pid, &st, 0) != pid || st != 0 || put(fd, 10))
		return 4;
	struct iovec iov = { buf, 10 };
	if (pwritev2(fd, &iov, 1, -1, 0) != 10 || put(fd, 10))
		return 5;
	FILE *f = fdopen(dup(fd), "w");
	if (!f || fwrite(buf, 1, 10, f) != 10 || fflush(f) || put(fd, 10))
		return 6;
	fclose(f);
	close(cp);
	close(fd);
	/* a number closed unseen (close_range) and reopened by fopen: the
	 * first read on its descriptor is at 0, not where the old file was */
	int old = open("pos2.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (old < 0 || put(old, 20) || close_range((unsigned)old, (unsigned)old, 0))
		return 7;
	FILE *g = fopen("pos.dat", "r");
	if (!g || fileno(g) != old || read(fileno(g), buf, 10) != 10)
		return 8;
	fclose(g);
	printf("positions done\n");
	return 0;
}
