/*
 * fsync-loop - a checkpoint loop that syncs after every record: with
 * --allow-durability sync-in-loop defers the syncs to the background (the
 * close still syncs), and every call on the descriptor goes through the
 * runtime.
 */
// OPTIMIZE: --rule sync-in-loop --allow-durability
// EXPECT: rewritten
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static char rec[1 << 16];

int main(void)
{
	int fd = open("log.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int i;

	if (fd < 0)
		return 1;
	for (i = 0; i < 64; i++) {
		memset(rec, 'a' + i % 26, sizeof rec);
		write(fd, rec, sizeof rec);
		fsync(fd);
	}
	return close(fd) != 0;
}
