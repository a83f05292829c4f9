/* vd_rt.h - vidya's optimization runtime: one self-contained header.
 *
 * `vidya optimize --apply` copies this file next to a rewritten source file and
 * includes it there, so the project builds with its own unchanged compile and link
 * commands.  Linux + glibc (>= 2.34, where the pthread functions live in libc
 * itself, so no -pthread/-lpthread is needed on the link line); GCC or clang.
 *
 * What it does (vidya's docs/optimize.md, "Runtime library", is the contract):
 *   - vd_rt_read / vd_rt_pread: reads served from a ring of buffers that a
 *     background thread fills ahead of the reader (prefetch of the next chunks);
 *     vd_rt_fread: the stream's real fread, with the next chunks of its file read
 *     ahead in the background so that fread finds them in the page cache;
 *   - vd_rt_write / vd_rt_fwrite / vd_rt_fprintf: small writes coalesced in a
 *     buffer that the background thread writes (write-behind);
 *   - vd_rt_fsync_deferred: opt-in deferred sync (changes durability: only
 *     injected when the user asked for it); vd_rt_fsync is the exact one;
 *   - vd_rt_cache: whole-file cache; vd_rt_prefetch, vd_rt_evict;
 *   - vd_rt_lseek, vd_rt_close, vd_rt_fclose, vd_rt_fflush, vd_rt_flush.
 *
 * Linkage: every function is `static inline`, so each translation unit has its
 * own private copy and no external function symbol is defined (no duplicate
 * symbols, no ODR issue).  The shared state is ONE object, `vd_rt__state_v1`,
 * defined in every including unit as a weak symbol: the linker keeps one and all
 * units (and, through the dynamic symbol table, all shared objects of the
 * process) use the same descriptor table, lock and background thread.  The
 * version is in the name so two layouts can never be merged.
 */
#ifndef VD_RT_H
#define VD_RT_H

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* Calls that strict ISO modes (-std=c11 without feature macros) do not declare:
 * declared here under private names bound to glibc's symbols, so the header does
 * not depend on (or change) the including file's feature-test macros.  The 64-bit
 * variants are used whatever the unit's _FILE_OFFSET_BITS. */
extern ssize_t vd_rt__sys_pread(int, void *, size_t, long long) __asm__("pread64");
extern ssize_t vd_rt__sys_pwrite(int, const void *, size_t, long long) __asm__("pwrite64");
extern long long vd_rt__sys_lseek(int, long long, int) __asm__("lseek64");
extern int vd_rt__sys_fileno(FILE *) __asm__("fileno");
extern size_t vd_rt__sys_fpending(FILE *) __asm__("__fpending");
extern int vd_rt__sys_fsync(int) __asm__("fsync");
extern int vd_rt__sys_clock_gettime(int, struct timespec *) __asm__("clock_gettime");
extern int vd_rt__sys_fadvise(int, long long, long long, int) __asm__("posix_fadvise64");
extern int vd_rt__sys_fdatasync(int) __asm__("fdatasync");
extern int vd_rt__sys_sigfillset(void *) __asm__("sigfillset");
extern int vd_rt__sys_pthread_sigmask(int, const void *, void *) __asm__("pthread_sigmask");

#ifdef __O_DIRECT
#define VD_RT__O_DIRECT __O_DIRECT
#else
#define VD_RT__O_DIRECT 040000
#endif
#ifdef __O_DSYNC
#define VD_RT__O_DSYNC __O_DSYNC
#else
#define VD_RT__O_DSYNC 010000
#endif

#define VD_RT_MAX_FDS 1024              /* descriptors >= this are passed through */
#define VD_RT_RING_MAX 16               /* read-ahead slots per descriptor */
#define VD_RT_CACHE_SLOT VD_RT_RING_MAX /* index of the whole-file cache slot */

enum { VD_RT__EMPTY, VD_RT__PENDING, VD_RT__INFLIGHT, VD_RT__READY, VD_RT__FAILED };
enum { VD_RT__W_NONE, VD_RT__W_QUEUED, VD_RT__W_BUSY };

struct vd_rt__slot {
	long long off; /* file offset of buf[0] */
	size_t req;    /* bytes asked for */
	size_t len;    /* bytes read (READY); len < req means end of file */
	size_t cap;
	char *buf;
	int state;
	int err;
	unsigned gen; /* entry generation when scheduled */
	int warm;     /* read only to warm the page cache (streams) */
};

struct vd_rt__fd {
	int fd;
	int rd_ok, wr_ok; /* regular file, readable / writable, no O_DIRECT */
	int append, syncflag;
	dev_t dev;
	ino_t ino;
	unsigned gen;
	int ring_used; /* some slot was scheduled since the last drop */
	int busy;      /* worker and readers with I/O in flight on this entry */
	/* read side */
	size_t chunk;
	long long eof_hint; /* -1: unknown */
	long long last_end; /* where the previous read ended (-1: none): read ahead only
	                       when a read continues the previous one */
	int fast_direct;    /* consecutive caller reads that came from the page cache */
	long long snap_size;
	long snap_mtime_s, snap_mtime_ns, snap_ctime_s, snap_ctime_ns;
	int snap_ok;
	struct vd_rt__slot slots[VD_RT_RING_MAX + 1];
	/* write side */
	char *wbuf;               /* being filled by the program */
	size_t wlen, wcap, wfcap; /* wfcap: capacity of wflight */
	char *wflight;            /* handed to the worker */
	size_t wflight_len;
	int wflight_state;
	int werr;       /* deferred error, reported at the next call */
	long long wpos; /* file offset where wbuf's first byte will land; -1 unknown, -2 append */
	unsigned long long fsize_lim; /* RLIMIT_FSIZE when the batch started */
	/* deferred sync */
	int sync_req, sync_running, sync_owed;
	int sync_after; /* sync once the flight taken for a sync request is written */
};

struct vd_rt_stats {
	unsigned long long ring_bytes;     /* bytes served from the ring / cache */
	unsigned long long direct_bytes;   /* bytes read by the caller itself */
	unsigned long long prefetch_bytes; /* bytes read ahead by the worker */
	unsigned long long wb_bytes;       /* bytes taken by write-behind */
	unsigned long long wb_flushes;     /* writes issued for them */
	unsigned long long syncs_deferred; /* fsync calls deferred */
	unsigned long long syncs_done;     /* fsyncs the worker or close issued */
};

