/*
 * extsort.c - external merge sort of a binary file of int32 keys.
 *
 *   extsort gen DIR N                               setup: DIR/input.bin, N random int32, fsync'ed
 *   extsort run DIR N RUNLEN XFER CACHE SYNC PASSES
 *     N       keys in the input (must match gen)
 *     RUNLEN  keys per sorted run (memory budget): N/RUNLEN runs are merged
 *     XFER    transfer size in bytes of every read and write (4096 .. 1 MiB)
 *     CACHE   warm | cold (cold: posix_fadvise DONTNEED on the input first)
 *     SYNC    buf | sync (sync: fdatasync after every run / output buffer)
 *     PASSES  extra sorting passes over each run in memory (compute knob:
 *             each pass perturbs and re-sorts the run, like a costlier key)
 *
 * Phases: make_runs (read input in XFER pieces, sort, write run files),
 * sort_run (compute), merge_runs (k-way heap merge reading each run through
 * an XFER buffer at its own offset, writing DIR/sorted.bin), verify_output
 * (re-read the output, check order). Run files are removed at the end.
 * Configs vary run length (few big vs many small runs), transfer size,
 * fdatasync, cold cache and compute passes.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static int cmp_int(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

__attribute__((noinline)) void gen_input(const char *path, long n)
{
	uint32_t s = 12345u, buf[8192];
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die(path);
	for (long i = 0; i < n; i += 8192) {
		long m = n - i < 8192 ? n - i : 8192;
		for (long j = 0; j < m; j++) {
			s = s * 1664525u + 1013904223u;
			buf[j] = s >> 1;
		}
		if (write(fd, buf, (size_t)m * 4) != (ssize_t)(m * 4))
			die("write input");
	}
	fsync(fd);
	close(fd);
}

__attribute__((noinline)) void sort_run(int32_t *keys, long n, int passes)
{
	qsort(keys, (size_t)n, sizeof(int32_t), cmp_int);
	for (int p = 0; p < passes; p++) {
		for (long i = 0; i + 1 < n; i += 2) { /* swap neighbours, then repair */
			int32_t t = keys[i];
			keys[i] = keys[i + 1];
			keys[i + 1] = t;
		}
		qsort(keys, (size_t)n, sizeof(int32_t), cmp_int);
	}
}

__attribute__((noinline)) int make_runs(const char *dir, int in, long n, long runlen, long xfer, int sync,
					int passes)
{
	int32_t *keys = malloc((size_t)runlen * sizeof(int32_t));
	char path[512];
	int nruns = 0;
	if (!keys)
		die("malloc");
	for (long start = 0; start < n; start += runlen) {
		long m = n - start < runlen ? n - start : runlen;
		size_t bytes = (size_t)m * 4, done;
		for (done = 0; done < bytes; done += (size_t)xfer) {
			size_t len = bytes - done < (size_t)xfer ? bytes - done : (size_t)xfer;
			if (pread(in, (char *)keys + done, len, (off_t)(start * 4 + (long)done)) != (ssize_t)len)
				die("read input");
		}
		sort_run(keys, m, passes);
		snprintf(path, sizeof path, "%s/run%04d.tmp", dir, nruns++);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			die(path);
		for (done = 0; done < bytes; done += (size_t)xfer) {
			size_t len = bytes - done < (size_t)xfer ? bytes - done : (size_t)xfer;
			if (write(fd, (char *)keys + done, len) != (ssize_t)len)
				die("write run");
		}
		if (sync)
			fdatasync(fd);
		close(fd);
	}
	free(keys);
	return nruns;
}

struct run { int fd; long pos, len; int32_t *buf; };

static int refill(struct run *r, long xfer)
{
	ssize_t got = read(r->fd, r->buf, (size_t)xfer);
	r->len = got > 0 ? got / 4 : 0;
	r->pos = 0;
	return r->len > 0;
}

