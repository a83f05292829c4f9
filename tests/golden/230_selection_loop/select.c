/* A backend chosen by name from argv with a search loop that has no
 * `break`: `if (strcmp(tbl[i].name, argv[1]) == 0) sel = &tbl[i];`.  The
 * loop is run iteration by iteration (3 entries), so `sel` is the entry
 * named "twice" and `sel->put` calls twice_put alone; `if (!sel)` is
 * decided false.
 *
 * --args "twice": 10 calls of twice_put, 2 writes of 4096 B each = 20
 * writes, 81920 B.  Program: open + 20 writes + close = 22 calls, nothing
 * assumed.  (Before: sel unknown, each of the 3 targets took a third of
 * the calls, the return on `!sel` a heuristic share.)
 */
// VIDYA: --args "twice"
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

struct backend {
	const char *name;
	void (*put)(int fd, const char *b, long n);
};

static void raw_put(int fd, const char *b, long n)
{
	write(fd, b, n);
}

static void twice_put(int fd, const char *b, long n)
{
	write(fd, b, n);
	write(fd, b, n);
}

static void skip_put(int fd, const char *b, long n)
{
	(void)fd, (void)b, (void)n;
}

static const struct backend tbl[] = {
	{ "raw", raw_put },
	{ "twice", twice_put },
	{ "none", skip_put },
};

int main(int argc, char **argv)
{
	static char buf[4096];
	const struct backend *sel = NULL;
	if (argc < 2)
		return 2;
	for (unsigned long i = 0; i < sizeof tbl / sizeof tbl[0]; i++)
		if (strcmp(tbl[i].name, argv[1]) == 0)
			sel = &tbl[i];
	if (!sel)
		return 1;
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int k = 0; k < 10; k++)
		sel->put(fd, buf, 4096);
	close(fd);
	return 0;
}

// EXPECT: program p2=22 p3=81920
// EXPECT: twice_put p2=20 p3=81920
// EXPECT-KNOWN: program p2 p3
