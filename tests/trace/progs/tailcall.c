/*
 * tailcall.c - functions that end in a tail call, built -O2: their frames
 * are gone while the callee runs, and vidya trace puts them back from the
 * DWARF call-site records when that is unambiguous.
 *   reader(PATH, ROUNDS) reads PATH with read(2) in 4 KiB blocks, then
 *     `return crunch(...)`: a jump to crunch, which computes ROUNDS passes
 *     over the data (most of the run); crunch's time is reader's too.
 *   syncer(FD) is `return fsync(fd)`: the fsync is reader-less, made by
 *     syncer (its block and call site), though main's return address is
 *     the only frame of the program on its stack.
 *   pick(K) is `return K & 1 ? via_a(K) : via_b(K)`, and via_a and via_b
 *     both end in `return spin(...)`: while spin runs, pick's frame is gone
 *     and one of via_a/via_b left it, which one the stack cannot tell:
 *     pick gets spin's time, neither via_a nor via_b does.
 *   outer(K) ends in `return middle(K + 1)`, middle in `return spin2(K)`:
 *     two tail calls in a row, one chain: both get spin2's time.
 * usage: tailcall PATH ROUNDS SPIN   (PATH: an existing file of some KiB)
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static unsigned char buf[1 << 16];
volatile unsigned long sink;

__attribute__((noinline)) unsigned long crunch(const unsigned char *b, size_t n, long rounds)
{
	unsigned long h = 1469598103934665603ul;
	for (long r = 0; r < rounds; r++)
		for (size_t i = 0; i < n; i++)
			h = (h ^ b[i]) * 1099511628211ul;
	return h;
}

__attribute__((noinline)) unsigned long reader(const char *path, long rounds)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		exit(1);
	size_t got = 0;
	ssize_t r;
	while (got < sizeof buf && (r = read(fd, buf + got, 4096)) > 0)
		got += (size_t)r;
	close(fd);
	return crunch(buf, got, rounds);
}

__attribute__((noinline)) int syncer(int fd)
{
	return fsync(fd);
}

__attribute__((noinline)) unsigned long spin(long n)
{
	unsigned long h = (unsigned long)n;
	for (long i = 0; i < n; i++)
		h = h * 6364136223846793005ul + 1442695040888963407ul;
	return h;
}

__attribute__((noinline)) unsigned long via_a(long k)
{
	sink = 1;
	return spin(k * 3);
}

__attribute__((noinline)) unsigned long via_b(long k)
{
	sink = 2;
	return spin(k * 5);
}

__attribute__((noinline)) unsigned long pick(long k)
{
	return k & 1 ? via_a(k) : via_b(k);
}

__attribute__((noinline)) unsigned long spin2(long n)
{
	unsigned long h = (unsigned long)n;
	for (long i = 0; i < n; i++)
		h = h * 2862933555777941757ul + 3037000493ul;
	return h;
}

__attribute__((noinline)) unsigned long middle(long k)
{
	sink = 3;
	return spin2(k);
}

__attribute__((noinline)) unsigned long outer(long k)
{
	sink = 4;
	return middle(k + 1);
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	sink = reader(argv[1], atol(argv[2]));
	int fd = open(argv[1], O_RDONLY);
	if (fd < 0 || syncer(fd) != 0)
		return 1;
	close(fd);
	long s = atol(argv[3]);
	sink = pick(s) + pick(s + 1);
	sink = outer(8 * s); /* spin2 about 0.1 s: well above the check's 0.05 s floor */
	return 0;
}
