/*
 * env.c - getenv with --env-inherit: the program runs in the environment
 * vidya runs in, so getenv returns its values and NULL for names not in it;
 * an --env binding comes first.
 *
 * - SIM_MODE is bound to "fast" by --env: 2 writes.
 * - VIDYA_GOLDEN_SURELY_UNSET_45 is not in the environment: NULL, 3 writes.
 * - PATH is in every environment ctest runs in: 1 write.
 * main: open, 2 + 3 + 1 writes of 8 bytes, close: 8 calls, 48 bytes, known.
 */
// VIDYA: --env-inherit --env SIM_MODE=fast
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// EXPECT: main p2=8 p3=48
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	int fd = open("env.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	const char *mode = getenv("SIM_MODE");
	if (mode && !strcmp(mode, "fast"))
		for (int i = 0; i < 2; i++)
			write(fd, "fastmode", 8);
	if (!getenv("VIDYA_GOLDEN_SURELY_UNSET_45"))
		for (int i = 0; i < 3; i++)
			write(fd, "defaults", 8);
	if (getenv("PATH"))
		write(fd, "pathset!", 8);
	close(fd);
	return 0;
}