struct vd_rt__state {
	pthread_mutex_t mu;
	pthread_cond_t cv_work; /* worker waits for jobs */
	pthread_cond_t cv_done; /* callers wait for the worker */
	int inited;
	int thread_running;
	int thread_failed; /* pthread_create failed: everything synchronous */
	int worker_busy;
	int exiting;      /* our atexit handler ran: from now on writes are not buffered */
	int hi;           /* 1 + highest descriptor with an entry */
	int ring;         /* slots per descriptor */
	size_t chunk;     /* read-ahead chunk */
	size_t wcap;      /* write-behind buffer */
	size_t wsmall;    /* writes smaller than this are coalesced */
	size_t cache_max; /* largest file vd_rt_cache takes */
	struct vd_rt_stats stats;
	struct vd_rt__fd *fds[VD_RT_MAX_FDS];
};

extern struct vd_rt__state vd_rt__state_v1;
__attribute__((weak)) struct vd_rt__state vd_rt__state_v1 = { .mu = PTHREAD_MUTEX_INITIALIZER,
							      .cv_work = PTHREAD_COND_INITIALIZER,
							      .cv_done = PTHREAD_COND_INITIALIZER };

#define VD_RT__S (&vd_rt__state_v1)

/* ---- small helpers (all under S->mu unless said otherwise) ---- */

static inline size_t vd_rt__env_size(const char *name, size_t dflt, size_t lo, size_t hi)
{
	const char *v = getenv(name);
	char *end = NULL;
	unsigned long long x;
	if (!v || !*v)
		return dflt;
	x = strtoull(v, &end, 10);
	if (!end || *end || x < lo || x > hi)
		return dflt;
	return (size_t)x;
}

static inline void vd_rt__drop_slot(struct vd_rt__slot *s)
{
	if (s->state != VD_RT__INFLIGHT)
		s->state = VD_RT__EMPTY;
}

/* forget everything read ahead (data may be stale); in-flight reads are
 * discarded when they complete because the generation moved on */
static inline void vd_rt__drop_ring(struct vd_rt__fd *e)
{
	int i;
	if (!e->ring_used)
		return;
	e->ring_used = 0;
	e->gen++;
	e->eof_hint = -1;
	for (i = 0; i <= VD_RT_RING_MAX; i++)
		vd_rt__drop_slot(&e->slots[i]);
}

/* nanoseconds of the time stamps whatever the unit's feature-test macros */
#ifdef __USE_XOPEN2K8
#define VD_RT__MNS(st) ((st)->st_mtim.tv_nsec)
#define VD_RT__CNS(st) ((st)->st_ctim.tv_nsec)
#else
#define VD_RT__MNS(st) ((long)(st)->st_mtimensec)
#define VD_RT__CNS(st) ((long)(st)->st_ctimensec)
#endif

static inline void vd_rt__snap(struct vd_rt__fd *e, const struct stat *st)
{
	e->snap_size = (long long)st->st_size;
	e->snap_mtime_s = (long)st->st_mtime;
	e->snap_mtime_ns = VD_RT__MNS(st);
	e->snap_ctime_s = (long)st->st_ctime;
	e->snap_ctime_ns = VD_RT__CNS(st);
	e->snap_ok = 1;
}

static inline int vd_rt__snap_same(const struct vd_rt__fd *e, const struct stat *st)
{
	return e->snap_ok && e->snap_size == (long long)st->st_size &&
	       e->snap_mtime_s == (long)st->st_mtime && e->snap_mtime_ns == VD_RT__MNS(st) &&
	       e->snap_ctime_s == (long)st->st_ctime && e->snap_ctime_ns == VD_RT__CNS(st);
}

static inline void vd_rt__wait(void)
{
	pthread_cond_wait(&VD_RT__S->cv_done, &VD_RT__S->mu);
}

/* the same while holding on to e: a close in another thread waits for us
 * (e->busy) instead of freeing e under our feet */
static inline void vd_rt__wait_e(struct vd_rt__fd *e)
{
	e->busy++;
	vd_rt__wait();
	if (--e->busy == 0) /* a close may be waiting for that */
		pthread_cond_broadcast(&VD_RT__S->cv_done);
}

static inline void vd_rt__free_entry(struct vd_rt__fd *e)
{
	int i;
	for (i = 0; i <= VD_RT_RING_MAX; i++)
		free(e->slots[i].buf);
	free(e->wbuf);
	free(e->wflight);
	free(e);
}

static inline void vd_rt__worker_start(void);

/* Read-ahead pays only for data that is not in the page cache yet.  A read
 * (the caller's or the worker's) quicker than any device - 20 us plus 1 ns a
 * byte - came from the page cache; eight in a row pause the read-ahead of
 * the descriptor (no CPU spent copying cached data twice), a slower one
 * resumes it. */
#define VD_RT__CACHED_RUN 8

static inline void vd_rt__note_speed(struct vd_rt__fd *e, const struct timespec *t0,
				     const struct timespec *t1, size_t bytes)
{
	long long ns = (long long)(t1->tv_sec - t0->tv_sec) * 1000000000LL +
		       (long long)(t1->tv_nsec - t0->tv_nsec);
	if (ns < 20000 + (long long)bytes)
		e->fast_direct++;
	else
		e->fast_direct = 0;
}

/* Hand the program's buffer to the worker and give the program the other
 * one (the worker must be done with it).  0, or -1 when there is no memory for
 * a second buffer. */
static inline int vd_rt__handoff(struct vd_rt__fd *e)
{
	char *t = e->wflight;
	size_t tc = e->wfcap;
	if (!t) {
		tc = VD_RT__S->wcap;
		t = (char *)malloc(tc);
		if (!t)
			return -1;
	}
	e->wflight = e->wbuf;
	e->wfcap = e->wcap;
	e->wflight_len = e->wlen;
	e->wbuf = t;
	e->wcap = tc;
	if (e->wpos >= 0)
		e->wpos += (long long)e->wlen;
	e->wlen = 0;
	e->wflight_state = VD_RT__W_QUEUED;
	return 0;
}

/* report e's deferred error: errno set, the error consumed, the lock released */
static inline int vd_rt__report(struct vd_rt__fd *e)
{
	errno = e->werr;
	e->werr = 0;
	pthread_mutex_unlock(&VD_RT__S->mu);
	return -1;
}

/* 1 when the background thread runs (started here the first time) */
static inline int vd_rt__have_worker(void)
{
	if (!VD_RT__S->thread_running && !VD_RT__S->thread_failed)
		vd_rt__worker_start();
	return VD_RT__S->thread_running;
}

static inline void vd_rt__kick(void)
{
	pthread_cond_signal(&VD_RT__S->cv_work);
}

/* write `len` bytes at the descriptor's position, retrying short writes;
 * returns 0 or an errno value */
static inline int vd_rt__write_all(int fd, const char *p, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, p, len);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		if (w == 0)
			return EIO;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

