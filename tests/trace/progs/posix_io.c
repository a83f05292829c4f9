/*
 * posix_io.c - known POSIX traffic with predictable Darshan counters.
 *
 *     posix_io NSEQ BS NRAND SEED
 *
 * seq.dat (in seq_phase): open, NSEQ x write(BS) at offsets 0, BS, ...,
 *     fsync, lseek(0), NSEQ x read(BS) at 0, BS, ..., close.
 *     Every write and read after the first of its direction is consecutive.
 * strided.dat (in strided_phase): open, NSEQ x pwrite(BS) at (2i+1)*BS
 *     (i = 0..NSEQ-1: forward with a hole of BS between them: sequential,
 *     never consecutive), then NSEQ x pread(BS) at (2(NSEQ-1-i)+1)*BS
 *     (backwards: each read after the first starts before the end of the
 *     previous one: random), fdatasync, close.
 * rand.dat (in rand_phase): open, NRAND x pwrite(BS) at perm[i]*BS, then
 *     for each i: lseek(perm[i]*BS) + read(BS), close.  perm is a
 *     permutation of 0..NRAND-1 from a Fisher-Yates shuffle driven by
 *         x = (x * 1103515245 + 12345) mod 2^31, x0 = SEED,
 *         for i = NRAND-1 down to 1: x = next(x); j = x mod (i+1); swap(i, j)
 *     (the tests recompute it in bash).
 *
 * Totals on the three files: open 3, close 3, write NSEQ, pwrite
 * NSEQ + NRAND, read NSEQ + NRAND, pread NSEQ, lseek 1 + NRAND, fsync 1,
 * fdatasync 1; every data call moves exactly BS bytes.
 * stdout: one checksum line.
 */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void fill(unsigned char *buf, size_t bs, long k)
{
	memset(buf, (int)(k % 251), bs);
}

static void __attribute__((noinline))
seq_phase(long n, size_t bs, unsigned char *buf, unsigned long *sum)
{
	int fd = open("seq.dat", O_CREAT | O_TRUNC | O_RDWR, 0644);
	if (fd < 0)
		exit(3);
	for (long i = 0; i < n; i++) {
		fill(buf, bs, i);
		/* MARK:write (the call on the next line) */
		if (write(fd, buf, bs) != (ssize_t)bs)
			exit(4);
	}
	fsync(fd);
	lseek(fd, 0, SEEK_SET);
	for (long i = 0; i < n; i++) {
		if (read(fd, buf, bs) != (ssize_t)bs)
			exit(5);
		*sum += buf[0];
	}
	close(fd);
}

static void __attribute__((noinline))
strided_phase(long n, size_t bs, unsigned char *buf, unsigned long *sum)
{
	int fd = open("strided.dat", O_CREAT | O_TRUNC | O_RDWR, 0644);
	if (fd < 0)
		exit(3);
	for (long i = 0; i < n; i++) {
		fill(buf, bs, 1000 + i);
		if (pwrite(fd, buf, bs, (off_t)((2 * i + 1) * (long)bs)) != (ssize_t)bs)
			exit(6);
	}
	for (long i = 0; i < n; i++) {
		if (pread(fd, buf, bs, (off_t)((2 * (n - 1 - i) + 1) * (long)bs)) != (ssize_t)bs)
			exit(7);
		*sum += buf[bs - 1];
	}
	fdatasync(fd);
	close(fd);
}

static void __attribute__((noinline))
rand_phase(long n, size_t bs, unsigned long seed, unsigned char *buf, unsigned long *sum)
{
	long *perm = malloc((size_t)n * sizeof *perm);
	if (!perm)
		exit(2);
	for (long i = 0; i < n; i++)
		perm[i] = i;
	unsigned long x = seed % 2147483648UL;
	for (long i = n - 1; i >= 1; i--) {
		x = (x * 1103515245UL + 12345UL) % 2147483648UL;
		long j = (long)(x % (unsigned long)(i + 1));
		long t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	int fd = open("rand.dat", O_CREAT | O_TRUNC | O_RDWR, 0644);
	if (fd < 0)
		exit(3);
	for (long i = 0; i < n; i++) {
		fill(buf, bs, perm[i]);
		if (pwrite(fd, buf, bs, (off_t)(perm[i] * (long)bs)) != (ssize_t)bs)
			exit(8);
	}
	for (long i = 0; i < n; i++) {
		lseek(fd, (off_t)(perm[i] * (long)bs), SEEK_SET);
		if (read(fd, buf, bs) != (ssize_t)bs)
			exit(9);
		*sum += buf[0] * (unsigned long)(i + 1);
	}
	close(fd);
	free(perm);
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: posix_io NSEQ BS NRAND SEED\n");
		return 2;
	}
	long nseq = atol(argv[1]);
	size_t bs = (size_t)atol(argv[2]);
	long nrand = atol(argv[3]);
	unsigned long seed = strtoul(argv[4], NULL, 10);
	if (nseq < 2 || bs < 2 || nrand < 2)
		return 2;
	unsigned char *buf = malloc(bs);
	if (!buf)
		return 2;
	unsigned long sum = 0;
	seq_phase(nseq, bs, buf, &sum);
	strided_phase(nseq, bs, buf, &sum);
	rand_phase(nrand, bs, seed, buf, &sum);
	printf("posix_io: checksum %lu\n", sum);
	free(buf);
	return 0;
}
