/*
 * test_runtime.c - cmocka tests of optimizer/runtime/vd_rt.h: every vd_rt_
 * call is run side by side with the plain call it replaces, on two copies of
 * the same file, and the results must agree byte for byte, position for
 * position, errno for errno.
 */
#define _GNU_SOURCE /* the test's own pread, usleep, posix_fadvise: the header needs none */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "vd_rt.h"
#include "rt_common.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>

/* defined in test_runtime_tu2.c: another translation unit using the runtime */
ssize_t rt_tu2_write(int fd, const void *buf, size_t n);
unsigned long long rt_tu2_wb_bytes(void);

static long long pos(int fd)
{
	return (long long)lseek(fd, 0, SEEK_CUR);
}

/* drops the file's pages so that reads really go to the device */
static void rt_uncache(const char *path)
{
	int fd = open(path, O_RDONLY);
	if (fd >= 0) {
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		close(fd);
	}
}

/* Reads the whole file with a cycle of sizes through read and vd_rt_read
 * and compares each result; then reads past the end. */
static void test_read_sequence(void **state)
{
	(void)state;
	char path[256];
	const size_t size = (3u << 20) + 12345;
	const size_t sizes[] = {1, 4095, 65536, 300000, 7, 131072, 1000000, 512};
	rt_tmp_path(path, sizeof path, "seq");
	unsigned char *want = rt_make_file(path, size, 1);
	rt_uncache(path);
	int a = open(path, O_RDONLY), b = open(path, O_RDONLY);
	assert_true(a >= 0 && b >= 0);
	unsigned char *x = malloc(1000000), *y = malloc(1000000);
	struct vd_rt_stats s0, s1;
	vd_rt_stats_get(&s0);
	size_t total = 0;
	for (int i = 0; i < 200; i++) {
		size_t n = sizes[i % 8];
		ssize_t ra = read(a, x, n), rb = vd_rt_read(b, y, n);
		assert_int_equal(ra, rb);
		if (ra > 0)
			assert_memory_equal(x, y, (size_t)ra);
		assert_int_equal(pos(a), pos(b));
		usleep(2000); /* the computation the prefetch overlaps */
		if (ra > 0) {
			assert_memory_equal(y, want + total, (size_t)ra);
			total += (size_t)ra;
		}
	}
	assert_int_equal(total, size);
	vd_rt_stats_get(&s1);
	/* the point of it: bytes came from the ring, not from the caller (a
	 * quarter at least: on a loaded machine the worker may lag behind) */
	assert_true(s1.ring_bytes - s0.ring_bytes > size / 4);
	assert_int_equal(vd_rt_close(b), 0);
	close(a);
	free(x);
	free(y);
	free(want);
	unlink(path);
}

/* reads interleaved with lseek (plain and vd_rt_) in every direction */
static void test_read_lseek(void **state)
{
	(void)state;
	char path[256];
	const size_t size = 1u << 20;
	rt_tmp_path(path, sizeof path, "seek");
	unsigned char *want = rt_make_file(path, size, 2);
	int a = open(path, O_RDONLY), b = open(path, O_RDONLY);
	unsigned char x[70000], y[70000];
	unsigned r = 7;
	for (int i = 0; i < 400; i++) {
		r = r * 1103515245u + 12345u;
		size_t n = 1 + (r >> 8) % sizeof x;
		if (i % 5 == 0) {
			long long off = (long long)((r >> 4) % (size + 1000));
			int wh = (i / 5) % 3 == 0   ? SEEK_SET
			         : (i / 5) % 3 == 1 ? SEEK_CUR
			                            : SEEK_END;
			if (wh == SEEK_CUR)
				off = -(long long)((r >> 4) % 5000);
			if (wh == SEEK_END)
				off = -(long long)((r >> 4) % 9000);
			off_t pa = lseek(a, off, wh);
			off_t pb = (i % 2) ? vd_rt_lseek(b, off, wh) : lseek(b, off, wh);
			assert_int_equal(pa, pb);
		}
		ssize_t ra = read(a, x, n), rb = vd_rt_read(b, y, n);
		assert_int_equal(ra, rb);
		if (ra > 0)
			assert_memory_equal(x, y, (size_t)ra);
		assert_int_equal(pos(a), pos(b));
	}
	(void)want;
	assert_int_equal(vd_rt_close(b), 0);
	close(a);
	free(want);
	unlink(path);
}

