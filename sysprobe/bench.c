/*
 * bench.c - IOR-style microbenchmarks on a temporary file.
 *
 * The file is created with O_EXCL under a unique name in the directory being
 * measured and unlinked as soon as it is open, so no path out of this file -
 * an error, ENOSPC, an interrupt, even SIGKILL after the first microsecond -
 * can leave it behind.  A second descriptor with O_DIRECT is opened when the
 * file system accepts it (checked with a real aligned write, since some
 * accept the flag and refuse the I/O); otherwise the page cache is defeated
 * with fdatasync + posix_fadvise(DONTNEED) and the report says "fadvise".
 *
 * Every phase is bounded by time, not by size, so a slow disk and a fast one
 * both finish in the budget of --quick or --full; each phase runs `reps`
 * times and the report keeps the median and the spread.  Phases:
 *
 *   seq write     1 MiB transfers extending the file (this also lays it out)
 *   seq read      1 MiB transfers over the file, never twice the same block
 *   random        4 KiB reads, then writes, one at a time (queue depth 1),
 *                 in a scattered order that does not repeat a block
 *   sizes         reads of 4 KiB .. 4 MiB: the small-I/O threshold
 *   concurrency   1, 2, 4, ... threads of random 4 KiB reads: useful streams
 *   latencies     a buffered 4 KiB write call, fsync, fdatasync, open/close/stat
 *
 * The cancel flag is polled after every I/O; it makes the run stop with
 * VD_EINTR and clean up like any other error.
 */
#define _GNU_SOURCE
#include "sp_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MiB (1024.0 * 1024.0)
#define SP_BUF_BYTES (4u << 20) /* largest transfer of the size sweep */
#define SP_SEQ_BS (1u << 20)
#define SP_PAGE 4096u
#define SP_FLUSH_BYTES (32u << 20) /* fadvise mode: flush this often while writing */
#define SP_FLUSH_OPS 64            /* fadvise mode: random writes between flushes */

typedef struct {
	int reps;
	double seq_write_s, seq_read_s, rand_s, sync_s, call_s, sweep_s, conc_s;
	double rep_cap; /* bytes per sequential-write repetition */
	int conc_max;
} budget;

typedef struct {
	const vd_sysprobe_opts *opts;
	const char *dir;
	char *path; /* the temporary file's name (malloc) */
	int fd;     /* O_DIRECT when direct, else == fd_buf */
	int fd_buf; /* buffered */
	int direct;
	int linked; /* the name still exists and must be unlinked */
	double file_bytes;
	double max_bytes;
	unsigned char *buf; /* SP_BUF_BYTES, page aligned, random contents */
	uint64_t rng;
	budget b;
} bench;

static void budget_for(budget *b, vd_sysprobe_mode mode, double scale)
{
	if (mode == VD_SYSPROBE_FULL)
		*b = (budget){ 5, 1.5, 1.2, 1.0, 1.5, 0.1, 0.5, 0.8, 1024.0 * MiB, 64 };
	else
		*b = (budget){ 3, 0.5, 0.4, 0.3, 0.3, 0.03, 0.1, 0.2, 256.0 * MiB, 16 };
	if (scale > 0 && scale != 1) {
		b->seq_write_s *= scale;
		b->seq_read_s *= scale;
		b->rand_s *= scale;
		b->sync_s *= scale;
		b->call_s *= scale;
		b->sweep_s *= scale;
		b->conc_s *= scale;
		if (scale < 0.5 && b->conc_max > 4)
			b->conc_max = 4;
	}
}