/* Wait until the worker is done with the entry's write-behind, then write what
 * is still buffered, here and now.  Returns 0 or the deferred errno (kept in
 * e->werr for the caller to report or leave). */
static inline int vd_rt__flush_locked(struct vd_rt__fd *e)
{
	while (e->wflight_state != VD_RT__W_NONE)
		vd_rt__wait_e(e);
	if (e->wlen > 0) {
		size_t len = e->wlen;
		int err;
		e->wlen = 0;
		e->wpos = -1;
		if (e->werr) /* an earlier part failed: the rest is dropped, like the original's
		                later writes would have failed */
			return e->werr;
		err = vd_rt__write_all(e->fd, e->wbuf, len);
		VD_RT__S->stats.wb_flushes++;
		if (err)
			e->werr = err;
	}
	e->wpos = -1;
	return e->werr;
}

/* The entry for `fd`, created on first use.  `st` is the descriptor's fstat
 * (or NULL to take it here).  A different file behind the same number (the
 * program closed and reopened it with non-rewritten calls) resets the entry.
 * NULL when fd is out of range or fstat fails (the caller passes through). */
static inline struct vd_rt__fd *vd_rt__entry(int fd, const struct stat *st)
{
	struct vd_rt__state *S = VD_RT__S;
	struct stat own;
	struct vd_rt__fd *e;
	int fl;
	if (fd < 0 || fd >= VD_RT_MAX_FDS)
		return NULL;
	if (!st) {
		if (fstat(fd, &own) != 0)
			return NULL;
		st = &own;
	}
	/* stale: the file behind the number changed under us; once nothing is
	 * in flight on it, it goes (looked up again after each wait: another
	 * thread may have removed it meanwhile) */
	while ((e = S->fds[fd]) && (e->dev != st->st_dev || e->ino != st->st_ino)) {
		if (e->busy > 0 || e->wflight_state != VD_RT__W_NONE || e->sync_running) {
			vd_rt__wait();
			continue;
		}
		S->fds[fd] = NULL;
		vd_rt__free_entry(e);
	}
	if (e)
		return e;
	fl = fcntl(fd, F_GETFL);
	if (fl < 0)
		return NULL;
	e = (struct vd_rt__fd *)calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->fd = fd;
	e->dev = st->st_dev;
	e->ino = st->st_ino;
	e->eof_hint = -1;
	e->last_end = -1;
	e->wpos = -1;
	e->chunk = S->chunk;
	if (S_ISREG(st->st_mode) && !(fl & VD_RT__O_DIRECT)) {
		e->rd_ok = (fl & O_ACCMODE) != O_WRONLY;
		e->wr_ok = (fl & O_ACCMODE) != O_RDONLY;
	}
	e->append = (fl & O_APPEND) != 0;
	e->syncflag = (fl & (O_SYNC | VD_RT__O_DSYNC)) != 0;
	S->fds[fd] = e;
	if (fd + 1 > S->hi)
		S->hi = fd + 1;
	return e;
}

/* ---- the background thread ---- */

static inline void *vd_rt__worker(void *arg)
{
	struct vd_rt__state *S = VD_RT__S;
	(void)arg;
	pthread_mutex_lock(&S->mu);
	for (;;) {
		int i, j, did = 0;
		for (i = 0; i < S->hi && !did; i++) {
			struct vd_rt__fd *e = S->fds[i];
			if (!e)
				continue;
			if (e->wflight_state ==
			    VD_RT__W_QUEUED) { /* write-behind first: it frees a buffer */
				int err;
				e->wflight_state = VD_RT__W_BUSY;
				pthread_mutex_unlock(&S->mu);
				err = vd_rt__write_all(e->fd, e->wflight, e->wflight_len);
				pthread_mutex_lock(&S->mu);
				if (err && !e->werr)
					e->werr = err;
				S->stats.wb_flushes++;
				e->wflight_len = 0;
				e->wflight_state = VD_RT__W_NONE;
				did = 1;
				break;
			}
			for (j = 0; j <= VD_RT_RING_MAX; j++) {
				struct vd_rt__slot *s = &e->slots[j];
				size_t got = 0;
				int err = 0;
				unsigned gen;
				struct timespec t0, t1;
				if (s->state != VD_RT__PENDING)
					continue;
				if (s->cap < s->req) {
					char *nb = (char *)realloc(s->buf, s->req);
					if (!nb) {
						s->state = VD_RT__EMPTY;
						continue;
					}
					s->buf = nb;
					s->cap = s->req;
				}
				s->state = VD_RT__INFLIGHT;
				gen = s->gen;
				e->busy++;
				pthread_mutex_unlock(&S->mu);
				vd_rt__sys_clock_gettime(1 /* CLOCK_MONOTONIC */, &t0);
				while (got < s->req) {
					ssize_t r =
						vd_rt__sys_pread(e->fd, s->buf + got, s->req - got,
								 s->off + (long long)got);
					if (r < 0) {
						if (errno == EINTR)
							continue;
						err = errno;
						break;
					}
					if (r == 0)
						break;
					got += (size_t)r;
				}
				vd_rt__sys_clock_gettime(1, &t1);
				pthread_mutex_lock(&S->mu);
				e->busy--;
				if (j != VD_RT_CACHE_SLOT && gen == e->gen)
					vd_rt__note_speed(e, &t0, &t1, got);
				S->stats.prefetch_bytes += got;
				if (gen != e->gen) {
					s->state = VD_RT__EMPTY;
				} else if (err) {
					s->state = VD_RT__FAILED;
					s->err = err;
				} else {
					s->state = VD_RT__READY;
					s->len = got;
					if (got < s->req && (e->eof_hint < 0 ||
							     s->off + (long long)got < e->eof_hint))
						e->eof_hint = s->off + (long long)got;
				}
				did = 1;
				break;
			}
			if (!did && e->sync_req && e->wflight_state == VD_RT__W_NONE &&
			    e->wlen > 0) {
				/* a sync follows every byte buffered before it was asked
				 * for: take the program's buffer (it goes on filling the
				 * other one), write it, then sync */
				if (vd_rt__handoff(e) == 0) {
					e->sync_req = 0;
					e->sync_after = 1;
					did = 1;
					break;
				}
			}
			if (!did && e->wflight_state == VD_RT__W_NONE &&
			    (e->sync_after || (e->sync_req && e->wlen == 0))) {
				int r;
				if (e->wlen == 0)
					e->sync_req = 0;
				e->sync_after = 0;
				e->sync_running = 1;
				pthread_mutex_unlock(&S->mu);
				r = vd_rt__sys_fsync(e->fd);
				pthread_mutex_lock(&S->mu);
				e->sync_running = 0;
				S->stats.syncs_done++;
				if (r != 0 && !e->werr)
					e->werr = errno;
				else if (r == 0 && !e->sync_req && !e->sync_after)
					e->sync_owed = 0;
				did = 1;
			}
		}
		pthread_cond_broadcast(&S->cv_done);
		if (did)
			continue;
		S->worker_busy = 0;
		pthread_cond_wait(&S->cv_work, &S->mu);
		S->worker_busy = 1;
	}
	return NULL;
}