/* pread: same bytes, position untouched, past the end */
static void test_pread(void **state)
{
	(void)state;
	char path[256];
	const size_t size = 600000;
	rt_tmp_path(path, sizeof path, "pread");
	unsigned char *want = rt_make_file(path, size, 3);
	int fd = open(path, O_RDONLY);
	unsigned char y[100000];
	assert_int_equal(lseek(fd, 1234, SEEK_SET), 1234);
	for (long long off = 0; off < (long long)size + 200000; off += 77777) {
		ssize_t rb = vd_rt_pread(fd, y, sizeof y, (off_t)off);
		long long expect = (long long)size - off;
		if (expect < 0)
			expect = 0;
		if (expect > (long long)sizeof y)
			expect = sizeof y;
		assert_int_equal(rb, expect);
		if (rb > 0)
			assert_memory_equal(y, want + off, (size_t)rb);
		assert_int_equal(pos(fd), 1234);
	}
	assert_int_equal(vd_rt_close(fd), 0);
	free(want);
	unlink(path);
}

/* each error comes back with the return value and errno of the plain call */
static void test_errors(void **state)
{
	(void)state;
	char path[256], buf[16];
	rt_tmp_path(path, sizeof path, "err");
	free(rt_make_file(path, 100, 4));
	int ro = open(path, O_RDONLY), wo = open(path, O_WRONLY);
	assert_true(ro >= 0 && wo >= 0);

	errno = 0;
	assert_int_equal(vd_rt_read(-1, buf, 4), -1);
	assert_int_equal(errno, EBADF);
	errno = 0;
	assert_int_equal(vd_rt_read(wo, buf, 4), -1);
	assert_int_equal(errno, EBADF);
	errno = 0;
	assert_int_equal(vd_rt_write(ro, "abcd", 4), -1);
	assert_int_equal(errno, EBADF);
	errno = 0;
	assert_int_equal(vd_rt_pread(ro, buf, 4, -1), -1);
	assert_int_equal(errno, EINVAL);
	errno = 0;
	assert_int_equal(vd_rt_lseek(ro, 0, 12345), -1);
	assert_int_equal(errno, EINVAL);
	int dir = open(".", O_RDONLY);
	errno = 0;
	assert_int_equal(vd_rt_read(dir, buf, 4), read(dir, buf, 4));
	assert_int_equal(errno, EISDIR);
	close(dir);
	/* a descriptor closed behind the runtime's back */
	int c = open(path, O_RDONLY);
	assert_int_equal(vd_rt_read(c, buf, 4), 4);
	close(c);
	errno = 0;
	assert_int_equal(vd_rt_read(c, buf, 4), -1);
	assert_int_equal(errno, EBADF);
	errno = 0;
	assert_int_equal(vd_rt_close(-1), -1);
	assert_int_equal(errno, EBADF);
	errno = 0;
	assert_int_equal(vd_rt_fsync(-1), -1);
	assert_int_equal(errno, EBADF);
	/* a successful call leaves errno alone */
	errno = 1234;
	assert_int_equal(vd_rt_read(ro, buf, 4), 4);
	assert_int_equal(errno, 1234);
	assert_int_equal(vd_rt_close(ro), 0);
	assert_int_equal(vd_rt_close(wo), 0);
	unlink(path);
}

