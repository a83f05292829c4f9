/*
 * bytecomp.c - a compression-like byte transform streamed over a file:
 * read a chunk, optionally apply move-to-front (plus extra mixing rounds
 * that model a costlier codec), run-length code it, write the coded chunk
 * with a length header. A stream filter like gzip: compute per byte vs I/O per byte.
 *
 *   bytecomp gen DIR MB                        setup: DIR/raw.bin, MB MiB of
 *                                              compressible data, fsync'ed
 *   bytecomp run DIR CHUNK LEVEL CACHE SYNC
 *     CHUNK   bytes per read()/write() (4 KiB .. 1 MiB)
 *     LEVEL   0 = run-length coding only (cheap), 1 = move-to-front + RLE,
 *             L > 1 = MTF, L - 1 mixing rounds, RLE (compute knob)
 *     CACHE   warm | cold (cold: posix_fadvise DONTNEED on raw.bin first)
 *     SYNC    buf | sync (sync: output opened with O_DSYNC)
 *
 * Phases: gen_raw (setup), read_chunk (read), mtf_encode, rle_encode,
 * mix_rounds (compute), write_chunk (write), write_index (fprintf of the
 * chunk table). Output DIR/coded.bin and DIR/coded.idx are kept.
 * Configs vary chunk size, level, cache state and O_DSYNC output.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

__attribute__((noinline)) void gen_raw(const char *path, long mb)
{
	static const char *words[] = { "alpha ", "beta ", "        ", "delta ", "\n", "0000000000000000", "11111111", "zzzzzzzzzzzzzzzzzzzzzzzz" };
	unsigned char buf[65536];
	unsigned s = 31337u;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die(path);
	for (long b = 0; b < mb * 16; b++) {
		size_t n = 0;
		while (n < sizeof buf) {
			s = s * 1664525u + 1013904223u;
			const char *w = words[(s >> 20) % 8];
			size_t l = strlen(w);
			for (size_t i = 0; i < l && n < sizeof buf; i++)
				buf[n++] = (unsigned char)w[i];
		}
		if (write(fd, buf, sizeof buf) != (ssize_t)sizeof buf)
			die("write raw");
	}
	fsync(fd);
	close(fd);
}

__attribute__((noinline)) ssize_t read_chunk(int fd, unsigned char *buf, long chunk)
{
	ssize_t got = read(fd, buf, (size_t)chunk);
	if (got < 0)
		die("read");
	return got;
}

__attribute__((noinline)) void mtf_encode(unsigned char *buf, long n)
{
	unsigned char table[256];
	for (int i = 0; i < 256; i++)
		table[i] = (unsigned char)i;
	for (long i = 0; i < n; i++) {
		unsigned char c = buf[i], j = 0;
		while (table[j] != c)
			j++;
		memmove(table + 1, table, j);
		table[0] = c;
		buf[i] = j;
	}
}

__attribute__((noinline)) void mix_rounds(unsigned char *buf, long n, int rounds)
{
	for (int r = 0; r < rounds; r++) {
		unsigned char prev = (unsigned char)r;
		for (long i = 0; i < n; i++) {
			buf[i] ^= (unsigned char)(prev * 167u + 13u);
			prev = buf[i];
		}
		for (long i = n - 1; i >= 0; i--) /* undo, so the output stays decodable */
			buf[i] ^= (unsigned char)((i > 0 ? buf[i - 1] : (unsigned char)r) * 167u + 13u);
	}
}

__attribute__((noinline)) long rle_encode(const unsigned char *in, long n, unsigned char *out)
{
	long o = 0;
	for (long i = 0; i < n;) {
		long run = 1;
		while (i + run < n && run < 255 && in[i + run] == in[i])
			run++;
		out[o++] = (unsigned char)run;
		out[o++] = in[i];
		i += run;
	}
	return o;
}

__attribute__((noinline)) void write_chunk(int fd, const unsigned char *out, long len)
{
	uint32_t hdr = (uint32_t)len;
	if (write(fd, &hdr, sizeof hdr) != (ssize_t)sizeof hdr || write(fd, out, (size_t)len) != (ssize_t)len)
		die("write coded");
}

__attribute__((noinline)) void write_index(const char *dir, const long *sizes, long nchunks, long chunk)
{
	char path[512];
	snprintf(path, sizeof path, "%s/coded.idx", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		die(path);
	for (long c = 0; c < nchunks; c++)
		fprintf(f, "%ld %ld %ld\n", c, c * chunk, sizes[c]);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc >= 4 && argv[1][0] == 'g') {
		snprintf(path, sizeof path, "%s/raw.bin", argv[2]);
		gen_raw(path, atol(argv[3]));
		return 0;
	}
	if (argc < 7) {
		fprintf(stderr, "usage: bytecomp gen DIR MB | bytecomp run DIR CHUNK LEVEL warm|cold buf|sync\n");
		return 2;
	}
	long chunk = atol(argv[3]), nchunks = 0, cap = 1024, in_total = 0, out_total = 0;
	int level = atoi(argv[4]), cold = argv[5][0] == 'c', sync = argv[6][0] == 's';
	unsigned char *buf = malloc((size_t)chunk), *out = malloc((size_t)chunk * 2);
	long *sizes = malloc((size_t)cap * sizeof(long));
	ssize_t got;
	snprintf(path, sizeof path, "%s/raw.bin", argv[2]);
	int in = open(path, O_RDONLY);
	snprintf(path, sizeof path, "%s/coded.bin", argv[2]);
	int outfd = open(path, O_WRONLY | O_CREAT | O_TRUNC | (sync ? O_DSYNC : 0), 0644);
	if (in < 0 || outfd < 0 || !buf || !out || !sizes)
		die("open");
	if (cold)
		posix_fadvise(in, 0, 0, POSIX_FADV_DONTNEED);
	while ((got = read_chunk(in, buf, chunk)) > 0) {
		if (level > 0)
			mtf_encode(buf, got);
		if (level > 1)
			mix_rounds(buf, got, level - 1);
		long len = rle_encode(buf, got, out);
		write_chunk(outfd, out, len);
		if (nchunks == cap && !(sizes = realloc(sizes, (size_t)(cap *= 2) * sizeof(long))))
			die("realloc");
		sizes[nchunks++] = len;
		in_total += got;
		out_total += len;
	}
	close(in);
	close(outfd);
	write_index(argv[2], sizes, nchunks, chunk);
	printf("checksum in=%ld out=%ld chunks=%ld\n", in_total, out_total, nchunks);
	free(buf);
	free(out);
	free(sizes);
	return 0;
}
