/*
 * aiori.c - a backend chosen by name, as IOR does it: a NULL-terminated
 * table of pointers to backend structs (designated initializers, in an
 * order other than the fields'), searched with strcasecmp for the API
 * given on the command line; the transfers then go through the selected
 * backend's function pointer.
 *
 * --args "-a posix -t 65536 -s 16": getopt sets api = "posix", xfer =
 * 65536, segments = 16.  select_backend() walks the table for real and
 * returns &posix_backend, so backend->xfer is posix_xfer alone: 16 writes
 * of 65536 bytes = 1048576, not conditional.  mpiio_xfer (pwrite) and
 * dummy_xfer are never reached (analyzed standalone only).  Program:
 * open + 16 writes + fsync (the backend's sync) + close = 19 calls,
 * nothing assumed.
 */
// VIDYA: --args "-a posix -t 65536 -s 16"
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

typedef struct backend {
	const char *name;
	long (*xfer)(int fd, const char *buf, long n, long off);
	int (*sync)(int fd);
} backend_t;

static long posix_xfer(int fd, const char *buf, long n, long off)
{
	(void)off;
	return write(fd, buf, n);
}

static long mpiio_xfer(int fd, const char *buf, long n, long off)
{
	return pwrite(fd, buf, n, off);
}

static long dummy_xfer(int fd, const char *buf, long n, long off)
{
	(void)fd, (void)buf, (void)off;
	return n;
}

static int posix_sync(int fd)
{
	return fsync(fd);
}

static int no_sync(int fd)
{
	(void)fd;
	return 0;
}

static backend_t posix_backend = { .xfer = posix_xfer, .name = "POSIX", .sync = posix_sync };
static backend_t mpiio_backend = { .name = "MPIIO", .sync = posix_sync, .xfer = mpiio_xfer };
static backend_t dummy_backend = { "DUMMY", dummy_xfer, no_sync };
static backend_t *available[] = { &posix_backend, &mpiio_backend, &dummy_backend, NULL };

static backend_t *select_backend(const char *api)
{
	for (backend_t **b = available; *b != NULL; b++)
		if (strcasecmp(api, (*b)->name) == 0)
			return *b;
	return NULL;
}

int main(int argc, char **argv)
{
	static char buf[1 << 20];
	const char *api = "DUMMY";
	long xfer = 4096, segments = 1;
	int c;
	while ((c = getopt(argc, argv, "a:t:s:")) != -1) {
		switch (c) {
		case 'a': api = optarg; break;
		case 't': xfer = atol(optarg); break;
		case 's': segments = atol(optarg); break;
		default: return 2;
		}
	}
	backend_t *backend = select_backend(api);
	if (!backend)
		return 1;
	int fd = open("testfile", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (long i = 0; i < segments; i++)
		backend->xfer(fd, buf, xfer, i * xfer);
	backend->sync(fd);
	close(fd);
	return 0;
}

// EXPECT: main/loop#2/call#1 p2=16 p3=1048576 p5=0
// EXPECT-KNOWN: main/loop#2/call#1 p2 p3
// EXPECT: posix_xfer p2=16 p3=1048576
// EXPECT: mpiio_xfer reachable=0
// EXPECT: dummy_xfer reachable=0
// EXPECT: main p2=19 p3=1048576 p7=1
// EXPECT: program p2=19
