/*
 * escape - the descriptor is also handed to a function the rewriter does
 * not follow (a helper that writes a trailer): the writes stay as they
 * are, and the finding says why.
 */
// EXPECT: not rewritten: the descriptor 'fd' is passed to trailer()
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static void trailer(int fd)
{
	write(fd, "end\n", 4);
}

int main(void)
{
	char rec[32];
	int i;
	int fd = open("out.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	for (i = 0; i < 1000; i++) {
		snprintf(rec, sizeof rec, "%d", i);
		rec[sizeof rec - 1] = '\n';
		write(fd, rec, sizeof rec);
	}
	trailer(fd);
	close(fd);
	return 0;
}