static inline void vd_rt__worker_start(void)
{
	struct vd_rt__state *S = VD_RT__S;
	pthread_t t;
	pthread_attr_t at;
	unsigned long all[16], old[16]; /* sigset_t-sized, without needing its declaration */
	int r;
	if (pthread_attr_init(&at) != 0) {
		S->thread_failed = 1;
		return;
	}
	pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
	/* the worker blocks every signal: the program's handlers run on its own threads */
	vd_rt__sys_sigfillset(all);
	vd_rt__sys_pthread_sigmask(0 /* SIG_BLOCK */, all, old);
	S->worker_busy = 1;
	r = pthread_create(&t, &at, vd_rt__worker, NULL);
	vd_rt__sys_pthread_sigmask(2 /* SIG_SETMASK */, old, NULL);
	pthread_attr_destroy(&at);
	if (r != 0) {
		S->worker_busy = 0;
		S->thread_failed = 1; /* from now on everything is done by the caller */
		return;
	}
	S->thread_running = 1;
}

/* write out everything buffered in every descriptor and wait for deferred
 * syncs; errors stay recorded in the entries */
static inline void vd_rt__flush_all_locked(void)
{
	struct vd_rt__state *S = VD_RT__S;
	int i;
	for (i = 0; i < S->hi; i++)
		if (S->fds[i])
			vd_rt__flush_locked(S->fds[i]);
	for (i = 0; i < S->hi; i++) {
		struct vd_rt__fd *e = S->fds[i];
		while (e && (e->sync_req || e->sync_after || e->sync_running) && S->thread_running)
			vd_rt__wait_e(e);
	}
}

static inline void vd_rt__atexit(void)
{
	pthread_mutex_lock(&VD_RT__S->mu);
	/* exit handlers registered before ours run after it: what they write
	 * must not be buffered any more */
	VD_RT__S->exiting = 1;
	vd_rt__flush_all_locked();
	pthread_mutex_unlock(&VD_RT__S->mu);
}

/* fork: the parent writes out its buffers first (the original program's
 * writes were in the file before fork, and the child must not inherit a copy to
 * write twice) and waits for the worker to be idle; the child starts with no
 * thread, no buffered data and nothing in flight */
static inline void vd_rt__prefork(void)
{
	struct vd_rt__state *S = VD_RT__S;
	int i, clean;
	pthread_mutex_lock(&S->mu);
	do { /* other threads may write while we wait: until nothing is left */
		vd_rt__flush_all_locked();
		while (S->thread_running && S->worker_busy)
			vd_rt__wait();
		clean = 1;
		for (i = 0; i < S->hi; i++)
			if (S->fds[i] &&
			    (S->fds[i]->wlen || S->fds[i]->wflight_state != VD_RT__W_NONE))
				clean = 0;
	} while (!clean);
}

static inline void vd_rt__postfork_parent(void)
{
	pthread_mutex_unlock(&VD_RT__S->mu);
}

static inline void vd_rt__postfork_child(void)
{
	struct vd_rt__state *S = VD_RT__S;
	int i;
	S->thread_running = 0;
	S->worker_busy = 0;
	for (i = 0; i < S->hi; i++) {
		struct vd_rt__fd *e = S->fds[i];
		if (!e)
			continue;
		e->busy = 0;
		e->sync_req = e->sync_running = e->sync_after = 0;
		e->wflight_state = VD_RT__W_NONE;
		e->wlen = 0; /* the parent wrote it (never twice) */
		vd_rt__drop_ring(e);
	}
	pthread_mutex_unlock(&S->mu);
	pthread_mutex_init(&S->mu, NULL);
	pthread_cond_init(&S->cv_work, NULL);
	pthread_cond_init(&S->cv_done, NULL);
}

/* lock the state, initializing it the first time */
static inline struct vd_rt__state *vd_rt__lock(void)
{
	struct vd_rt__state *S = VD_RT__S;
	pthread_mutex_lock(&S->mu);
	if (!S->inited) {
		S->inited = 1;
		S->ring = (int)vd_rt__env_size("VD_RT_RING", 4, 1, VD_RT_RING_MAX);
		S->chunk = vd_rt__env_size("VD_RT_CHUNK", 1024 * 1024, 4096, (size_t)1 << 30);
		S->wcap = vd_rt__env_size("VD_RT_WBUF", 256 * 1024, 4096, (size_t)1 << 30);
		S->wsmall = S->wcap / 4;
		S->cache_max =
			vd_rt__env_size("VD_RT_CACHE_MAX", (size_t)256 << 20, 0, (size_t)1 << 40);
		atexit(vd_rt__atexit);
		pthread_atfork(vd_rt__prefork, vd_rt__postfork_parent, vd_rt__postfork_child);
	}
	return S;
}

static inline void vd_rt__unlock(void)
{
	pthread_mutex_unlock(&VD_RT__S->mu);
}

/* ---- read ahead ---- */

static inline struct vd_rt__slot *vd_rt__slot_at(struct vd_rt__fd *e, long long p)
{
	int i;
	for (i = 0; i <= VD_RT_RING_MAX; i++) {
		struct vd_rt__slot *s = &e->slots[i];
		if (s->state == VD_RT__EMPTY || s->gen != e->gen)
			continue;
		if (s->state == VD_RT__READY) {
			if (p >= s->off && p < s->off + (long long)s->len)
				return s;
		} else if (p >= s->off && p < s->off + (long long)s->req) {
			return s;
		}
	}
	return NULL;
}

/* reads larger than the chunk make it grow, up to 16 MiB (or VD_RT_CHUNK if
 * larger): a huge read does not make the ring allocate its size four times */
static inline void vd_rt__grow_chunk(struct vd_rt__fd *e, size_t n)
{
	size_t cap = VD_RT__S->chunk > ((size_t)16 << 20) ? VD_RT__S->chunk : ((size_t)16 << 20);
	if (n > e->chunk)
		e->chunk = n < cap ? n : cap;
}