/* a pipe is not a file: everything passes through */
static void test_pipe(void **state)
{
	(void)state;
	int p[2];
	char buf[8] = {0};
	assert_int_equal(pipe(p), 0);
	assert_int_equal(vd_rt_write(p[1], "hello", 5), 5);
	assert_int_equal(vd_rt_read(p[0], buf, sizeof buf), 5); /* not buffered behind */
	assert_memory_equal(buf, "hello", 5);
	errno = 0;
	assert_int_equal(vd_rt_lseek(p[0], 0, SEEK_CUR), -1);
	assert_int_equal(errno, ESPIPE);
	vd_rt_close(p[0]);
	vd_rt_close(p[1]);
}

/* the file grows after the reader reached its end, and is rewritten with a
 * new size under a prefetched ring: the reader sees the new bytes */
static void test_file_changes(void **state)
{
	(void)state;
	char path[256];
	unsigned char buf[200000];
	rt_tmp_path(path, sizeof path, "grow");
	unsigned char *want = rt_make_file(path, 100000, 5);
	int fd = open(path, O_RDONLY), w = open(path, O_WRONLY);
	assert_int_equal(vd_rt_read(fd, buf, sizeof buf), 100000);
	assert_int_equal(vd_rt_read(fd, buf, sizeof buf), 0);
	assert_int_equal(pwrite(w, "grown", 5, 100000), 5);
	assert_int_equal(vd_rt_read(fd, buf, sizeof buf), 5);
	assert_memory_equal(buf, "grown", 5);
	assert_int_equal(vd_rt_read(fd, buf, sizeof buf), 0);
	/* prefetched from 0, then changed in place (with a new size) */
	assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
	assert_int_equal(vd_rt_read(fd, buf, 10), 10);
	assert_memory_equal(buf, want, 10);
	usleep(20000); /* let the ring fill */
	assert_int_equal(pwrite(w, "CHANGED", 7, 10), 7);
	assert_int_equal(pwrite(w, "!", 1, 100005), 1);
	assert_int_equal(vd_rt_read(fd, buf, 7), 7);
	assert_memory_equal(buf, "CHANGED", 7);
	close(w);
	vd_rt_close(fd);
	free(want);
	unlink(path);
}

/* the descriptor's number is reused for another file behind the runtime */
static void test_fd_reuse(void **state)
{
	(void)state;
	char p1[256], p2[256];
	unsigned char buf[64];
	rt_tmp_path(p1, sizeof p1, "reuse1");
	rt_tmp_path(p2, sizeof p2, "reuse2");
	unsigned char *a = rt_make_file(p1, 300000, 6), *b = rt_make_file(p2, 300000, 7);
	int fd = open(p1, O_RDONLY);
	assert_int_equal(vd_rt_read(fd, buf, sizeof buf), 64);
	assert_memory_equal(buf, a, 64);
	usleep(20000);
	close(fd);
	int fd2 = open(p2, O_RDONLY);
	assert_int_equal(fd2, fd);
	assert_int_equal(vd_rt_read(fd2, buf, sizeof buf), 64);
	assert_memory_equal(buf, b, 64);
	assert_int_equal(vd_rt_read(fd2, buf, sizeof buf), 64);
	assert_memory_equal(buf, b + 64, 64);
	vd_rt_close(fd2);
	free(a);
	free(b);
	unlink(p1);
	unlink(p2);
}

/* One random sequence of operations on a read-write descriptor, replayed
 * through plain calls on one copy and vd_rt_ calls on the other. */
