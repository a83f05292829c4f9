/*
 * memsort.c - held-out program: sorts a file of 64-bit keys in memory:
 * one fstat and one big read of the whole file, qsort with a comparison
 * function (the time is in the libc call), a check pass, one big write of
 * the result (optionally fsync'd) and a one-line report on stdout.
 *
 *   memsort gen DIR MKEYS          writes DIR/keys.bin (setup, untraced)
 *   memsort run DIR SYNC
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void gen(const char *dir, long mkeys)
{
	char path[512];
	snprintf(path, sizeof path, "%s/keys.bin", dir);
	FILE *f = fopen(path, "wb");
	if (!f)
		exit(1);
	uint64_t s = 88172645463325252ull;
	for (long i = 0; i < mkeys * 1048576; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		fwrite(&s, sizeof s, 1, f);
	}
	fflush(f);
	fsync(fileno(f));
	fclose(f);
}

__attribute__((noinline)) uint64_t *load_keys(const char *path, size_t *n)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0)
		exit(1);
	uint64_t *k = malloc((size_t)st.st_size);
	if (!k)
		exit(1);
	size_t got = 0;
	ssize_t r;
	while (got < (size_t)st.st_size && (r = read(fd, (char *)k + got, (size_t)st.st_size - got)) > 0)
		got += (size_t)r;
	close(fd);
	*n = got / sizeof *k;
	return k;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

__attribute__((noinline)) void sort_keys(uint64_t *k, size_t n)
{
	qsort(k, n, sizeof *k, cmp_u64);
}

__attribute__((noinline)) long check_sorted(const uint64_t *k, size_t n)
{
	long bad = 0;
	for (size_t i = 1; i < n; i++)
		bad += k[i - 1] > k[i];
	return bad;
}

__attribute__((noinline)) void store_keys(const char *path, const uint64_t *k, size_t n, int sync)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		exit(1);
	size_t len = n * sizeof *k, put = 0;
	ssize_t w;
	while (put < len && (w = write(fd, (const char *)k + put, len - put)) > 0)
		put += (size_t)w;
	if (sync)
		fsync(fd);
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	if (strcmp(argv[1], "gen") == 0) {
		gen(argv[2], atol(argv[3]));
		return 0;
	}
	char in[512], out[512];
	snprintf(in, sizeof in, "%s/keys.bin", argv[2]);
	snprintf(out, sizeof out, "%s/sorted.bin", argv[2]);
	size_t n;
	uint64_t *k = load_keys(in, &n);
	sort_keys(k, n);
	long bad = check_sorted(k, n);
	store_keys(out, k, n, atoi(argv[3]));
	printf("%zu keys, %ld out of order\n", n, bad);
	free(k);
	return 0;
}
