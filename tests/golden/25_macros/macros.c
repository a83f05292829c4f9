/*
 * macros.c - I/O written through the macros real HPC codes use: an error
 * check that declares a local (`do { int rc_ = (call); ... } while (0)`), a
 * loop macro, a GNU statement expression, glibc's assert() (itself a
 * statement expression) and logging compiled out by a zero flag.
 *
 * --args "8": n = 8.
 * - every `do { } while (0)` runs once;
 * - CHECK keeps the call in its declaration's initializer; `rc_ < 0` tests
 *   an I/O result (assumed to succeed), so the fprintf/exit arm counts 0;
 * - FOR_EACH(i, n) is `for ((i) = 0; (i) < (n); (i)++)`: 8 exact trips;
 * - LOG's fprintf sits under `if (verbose)`, verbose = 0: never;
 * - assert(WRITE_ALL(fd, buf, 100) == 100) runs its write once;
 * - the write inside sizeof is not evaluated.
 * I/O: open 1, 8 writes x 512 = 4096, 1 write of 100, fsync 1, close 1:
 * P2 = 12, P3 = 4196, nothing assumed.
 */
// VIDYA: --args "8"
#include <assert.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define CHECK(call)                                                      \
	do {                                                             \
		int rc_ = (call);                                        \
		if (rc_ < 0) {                                           \
			fprintf(stderr, "%s failed\n", #call);          \
			exit(1);                                         \
		}                                                        \
	} while (0)
#define FOR_EACH(i, n) for ((i) = 0; (i) < (n); (i)++)
#define WRITE_ALL(fd, b, n) ({ ssize_t w_ = write((fd), (b), (n)); w_; })
#define LOG(...)                                           \
	do {                                               \
		if (verbose)                               \
			fprintf(stderr, __VA_ARGS__);      \
	} while (0)

static int verbose;

int main(int argc, char **argv)
{
	char buf[512] = { 0 };
	int n = atoi(argv[1]), i, fd;

	fd = open("macros.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	CHECK(fd);
	FOR_EACH(i, n) {
		CHECK(write(fd, buf, sizeof buf));
		LOG("block %d\n", i);
	}
	assert(WRITE_ALL(fd, buf, 100) == 100);
	CHECK(fsync(fd));
	(void)sizeof(write(fd, buf, 1));
	CHECK(close(fd));
	return 0;
}

// EXPECT: main/loop#2 p2=8 p3=4096 p13=8
// EXPECT-KNOWN: main/loop#2 p1 p2 p3
// EXPECT: main p2=12 p3=4196 p7=1
// EXPECT-KNOWN: main p2 p3
// EXPECT: program p2=12 p3=4196