static uint64_t next_rand(uint64_t *s)
{
	/* xorshift64* */
	uint64_t x = *s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

static uint64_t gcd64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* A stride coprime to n: i -> (i * stride) % n visits every block once in a
 * scattered order, so no block is read twice (which the page cache would
 * serve) before all were read once. */
static uint64_t scatter_stride(uint64_t n)
{
	uint64_t s;
	if (n <= 2)
		return 1;
	s = (uint64_t)((double)n * 0.6180339887) | 1;
	while (gcd64(s, n) != 1)
		s += 2;
	return s % n ? s % n : 1;
}

/* ---- errors and plain I/O ------------------------------------------------------ */

static int interrupted(void)
{
	vd_error_set("interrupted");
	return VD_EINTR;
}

static int io_error(bench *k, const char *what, int err)
{
	if (sp_cancelled(k->opts))
		return interrupted();
	if (err == ENOSPC || err == EDQUOT)
		vd_error_set("no space left on the file system of '%s' for the benchmark file",
			     k->dir);
	else
		vd_error_set("unable to %s the benchmark file in '%s': %s", what, k->dir,
			     strerror(err));
	return VD_ERROR;
}

static int write_all(bench *k, int fd, const unsigned char *p, size_t n, off_t off)
{
	while (n) {
		ssize_t w = pwrite(fd, p, n, off);
		if (w < 0) {
			if (errno == EINTR && !sp_cancelled(k->opts))
				continue;
			return io_error(k, "write", errno);
		}
		if (w == 0 || (fd != k->fd_buf && (size_t)w != n))
			return io_error(k, "write",
					ENOSPC); /* a short direct write: the disk is full */
		p += w;
		n -= (size_t)w;
		off += w;
	}
	return 0;
}

static int read_all(bench *k, int fd, unsigned char *p, size_t n, off_t off)
{
	while (n) {
		ssize_t r = pread(fd, p, n, off);
		if (r < 0) {
			if (errno == EINTR && !sp_cancelled(k->opts))
				continue;
			return io_error(k, "read", errno);
		}
		if (r == 0) {
			vd_error_set("benchmark file in '%s' ended early", k->dir);
			return VD_ERROR;
		}
		p += r;
		n -= (size_t)r;
		off += r;
	}
	return 0;
}

static int flush(bench *k, int fd)
{
	while (fdatasync(fd) < 0) {
		if (errno == EINTR && !sp_cancelled(k->opts))
			continue;
		return io_error(k, "flush", errno);
	}
	return 0;
}

/* fadvise mode: forget the cached pages so that the next read goes to the
 * device (they must be clean, hence the flush first) */
static void drop_cache(bench *k)
{
	if (!k->direct)
		posix_fadvise(k->fd, 0, 0, POSIX_FADV_DONTNEED);
}

/* a different 8-byte stamp in every 4 KiB block, so that no two blocks the
 * device sees are equal (deduplicating or compressing storage) */
static void stamp(unsigned char *p, size_t n, uint64_t tag)
{
	for (size_t i = 0; i < n; i += SP_PAGE) {
		uint64_t v = tag ^ (i * 0x9E3779B97F4A7C15ULL);
		memcpy(p + i, &v, sizeof(v));
	}
}

/* ---- the temporary file --------------------------------------------------------------- */

static int create_error(bench *k, int err)
{
	switch (err) {
	case ENOENT:
		vd_error_set("directory '%s' does not exist", k->dir);
		break;
	case ENOTDIR:
		vd_error_set("'%s' is not a directory", k->dir);
		break;
	case EROFS:
		vd_error_set("'%s' is on a read-only file system", k->dir);
		break;
	case EACCES:
	case EPERM:
		vd_error_set("no permission to create a file in '%s'", k->dir);
		break;
	case ENOSPC:
	case EDQUOT:
		vd_error_set("no space left on the file system of '%s' for the benchmark file",
			     k->dir);
		break;
	default:
		vd_error_set("unable to create a file in '%s': %s", k->dir, strerror(err));
	}
	return VD_ERROR;
}

static int open_file(bench *k)
{
	int err = 0;

	for (int attempt = 0; attempt < 32; attempt++) {
		free(k->path);
		vd_buf path = VD_BUF_INIT;
		vd_buf_printf(&path, "%s%s.vidya-sysprobe.%ld.%08llx.tmp", k->dir,
			      k->dir[strlen(k->dir) - 1] == '/' ? "" : "/", (long)getpid(),
			      (unsigned long long)(next_rand(&k->rng) & 0xffffffffu));
		k->path = vd_buf_detach(&path);
		k->fd_buf = open(k->path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (k->fd_buf >= 0)
			break;
		if ((err = errno) != EEXIST)
			return create_error(k, err);
	}
	if (k->fd_buf < 0)
		return create_error(k, err);
	k->linked = 1;

	k->fd = k->opts->no_direct ? -1 : open(k->path, O_RDWR | O_DIRECT | O_CLOEXEC);
	if (k->fd >= 0) {
		ssize_t w = pwrite(k->fd, k->buf, SP_PAGE, 0);
		int e = errno;
		if (w == (ssize_t)SP_PAGE) {
			k->direct = 1;
		} else {
			close(k->fd);
			k->fd = -1;
			if (w < 0 && (e == ENOSPC || e == EDQUOT))
				return io_error(k, "write", e);
		}
	}
	if (!k->direct)
		k->fd = k->fd_buf;
	if (unlink(k->path) == 0)
		k->linked = 0;
	return 0;
}

static void close_file(bench *k)
{
	if (k->fd >= 0 && k->fd != k->fd_buf)
		close(k->fd);
	if (k->fd_buf >= 0)
		close(k->fd_buf);
	k->fd = k->fd_buf = -1;
	if (k->linked && k->path)
		unlink(k->path);
	k->linked = 0;
}

/* ---- phases ------------------------------------------------------------------------------ */

#define MAX_REPS 16

static int seq_write(bench *k, vd_sysprobe_bench *out)
{
	double vals[MAX_REPS];
	double per_rep = k->b.rep_cap;
	off_t off = 0;
	int error;

	if (per_rep > k->max_bytes / k->b.reps)
		per_rep = k->max_bytes / k->b.reps;
	per_rep = (double)((uint64_t)(per_rep / SP_SEQ_BS)) * SP_SEQ_BS;
	if (per_rep < SP_SEQ_BS)
		per_rep = SP_SEQ_BS;

	for (int rep = 0; rep < k->b.reps; rep++) {
		double t0 = vd_now(), deadline = t0 + k->b.seq_write_s, bytes = 0, dt;
		size_t since_flush = 0;
		while (bytes < per_rep && (bytes == 0 || vd_now() < deadline)) {
			if (sp_cancelled(k->opts))
				return interrupted();
			stamp(k->buf, SP_SEQ_BS, (uint64_t)off);
			if ((error = write_all(k, k->fd, k->buf, SP_SEQ_BS, off)) < 0)
				return error;
			off += SP_SEQ_BS;
			bytes += SP_SEQ_BS;
			if (!k->direct && (since_flush += SP_SEQ_BS) >= SP_FLUSH_BYTES) {
				if ((error = flush(k, k->fd)) < 0)
					return error;
				since_flush = 0;
			}
		}
		if (!k->direct && (error = flush(k, k->fd)) < 0)
			return error;
		dt = vd_now() - t0;
		vals[rep] = bytes / dt / MiB;
		drop_cache(k);
	}
	k->file_bytes = (double)off;
	vd_sysprobe_stat_compute(&out->m[VD_SP_SEQ_WRITE], vals, (size_t)k->b.reps);
	return 0;
}

static int seq_read(bench *k, vd_sysprobe_bench *out)
{
	double vals[MAX_REPS];
	off_t pos = 0;
	int error;

	for (int rep = 0; rep < k->b.reps; rep++) {
		double t0, deadline, bytes = 0, dt;
		drop_cache(k);
		t0 = vd_now();
		deadline = t0 + k->b.seq_read_s;
		/* at most the whole file per repetition: a second pass would come
		 * from the page cache in fadvise mode */
		while (bytes + SP_SEQ_BS <= k->file_bytes && (bytes == 0 || vd_now() < deadline)) {
			if (sp_cancelled(k->opts))
				return interrupted();
			if ((double)pos + SP_SEQ_BS > k->file_bytes)
				pos = 0;
			if ((error = read_all(k, k->fd, k->buf, SP_SEQ_BS, pos)) < 0)
				return error;
			pos += SP_SEQ_BS;
			bytes += SP_SEQ_BS;
		}
		dt = vd_now() - t0;
		vals[rep] = bytes / dt / MiB;
	}
	vd_sysprobe_stat_compute(&out->m[VD_SP_SEQ_READ], vals, (size_t)k->b.reps);
	return 0;
}

static int random_io(bench *k, vd_sysprobe_bench *out, int write)
{
	double iops[MAX_REPS], lat[MAX_REPS];
	uint64_t pages = (uint64_t)(k->file_bytes / SP_PAGE), stride = scatter_stride(pages);
	uint64_t i = next_rand(&k->rng) % (pages ? pages : 1);
	int error = 0;

	if (pages == 0)
		return 0;
	if (!k->direct)
		posix_fadvise(k->fd, 0, 0, POSIX_FADV_RANDOM);
	for (int rep = 0; rep < k->b.reps; rep++) {
		double t0, deadline, dt, ops = 0;
		drop_cache(k);
		t0 = vd_now();
		deadline = t0 + k->b.rand_s;
		while (ops == 0 || vd_now() < deadline) {
			off_t off = (off_t)(((i++ % pages) * stride) % pages) * SP_PAGE;
			if (sp_cancelled(k->opts)) {
				error = interrupted();
				goto cleanup;
			}
			if (write) {
				stamp(k->buf, SP_PAGE, (uint64_t)off ^ (uint64_t)ops);
				error = write_all(k, k->fd, k->buf, SP_PAGE, off);
			} else {
				error = read_all(k, k->fd, k->buf, SP_PAGE, off);
			}
			if (error < 0)
				goto cleanup;
			ops++;
			if (write && !k->direct && (uint64_t)ops % SP_FLUSH_OPS == 0 &&
			    (error = flush(k, k->fd)) < 0)
				goto cleanup;
		}
		if (write && !k->direct && (error = flush(k, k->fd)) < 0)
			goto cleanup;
		dt = vd_now() - t0;
		iops[rep] = ops / dt;
		lat[rep] = dt / ops * 1e6;
	}
	vd_sysprobe_stat_compute(&out->m[write ? VD_SP_RAND_WRITE : VD_SP_RAND_READ], iops,
				 (size_t)k->b.reps);
	vd_sysprobe_stat_compute(&out->m[write ? VD_SP_RAND_WRITE_LAT : VD_SP_RAND_READ_LAT], lat,
				 (size_t)k->b.reps);

cleanup:
	if (!k->direct)
		posix_fadvise(k->fd, 0, 0, POSIX_FADV_NORMAL);
	return error;
}

static int size_sweep(bench *k, vd_sysprobe_bench *out)
{
	int error = 0;

	out->nsweep = 0;
	if (!k->direct)
		posix_fadvise(k->fd, 0, 0, POSIX_FADV_RANDOM);
	for (double size = SP_PAGE; size <= SP_BUF_BYTES && size <= k->file_bytes; size *= 2) {
		uint64_t blocks = (uint64_t)(k->file_bytes / size), stride = scatter_stride(blocks);
		uint64_t i = next_rand(&k->rng) % blocks, done = 0;
		double t0, deadline, bytes = 0;

		drop_cache(k);
		t0 = vd_now();
		deadline = t0 + k->b.sweep_s;
		while (done < blocks && (done == 0 || vd_now() < deadline)) {
			off_t off = (off_t)(((i++ % blocks) * stride) % blocks * (uint64_t)size);
			if (sp_cancelled(k->opts)) {
				error = interrupted();
				goto cleanup;
			}
			if ((error = read_all(k, k->fd, k->buf, (size_t)size, off)) < 0)
				goto cleanup;
			bytes += size;
			done++;
		}
		out->sweep_bytes[out->nsweep] = size;
		out->sweep_MiBps[out->nsweep] = bytes / (vd_now() - t0) / MiB;
		out->nsweep++;
	}
	out->small_io_threshold =
		vd_sysprobe_small_io_threshold(out->sweep_bytes, out->sweep_MiBps, out->nsweep);

cleanup:
	if (!k->direct)
		posix_fadvise(k->fd, 0, 0, POSIX_FADV_NORMAL);
	return error;
}

/* ---- concurrency ------------------------------------------------------------------------- */

typedef struct {
	bench *k;
	uint64_t first, count, stride, pages; /* this thread's slice of the scattered order */
	double deadline, end, ops;
	int err;
} worker;

static void *worker_main(void *arg)
{
	worker *w = arg;
	bench *k = w->k;
	void *buf = NULL;

	if (posix_memalign(&buf, SP_PAGE, SP_PAGE) != 0) {
		w->err = ENOMEM;
		return NULL;
	}
	for (uint64_t i = 0; w->ops == 0 || vd_now() < w->deadline; i++) {
		off_t off = (off_t)(((w->first + i % w->count) * w->stride) % w->pages) * SP_PAGE;
		ssize_t r;
		if (sp_cancelled(k->opts))
			break;
		r = pread(k->fd, buf, SP_PAGE, off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r != (ssize_t)SP_PAGE) {
			w->err = r < 0 ? errno : EIO;
			break;
		}
		w->ops++;
	}
	w->end = vd_now();
	free(buf);
	return NULL;
}

static int concurrency_sweep(bench *k, vd_sysprobe_bench *out)
{
	uint64_t pages = (uint64_t)(k->file_bytes / SP_PAGE), stride = scatter_stride(pages);
	worker *ws = NULL;
	pthread_t *tids = NULL;
	int error = 0, maxn = k->b.conc_max;

	out->nconc = 0;
	if (pages == 0)
		return 0;
	ws = vd_xcalloc((size_t)maxn, sizeof(*ws));
	tids = vd_xcalloc((size_t)maxn, sizeof(*tids));
	if (!k->direct)
		posix_fadvise(k->fd, 0, 0, POSIX_FADV_RANDOM);
	for (int n = 1; n <= maxn && out->nconc < VD_SYSPROBE_MAX_SWEEP; n *= 2) {
		double t0, end = 0, ops = 0;
		int started = 0, failed = 0;
		uint64_t base = next_rand(&k->rng) % pages;

		drop_cache(k);
		t0 = vd_now();
		for (int t = 0; t < n; t++) {
			ws[t] = (worker){ k,
					  base + (uint64_t)t * (pages / (uint64_t)n),
					  pages / (uint64_t)n ? pages / (uint64_t)n : 1,
					  stride,
					  pages,
					  t0 + k->b.conc_s,
					  0,
					  0,
					  0 };
			if (pthread_create(&tids[t], NULL, worker_main, &ws[t]) != 0)
				break;
			started++;
		}
		for (int t = 0; t < started; t++) {
			pthread_join(tids[t], NULL);
			if (ws[t].err)
				failed = ws[t].err;
			if (ws[t].end > end)
				end = ws[t].end;
			ops += ws[t].ops;
		}
		if (sp_cancelled(k->opts)) {
			error = interrupted();
			goto cleanup;
		}
		if (failed) {
			error = io_error(k, "read", failed);
			goto cleanup;
		}
		if (started < n)
			break; /* no more threads: keep what was measured */
		out->conc_threads[out->nconc] = n;
		out->conc_iops[out->nconc] = ops / (end - t0);
		out->nconc++;
		/* two doublings in a row that gained under 5 %: the device is saturated */
		if (out->nconc >= 3 &&
		    out->conc_iops[out->nconc - 1] < 1.05 * out->conc_iops[out->nconc - 2] &&
		    out->conc_iops[out->nconc - 2] < 1.05 * out->conc_iops[out->nconc - 3])
			break;
	}
	out->concurrency =
		vd_sysprobe_useful_concurrency(out->conc_threads, out->conc_iops, out->nconc);

cleanup:
	if (!k->direct && k->fd >= 0)
		posix_fadvise(k->fd, 0, 0, POSIX_FADV_NORMAL);
	free(ws);
	free(tids);
	return error;
}

/* ---- latencies --------------------------------------------------------------------------- */

/* one buffered 4 KiB write into a page that is already cached: the cost of
 * the call itself, which is what a small buffered write costs an application */
static int call_latency(bench *k, vd_sysprobe_bench *out)
{
	double vals[MAX_REPS];
	int error;

	/* warm up: the first calls fault the page in */
	for (int i = 0; i < 16; i++)
		if ((error = write_all(k, k->fd_buf, k->buf, SP_PAGE, 0)) < 0)
			return error;
	for (int rep = 0; rep < k->b.reps; rep++) {
		double t0 = vd_now(), deadline = t0 + k->b.call_s, calls = 0;
		while (calls < 64 || vd_now() < deadline) {
			if (sp_cancelled(k->opts))
				return interrupted();
			if ((error = write_all(k, k->fd_buf, k->buf, SP_PAGE, 0)) < 0)
				return error;
			calls++;
		}
		vals[rep] = (vd_now() - t0) / calls * 1e6;
	}
	vd_sysprobe_stat_compute(&out->m[VD_SP_WRITE_CALL_LAT], vals, (size_t)k->b.reps);
	return 0;
}

/* buffered fputs of a short line through a stdio stream on the temporary
 * file: the cost of one unformatted call, its share of the buffer's write()
 * included (formatting is priced apart: snprintf_ns, sscanf_ns) */
static int stdio_call(bench *k, vd_sysprobe_bench *out)
{
	double vals[MAX_REPS];
	int fd = dup(k->fd_buf);
	FILE *f = fd >= 0 ? fdopen(fd, "r+") : NULL;

	if (!f) {
		if (fd >= 0)
			close(fd);
		return io_error(k, "open a stream on", errno);
	}
	for (int rep = 0; rep < k->b.reps; rep++) {
		double t0 = vd_now(), deadline = t0 + k->b.call_s, calls = 0;
		if (fseeko(f, 0, SEEK_SET) != 0)
			break;
		while (calls < 256 || vd_now() < deadline) {
			if (sp_cancelled(k->opts)) {
				fclose(f);
				return interrupted();
			}
			for (int i = 0; i < 64; i++)
				fputs("step 17 value 0.500000 node n17\n", f);
			calls += 64;
			if (ftello(f) > (off_t)(16 * MiB) && fseeko(f, 0, SEEK_SET) != 0)
				break;
		}
		fflush(f);
		vals[rep] = (vd_now() - t0) / calls * 1e9;
	}
	fclose(f);
	vd_sysprobe_stat_compute(&out->m[VD_SP_STDIO_CALL], vals, (size_t)k->b.reps);
	return 0;
}

/* 1 MiB buffered writes extending the file (page and block allocation
 * included, as when a program writes a new file), then 1 MiB reads of
 * cached data: the page cache's bandwidth both ways.  The extension is cut
 * off again before it is written back. */
static int cache_copy(bench *k, vd_sysprobe_bench *out)
{
	double wv[MAX_REPS], rv[MAX_REPS];
	const size_t region = 8u << 20;
	const double cap = 64 * MiB;
	/* the extension starts past both the file and the read region */
	size_t base = (size_t)k->file_bytes > region ? (size_t)k->file_bytes : region;
	off_t end = (off_t)((base + SP_SEQ_BS - 1) / SP_SEQ_BS * SP_SEQ_BS);
	int error;

	for (size_t off = 0; off < region; off += SP_SEQ_BS) /* cache the read region */
		if ((error = write_all(k, k->fd_buf, k->buf, SP_SEQ_BS, (off_t)off)) < 0)
			return error;
	for (int rep = 0; rep < k->b.reps; rep++) {
		double t0 = vd_now(), deadline = t0 + k->b.call_s, bytes = 0;
		while (bytes < 8 * MiB || (vd_now() < deadline && bytes < cap)) {
			if (sp_cancelled(k->opts))
				return interrupted();
			if ((error = write_all(k, k->fd_buf, k->buf, SP_SEQ_BS,
					       end + (off_t)bytes)) < 0)
				return error;
			bytes += SP_SEQ_BS;
		}
		wv[rep] = bytes / MiB / (vd_now() - t0);
		if (ftruncate(k->fd_buf, end) != 0)
			return io_error(k, "truncate", errno);
		t0 = vd_now();
		deadline = t0 + k->b.call_s;
		bytes = 0;
		while (bytes < (double)region || vd_now() < deadline) {
			if (sp_cancelled(k->opts))
				return interrupted();
			if ((error = read_all(k, k->fd_buf, k->buf, SP_SEQ_BS,
					      (off_t)((size_t)bytes % region))) < 0)
				return error;
			bytes += SP_SEQ_BS;
		}
		rv[rep] = bytes / MiB / (vd_now() - t0);
	}
	vd_sysprobe_stat_compute(&out->m[VD_SP_CACHE_WRITE], wv, (size_t)k->b.reps);
	vd_sysprobe_stat_compute(&out->m[VD_SP_CACHE_READ], rv, (size_t)k->b.reps);
	return 0;
}

/* 32 MiB of buffered writes, then fsync: what writing back dirty data
 * costs per MiB (the fsync's fixed latency, measured before, is taken off,
 * but never more than half of the time) */
static int flush_bandwidth(bench *k, vd_sysprobe_bench *out, double fsync_lat_s)
{
	double vals[MAX_REPS];
	const size_t region = 32u << 20;
	int error;

	for (int rep = 0; rep < k->b.reps; rep++) {
		if ((error = flush(k, k->fd_buf)) < 0)
			return error;
		for (size_t off = 0; off < region; off += SP_SEQ_BS) {
			if (sp_cancelled(k->opts))
				return interrupted();
			stamp(k->buf, SP_SEQ_BS, (uint64_t)(rep * 64 + off));
			if ((error = write_all(k, k->fd_buf, k->buf, SP_SEQ_BS, (off_t)off)) < 0)
				return error;
		}
		double t0 = vd_now();
		if ((error = flush(k, k->fd_buf)) < 0)
			return error;
		double total = vd_now() - t0;
		double dt = total - fsync_lat_s < total / 2 ? total / 2 : total - fsync_lat_s;
		vals[rep] = (double)region / MiB / dt;
	}
	vd_sysprobe_stat_compute(&out->m[VD_SP_FLUSH], vals, (size_t)k->b.reps);
	return 0;
}

/* creating small files and removing them, in a scratch directory made
 * (and removed) beside the temporary file: each file is created with
 * O_EXCL, gets 4 KiB and is closed; then every file is unlinked */
static int create_unlink(bench *k, vd_sysprobe_bench *out)
{
	double cv[MAX_REPS], uv[MAX_REPS];
	char dir[4096], path[4200];
	int error = 0;

	snprintf(dir, sizeof dir, "%s/.vidya-sysprobe.%ld.d", k->dir, (long)getpid());
	if (mkdir(dir, 0700) != 0)
		return io_error(k, "create a directory in", errno);
	for (int rep = 0; rep < k->b.reps && !error; rep++) {
		double t0 = vd_now(), deadline = t0 + k->b.call_s;
		int nf = 0;
		while (nf < 16 || (vd_now() < deadline && nf < 4096)) {
			if (sp_cancelled(k->opts)) {
				error = interrupted();
				break;
			}
			snprintf(path, sizeof path, "%s/f%d", dir, nf);
			int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
			if (fd < 0) {
				error = io_error(k, "create a file in", errno);
				break;
			}
			nf++;
			ssize_t w = write(fd, k->buf, SP_PAGE);
			close(fd);
			if (w < 0) {
				error = io_error(k, "write", errno);
				break;
			}
		}
		cv[rep] = (vd_now() - t0) / (nf ? nf : 1) * 1e6;
		t0 = vd_now();
		for (int i = 0; i < nf; i++) {
			snprintf(path, sizeof path, "%s/f%d", dir, i);
			unlink(path);
		}
		uv[rep] = (vd_now() - t0) / (nf ? nf : 1) * 1e6;
	}
	rmdir(dir);
	if (error)
		return error;
	vd_sysprobe_stat_compute(&out->m[VD_SP_CREATE_LAT], cv, (size_t)k->b.reps);
	vd_sysprobe_stat_compute(&out->m[VD_SP_UNLINK_LAT], uv, (size_t)k->b.reps);
	return 0;
}

static int sync_latency(bench *k, vd_sysprobe_bench *out, int data_only)
{
	VD_VEC(double) s = { 0 };
	double deadline;
	int error = 0;

	/* drain what the earlier phases left in the device's write cache, so
	 * that the figure is the cost of a flush after one small write */
	if ((error = flush(k, k->fd_buf)) < 0)
		return error;
	deadline = vd_now() + k->b.sync_s / 2;

	for (int i = 0; i < 2000 && (i < 3 || vd_now() < deadline); i++) {
		double t0;
		int r;
		if (sp_cancelled(k->opts)) {
			error = interrupted();
			goto cleanup;
		}
		stamp(k->buf, SP_PAGE, (uint64_t)i);
		if ((error = write_all(k, k->fd_buf, k->buf, SP_PAGE, (off_t)(i % 256) * SP_PAGE)) <
		    0)
			goto cleanup;
		t0 = vd_now();
		while ((r = data_only ? fdatasync(k->fd_buf) : fsync(k->fd_buf)) < 0 &&
		       errno == EINTR && !sp_cancelled(k->opts))
			;
		if (r < 0) {
			error = io_error(k, "flush", errno);
			goto cleanup;
		}
		vd_vec_push(s, (vd_now() - t0) * 1e6);
	}
	vd_sysprobe_stat_compute(&out->m[data_only ? VD_SP_FDATASYNC_LAT : VD_SP_FSYNC_LAT], s.v,
				 s.n);

cleanup:
	vd_vec_free(s);
	return error;
}

/* open + close and stat of the directory itself: path walk and inode cost
 * without creating anything */
static int meta_latency(bench *k, vd_sysprobe_bench *out)
{
	double vals[MAX_REPS];

	for (int rep = 0; rep < k->b.reps; rep++) {
		double t0 = vd_now(), deadline = t0 + k->b.call_s, calls = 0;
		while (calls < 48 || vd_now() < deadline) {
			struct stat st;
			int fd;
			if (sp_cancelled(k->opts))
				return interrupted();
			fd = open(k->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
			if (fd < 0)
				return io_error(k, "open the directory of", errno);
			close(fd);
			if (stat(k->dir, &st) < 0)
				return io_error(k, "stat the directory of", errno);
			calls += 3;
		}
		vals[rep] = (vd_now() - t0) / calls * 1e6;
	}
	vd_sysprobe_stat_compute(&out->m[VD_SP_META_LAT], vals, (size_t)k->b.reps);
	return 0;
}

/* ---- driver ---------------------------------------------------------------------------- */

int sp_bench_run(vd_sysprobe_bench *out, const char *dir, double free_bytes,
		 const vd_sysprobe_opts *opts)
{
	bench k;
	double need, t_start = vd_now();
	void *buf = NULL;
	int error;

	memset(&k, 0, sizeof(k));
	k.opts = opts;
	k.dir = dir;
	k.fd = k.fd_buf = -1;
	k.rng = ((uint64_t)getpid() << 32) ^ (uint64_t)(vd_now() * 1e9) ^ 0x9E3779B97F4A7C15ULL;
	if (!k.rng)
		k.rng = 1;
	budget_for(&k.b, opts->mode, opts->time_scale);

	k.max_bytes = (double)k.b.reps * k.b.rep_cap;
	if (opts->max_file_bytes > 0 && opts->max_file_bytes < k.max_bytes)
		k.max_bytes = opts->max_file_bytes;
	need = k.max_bytes < 8 * MiB ? k.max_bytes : 8 * MiB;
	if (free_bytes >= 0) { /* negative: unknown */
		if (free_bytes < need + MiB) {
			vd_error_set(
				"no space left on the file system of '%s' for the benchmark file "
				"(%.1f MiB free, %.0f MiB needed)",
				dir, free_bytes / MiB, need / MiB + 1);
			return VD_ERROR;
		}
		/* leave three quarters of the free space alone */
		if (k.max_bytes > free_bytes / 4)
			k.max_bytes = free_bytes / 4 > need ? free_bytes / 4 : need;
	}

	if (posix_memalign(&buf, SP_PAGE, SP_BUF_BYTES) != 0) {
		vd_error_set("out of memory");
		return VD_ERROR;
	}
	k.buf = buf;
	for (size_t i = 0; i < SP_BUF_BYTES; i += 8) {
		uint64_t v = next_rand(&k.rng);
		memcpy(k.buf + i, &v, 8);
	}

	if ((error = open_file(&k)) < 0)
		goto cleanup;
	out->method = k.direct ? "O_DIRECT" : "fadvise";
	out->reps = k.b.reps;

	sp_progress(opts, "seq write");
	if ((error = seq_write(&k, out)) < 0)
		goto cleanup;
	out->file_bytes = k.file_bytes;
	sp_progress(opts, "seq read");
	if ((error = seq_read(&k, out)) < 0)
		goto cleanup;
	sp_progress(opts, "random read");
	if ((error = random_io(&k, out, 0)) < 0)
		goto cleanup;
	sp_progress(opts, "random write");
	if ((error = random_io(&k, out, 1)) < 0)
		goto cleanup;
	if (!k.direct && (error = flush(&k, k.fd)) < 0)
		goto cleanup;
	sp_progress(opts, "transfer sizes");
	if ((error = size_sweep(&k, out)) < 0)
		goto cleanup;
	sp_progress(opts, "concurrency");
	if ((error = concurrency_sweep(&k, out)) < 0)
		goto cleanup;
	sp_progress(opts, "call latency");
	if ((error = call_latency(&k, out)) < 0)
		goto cleanup;
	sp_progress(opts, "sync latency");
	if ((error = sync_latency(&k, out, 0)) < 0 || (error = sync_latency(&k, out, 1)) < 0)
		goto cleanup;
	sp_progress(opts, "metadata latency");
	if ((error = meta_latency(&k, out)) < 0)
		goto cleanup;
	sp_progress(opts, "create and unlink");
	if ((error = create_unlink(&k, out)) < 0)
		goto cleanup;
	sp_progress(opts, "stdio call");
	if ((error = stdio_call(&k, out)) < 0)
		goto cleanup;
	sp_progress(opts, "page cache");
	if ((error = cache_copy(&k, out)) < 0)
		goto cleanup;
	sp_progress(opts, "write-back");
	if ((error = flush_bandwidth(
		     &k, out,
		     out->m[VD_SP_FSYNC_LAT].n ? out->m[VD_SP_FSYNC_LAT].value * 1e-6 : 0)) < 0)
		goto cleanup;
	out->ran = 1;
	out->seconds = vd_now() - t_start;
	error = 0;

cleanup:
	close_file(&k);
	free(k.path);
	free(buf);
	return error;
}