static void replay_mixed(int flags, unsigned seed)
{
	char pa[256], pb[256];
	rt_tmp_path(pa, sizeof pa, "mixa");
	rt_tmp_path(pb, sizeof pb, "mixb");
	free(rt_make_file(pa, 200000, seed));
	free(rt_make_file(pb, 200000, seed));
	int a = open(pa, O_RDWR | flags), b = open(pb, O_RDWR | flags);
	unsigned char x[90000], y[90000], data[90000];
	unsigned r = seed;
	rt_fill(data, sizeof data, seed + 99);
	for (int i = 0; i < 3000; i++) {
		r = r * 1103515245u + 12345u;
		unsigned op = (r >> 16) % 100;
		size_t n = op < 70 ? 1 + (r >> 3) % 300 : 1 + (r >> 3) % sizeof x;
		size_t d = (r >> 5) % (sizeof data - n);
		if (op < 55) {
			assert_int_equal(write(a, data + d, n), vd_rt_write(b, data + d, n));
		} else if (op < 80) {
			ssize_t ra = read(a, x, n), rb = vd_rt_read(b, y, n);
			assert_int_equal(ra, rb);
			if (ra > 0)
				assert_memory_equal(x, y, (size_t)ra);
		} else if (op < 88) {
			long long off = (long long)((r >> 4) % 250000);
			assert_int_equal(lseek(a, off, SEEK_SET), vd_rt_lseek(b, off, SEEK_SET));
		} else if (op < 92) {
			long long off = (long long)((r >> 4) % 250000);
			assert_int_equal(pwrite(a, data + d, n, off),
			                 vd_rt_pwrite(b, data + d, n, off));
		} else if (op < 97) {
			long long off = (long long)((r >> 4) % 250000);
			ssize_t ra = pread(a, x, n, off), rb = vd_rt_pread(b, y, n, off);
			assert_int_equal(ra, rb);
			if (ra > 0)
				assert_memory_equal(x, y, (size_t)ra);
		} else {
			assert_int_equal(lseek(a, 0, SEEK_CUR), vd_rt_lseek(b, 0, SEEK_CUR));
		}
	}
	assert_int_equal(close(a), 0);
	assert_int_equal(vd_rt_close(b), 0);
	assert_true(rt_same_file(pa, pb));
	unlink(pa);
	unlink(pb);
}

static void test_mixed_rw(void **state)
{
	(void)state;
	replay_mixed(0, 11);
	replay_mixed(0, 12);
}

static void test_mixed_append(void **state)
{
	(void)state;
	replay_mixed(O_APPEND, 13);
}