__attribute__((noinline)) long merge_runs(const char *dir, int nruns, long xfer, int sync, int cold)
{
	struct run *runs = calloc((size_t)nruns, sizeof *runs);
	int *heap = malloc((size_t)nruns * sizeof(int)), hn = 0;
	int32_t *out = malloc((size_t)xfer);
	long outn = 0, total = 0, per = xfer / 4;
	char path[512];
	if (!runs || !heap || !out)
		die("malloc");
	for (int r = 0; r < nruns; r++) {
		snprintf(path, sizeof path, "%s/run%04d.tmp", dir, r);
		runs[r].fd = open(path, O_RDONLY);
		runs[r].buf = malloc((size_t)xfer);
		if (runs[r].fd < 0 || !runs[r].buf)
			die(path);
		if (cold) /* drop what is already on disk (all of it after fdatasync) */
			posix_fadvise(runs[r].fd, 0, 0, POSIX_FADV_DONTNEED);
		if (refill(&runs[r], xfer))
			heap[hn++] = r;
	}
	snprintf(path, sizeof path, "%s/sorted.bin", dir);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die(path);
	for (int i = hn / 2 - 1; i >= 0; i--) /* heapify, then pop until empty */
		for (int j = i, c; (c = 2 * j + 1) < hn; j = c) {
			if (c + 1 < hn && runs[heap[c + 1]].buf[runs[heap[c + 1]].pos] < runs[heap[c]].buf[runs[heap[c]].pos])
				c++;
			if (runs[heap[j]].buf[runs[heap[j]].pos] <= runs[heap[c]].buf[runs[heap[c]].pos])
				break;
			int t = heap[j]; heap[j] = heap[c]; heap[c] = t;
		}
	while (hn > 0) {
		struct run *r = &runs[heap[0]];
		out[outn++] = r->buf[r->pos++];
		total++;
		if (outn == per) {
			if (write(fd, out, (size_t)outn * 4) != (ssize_t)(outn * 4))
				die("write output");
			if (sync)
				fdatasync(fd);
			outn = 0;
		}
		if (r->pos == r->len && !refill(r, xfer))
			heap[0] = heap[--hn];
		for (int j = 0, c; (c = 2 * j + 1) < hn; j = c) {
			if (c + 1 < hn && runs[heap[c + 1]].buf[runs[heap[c + 1]].pos] < runs[heap[c]].buf[runs[heap[c]].pos])
				c++;
			if (runs[heap[j]].buf[runs[heap[j]].pos] <= runs[heap[c]].buf[runs[heap[c]].pos])
				break;
			int t = heap[j]; heap[j] = heap[c]; heap[c] = t;
		}
	}
	if (outn > 0 && write(fd, out, (size_t)outn * 4) != (ssize_t)(outn * 4))
		die("write output");
	close(fd);
	for (int r = 0; r < nruns; r++) {
		close(runs[r].fd);
		free(runs[r].buf);
		snprintf(path, sizeof path, "%s/run%04d.tmp", dir, r);
		unlink(path);
	}
	free(runs);
	free(heap);
	free(out);
	return total;
}

__attribute__((noinline)) uint64_t verify_output(const char *dir, long n, long xfer)
{
	char path[512];
	int32_t *buf = malloc((size_t)xfer), prev = INT32_MIN;
	uint64_t sum = 0;
	long seen = 0;
	ssize_t got;
	snprintf(path, sizeof path, "%s/sorted.bin", dir);
	int fd = open(path, O_RDONLY);
	if (fd < 0 || !buf)
		die(path);
	while ((got = read(fd, buf, (size_t)xfer)) > 0)
		for (long i = 0; i < got / 4; i++, seen++) {
			if (buf[i] < prev)
				die("output not sorted");
			prev = buf[i];
			sum = sum * 31 + (uint32_t)buf[i];
		}
	close(fd);
	free(buf);
	if (seen != n)
		die("output length");
	return sum;
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc >= 4 && argv[1][0] == 'g') {
		snprintf(path, sizeof path, "%s/input.bin", argv[2]);
		gen_input(path, atol(argv[3]));
		return 0;
	}
	if (argc < 9) {
		fprintf(stderr, "usage: extsort gen DIR N | extsort run DIR N RUNLEN XFER warm|cold buf|sync PASSES\n");
		return 2;
	}
	long n = atol(argv[3]), runlen = atol(argv[4]), xfer = atol(argv[5]);
	int cold = argv[6][0] == 'c', sync = argv[7][0] == 's', passes = atoi(argv[8]);
	snprintf(path, sizeof path, "%s/input.bin", argv[2]);
	int in = open(path, O_RDONLY);
	if (in < 0)
		die(path);
	if (cold)
		posix_fadvise(in, 0, 0, POSIX_FADV_DONTNEED);
	int nruns = make_runs(argv[2], in, n, runlen, xfer, sync, passes);
	close(in);
	long total = merge_runs(argv[2], nruns, xfer, sync, cold);
	uint64_t sum = verify_output(argv[2], n, xfer);
	printf("checksum runs=%d keys=%ld sum=%016llx\n", nruns, total, (unsigned long long)sum);
	return 0;
}
