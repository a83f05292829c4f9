/*
 * bfs.c - breadth-first search over a file-backed graph (CSR layout).
 *
 * File DIR/graph.csr: header {int64 nv, int64 ne}, int64 offsets[nv + 1],
 * int32 adjacency[ne]. Neighbours are uniformly random, so visiting the
 * graph touches the adjacency array at random offsets.
 *
 *   bfs gen DIR NV DEG                      setup: random graph, fsync'ed
 *   bfs run DIR NSRC MODE CACHE PRITER XFER
 *     NSRC    BFS traversals (sources spread over the vertices)
 *     MODE    load  = read the adjacency into memory (XFER-byte reads), BFS in RAM
 *             pread = leave it on disk: one pread() per visited vertex
 *     CACHE   warm | cold (cold: posix_fadvise DONTNEED on graph.csr first)
 *     PRITER  PageRank iterations on the loaded graph (load mode only)
 *     XFER    transfer size of the load reads, in bytes
 *
 * Phases: read_offsets (I/O), load_adjacency (I/O), bfs_memory (compute),
 * bfs_pread (random small reads, at most 64 neighbours per vertex, + queue
 * work), pagerank (compute),
 * write_levels (write + text summary).
 * Configs vary: in-memory vs pread traversal, PageRank work, cold vs warm
 * page cache, load transfer size (4 KiB vs 1 MiB) and graph size.
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

static uint64_t rng = 88172645463325252ULL;
static uint32_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 11);
}

__attribute__((noinline)) void gen_graph(const char *path, long nv, int deg)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int64_t *off = malloc((size_t)(nv + 1) * sizeof(int64_t)), hdr[2];
	int32_t buf[4096];
	long n = 0;
	if (fd < 0 || !off)
		die(path);
	off[0] = 0;
	for (long v = 0; v < nv; v++) /* degrees 1 .. 2*deg-1 */
		off[v + 1] = off[v] + 1 + (int64_t)(next_rand() % (uint32_t)(2 * deg - 1));
	hdr[0] = nv, hdr[1] = off[nv];
	if (write(fd, hdr, sizeof hdr) != (ssize_t)sizeof hdr ||
	    write(fd, off, (size_t)(nv + 1) * sizeof(int64_t)) != (ssize_t)((nv + 1) * sizeof(int64_t)))
		die("write offsets");
	for (int64_t e = 0; e < off[nv]; e++) {
		buf[n++] = (int32_t)(next_rand() % (uint32_t)nv);
		if (n == 4096 || e == off[nv] - 1) {
			if (write(fd, buf, (size_t)n * sizeof(int32_t)) != (ssize_t)(n * sizeof(int32_t)))
				die("write adjacency");
			n = 0;
		}
	}
	fsync(fd);
	close(fd);
	free(off);
}

__attribute__((noinline)) int64_t *read_offsets(int fd, int64_t *nv, int64_t *ne)
{
	int64_t hdr[2];
	if (pread(fd, hdr, sizeof hdr, 0) != (ssize_t)sizeof hdr)
		die("read header");
	*nv = hdr[0];
	*ne = hdr[1];
	size_t bytes = (size_t)(hdr[0] + 1) * sizeof(int64_t);
	int64_t *off = malloc(bytes);
	if (!off || pread(fd, off, bytes, sizeof hdr) != (ssize_t)bytes)
		die("read offsets");
	return off;
}

__attribute__((noinline)) int32_t *load_adjacency(int fd, int64_t nv, int64_t ne, long xfer)
{
	int32_t *adj = malloc((size_t)ne * sizeof(int32_t));
	char *p = (char *)adj;
	off_t base = (off_t)(2 + nv + 1) * (off_t)sizeof(int64_t);
	size_t total = (size_t)ne * sizeof(int32_t), done = 0;

	if (!adj)
		die("malloc");
	while (done < total) {
		size_t n = total - done < (size_t)xfer ? total - done : (size_t)xfer;
		ssize_t got = pread(fd, p + done, n, base + (off_t)done);
		if (got <= 0)
			die("read adjacency");
		done += (size_t)got;
	}
	return adj;
}

__attribute__((noinline)) long bfs_memory(const int64_t *off, const int32_t *adj, int64_t nv,
					  int32_t src, int32_t *level, int32_t *queue)
{
	long head = 0, tail = 0, reached = 1;
	for (int64_t v = 0; v < nv; v++)
		level[v] = -1;
	level[src] = 0, queue[tail++] = src;
	while (head < tail) {
		int32_t u = queue[head++];
		for (int64_t e = off[u]; e < off[u + 1]; e++) {
			int32_t w = adj[e];
			if (level[w] < 0) {
				level[w] = level[u] + 1;
				queue[tail++] = w;
				reached++;
			}
		}
	}
	return reached;
}