/* write-behind: the bytes land, in order, and the flushes were coalesced */
static void test_write_behind(void **state)
{
	(void)state;
	char pa[256], pb[256];
	rt_tmp_path(pa, sizeof pa, "wba");
	rt_tmp_path(pb, sizeof pb, "wbb");
	int a = open(pa, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	int b = open(pb, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	struct vd_rt_stats s0, s1;
	vd_rt_stats_get(&s0);
	char rec[128];
	for (int i = 0; i < 20000; i++) {
		int n = snprintf(rec, sizeof rec, "record %d value %d\n", i, i * 7);
		assert_int_equal(write(a, rec, (size_t)n), n);
		assert_int_equal(vd_rt_write(b, rec, (size_t)n), n);
		if (i == 12345) /* the position a later plain call sees, after vd_rt_lseek */
			assert_int_equal(lseek(a, 0, SEEK_CUR), vd_rt_lseek(b, 0, SEEK_CUR));
	}
	vd_rt_stats_get(&s1);
	assert_true(s1.wb_bytes - s0.wb_bytes > 400000);
	assert_true(s1.wb_flushes - s0.wb_flushes < 20);
	close(a);
	assert_int_equal(vd_rt_close(b), 0);
	assert_true(rt_same_file(pa, pb));
	unlink(pa);
	unlink(pb);
}

/* the same data written from two translation units lands once, in order:
 * the state is shared, not per unit */
static void test_two_units(void **state)
{
	(void)state;
	char p[256];
	rt_tmp_path(p, sizeof p, "tu2");
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	unsigned long long before = rt_tu2_wb_bytes();
	assert_int_equal(vd_rt_write(fd, "one,", 4), 4);
	assert_int_equal(rt_tu2_write(fd, "two,", 4), 4);
	assert_int_equal(vd_rt_write(fd, "three", 5), 5);
	assert_int_equal(rt_tu2_wb_bytes() - before,
	                 13); /* the other unit sees this one's counts */
	assert_int_equal(vd_rt_close(fd), 0);
	size_t n = 0;
	unsigned char *got = rt_slurp(p, &n);
	assert_int_equal(n, 13);
	assert_memory_equal(got, "one,two,three", 13);
	free(got);
	unlink(p);
}

/* streams: fprintf/fwrite/fputs records and ftell agree with stdio's */
static void test_stream_writes(void **state)
{
	(void)state;
	char pa[256], pb[256];
	rt_tmp_path(pa, sizeof pa, "sta");
	rt_tmp_path(pb, sizeof pb, "stb");
	FILE *a = fopen(pa, "w"), *b = fopen(pb, "w");
	assert_non_null(a);
	assert_non_null(b);
	fputs("header\n", a); /* before any rewritten call: still in stdio's buffer */
	fputs("header\n", b);
	for (int i = 0; i < 5000; i++) {
		assert_int_equal(fprintf(a, "%d;%s;%.3f\n", i, "abc", i / 7.0),
		                 vd_rt_fprintf(b, "%d;%s;%.3f\n", i, "abc", i / 7.0));
		double v = i;
		assert_int_equal(fwrite(&v, sizeof v, 1, a), vd_rt_fwrite(&v, sizeof v, 1, b));
		assert_true(vd_rt_fputs("x\n", b) >= 0);
		fputs("x\n", a);
		if (i % 1000 == 999)
			assert_int_equal(ftell(a), vd_rt_ftell(b));
	}
	char big[3000];
	memset(big, 'q', sizeof big - 1);
	big[sizeof big - 1] = 0;
	assert_int_equal(fprintf(a, "%s\n", big), vd_rt_fprintf(b, "%s\n", big));
	assert_int_equal(fclose(a), 0);
	assert_int_equal(vd_rt_fclose(b), 0);
	assert_true(rt_same_file(pa, pb));
	unlink(pa);
	unlink(pb);
}

/* fread: the stream's own results, EOF indicator and position */
static void test_stream_reads(void **state)
{
	(void)state;
	char p[256];
	const size_t size = 1000003;
	rt_tmp_path(p, sizeof p, "fread");
	free(rt_make_file(p, size, 8));
	FILE *a = fopen(p, "rb"), *b = fopen(p, "rb");
	unsigned char x[70000], y[70000];
	for (int i = 0; i < 100; i++) {
		size_t sz = i % 3 == 0 ? 1 : 8, nm = (size_t)(1 + (i * 7919) % 8000);
		size_t ra = fread(x, sz, nm, a), rb = vd_rt_fread(y, sz, nm, b);
		assert_int_equal(ra, rb);
		assert_memory_equal(x, y, ra * sz);
		assert_int_equal(ftell(a), ftell(b));
		assert_int_equal(feof(a), feof(b));
	}
	assert_true(feof(b));
	fclose(a);
	assert_int_equal(vd_rt_fclose(b), 0);
	unlink(p);
}

/* the write that crosses RLIMIT_FSIZE fails as the original did (EFBIG, with
 * SIGXFSZ ignored) at the same call, and the file holds the same bytes */
static int efbig_run(const char *path, int rewritten)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	char rec[100];
	memset(rec, 'r', sizeof rec);
	for (int i = 0; i < 1000; i++) {
		ssize_t w =
		    rewritten ? vd_rt_write(fd, rec, sizeof rec) : write(fd, rec, sizeof rec);
		if (w != (ssize_t)sizeof rec) {
			int bad = w < 0 && errno == EFBIG;
			if (rewritten)
				vd_rt_close(fd);
			else
				close(fd);
			return bad ? i : -2;
		}
	}
	return -1;
}

static void test_efbig(void **state)
{
	(void)state;
	char pa[256], pb[256];
	rt_tmp_path(pa, sizeof pa, "fbiga");
	rt_tmp_path(pb, sizeof pb, "fbigb");
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct rlimit rl = {10000, 10000};
		signal(SIGXFSZ, SIG_IGN);
		if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
			_exit(90);
		int ia = efbig_run(pa, 0), ib = efbig_run(pb, 1);
		/* 100 records fill the limit exactly: the 101st (index 100) fails */
		_exit(ia == 100 && ib == 100 ? 0 : 91);
	}
	int st = 0;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	assert_true(rt_same_file(pa, pb));
	unlink(pa);
	unlink(pb);
}