/* keep the ring `S->ring` chunks ahead of position p */
static inline void vd_rt__schedule(struct vd_rt__fd *e, long long p, int warm)
{
	struct vd_rt__state *S = VD_RT__S;
	long long limit = p + (long long)S->ring * (long long)e->chunk, t = p;
	int i, n = 0;
	if (!vd_rt__have_worker())
		return;
	for (i = 0; i < VD_RT_RING_MAX; i++) { /* recycle what is behind or far ahead */
		struct vd_rt__slot *s = &e->slots[i];
		if (s->state == VD_RT__EMPTY || s->state == VD_RT__INFLIGHT ||
		    s->state == VD_RT__PENDING)
			continue;
		if (s->gen != e->gen || s->state == VD_RT__FAILED ||
		    s->off + (long long)s->len <= p || s->off >= limit)
			s->state = VD_RT__EMPTY;
	}
	while (t < limit && (e->eof_hint < 0 || t < e->eof_hint)) {
		struct vd_rt__slot *s = vd_rt__slot_at(e, t);
		if (s) {
			t = s->off + (long long)(s->state == VD_RT__READY ? s->len : s->req);
			if (s->state == VD_RT__READY && s->len < s->req)
				break; /* end of file */
			continue;
		}
		for (i = 0; i < S->ring; i++)
			if (e->slots[i].state == VD_RT__EMPTY)
				break;
		if (i == S->ring)
			break;
		s = &e->slots[i];
		s->off = t;
		s->req = e->chunk;
		s->len = 0;
		s->gen = e->gen;
		s->warm = warm;
		s->state = VD_RT__PENDING;
		e->ring_used = 1;
		/* the device starts now, even before the worker gets a CPU */
		vd_rt__sys_fadvise(e->fd, t, (long long)e->chunk, 3 /* POSIX_FADV_WILLNEED */);
		t += (long long)e->chunk;
		n++;
	}
	if (n)
		vd_rt__kick();
}

/* Take the read side's view of the file up to date: `st` is a fresh fstat. */
static inline void vd_rt__check_fresh(struct vd_rt__fd *e, const struct stat *st)
{
	if (!vd_rt__snap_same(e, st)) {
		if (e->snap_ok)
			vd_rt__drop_ring(e);
		vd_rt__snap(e, st);
	}
}

/* Copy [p, p+n) from the ring into buf as far as it is contiguous and read.
 * Stops at a gap, a slot not read yet, a failed slot or the end-of-file hint
 * (the caller then reads the rest itself, so errors and end of file are the
 * kernel's).  Returns the bytes copied. */
static inline size_t vd_rt__from_ring(struct vd_rt__fd *e, char *buf, size_t n, long long p)
{
	size_t got = 0;
	while (got < n) {
		long long q = p + (long long)got;
		struct vd_rt__slot *s;
		size_t k;
		if (e->eof_hint >= 0 && q >= e->eof_hint)
			break;
		s = vd_rt__slot_at(e, q);
		if (!s || s->state == VD_RT__FAILED)
			break;
		/* Not there yet: the caller reads it itself rather than wait
		 * for the worker.  The kernel was asked for these pages when the
		 * slot was scheduled (POSIX_FADV_WILLNEED), so the caller's read
		 * finds them in the page cache or waits only for the device
		 * itself - never for a worker that has no CPU yet (on a loaded
		 * machine that wait is what costs). */
		if (s->state != VD_RT__READY)
			break;
		k = (size_t)(s->off + (long long)s->len - q);
		if (k > n - got)
			k = n - got;
		memcpy(buf + got, s->buf + (q - s->off), k);
		got += k;
	}
	VD_RT__S->stats.ring_bytes += got;
	return got;
}

