/*
 * dfg_io.c DIR MODE - known I/O for the dfg end-to-end checks.
 *   MODE p: 8 write() of 4096 bytes to DIR/out.dat, fsync, close; open again
 *           and 4 pread() of 8192 bytes; close.
 *   MODE s: the same writes, then 4 x (lseek + read()) of 8192 bytes.
 * Then a forked child writes 3 x 100 bytes to DIR/child.dat, and the parent
 * waits for it.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

int main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	char path[4096], cpath[4096], buf[8192];
	snprintf(path, sizeof path, "%s/out.dat", argv[1]);
	snprintf(cpath, sizeof cpath, "%s/child.dat", argv[1]);
	memset(buf, 'x', sizeof buf);
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);
	if (fd < 0)
		die(path);
	for (int i = 0; i < 8; i++)
		if (write(fd, buf, 4096) != 4096)
			die("write");
	if (fsync(fd) != 0)
		die("fsync");
	close(fd);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		die(path);
	for (int i = 0; i < 4; i++) {
		if (argv[2][0] == 'p') {
			if (pread(fd, buf, 8192, (off_t)i * 8192) != 8192)
				die("pread");
		} else {
			if (lseek(fd, (off_t)i * 8192, SEEK_SET) < 0 || read(fd, buf, 8192) != 8192)
				die("read");
		}
	}
	close(fd);
	pid_t pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		int c = open(cpath, O_CREAT | O_TRUNC | O_WRONLY, 0600);
		if (c < 0)
			_exit(1);
		for (int i = 0; i < 3; i++)
			if (write(c, buf, 100) != 100)
				_exit(1);
		close(c);
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}