__attribute__((noinline)) long bfs_pread(int fd, const int64_t *off, int64_t nv, int32_t src,
					 int32_t *level, int32_t *queue)
{
	off_t base = (off_t)(2 + nv + 1) * (off_t)sizeof(int64_t);
	int32_t nbr[64];
	long head = 0, tail = 0, reached = 1;
	for (int64_t v = 0; v < nv; v++)
		level[v] = -1;
	level[src] = 0, queue[tail++] = src;
	while (head < tail) {
		int32_t u = queue[head++];
		size_t bytes = (size_t)(off[u + 1] - off[u]) * sizeof(int32_t);
		if (bytes > sizeof nbr)
			bytes = sizeof nbr;
		if (pread(fd, nbr, bytes, base + (off_t)off[u] * 4) != (ssize_t)bytes)
			die("pread neighbours");
		for (size_t i = 0; i < bytes / sizeof(int32_t); i++) {
			int32_t w = nbr[i];
			if (level[w] < 0) {
				level[w] = level[u] + 1;
				queue[tail++] = w;
				reached++;
			}
		}
	}
	return reached;
}

__attribute__((noinline)) double pagerank(const int64_t *off, const int32_t *adj, int64_t nv, int iters)
{
	double *pr = malloc((size_t)nv * sizeof(double)), *nx = malloc((size_t)nv * sizeof(double)), sum = 0;
	if (!pr || !nx)
		die("malloc");
	for (int64_t v = 0; v < nv; v++)
		pr[v] = 1.0 / (double)nv;
	for (int it = 0; it < iters; it++) {
		for (int64_t v = 0; v < nv; v++)
			nx[v] = 0.15 / (double)nv;
		for (int64_t u = 0; u < nv; u++) {
			double share = 0.85 * pr[u] / (double)(off[u + 1] - off[u]);
			for (int64_t e = off[u]; e < off[u + 1]; e++)
				nx[adj[e]] += share;
		}
		double *t = pr;
		pr = nx, nx = t;
	}
	for (int64_t v = 0; v < nv; v++)
		sum += pr[v] * (double)(v % 97);
	free(pr);
	free(nx);
	return sum;
}

__attribute__((noinline)) void write_levels(const char *dir, const int32_t *level, int64_t nv, long reached)
{
	char path[512];
	long hist[64] = { 0 };
	snprintf(path, sizeof path, "%s/levels.bin", dir);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die(path);
	for (int64_t v = 0; v < nv; v += 16384) {
		size_t n = (size_t)(nv - v < 16384 ? nv - v : 16384);
		if (write(fd, level + v, n * sizeof(int32_t)) != (ssize_t)(n * sizeof(int32_t)))
			die("write levels");
		for (size_t i = 0; i < n; i++)
			hist[level[v + (int64_t)i] & 63]++;
	}
	close(fd);
	snprintf(path, sizeof path, "%s/levels.txt", dir);
	FILE *f = fopen(path, "w");
	if (!f || fprintf(f, "reached %ld of %ld\n", reached, (long)nv) < 0)
		die(path);
	for (int l = 0; l < 64; l++)
		fprintf(f, "level %d: %ld\n", l, hist[l]);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc >= 5 && argv[1][0] == 'g') {
		snprintf(path, sizeof path, "%s/graph.csr", argv[2]);
		gen_graph(path, atol(argv[3]), atoi(argv[4]));
		return 0;
	}
	if (argc < 8) {
		fprintf(stderr, "usage: bfs gen DIR NV DEG | bfs run DIR NSRC load|pread warm|cold PRITER XFER\n");
		return 2;
	}
	int nsrc = atoi(argv[3]), use_pread = argv[4][0] == 'p', cold = argv[5][0] == 'c';
	int priter = atoi(argv[6]);
	long xfer = atol(argv[7]);
	int64_t nv, ne;
	long reached = 0;
	double rank = 0;
	snprintf(path, sizeof path, "%s/graph.csr", argv[2]);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		die(path);
	if (cold)
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	int64_t *off = read_offsets(fd, &nv, &ne);
	int32_t *level = malloc((size_t)nv * sizeof(int32_t)), *queue = malloc((size_t)nv * sizeof(int32_t));
	int32_t *adj = NULL;
	if (!level || !queue)
		die("malloc");
	if (!use_pread)
		adj = load_adjacency(fd, nv, ne, xfer);
	for (int s = 0; s < nsrc; s++) {
		int32_t src = (int32_t)((nv / nsrc) * s);
		if (use_pread)
			reached += bfs_pread(fd, off, nv, src, level, queue);
		else
			reached += bfs_memory(off, adj, nv, src, level, queue);
	}
	if (!use_pread && priter > 0)
		rank = pagerank(off, adj, nv, priter);
	close(fd);
	write_levels(argv[2], level, nv, reached);
	printf("checksum reached=%ld edges=%lld rank=%.9f\n", reached, (long long)ne, rank);
	return 0; /* buffers are released at exit */
}