/* a write error of buffered data (the limit lowered behind the batch) is
 * reported by the next call, and by close */
static void test_deferred_error(void **state)
{
	(void)state;
	char p[256];
	rt_tmp_path(p, sizeof p, "deferr");
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		signal(SIGXFSZ, SIG_IGN);
		int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		char rec[100];
		memset(rec, 'd', sizeof rec);
		if (vd_rt_write(fd, rec, sizeof rec) != 100) /* batch starts: no limit yet */
			_exit(92);
		struct rlimit orig, rl;
		getrlimit(RLIMIT_FSIZE, &orig);
		rl = orig;
		rl.rlim_cur = 50; /* the soft limit only, so that it can go back up */
		if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
			_exit(90);
		errno = 0;
		if (vd_rt_flush(fd) != -1 || errno != EFBIG)
			_exit(93);
		/* reported once; the next write fails by itself, as the original's would */
		errno = 0;
		if (vd_rt_write(fd, rec, 10) != -1 || errno != EFBIG)
			_exit(94);
		if (vd_rt_close(fd) != 0)
			_exit(95);
		/* and close reports what could not be written behind */
		if (setrlimit(RLIMIT_FSIZE, &orig) != 0)
			_exit(90);
		fd = open(p, O_WRONLY | O_TRUNC);
		if (vd_rt_write(fd, rec, sizeof rec) != 100)
			_exit(96);
		if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
			_exit(90);
		errno = 0;
		int c = vd_rt_close(fd);
		_exit(c == -1 && errno == EFBIG ? 0 : 97);
	}
	int st = 0;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	unlink(p);
}

/* ENOSPC on a small tmpfs (needs mount rights: skipped without them) */
static void test_enospc(void **state)
{
	(void)state;
	char dir[256], p[300];
	rt_tmp_path(dir, sizeof dir, "mnt");
	if (mkdir(dir, 0700) != 0)
		skip();
	char cmd[600];
	snprintf(cmd, sizeof cmd, "mount -t tmpfs -o size=64k tmpfs %s 2>/dev/null", dir);
	if (geteuid() != 0 || system(cmd) != 0) {
		rmdir(dir);
		skip();
	}
	snprintf(p, sizeof p, "%s/f", dir);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	char rec[1000];
	memset(rec, 'n', sizeof rec);
	int failed_at = -1, err = 0;
	for (int i = 0; i < 200; i++) {
		if (vd_rt_write(fd, rec, sizeof rec) < 0) {
			failed_at = i;
			err = errno;
			break;
		}
	}
	errno = 0;
	int c = vd_rt_close(fd);
	int cerr = errno;
	snprintf(cmd, sizeof cmd, "umount %s", dir);
	assert_int_equal(system(cmd), 0);
	rmdir(dir);
	/* 64 KiB cannot hold 200 KB: the error surfaces at a later write (the
	 * one that would have failed was buffered) or at close */
	assert_true((failed_at > 0 && err == ENOSPC) || (c == -1 && cerr == ENOSPC));
}

/* fork with buffered data: written once (before the fork, as the original);
 * the child gets a fresh worker for its own reads */
static void test_fork(void **state)
{
	(void)state;
	char p[256], r[256];
	rt_tmp_path(p, sizeof p, "fork");
	rt_tmp_path(r, sizeof r, "forkr");
	unsigned char *want = rt_make_file(r, 500000, 9);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	int rd = open(r, O_RDONLY);
	unsigned char buf[1000];
	assert_int_equal(vd_rt_read(rd, buf, sizeof buf), 1000);
	assert_int_equal(vd_rt_write(fd, "parent-before;", 14), 14);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int ok = vd_rt_write(fd, "child;", 6) == 6 && vd_rt_flush(fd) == 0;
		/* a fresh thread serves the child's reads */
		for (int i = 0; ok && i < 100; i++)
			ok = vd_rt_read(rd, buf, sizeof buf) == 1000 &&
			     memcmp(buf, want + 1000 * (i + 1), 1000) == 0;
		_exit(ok ? 0 : 1);
	}
	int st = 0;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	assert_int_equal(vd_rt_write(fd, "parent-after", 12), 12);
	assert_int_equal(vd_rt_close(fd), 0);
	size_t n = 0;
	unsigned char *got = rt_slurp(p, &n);
	assert_int_equal(n, 32);
	assert_memory_equal(got, "parent-before;child;parent-after", 32);
	free(got);
	vd_rt_close(rd);
	free(want);
	unlink(p);
	unlink(r);
}