/* pread the rest [p, p+n) without the lock; returns bytes or -1 with errno */
static inline ssize_t vd_rt__direct(struct vd_rt__fd *e, char *buf, size_t n, long long p)
{
	size_t got = 0;
	ssize_t r = 0;
	struct timespec t0, t1;
	e->busy++;
	vd_rt__unlock();
	vd_rt__sys_clock_gettime(1 /* CLOCK_MONOTONIC */, &t0);
	while (got < n) {
		r = vd_rt__sys_pread(e->fd, buf + got, n - got, p + (long long)got);
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	vd_rt__sys_clock_gettime(1, &t1);
	pthread_mutex_lock(&VD_RT__S->mu);
	vd_rt__note_speed(e, &t0, &t1, got);
	if (--e->busy == 0) /* a close may be waiting for that */
		pthread_cond_broadcast(&VD_RT__S->cv_done);
	VD_RT__S->stats.direct_bytes += got;
	if (r < 0 && got == 0)
		return -1;
	return (ssize_t)got;
}

/* ---- public API ---- */

/* read(2) with the same result, errno and file position; served from the ring */
static inline ssize_t vd_rt_read(int fd, void *buf, size_t n)
{
	struct stat st;
	struct vd_rt__fd *e;
	long long np, p;
	size_t got;
	ssize_t r;
	int saved = errno;
	if (n == 0 || n > ((size_t)1 << 30) || fd < 0 || fd >= VD_RT_MAX_FDS ||
	    fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		errno = saved;
		return read(fd, buf, n);
	}
	vd_rt__lock();
	e = vd_rt__entry(fd, &st);
	if (!e || !e->rd_ok) {
		vd_rt__unlock();
		errno = saved;
		return read(fd, buf, n);
	}
	if (e->wlen || e->wflight_state != VD_RT__W_NONE)
		vd_rt__flush_locked(e); /* mixed reads and writes: the file first */
	vd_rt__check_fresh(e, &st);
	vd_rt__grow_chunk(e, n);
	/* reserve [p, p+n) in one call, as read(2) would move the position */
	np = vd_rt__sys_lseek(fd, (long long)n, SEEK_CUR);
	if (np < 0) {
		vd_rt__unlock();
		errno = saved;
		return read(fd, buf, n);
	}
	p = np - (long long)n;
	got = vd_rt__from_ring(e, (char *)buf, n, p);
	if (got < n) {
		r = vd_rt__direct(e, (char *)buf + got, n - got, p + (long long)got);
		if (r < 0 && got == 0) {
			int err = errno;
			/* a failed read(2) does not move */
			vd_rt__sys_lseek(fd, -(long long)n, SEEK_CUR);
			vd_rt__unlock();
			errno = err;
			return -1;
		}
		got += r > 0 ? (size_t)r : 0; /* after bytes from the ring: a short read */
		if (got < n)
			vd_rt__sys_lseek(fd, -(long long)(n - got), SEEK_CUR);
	}
	if (p == e->last_end && e->fast_direct < VD_RT__CACHED_RUN)
		vd_rt__schedule(e, p + (long long)got, 0);
	e->last_end = p + (long long)got;
	vd_rt__unlock();
	errno = saved;
	return (ssize_t)got;
}

/* pread(2) with the same result and errno; the position is not touched */
static inline ssize_t vd_rt_pread(int fd, void *buf, size_t n, off_t off)
{
	struct stat st;
	struct vd_rt__fd *e;
	size_t got;
	ssize_t r;
	int saved = errno;
	if (n == 0 || off < 0 || n > ((size_t)1 << 30) || fd < 0 || fd >= VD_RT_MAX_FDS ||
	    fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		errno = saved;
		return vd_rt__sys_pread(fd, buf, n, (long long)off);
	}
	vd_rt__lock();
	e = vd_rt__entry(fd, &st);
	if (!e || !e->rd_ok) {
		vd_rt__unlock();
		errno = saved;
		return vd_rt__sys_pread(fd, buf, n, (long long)off);
	}
	if (e->wlen || e->wflight_state != VD_RT__W_NONE)
		vd_rt__flush_locked(e);
	vd_rt__check_fresh(e, &st);
	vd_rt__grow_chunk(e, n);
	got = vd_rt__from_ring(e, (char *)buf, n, (long long)off);
	if (got < n) {
		r = vd_rt__direct(e, (char *)buf + got, n - got, (long long)off + (long long)got);
		if (r < 0 && got == 0) {
			int err = errno;
			vd_rt__unlock();
			errno = err;
			return -1;
		}
		got += r > 0 ? (size_t)r : 0;
	}
	if ((long long)off == e->last_end && e->fast_direct < VD_RT__CACHED_RUN)
		vd_rt__schedule(e, (long long)off + (long long)got, 0);
	e->last_end = (long long)off + (long long)got;
	vd_rt__unlock();
	errno = saved;
	return (ssize_t)got;
}

/* fread(3) itself (the stream's buffer, position, EOF and error indicators
 * are stdio's); afterwards the next chunks of its file are read in the
 * background so that the next fread finds them in the page cache */
static inline size_t vd_rt_fread(void *ptr, size_t size, size_t nmemb, FILE *f)
{
	size_t r = fread(ptr, size, nmemb, f);
	int saved = errno, fd = vd_rt__sys_fileno(f);
	struct vd_rt__fd *e;
	long long kp;
	if (fd < 0 || fd >= VD_RT_MAX_FDS || feof(f) || ferror(f)) {
		errno = saved;
		return r;
	}
	vd_rt__lock();
	e = vd_rt__entry(fd, NULL);
	if (e && e->rd_ok && (kp = vd_rt__sys_lseek(fd, 0, SEEK_CUR)) >= 0) {
		size_t want = size * nmemb;
		struct stat st;
		if (fstat(fd, &st) == 0)
			vd_rt__check_fresh(e, &st);
		vd_rt__grow_chunk(e, want);
		if (e->last_end >= 0) /* from the second call on */
			vd_rt__schedule(e, kp, 1);
		e->last_end = kp;
	}
	vd_rt__unlock();
	errno = saved;
	return r;
}

/* For the explicit calls: fstat fd, lock, and its entry in *out (NULL when
 * it cannot have one).  -1 with errno, unlocked, when fd is bad. */
static inline int vd_rt__lock_entry(int fd, struct stat *st, struct vd_rt__fd **out)
{
	if (fd < 0 || fd >= VD_RT_MAX_FDS) {
		errno = EBADF;
		return -1;
	}
	if (fstat(fd, st) != 0)
		return -1;
	vd_rt__lock();
	*out = vd_rt__entry(fd, st);
	return 0;
}

/* start reading [off, off+len) of fd in the background (the paper's
 * async_prefetch); 0, or -1 with errno when fd cannot be prefetched */
static inline int vd_rt_prefetch(int fd, off_t off, size_t len)
{
	struct vd_rt__fd *e;
	struct stat st;
	int ret = -1;
	if (vd_rt__lock_entry(fd, &st, &e) != 0)
		return -1;
	if (e && e->rd_ok && off >= 0) {
		vd_rt__check_fresh(e, &st);
		vd_rt__grow_chunk(e, len);
		vd_rt__schedule(e, (long long)off, 0);
		ret = 0;
	} else {
		errno = EINVAL;
	}
	vd_rt__unlock();
	return ret;
}

/* read the whole file into memory in the background; later vd_rt_read and
 * vd_rt_pread are served from it until the file changes or vd_rt_evict.
 * 0, or -1 with errno (EINVAL: not a readable regular file; EFBIG: larger than
 * VD_RT_CACHE_MAX); a failure leaves reads working as before */
static inline int vd_rt_cache(int fd)
{
	struct vd_rt__fd *e;
	struct stat st;
	struct vd_rt__slot *s;
	int ret = -1;
	if (vd_rt__lock_entry(fd, &st, &e) != 0)
		return -1;
	s = e ? &e->slots[VD_RT_CACHE_SLOT] : NULL;
	if (!e || !e->rd_ok) {
		errno = EINVAL;
	} else if ((unsigned long long)st.st_size > (unsigned long long)VD_RT__S->cache_max) {
		errno = EFBIG;
	} else if (!vd_rt__have_worker()) {
		errno = EAGAIN;
	} else {
		vd_rt__check_fresh(e, &st);
		ret = 0;
		if (s->state == VD_RT__EMPTY || s->gen != e->gen) {
			if (s->state == VD_RT__INFLIGHT) { /* an old cache read still running */
				while (s->state == VD_RT__INFLIGHT)
					vd_rt__wait_e(e);
			}
			s->off = 0;
			s->req = (size_t)st.st_size +
				 1; /* one more byte: a short read marks the end */
			s->len = 0;
			s->gen = e->gen;
			s->warm = 0;
			s->state = VD_RT__PENDING;
			e->ring_used = 1;
			vd_rt__kick();
		}
	}
	vd_rt__unlock();
	return ret;
}

/* forget what was read ahead or cached for fd (the paper's evict_cache_line) */
static inline void vd_rt_evict(int fd)
{
	if (fd < 0 || fd >= VD_RT_MAX_FDS)
		return;
	vd_rt__lock();
	if (VD_RT__S->fds[fd])
		vd_rt__drop_ring(VD_RT__S->fds[fd]);
	vd_rt__unlock();
}

/* write(2): small writes to a regular file are copied into a buffer that the
 * background thread writes; returns n as write(2) would.  A write error of
 * the buffered data (ENOSPC, EIO) is reported by the next vd_rt_ call on fd
 * that writes, syncs, seeks, flushes or closes. */
#define VD_RT__NOT_BEHIND (-2) /* from vd_rt__write: the stream keeps its own buffering */

static inline ssize_t vd_rt__write(int fd, const void *buf, size_t n, int stream)
{
	struct vd_rt__state *S;
	struct vd_rt__fd *e;
	int saved = errno;
	if (n == 0 || fd < 0 || fd >= VD_RT_MAX_FDS)
		return stream ? VD_RT__NOT_BEHIND : write(fd, buf, n);
	S = vd_rt__lock();
	e = S->fds[fd];
	if (!e || e->wlen == 0) { /* first write of a batch: check what fd is */
		e = vd_rt__entry(fd, NULL);
		if (e && e->wr_ok && !e->syncflag && e->wpos < 0) {
			struct rlimit rl;
			e->wpos = e->append ? -2 : vd_rt__sys_lseek(fd, 0, SEEK_CUR);
			e->fsize_lim =
				(getrlimit(RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
					? (unsigned long long)rl.rlim_cur
					: ~0ULL;
			if (e->wpos == -1)
				e = NULL;
		}
	}
	if (stream && (!e || !e->wr_ok || e->syncflag)) {
		vd_rt__unlock();
		return VD_RT__NOT_BEHIND;
	}
	if (!e || !e->wr_ok || e->syncflag || n >= S->wsmall || S->exiting ||
	    !vd_rt__have_worker()) {
		ssize_t r;
		if (e && (e->wlen || e->wflight_state != VD_RT__W_NONE) && vd_rt__flush_locked(e))
			return vd_rt__report(e);
		if (e)
			vd_rt__drop_ring(e);
		vd_rt__unlock();
		errno = saved;
		r = write(fd, buf, n);
		return r;
	}
	if (e->werr) { /* a deferred error surfaces here */
		errno = e->werr;
		e->werr = 0;
		vd_rt__unlock();
		return -1;
	}
	if (e->wpos >= 0) { /* RLIMIT_FSIZE: let the write that crosses it be the real one */
		if ((unsigned long long)e->wpos + e->wlen + n > e->fsize_lim) {
			ssize_t r;
			if (vd_rt__flush_locked(e))
				return vd_rt__report(e);
			vd_rt__unlock();
			errno = saved;
			r = write(fd, buf, n);
			return r;
		}
	}
	vd_rt__drop_ring(e); /* what was read ahead may be overwritten */
	if (!e->wbuf) {
		e->wbuf = (char *)malloc(S->wcap);
		e->wcap = e->wbuf ? S->wcap : 0;
	}
	if (e->wlen + n > e->wcap && e->wflight_state != VD_RT__W_NONE && e->wcap < 16 * S->wcap) {
		/* the worker is still writing the other buffer (on a busy machine it
		 * may not have had a CPU yet): grow this one rather than wait */
		char *nb = (char *)realloc(e->wbuf, 2 * e->wcap);
		if (nb) {
			e->wbuf = nb;
			e->wcap *= 2;
		}
	}
	if (e->wlen + n > e->wcap) { /* hand the full buffer to the worker */
		while (e->wflight_state != VD_RT__W_NONE)
			vd_rt__wait_e(e);
		if (e->werr)
			return vd_rt__report(e);
		if (vd_rt__handoff(e) != 0) { /* no memory for a second buffer: write it here */
			if (vd_rt__flush_locked(e))
				return vd_rt__report(e);
		} else {
			vd_rt__kick();
		}
	}
	if (!e->wbuf || e->wlen + n > e->wcap) {
		vd_rt__unlock();
		errno = saved;
		return write(fd, buf, n);
	}
	memcpy(e->wbuf + e->wlen, buf, n);
	e->wlen += n;
	S->stats.wb_bytes += n;
	vd_rt__unlock();
	errno = saved;
	return (ssize_t)n;
}

static inline ssize_t vd_rt_write(int fd, const void *buf, size_t n)
{
	return vd_rt__write(fd, buf, n, 0);
}

/* write out fd's buffered data now; 0, or -1 with the deferred errno */
static inline int vd_rt_flush(int fd)
{
	struct vd_rt__fd *e;
	int err = 0;
	if (fd < 0 || fd >= VD_RT_MAX_FDS)
		return 0;
	vd_rt__lock();
	e = VD_RT__S->fds[fd];
	if (e && vd_rt__flush_locked(e)) {
		err = e->werr;
		e->werr = 0;
	}
	vd_rt__unlock();
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

/* write out every descriptor's buffered data (before exec, system, ...) */
static inline void vd_rt_flush_all(void)
{
	vd_rt__lock();
	vd_rt__flush_all_locked();
	vd_rt__unlock();
}

/* pwrite(2): buffered data goes first, then the real call */
static inline ssize_t vd_rt_pwrite(int fd, const void *buf, size_t n, off_t off)
{
	struct vd_rt__fd *e;
	int saved = errno;
	if (fd >= 0 && fd < VD_RT_MAX_FDS) {
		vd_rt__lock();
		e = VD_RT__S->fds[fd];
		if (e) {
			if (vd_rt__flush_locked(e))
				return vd_rt__report(e);
			vd_rt__drop_ring(e);
		}
		vd_rt__unlock();
	}
	errno = saved;
	return vd_rt__sys_pwrite(fd, buf, n, (long long)off);
}

/* lseek(2): buffered data goes first (so the position is the one the original
 * writes leave), then the real call */
static inline off_t vd_rt_lseek(int fd, off_t off, int whence)
{
	if (vd_rt_flush(fd) != 0)
		return (off_t)-1;
	return lseek(fd, off, whence);
}

/* fsync(2), exact: buffered data and deferred syncs first, then the real call */
static inline int vd_rt_fsync(int fd)
{
	struct vd_rt__fd *e;
	if (fd >= 0 && fd < VD_RT_MAX_FDS) {
		vd_rt__lock();
		e = VD_RT__S->fds[fd];
		if (e) {
			int err = vd_rt__flush_locked(e);
			while (e->sync_req || e->sync_after || e->sync_running)
				vd_rt__wait_e(e);
			if (err || e->werr)
				return vd_rt__report(e);
			e->sync_owed = 0;
		}
		vd_rt__unlock();
	}
	return vd_rt__sys_fsync(fd);
}

/* fsync(2), deferred (OPT-IN: it changes durability).  Returns at once; the
 * buffered data is written and synced by the background thread, coalescing
 * the syncs that pile up meanwhile.  vd_rt_close (or vd_rt_fsync) issues a
 * final real fsync, so everything is durable when the file is closed as it was
 * in the original; between two calls a crash can lose more than it would have.
 * A failed sync is reported by the next vd_rt_ call on fd. */
static inline int vd_rt_fsync_deferred(int fd)
{
	struct vd_rt__fd *e;
	struct vd_rt__state *S;
	if (fd < 0 || fd >= VD_RT_MAX_FDS)
		return vd_rt__sys_fsync(fd);
	S = vd_rt__lock();
	e = vd_rt__entry(fd, NULL);
	if (!e || !e->wr_ok || S->exiting || !vd_rt__have_worker()) {
		int err = e ? vd_rt__flush_locked(e) : 0;
		if (err)
			return vd_rt__report(e);
		vd_rt__unlock();
		return vd_rt__sys_fsync(fd);
	}
	if (e->werr)
		return vd_rt__report(e);
	e->sync_req = 1;
	e->sync_owed = 1;
	S->stats.syncs_deferred++;
	vd_rt__kick();
	vd_rt__unlock();
	return 0;
}

static inline int vd_rt_fdatasync_deferred(int fd)
{
	return vd_rt_fsync_deferred(fd);
}

/* Before fd is closed: its buffered data written, the worker done with it,
 * the sync a deferred fsync owes issued; the entry freed.  Returns 0 or the
 * errno of what failed on the way (deferred errors included). */
static inline int vd_rt__retire(int fd)
{
	struct vd_rt__fd *e;
	int err = 0;
	if (fd < 0 || fd >= VD_RT_MAX_FDS)
		return 0;
	vd_rt__lock();
	/* looked up again after each wait: a concurrent close may have won */
	while ((e = VD_RT__S->fds[fd])) {
		vd_rt__flush_locked(e);
		if (e->busy > 0 || e->sync_req || e->sync_after || e->sync_running ||
		    e->wflight_state != VD_RT__W_NONE) {
			vd_rt__wait();
			continue;
		}
		if (e->sync_owed && !e->werr && vd_rt__sys_fsync(fd) != 0)
			e->werr = errno;
		if (e->sync_owed)
			VD_RT__S->stats.syncs_done++;
		err = e->werr;
		VD_RT__S->fds[fd] = NULL;
		vd_rt__free_entry(e);
		break;
	}
	vd_rt__unlock();
	return err;
}

/* close(2): buffered data is written, a deferred sync completed, then the
 * real close.  Returns -1 with the deferred errno if any of it failed (the
 * descriptor is closed all the same, as close(2) does). */
static inline int vd_rt_close(int fd)
{
	int err = vd_rt__retire(fd), r;
	r = close(fd);
	if (r == 0 && err) {
		errno = err;
		return -1;
	}
	return r;
}

/* ---- streams: write-behind on the stream's descriptor ----
 * The stream's own buffer is flushed first so the order of bytes is kept;
 * the data then goes through vd_rt_write.  The program must reach the stream
 * only through vd_rt_ calls until vd_rt_fclose / vd_rt_fflush (see
 * docs/optimize.md). */

/* Writes n bytes for a stream: behind when its descriptor is a regular file
 * (after what is in the stream's own buffer), else through stdio.  Returns n,
 * or -1 with errno (this write's error or a deferred one). */
static inline ssize_t vd_rt__stream_write(FILE *f, const void *p, size_t n)
{
	int fd = vd_rt__sys_fileno(f);
	ssize_t w;
	if (fd < 0 || ferror(f) || (vd_rt__sys_fpending(f) > 0 && fflush(f) != 0))
		w = VD_RT__NOT_BEHIND;
	else
		w = vd_rt__write(fd, p, n, 1);
	if (w == VD_RT__NOT_BEHIND) /* a terminal or pipe: stdio's own buffering stays */
		return fwrite(p, 1, n, f) == n ? (ssize_t)n : -1;
	return w;
}

static inline size_t vd_rt_fwrite(const void *ptr, size_t size, size_t nmemb, FILE *f)
{
	size_t total = size * nmemb;
	ssize_t w;
	if (size == 0 || nmemb == 0 || total / size != nmemb)
		return fwrite(ptr, size, nmemb, f);
	w = vd_rt__stream_write(f, ptr, total);
	if (w < 0)
		return 0; /* errno is the write's (or a deferred) error */
	return (size_t)w / size;
}

__attribute__((format(printf, 2, 0))) static inline int vd_rt_vfprintf(FILE *f, const char *fmt,
								       va_list ap)
{
	char small[512];
	char *p = small;
	int n;
	va_list ap2;
	va_copy(ap2, ap);
	n = vsnprintf(small, sizeof small, fmt, ap);
	if (n >= (int)sizeof small) {
		p = (char *)malloc((size_t)n + 1);
		if (!p) {
			n = vfprintf(f, fmt, ap2);
			va_end(ap2);
			return n;
		}
		vsnprintf(p, (size_t)n + 1, fmt, ap2);
	}
	va_end(ap2);
	if (n > 0 && vd_rt__stream_write(f, p, (size_t)n) != (ssize_t)n)
		n = -1; /* errno is the write's (or a deferred) error */
	if (p != small)
		free(p);
	return n;
}

__attribute__((format(printf, 2, 3))) static inline int vd_rt_fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vd_rt_vfprintf(f, fmt, ap);
	va_end(ap);
	return n;
}

static inline int vd_rt_fputs(const char *s, FILE *f)
{
	size_t n = strlen(s);
	if (n == 0)
		return fputs(s, f);
	return vd_rt_fwrite(s, 1, n, f) == n ? 1 : EOF;
}

/* our buffered bytes were written by the program before whatever is in the
 * stream's own buffer: they go first */
static inline int vd_rt_fflush(FILE *f)
{
	int fd;
	if (!f) {
		vd_rt_flush_all();
		return fflush(f);
	}
	fd = vd_rt__sys_fileno(f);
	if (fd >= 0 && vd_rt_flush(fd) != 0)
		return EOF;
	return fflush(f);
}

static inline long vd_rt_ftell(FILE *f)
{
	int fd = vd_rt__sys_fileno(f);
	if (fd >= 0 && vd_rt_flush(fd) != 0)
		return -1L;
	return ftell(f);
}

static inline int vd_rt_fseek(FILE *f, long off, int whence)
{
	int fd = vd_rt__sys_fileno(f);
	if (fd >= 0 && vd_rt_flush(fd) != 0)
		return -1;
	return fseek(f, off, whence);
}

/* fclose(3): the runtime's buffered bytes first (written before what is in
 * the stream's buffer), then the real fclose */
static inline int vd_rt_fclose(FILE *f)
{
	int err = vd_rt__retire(vd_rt__sys_fileno(f)), r;
	r = fclose(f);
	if (r == 0 && err) {
		errno = err;
		return EOF;
	}
	return r;
}

/* counters since the start of the process (tests and benchmarks) */
static inline void vd_rt_stats_get(struct vd_rt_stats *out)
{
	vd_rt__lock();
	*out = VD_RT__S->stats;
	vd_rt__unlock();
}

#endif /* VD_RT_H */
