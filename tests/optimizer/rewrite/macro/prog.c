/*
 * macro - the write in the loop is written through a macro: the rewriter
 * edits only calls spelled out in the source, so it reports the finding
 * and leaves the code alone.
 */
// EXPECT: not rewritten: the call to write() on line 22 comes from a macro expansion
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#define PUT(fd, buf, n) write(fd, buf, n)

int main(void)
{
	char rec[32];
	int i;
	int fd = open("out.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	for (i = 0; i < 1000; i++) {
		snprintf(rec, sizeof rec, "%d", i);
		rec[sizeof rec - 1] = '\n';
		PUT(fd, rec, sizeof rec);
	}
	close(fd);
	return 0;
}
