/*
 * state.c - state changed by callees on paths that may not run.
 *
 * do_open() clears a global registry on its error path.  open() is assumed
 * to succeed (expected values), so that path is not taken: the registry
 * stays allocated, check_id() returns 0 and the read loop counts.  (Under
 * --paths all the error path's write must merge with the path that leaves
 * the registry alone - not win - with the same result.)
 * die() ends the program: the arm that calls it is an error path, assumed
 * not taken (expected values), so it counts 0 times; with --paths all it
 * would run at most once per run (see 24_paths_all).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int *registry;
static int nopen;

static void reg_add(void)
{
	if (!registry)
		registry = calloc(16, sizeof(int));
	nopen++;
}

static void reg_del(void)
{
	if (--nopen == 0) {
		free(registry);
		registry = NULL;
	}
}

static int do_open(const char *path)
{
	reg_add();
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		reg_del();
		return -1;
	}
	return fd;
}

static int check_id(void)
{
	return registry == NULL ? -33 : 0;
}

static void die(const char *msg)
{
	fprintf(stderr, "fatal: %s\n", msg);
	fflush(stderr);
	exit(1);
}

int main(int argc, char **argv)
{
	char buf[4096];
	int fd = do_open("in.dat");
	if (check_id())
		return 2;
	for (int i = 0; i < 50; i++)
		read(fd, buf, sizeof buf);
	for (int i = 0; i < 10; i++)
		for (int j = 0; j < 10; j++)
			if (buf[j] == argc)
				die("bad byte");
	close(fd);
	return 0;
}

// EXPECT: main/loop#1/io#1 p2=50 p3=204800
// EXPECT: die p2=0 p3=0
// EXPECT: main/loop#2 p2=0
// EXPECT: program p2=52
