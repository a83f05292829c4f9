/*
 * reopen - the program reads back what it wrote through a second open of
 * the same file before closing the first: with write-behind the bytes
 * would not be there yet, so the writes are not rewritten.
 */
// EXPECT: not rewritten: open() on line 25, between the calls on the descriptor
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	char rec[32], back[64];
	int i, check;
	ssize_t got;
	int fd = open("out.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0)
		return 1;
	for (i = 0; i < 1000; i++) {
		snprintf(rec, sizeof rec, "%d", i);
		rec[sizeof rec - 1] = '\n';
		write(fd, rec, sizeof rec);
	}
	check = open("out.txt", O_RDONLY);
	got = read(check, back, sizeof back);
	close(check);
	close(fd);
	printf("read back %zd bytes\n", got);
	return 0;
}
