/*
 * engines.c - functions marked __attribute__((constructor)) run before
 * main, as the loader runs them: here they register two I/O engines in a
 * table (fio's ioengines register so), and one prints a banner.  main
 * picks the engine named by its argument and writes with it.
 *
 * --args "posix": the constructors leave nengines = 2 and print "start\n"
 * (1 fputs, 6 bytes, counted in the program, not in main).  The search
 * finds "posix"; main opens the file, calls posix_xfer 10 times (10
 * writes of 100 bytes) and closes it: main 12 calls, 1000 bytes; the
 * program 13 calls, 1006 bytes.  Before: the constructors never ran, the
 * table was empty, no engine was found and main returned 1 (main 0 calls).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct engine {
	const char *name;
	long (*xfer)(int fd, const char *buf, long n);
};

static long posix_xfer(int fd, const char *buf, long n)
{
	return (long)write(fd, buf, (size_t)n);
}

static long null_xfer(int fd, const char *buf, long n)
{
	(void)fd, (void)buf;
	return n;
}

static struct engine posix_engine = { "posix", posix_xfer };
static struct engine null_engine = { "null", null_xfer };
static struct engine *engines[8];
static int nengines;

static void __attribute__((constructor)) register_posix(void)
{
	engines[nengines++] = &posix_engine;
}

static void __attribute__((constructor)) register_null(void)
{
	engines[nengines++] = &null_engine;
}

static void __attribute__((constructor)) banner(void)
{
	fputs("start\n", stderr);
}

// EXPECT: program p2=13 p3=1006
// EXPECT: main p2=12 p3=1000
// EXPECT-KNOWN: main p2 p3
// VIDYA: --args "posix"
int main(int argc, char **argv)
{
	struct engine *e = NULL;
	char buf[100] = { 0 };

	if (argc < 2)
		return 1;
	for (int i = 0; i < nengines; i++)
		if (!strcmp(engines[i]->name, argv[1])) {
			e = engines[i];
			break;
		}
	if (!e)
		return 1;
	int fd = open("engine.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 1;
	for (int k = 0; k < 10; k++)
		e->xfer(fd, buf, sizeof buf);
	close(fd);
	return 0;
}
