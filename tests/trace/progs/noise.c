/*
 * noise.c - calls on things that are not the program's files, around one
 * file that is.
 *
 * /proc/self/stat read once, /etc/hostname (or /etc/passwd) opened and read
 * once, a socketpair, an eventfd and a pipe written and read once each
 * (8 bytes); skip/s.dat (written 10 B: left out with --exclude) and
 * data.dat: 4 writes of 512 B.  stdout: "noise done".
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

static char buf[512];

static int slurp(const char *path)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	ssize_t r = read(fd, buf, sizeof buf);
	close(fd);
	return r < 0 ? -1 : 0;
}

int main(void)
{
	if (slurp("/proc/self/stat") || (slurp("/etc/hostname") && slurp("/etc/passwd")))
		return 1;
	int sv[2], p[2];
	uint64_t one = 1, got;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) || write(sv[0], &one, 8) != 8 ||
	    read(sv[1], &got, 8) != 8)
		return 2;
	int ev = eventfd(0, 0);
	if (ev < 0 || write(ev, &one, 8) != 8 || read(ev, &got, 8) != 8)
		return 3;
	if (pipe(p) || write(p[1], &one, 8) != 8 || read(p[0], &got, 8) != 8)
		return 4;
	close(sv[0]);
	close(sv[1]);
	close(ev);
	close(p[0]);
	close(p[1]);
	if (mkdir("skip", 0755))
		return 5;
	int s = open("skip/s.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (s < 0 || write(s, buf, 10) != 10 || close(s))
		return 6;
	int d = open("data.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	memset(buf, 'y', sizeof buf);
	for (int i = 0; i < 4; i++)
		if (write(d, buf, sizeof buf) != (ssize_t)sizeof buf)
			return 7;
	close(d);
	printf("noise done\n");
	return 0;
}