/* deferred sync: same bytes, syncs coalesced, one owed at close */
static void test_deferred_sync(void **state)
{
	(void)state;
	char pa[256], pb[256];
	rt_tmp_path(pa, sizeof pa, "synca");
	rt_tmp_path(pb, sizeof pb, "syncb");
	int a = open(pa, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	int b = open(pb, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	struct vd_rt_stats s0, s1;
	vd_rt_stats_get(&s0);
	char rec[64];
	for (int i = 0; i < 200; i++) {
		int n = snprintf(rec, sizeof rec, "checkpoint %d\n", i);
		assert_int_equal(write(a, rec, (size_t)n), n);
		assert_int_equal(vd_rt_write(b, rec, (size_t)n), n);
		assert_int_equal(vd_rt_fsync_deferred(b), 0);
	}
	assert_int_equal(vd_rt_close(b), 0);
	close(a);
	vd_rt_stats_get(&s1);
	assert_int_equal(s1.syncs_deferred - s0.syncs_deferred, 200);
	assert_true(s1.syncs_done - s0.syncs_done >= 1);
	assert_true(rt_same_file(pa, pb));
	/* the exact fsync is a real one */
	b = open(pb, O_WRONLY | O_APPEND);
	assert_int_equal(vd_rt_write(b, "tail\n", 5), 5);
	assert_int_equal(vd_rt_fsync(b), 0);
	assert_int_equal(vd_rt_close(b), 0);
	unlink(pa);
	unlink(pb);
}

/* whole-file cache: random preads served from memory, invalidated by a write */
static void test_cache(void **state)
{
	(void)state;
	char p[256];
	const size_t size = 2000000;
	rt_tmp_path(p, sizeof p, "cache");
	unsigned char *want = rt_make_file(p, size, 10);
	int fd = open(p, O_RDWR);
	unsigned char y[5000];
	struct vd_rt_stats s0, s1;
	vd_rt_stats_get(&s0);
	assert_int_equal(vd_rt_cache(fd), 0);
	/* reads before the file is in are served by the kernel; wait for it here
	 * so that the counts below are about the cache */
	for (int i = 0; i < 1000; i++) {
		vd_rt_stats_get(&s1);
		if (s1.prefetch_bytes - s0.prefetch_bytes >= size)
			break;
		usleep(10000);
	}
	vd_rt_stats_get(&s0);
	unsigned r = 3;
	for (int i = 0; i < 2000; i++) {
		r = r * 1103515245u + 12345u;
		long long off = (long long)((r >> 3) % (size + 100));
		ssize_t got = vd_rt_pread(fd, y, sizeof y, (off_t)off);
		long long expect = (long long)size - off;
		expect = expect < 0 ? 0 : expect > 5000 ? 5000 : expect;
		assert_int_equal(got, expect);
		if (got > 0)
			assert_memory_equal(y, want + off, (size_t)got);
	}
	vd_rt_stats_get(&s1);
	assert_true(s1.ring_bytes - s0.ring_bytes > 2000 * 4000);
	assert_int_equal(vd_rt_pwrite(fd, "Z", 1, 42), 1);
	assert_int_equal(vd_rt_pread(fd, y, 3, 41), 3);
	assert_int_equal(y[1], 'Z');
	assert_int_equal(y[0], want[41]);
	vd_rt_evict(fd);
	errno = 0;
	assert_int_equal(vd_rt_cache(0 - 1), -1);
	assert_int_equal(errno, EBADF);
	assert_int_equal(vd_rt_close(fd), 0);
	free(want);
	unlink(p);
}

/* the explicit calls: prefetch a range, then read it from the ring */
static void test_prefetch_api(void **state)
{
	(void)state;
	char p[256];
	const size_t size = 1500000;
	rt_tmp_path(p, sizeof p, "pf");
	unsigned char *want = rt_make_file(p, size, 12);
	int fd = open(p, O_RDONLY);
	unsigned char y[100000];
	struct vd_rt_stats s0, s1;
	vd_rt_stats_get(&s0);
	assert_int_equal(vd_rt_prefetch(fd, 200000, 300000), 0);
	for (int i = 0; i < 1000; i++) { /* until the worker has it */
		vd_rt_stats_get(&s1);
		if (s1.prefetch_bytes - s0.prefetch_bytes >= 300000)
			break;
		usleep(10000);
	}
	vd_rt_stats_get(&s0);
	assert_int_equal(vd_rt_pread(fd, y, sizeof y, 250000), (ssize_t)sizeof y);
	assert_memory_equal(y, want + 250000, sizeof y);
	vd_rt_stats_get(&s1);
	assert_int_equal(s1.ring_bytes - s0.ring_bytes, sizeof y);
	assert_int_equal(lseek(fd, 0, SEEK_CUR), 0);
	errno = 0;
	assert_int_equal(vd_rt_prefetch(-1, 0, 10), -1);
	assert_int_equal(errno, EBADF);
	int pp[2];
	assert_int_equal(pipe(pp), 0);
	errno = 0;
	assert_int_equal(vd_rt_prefetch(pp[0], 0, 10), -1);
	assert_int_equal(errno, EINVAL);
	close(pp[0]);
	close(pp[1]);
	assert_int_equal(vd_rt_fflush(NULL), 0);
	assert_int_equal(vd_rt_close(fd), 0);
	free(want);
	unlink(p);
}

/* An exit handler registered before the runtime's runs after it: its writes
 * must still land.  Checked in a fresh process (this program run again with
 * --exit-child PATH), where the handler is registered before the first
 * runtime call. */
static int exit_fd = -1;

static void late_writer(void)
{
	vd_rt_write(exit_fd, "late", 4);
}

static int exit_child(const char *path)
{
	exit_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	atexit(late_writer);
	vd_rt_write(exit_fd, "early,", 6);
	exit(0);
}

static void test_exit_handlers(void **state)
{
	(void)state;
	char p[256];
	rt_tmp_path(p, sizeof p, "exit");
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		execl("/proc/self/exe", "test_runtime", "--exit-child", p, (char *)NULL);
		_exit(127);
	}
	int st = 0;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	size_t n = 0;
	unsigned char *got = rt_slurp(p, &n);
	assert_non_null(got);
	assert_int_equal(n, 10);
	assert_memory_equal(got, "early,late", 10);
	free(got);
	unlink(p);
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--exit-child") == 0)
		return exit_child(argv[2]);
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_read_sequence),  cmocka_unit_test(test_read_lseek),
	    cmocka_unit_test(test_pread),          cmocka_unit_test(test_errors),
	    cmocka_unit_test(test_pipe),           cmocka_unit_test(test_file_changes),
	    cmocka_unit_test(test_fd_reuse),       cmocka_unit_test(test_mixed_rw),
	    cmocka_unit_test(test_mixed_append),   cmocka_unit_test(test_write_behind),
	    cmocka_unit_test(test_two_units),      cmocka_unit_test(test_stream_writes),
	    cmocka_unit_test(test_stream_reads),   cmocka_unit_test(test_efbig),
	    cmocka_unit_test(test_deferred_error), cmocka_unit_test(test_enospc),
	    cmocka_unit_test(test_fork),           cmocka_unit_test(test_deferred_sync),
	    cmocka_unit_test(test_cache),          cmocka_unit_test(test_prefetch_api),
	    cmocka_unit_test(test_exit_handlers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
