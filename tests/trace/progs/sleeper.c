/*
 * sleeper.c - writes 1000 bytes to slept.dat in 10 writes, says so on stdout,
 * then sleeps until a signal ends it (at most 30 s).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	char buf[100];
	memset(buf, 's', sizeof buf);
	int fd = open("slept.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 10; i++)
		if (fd < 0 || write(fd, buf, sizeof buf) != (ssize_t)sizeof buf)
			return 1;
	printf("written\n");
	fflush(stdout);
	sleep(30);
	return 0;
}
