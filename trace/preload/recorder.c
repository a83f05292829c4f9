/*
 * recorder.c - the core of libvidya_trace.so: per-thread crash-safe logs,
 * call records with parent linkage, and wall-clock stack sampling.
 *
 * Logs.  Each thread writes its own file (no locks on the hot path),
 * mapped MAP_SHARED and grown in VD_TL_CHUNK steps, so records survive the
 * process being killed.  A record's type is stored last with release order
 * (see vd_tracelog.h).  A thread is "busy" while it writes a record; a
 * sample signal arriving then is folded into the next sample's weight
 * instead of writing into the half-built record.
 *
 * Sampling.  A POSIX timer per thread (CLOCK_MONOTONIC, SIGEV_THREAD_ID)
 * delivers a real-time signal (SIGRTMIN + 9 unless VIDYA_TRACE_SIGNAL says
 * otherwise; not SIGPROF, which programs such as sort(1) catch to clean up
 * and re-raise) every 1/hz seconds of wall time, whether the thread
 * computes or waits in a system call; the handler stores the thread's call
 * stack.  A thread blocked in an uninterruptible call takes the signal when
 * the call returns: the timer's overrun count gives the periods missed, so
 * the sample carries that weight.  SA_RESTART restarts interrupted read,
 * write, open and wait calls; sleeps, which the kernel never restarts, are
 * wrapped (see wrap_posix.c) so a sample does not cut them short.
 *
 * Deferred periods.  The handler cannot unwind while the thread is in the
 * dynamic loader (the unwinder would take the loader's lock the thread
 * already holds), in a quiet region (MPI_Init, MPI_Finalize, the wrappers'
 * helper calls) or while it writes a record.  Those periods are charged to
 * the stack that was current when they were due, never to a later one:
 *  - MPI_Init/MPI_Finalize (vt_anchor_begin): the call chain is taken at
 *    entry, before the MPI library runs, and every sample due inside is
 *    written at once with that chain (no unwinding in the handler);
 *  - the loader, a helper, a record: the periods are kept (`pending`) and
 *    written, with the call chain taken right there, when the thread
 *    returns to the code that called the loader or the wrapper;
 *  - periods still pending when the thread or the process ends (it ended
 *    inside the loader) have no stack: they are written as unattributed.
 *
 * Nothing here prints or exits: the traced program's output is its own.
 * All file work uses raw system calls, never the wrapped functions.
 *
 * Out of memory.  vidya's libraries die through one handler when an
 * allocation fails (vd_xmalloc, util/include/vd_util.h); the recorder must
 * never end the program it runs in, so it does not link them: every
 * malloc here and in the wrappers is checked, and a failed one only costs
 * the record (the call passes through unrecorded, with its errno kept).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif
#if defined(__has_include)
#if __has_include(<sys/single_threaded.h>)
#include <sys/single_threaded.h>
#define VT_HAVE_SINGLE_THREADED 1
#endif
#endif

#define UNW_LOCAL_ONLY
#include <libunwind.h>

#include "recorder.h"
#include "recorder_int.h"

#define TLS __thread __attribute__((tls_model("initial-exec")))
#define MAXDEPTH 16
#define NCHAINS 4 /* call chains of application calls remembered per thread */
_Static_assert(NCHAINS <= VD_TL_NSLOTS, "a chain is a slot of the log");

/* The call chain of an application call, as taken by a full unwind, and
 * for each frame the stack address its return address was read from. */
typedef struct chain {
	uintptr_t sp;  /* the frame address the unwind started from, 0: empty */
	int n;         /* frames */
	uint64_t used; /* the chain_here call that last matched it (tstate.chain_clock) */
	int own;       /* the first frames, the recorder's own: not logged */
	int logged;    /* written as its slot in this thread's log (VD_TL_C_DEF) */
	uint64_t ip[VD_TL_MAXFRAMES];
	uintptr_t slot[VD_TL_MAXFRAMES];
} chain;

typedef struct tstate {
	int init;    /* 1 once this thread's log is mapped, -1: no log */
	char *chunk; /* current mapped chunk */
	uint64_t chunk_off;
	uint32_t pos;   /* write position inside the chunk */
	uint32_t ready; /* the chunk's pages below this are writable (prefault) */
	int busy;
	int quiet;
	int depth;
	uint64_t stack[MAXDEPTH];
	int timer_ok;
	timer_t timer;
	uint32_t pending; /* sample periods deferred, not yet written */
	int in_loader;    /* inside dlopen/dlclose/dl_iterate_phdr */
	unsigned sigs;    /* samples taken, for the sleep wrappers */
	pid_t tid;
	unsigned char kids[MAXDEPTH];     /* the open call at that depth has children */
	int unwinding;                    /* inside libunwind (its pipe2 goes out of sight) */
	int anchored;                     /* nesting of vt_anchor_begin */
	int nanchor;                      /* frames in anchor, 0: none (samples are deferred) */
	uint64_t anchor[VD_TL_MAXFRAMES]; /* call chain at the outermost anchor */
	chain chains[NCHAINS];            /* the last distinct chains (chain_here) */
	uint64_t chain_clock;             /* chain_here calls */
	int chain_last;                   /* the chain that matched last */
	/* the clock (vt_now): anchor ticks and ns, ns per tick (32.32), the
	 * ticks past the anchor the rate is used for, the last timestamp */
	uint64_t ck_tsc, ck_ns, ck_mult, ck_span, ck_last;
	/* call ids: this thread's slot << VT_ID_SHIFT, then its own count */
	uint64_t id_base, id_next;
	vd_tl_prev prev; /* what the log's last call record left (VD_TL_OPC) */
	/* the open batch of predicted calls (VD_TL_OPB) at pos, NULL: none;
	 * its entries' bytes */
	vd_tl_opb *batch;
	uint32_t bused;
} tstate;

static TLS tstate T;

static struct {
	int enabled; /* VIDYA_TRACE_DIR set and usable */
	int stacks;  /* capture call stacks on application calls */
	unsigned hz;
	int sig;         /* the sampling signal */
	int app_has_act; /* the program asked for a handler of that signal too */
	struct sigaction app_act;
	int rank;
	int no_prefault;           /* the kernel has no MADV_POPULATE_WRITE (before 5.14) */
	uint64_t self_lo, self_hi; /* libvidya_trace.so's own code (module_cb) */
	pid_t pid;
	uint64_t t0;
	int64_t rt0;
	uint64_t ck_tsc0, ck_ns0; /* the clock's process anchor; ck_tsc0 0: no TSC */
	char dir[PATH_MAX];
	char exe[2048];
	char host[256];
	pthread_key_t key;
} G;

/* Call ids, unique in the process and increasing on each thread without an
 * atomic add per call: a thread takes a slot once (the first thread 0, so a
 * single-threaded program's ids are 1, 2, 3...), then counts on its own. */
#define VT_ID_SHIFT 40
static atomic_uint_fast64_t next_slot;
/* 0: not started, 1: starting, 2: done.  Not pthread_once: start-up calls
 * the unwinder, which may read(2) through our own wrapper, which must then
 * see "starting" and pass the call through instead of waiting for itself. */
static atomic_int init_state;

/* Per process: which descriptors already have a path recorded. */
#define FDBITS 65536
static atomic_uchar fd_known[FDBITS];

/*
 * File positions kept in user space, as Darshan keeps them, so that a
 * read or write at the current position needs no lseek to know its
 * offset: 0 = not tracked (the wrappers then ask the kernel), else the
 * position + 1.  Tracked from an open through a wrapper (not O_APPEND)
 * until the descriptor is closed; a descriptor whose file description may
 * be moved out of sight (dup'ed, handed to fdopen, shared with a child
 * after fork, switched with F_SETFL) is not tracked again until it is
 * reopened.
 */
static _Atomic int64_t fd_pos[FDBITS];
static atomic_int fd_pos_max; /* highest descriptor tracked, for a reset */

void vt_pos_open(int fd, int tracked)
{
	if (fd < 0 || fd >= FDBITS)
		return;
	atomic_store_explicit(&fd_pos[fd], tracked ? 1 : 0, memory_order_relaxed);
	int m = atomic_load_explicit(&fd_pos_max, memory_order_relaxed);
	while (tracked && fd > m && !atomic_compare_exchange_weak(&fd_pos_max, &m, fd))
		;
}

void vt_pos_forget(int fd)
{
	if (fd >= 0 && fd < FDBITS)
		atomic_store_explicit(&fd_pos[fd], 0, memory_order_relaxed);
}

/* Whether the process has never started a second thread. */
static int single_threaded(void)
{
#if VT_HAVE_SINGLE_THREADED
	return __libc_single_threaded;
#else
	return 0;
#endif
}

int64_t vt_pos_advance(int fd, int64_t n)
{
	if (fd < 0 || fd >= FDBITS)
		return -2;
	if (!atomic_load_explicit(&fd_pos[fd], memory_order_relaxed))
		return -2;
	int64_t v = atomic_load_explicit(&fd_pos[fd], memory_order_relaxed);
	if (n > 0) {
		/* no other thread can move it while the process has only ever
		 * had one (glibc's own flag, cleared before a second thread
		 * starts): a plain add, not a locked one, then */
		if (single_threaded())
			atomic_store_explicit(&fd_pos[fd], v + n, memory_order_relaxed);
		else
			v = atomic_fetch_add_explicit(&fd_pos[fd], n, memory_order_relaxed);
	}
	return v > 0 ? v - 1 : -2;
}

void vt_pos_set(int fd, int64_t pos)
{
	if (fd < 0 || fd >= FDBITS || pos < 0)
		return;
	int64_t old = atomic_load_explicit(&fd_pos[fd], memory_order_relaxed);
	/* only a tracked one: an untracked description may move out of sight */
	if (old)
		atomic_compare_exchange_strong(&fd_pos[fd], &old, pos + 1);
}

void vt_pos_forget_range(unsigned lo, unsigned hi)
{
	int m = atomic_load(&fd_pos_max);
	for (unsigned i = lo; i <= hi && i <= (unsigned)m && i < FDBITS; i++)
		atomic_store_explicit(&fd_pos[i], 0, memory_order_relaxed);
}

/* after fork the parent and the child share every file description */
static void pos_forget_all(void)
{
	int m = atomic_load(&fd_pos_max);
	for (int i = 0; i <= m && i < FDBITS; i++)
		atomic_store_explicit(&fd_pos[i], 0, memory_order_relaxed);
}

/* Guards the table of transfers in flight (vt_track). */
static pthread_mutex_t track_lock = PTHREAD_MUTEX_INITIALIZER;

/* CLOCK_MONOTONIC in ns: the clock every timestamp in the log is on */
static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Timestamps from the processor's time-stamp counter (x86-64 with an
 * invariant TSC: constant_tsc and nonstop_tsc in /proc/cpuinfo), as
 * Score-P and Darshan-class tools take them: one rdtsc (about 13 ns here)
 * instead of clock_gettime (about 28 ns), twice per call.  The log keeps
 * CLOCK_MONOTONIC nanoseconds, so the ticks are converted as they are
 * taken, by a multiply and a shift: each thread keeps an anchor, a
 * (ticks, CLOCK_MONOTONIC) pair, and the rate measured from the process's
 * own anchor taken at start-up (G.ck_tsc0, G.ck_ns0) to that pair.  A
 * thread takes a new anchor from the real clock when its ticks pass the
 * span its rate is good for (the time since start-up, at most 100 ms), so
 * the rate's error and any slewing of CLOCK_MONOTONIC (NTP) cannot pile
 * up; before 1 ms has passed since start-up every timestamp is the real
 * clock.  Timestamps never go backwards on a thread (at a new anchor the
 * old rate's error, a few ns, is absorbed).  The sampling signal's handler
 * reads the real clock (an anchor may be half-written under it).
 * VIDYA_TRACE_CLOCK=monotonic turns the counter off.
 */
static uint64_t ck_ticks(void)
{
#if defined(__x86_64__)
	return __rdtsc();
#else
	return 0;
#endif
}

/* A (ticks, ns) pair taken close together: of a few tries, the one with
 * the fewest ticks between the two reads of the counter. */
static uint64_t ck_pair(uint64_t *ticks)
{
	uint64_t best = UINT64_MAX, ns = 0;
	for (int i = 0; i < 3; i++) {
		uint64_t a = ck_ticks(), n = mono_ns(), b = ck_ticks();
		if (b >= a && b - a < best) {
			best = b - a;
			ns = n;
			*ticks = a + (b - a) / 2;
		}
	}
	if (best == UINT64_MAX) {
		*ticks = ck_ticks();
		ns = mono_ns();
	}
	return ns;
}

#define CK_WARMUP_NS 1000000u /* real clock only, this long after start-up */
#define CK_SPAN_NS 100000000u /* longest stretch on one anchor */

__attribute__((noinline)) static uint64_t ck_anchor(tstate *t)
{
	t->ck_span = 0;
	uint64_t ns = mono_ns();
	if (ns < G.ck_ns0 + CK_WARMUP_NS)
		return ns;
	uint64_t c;
	ns = ck_pair(&c);
	if (c > G.ck_tsc0 && ns > G.ck_ns0) {
		uint64_t dt = c - G.ck_tsc0, dn = ns - G.ck_ns0;
		/* ns per tick, 32.32 fixed point */
		uint64_t mult = (uint64_t)(((unsigned __int128)dn << 32) / dt);
		if (mult) {
			uint64_t span =
				dn < CK_SPAN_NS
					? dt
					: (uint64_t)(((unsigned __int128)CK_SPAN_NS << 32) / mult);
			t->ck_tsc = c;
			t->ck_ns = ns;
			t->ck_mult = mult;
			t->ck_span = span;
		}
	}
	return ns;
}

/* vt_now of thread state t, inline in the wrappers' path */
static inline uint64_t now_ns(tstate *t)
{
	if (!__atomic_load_n(&G.ck_tsc0, __ATOMIC_RELAXED))
		return mono_ns();
	uint64_t d = ck_ticks() - t->ck_tsc, ns;
	/* unsigned: ticks before the anchor (another CPU's counter a little
	 * behind) take a new anchor too */
	if (d < t->ck_span)
		ns = t->ck_ns + (uint64_t)(((unsigned __int128)d * t->ck_mult) >> 32);
	else
		ns = ck_anchor(t);
	if (ns < t->ck_last)
		ns = t->ck_last;
	t->ck_last = ns;
	return ns;
}

uint64_t vt_now(void)
{
	return now_ns(&T);
}

#if defined(__x86_64__)
/* Up to cap - 1 bytes of the file at path, NUL-terminated; their number.
 * Raw system calls. */
static size_t read_small(const char *path, char *buf, size_t cap)
{
	int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC, 0);
	size_t n = 0;
	long r;
	if (fd < 0)
		return 0;
	while (n + 1 < cap && (r = syscall(SYS_read, fd, buf + n, cap - 1 - n)) > 0)
		n += (size_t)r;
	syscall(SYS_close, fd);
	buf[n] = 0;
	return n;
}
#endif

/* Whether the counter is usable: x86-64, an invariant TSC that the kernel
 * uses as its clock source, and the user did not ask for the plain clock.
 * Raw system calls (the wrappers are live). */
static int ck_usable(void)
{
#if defined(__x86_64__)
	const char *e = getenv("VIDYA_TRACE_CLOCK");
	if (e && *e && strcmp(e, "tsc") != 0)
		return 0;
	static char buf[16384]; /* start-up is single-threaded */
	/* the kernel keeps CLOCK_MONOTONIC on the counter itself: it found the
	 * processors' counters in step (else it marks the TSC unstable and
	 * changes clock source) */
	if (read_small("/sys/devices/system/clocksource/clocksource0/current_clocksource", buf,
		       sizeof buf) == 0 ||
	    strcmp(buf, "tsc\n") != 0)
		return 0;
	/* the first processor's entry */
	if (read_small("/proc/cpuinfo", buf, sizeof buf) == 0)
		return 0;
	char *fl = strstr(buf, "\nflags");
	if (!fl)
		return 0;
	char *end = strchr(fl + 1, '\n');
	if (end)
		*end = 0;
	return strstr(fl, " constant_tsc") && strstr(fl, " nonstop_tsc");
#else
	return 0;
#endif
}

/* ---- small async-signal-safe helpers ---- */

static size_t put_str(char *dst, size_t at, size_t cap, const char *s)
{
	while (*s && at + 1 < cap)
		dst[at++] = *s++;
	dst[at] = 0;
	return at;
}

static size_t put_hex(char *dst, size_t at, size_t cap, uint64_t v)
{
	char tmp[17];
	int n = 0;
	do {
		tmp[n++] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	while (n && at + 1 < cap)
		dst[at++] = tmp[--n];
	dst[at] = 0;
	return at;
}

static size_t put_dec(char *dst, size_t at, size_t cap, uint64_t v)
{
	char tmp[21];
	int n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n && at + 1 < cap)
		dst[at++] = tmp[--n];
	dst[at] = 0;
	return at;
}

static pid_t gettid_raw(void)
{
	return (pid_t)syscall(SYS_gettid);
}

/*
 * The call chain here.  libunwind validates addresses by writing them into
 * a pipe it opens with pipe2(2), at start-up and again whenever a read from
 * it fails (the program closed it): on the lowest free descriptors, which
 * the program may then find taken, or have closed and replaced under it.
 * Its pipe2 is ours (below): the pipe moves up out of sight.
 */
static int backtrace_here(void **frames, int max)
{
	T.unwinding++;
	int n = unw_backtrace(frames, max);
	T.unwinding--;
	return n;
}

/*
 * The call chain of an application call (vt_end), unwound once per
 * distinct chain: a loop that makes the same call from the same place
 * finds the chain it had.  On x86-64 a frame's return address is read
 * from just below the canonical frame address, which is the next frame's
 * stack pointer; when the unwind starts from the same frame address and
 * every one of those stack slots still holds the return address read from
 * it, the unwinder would read the same addresses from the same places:
 * the chain is the one remembered.  (A function that moved its stack
 * pointer by a different amount (alloca) between two such calls would
 * have to leave the old return address in the slot by chance.)  A chain
 * through a signal frame is never remembered.  Other architectures
 * unwind every time.
 */
#if defined(__x86_64__)
/* Whether every stack slot of chain ch still holds the return address read
 * from it, but the first two: frame 0 is chain_unwind's own, and the
 * return address of frame 1 (into chain_here) was read from chain_unwind's
 * frame, which is gone when chain_here checks; frame 2's is chain_here's
 * own return address, in its live frame. */
static inline int chain_holds(const chain *ch)
{
	const uintptr_t *s = ch->slot + 2, *end = ch->slot + ch->n;
	const uint64_t *ip = ch->ip + 2;
	for (; s < end; s++, ip++)
		if (*(const volatile uint64_t *)*s != *ip)
			return 0;
	return 1;
}

/* A full unwind into the chain used longest ago, for chain_here (whose
 * frame address is sp): apart from it, so that chain_here's common path
 * has a small frame. */
__attribute__((noinline)) static int chain_unwind(tstate *t, uintptr_t sp, uint64_t now,
						  void **frames, int *slot)
{
	chain *ch = &t->chains[0];
	for (int c = 1; c < NCHAINS; c++)
		if (t->chains[c].used < ch->used)
			ch = &t->chains[c];
	ch->sp = 0;
	int n = 0, keep = 1, saved = errno;
	unw_context_t uc;
	unw_cursor_t cur;
	t->unwinding++;
	if (unw_getcontext(&uc) == 0 && unw_init_local(&cur, &uc) == 0) {
		do {
			unw_word_t ip = 0, csp = 0;
			if (unw_get_reg(&cur, UNW_REG_IP, &ip) < 0 ||
			    unw_get_reg(&cur, UNW_REG_SP, &csp) < 0 || !ip)
				break;
			if (unw_is_signal_frame(&cur) > 0)
				keep = 0;
			ch->ip[n] = ip;
			ch->slot[n] = (uintptr_t)csp - 8;
			n++;
		} while (n < VD_TL_MAXFRAMES && unw_step(&cur) > 0);
	}
	t->unwinding--;
	errno = saved;
	/* the recorder's own frames (this one, chain_here, vt_end, the
	 * wrapper) are of no use to the reader, which skips them: 32 bytes a
	 * record less */
	int own = 0;
	while (own < n - 1 && ch->ip[own] >= G.self_lo && ch->ip[own] < G.self_hi)
		own++;
	for (int k = own; k < n; k++)
		frames[k - own] = (void *)(uintptr_t)ch->ip[k];
	ch->logged = 0;
	if (keep && n > 2) {
		ch->n = n;
		ch->own = own;
		ch->used = now;
		ch->sp = sp;
		t->chain_last = (int)(ch - t->chains);
		*slot = (int)(ch - t->chains);
	}
	return n - own;
}
#endif

_Static_assert((NCHAINS & (NCHAINS - 1)) == 0, "NCHAINS is a power of 2");

__attribute__((noinline)) static int chain_here(tstate *t, void **frames, int *slot)
{
	*slot = -1;
#if defined(__x86_64__)
	uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
	chain *old = NULL;
	uint64_t now = ++t->chain_clock;
	/* the chain that matched last first: a loop's call matches it again */
	for (int i = 0; i < NCHAINS && !old; i++) {
		chain *ch = &t->chains[(t->chain_last + i) & (NCHAINS - 1)];
		if (ch->sp == sp && chain_holds(ch))
			old = ch;
	}
	if (!old)
		return chain_unwind(t, sp, now, frames, slot);
	old->used = now;
	t->chain_last = (int)(old - t->chains);
	*slot = t->chain_last;
	if (old->logged)
		return old->n - old->own; /* the log has them: not copied */
	for (int k = old->own; k < old->n; k++)
		frames[k - old->own] = (void *)(uintptr_t)old->ip[k];
	return old->n - old->own;
#else
	(void)t;
	return backtrace_here(frames, VD_TL_MAXFRAMES);
#endif
}

/* ---- the per-thread log ---- */

static void log_name(const tstate *t, char *path, size_t cap)
{
	size_t n = put_str(path, 0, cap, G.dir);
	n = put_str(path, n, cap, "/vidya.");
	n = put_dec(path, n, cap, (uint64_t)G.pid);
	n = put_str(path, n, cap, ".");
	n = put_dec(path, n, cap, (uint64_t)t->tid);
	n = put_str(path, n, cap, ".");
	n = put_hex(path, n, cap, G.t0);
	put_str(path, n, cap, ".vtl");
}

/*
 * Room for bytes [off, off + len) of the log, allocated on disk now: a
 * sparse file written through a shared mapping would take SIGBUS on the
 * first page the file system has no block for (disk full, quota), which
 * kills the program.  Never past RLIMIT_FSIZE either (the kernel would send
 * SIGXFSZ, which kills it too).  0, or an errno value.
 */
static int allocate(int fd, uint64_t off, uint64_t len)
{
	struct rlimit rl;
	if (syscall(SYS_getrlimit, RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    off + len > (uint64_t)rl.rlim_cur)
		return EFBIG;
	long r = syscall(SYS_fallocate, fd, 0, (long)off, (long)len);
	if (r == 0)
		return 0;
	/* a file system without fallocate: glibc writes a byte per block */
	return errno == EOPNOTSUPP ? posix_fallocate(fd, (off_t)off, (off_t)len) : errno;
}

/* Marks the log as stopped for want of space (the header is on disk). */
static void mark_nospace(int fd)
{
	uint32_t flags = 0;
	long at = (long)offsetof(vd_tl_header, flags);
	if (syscall(SYS_pread64, fd, &flags, sizeof flags, at) == (long)sizeof flags) {
		flags |= VD_TL_F_NOSPACE;
		syscall(SYS_pwrite64, fd, &flags, sizeof flags, at);
	}
}

/* Grows the log to hold chunk `off` and maps it.  The file is opened for
 * this only: the traced program never sees a descriptor of ours (it may
 * print descriptor numbers, or close every descriptor it did not open).
 * No space for the chunk: -1, and the log says so (the thread records no
 * more; the program runs on unharmed). */
static int map_chunk(tstate *t, uint64_t off, int create)
{
	char path[PATH_MAX + 64];
	log_name(t, path, sizeof path);
	int flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW | (create ? O_CREAT | O_EXCL : 0);
	int fd = (int)syscall(SYS_openat, AT_FDCWD, path, flags, 0600);
	if (fd < 0)
		return -1;
	int saved = errno;
	void *p = MAP_FAILED;
	if (allocate(fd, off, VD_TL_CHUNK) == 0)
		/* made writable a window at a time as records fill it
		 * (prefault) */
		p = (void *)syscall(SYS_mmap, NULL, (size_t)VD_TL_CHUNK, PROT_READ | PROT_WRITE,
				    MAP_SHARED, fd, (long)off);
	else if (!create)
		mark_nospace(fd);
	syscall(SYS_close, fd);
	errno = saved;
	if (p == MAP_FAILED || (uintptr_t)p > (uintptr_t)-4096)
		return -1;
	if (t->chunk)
		syscall(SYS_munmap, t->chunk, (size_t)VD_TL_CHUNK);
	t->chunk = p;
	t->chunk_off = off;
	t->pos = 0;
	t->ready = 0;
	return 0;
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
#define PREFAULT (256u << 10)

/*
 * Makes the next PREFAULT bytes of the chunk writable in one system call.
 * The first write to each page of a shared file mapping otherwise takes a
 * page fault of its own (the file system readies the block: ext4's
 * page_mkwrite), one every few dozen records; MAP_POPULATE would only map
 * the pages for reading, and dirtying the whole chunk at once would write
 * up to 4 MB of zeros per thread back to the disk.  Before Linux 5.14 the
 * pages fault in on first write, as before.
 */
static void prefault(tstate *t)
{
	uint32_t len = VD_TL_CHUNK - t->ready < PREFAULT ? VD_TL_CHUNK - t->ready : PREFAULT;
	if (!G.no_prefault && len) {
		int saved = errno;
		if (syscall(SYS_madvise, t->chunk + t->ready, (size_t)len, MADV_POPULATE_WRITE) !=
			    0 &&
		    errno == EINVAL)
			G.no_prefault = 1;
		errno = saved;
	}
	t->ready += len;
}

static int open_log(tstate *t)
{
	t->chunk = NULL;
	if (map_chunk(t, 0, 1) != 0)
		return -1;
	vd_tl_header *h = (vd_tl_header *)t->chunk;
	memcpy(h->magic, VD_TL_MAGIC, 8);
	h->version = VD_TL_VERSION;
	h->header_size = 4096;
	h->pid = G.pid;
	h->ppid = (int32_t)syscall(SYS_getppid);
	h->tid = t->tid;
	h->rank = G.rank;
	h->t0_ns = G.t0;
	h->realtime_ns = G.rt0;
	h->sample_hz = G.hz;
	h->flags = G.stacks ? VD_TL_F_STACKS : 0;
	put_str(h->exe, 0, sizeof h->exe, G.exe);
	put_str(h->host, 0, sizeof h->host, G.host);
	t->pos = 4096;
	t->batch = NULL;
	/* a new log: its call records are coded against nothing yet */
	memset(&t->prev, 0, sizeof t->prev);
	for (int c = 0; c < NCHAINS; c++)
		t->chains[c].logged = 0;
	return 0;
}

/* Space for a record of `size` bytes (multiple of 8) in this thread's log,
 * or NULL.  The caller fills it and calls publish(). */
static vd_tl_rec *reserve_slow(tstate *t, uint32_t size)
{
	if (t->init == 0) {
		t->tid = gettid_raw();
		t->init = open_log(t) == 0 ? 1 : -1;
	}
	if (t->init < 0 || size > VD_TL_CHUNK - 4096)
		return NULL;
	if (t->pos + size > VD_TL_CHUNK) {
		if (t->pos < VD_TL_CHUNK) {
			vd_tl_rec *skip = (vd_tl_rec *)(t->chunk + t->pos);
			skip->size = VD_TL_CHUNK - t->pos;
			__atomic_store_n(&skip->type, VD_TL_SKIP, __ATOMIC_RELEASE);
		}
		if (map_chunk(t, t->chunk_off + VD_TL_CHUNK, 0) != 0) {
			t->init = -1;
			return NULL;
		}
	}
	if (t->pos + size > t->ready)
		prefault(t);
	vd_tl_rec *r = (vd_tl_rec *)(t->chunk + t->pos);
	r->size = size;
	return r;
}

/* reserve_slow, errno kept: the log's open or next chunk may fail (vt_end
 * does not keep errno itself) */
__attribute__((noinline)) static vd_tl_rec *reserve_slow_keep(tstate *t, uint32_t size)
{
	int saved = errno;
	vd_tl_rec *r = reserve_slow(t, size);
	errno = saved;
	return r;
}

/* Closes the open batch, if any: the next record goes after it. */
static inline void batch_close(tstate *t)
{
	if (t->batch) {
		t->pos += t->batch->rec.size;
		t->batch = NULL;
	}
}

static inline vd_tl_rec *reserve(tstate *t, uint32_t size)
{
	batch_close(t);
	/* the usual case: the log is open and the chunk's pages are ready */
	if (__builtin_expect(t->init > 0 && t->pos + size <= t->ready, 1)) {
		vd_tl_rec *r = (vd_tl_rec *)(t->chunk + t->pos);
		r->size = size;
		return r;
	}
	return reserve_slow_keep(t, size);
}

static void publish(tstate *t, vd_tl_rec *r, uint32_t type)
{
	t->pos += r->size;
	__atomic_store_n(&r->type, type, __ATOMIC_RELEASE);
}

static uint32_t align8(size_t n)
{
	return (uint32_t)((n + 7) & ~(size_t)7);
}

/* ---- modules (for mapping addresses to ELF files) ---- */

static int module_cb(struct dl_phdr_info *info, size_t sz, void *arg)
{
	tstate *t = arg;
	uint64_t lo = UINT64_MAX, hi = 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD)
			continue;
		uint64_t a = info->dlpi_addr + ph->p_vaddr;
		if (a < lo)
			lo = a;
		if (a + ph->p_memsz > hi)
			hi = a + ph->p_memsz;
	}
	if (hi == 0)
		return 0;
	if ((uintptr_t)chain_here >= lo && (uintptr_t)chain_here < hi) {
		G.self_lo = lo;
		G.self_hi = hi;
	}
	const char *name = info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : G.exe;
	size_t len = strlen(name);
	if (len > VD_TL_PATHMAX)
		len = VD_TL_PATHMAX;
	uint32_t size = align8(sizeof(vd_tl_module) + len);
	vd_tl_module *m = (vd_tl_module *)reserve(t, size);
	if (!m)
		return 1;
	m->base = info->dlpi_addr;
	m->lo = lo;
	m->hi = hi;
	m->path_len = (uint16_t)len;
	memcpy((char *)(m + 1), name, len);
	publish(t, &m->rec, VD_TL_MODULE);
	return 0;
}

static void write_modules(void)
{
	tstate *t = &T;
	t->busy = 1;
	dl_iterate_phdr(module_cb, t);
	t->busy = 0;
}

/* ---- sampling ---- */

/* the program's own use of the sampling signal (not from our timers) */
static void forward(int sig, siginfo_t *si, void *uc)
{
	if (!G.app_has_act)
		return;
	if (G.app_act.sa_flags & SA_SIGINFO) {
		if (G.app_act.sa_sigaction)
			G.app_act.sa_sigaction(sig, si, uc);
	} else if (G.app_act.sa_handler != SIG_DFL && G.app_act.sa_handler != SIG_IGN) {
		G.app_act.sa_handler(sig);
	}
}

#define FENCE() atomic_signal_fence(memory_order_seq_cst)

/* Writes one sample record; the caller has set busy.  Async-signal-safe. */
static void write_sample(tstate *t, const uint64_t *frames, int n, uint32_t weight, uint16_t flags)
{
	if (n < 0)
		n = 0;
	uint32_t size = align8(sizeof(vd_tl_sample) + (size_t)n * 8);
	vd_tl_sample *s = (vd_tl_sample *)reserve(t, size);
	if (!s)
		return;
	s->t_ns = mono_ns(); /* in the signal handler: not vt_now's anchor */
	s->in_op = t->depth > 0 ? t->stack[0] : 0;
	s->tid = t->tid;
	s->weight = weight;
	s->nframes = (uint16_t)n;
	s->flags = flags;
	s->pad[0] = s->pad[1] = 0;
	uint64_t *f = (uint64_t *)(s + 1);
	for (int i = 0; i < n; i++)
		f[i] = frames[i];
	publish(t, &s->rec, VD_TL_SAMPLE);
}

static void on_sample(int sig, siginfo_t *si, void *uc)
{
	tstate *t = &T;
	if (!si || si->si_code != SI_TIMER) {
		forward(sig, si, uc);
		return;
	}
	if (!G.enabled || !t->timer_ok)
		return;
	int saved = errno;
	/* the kernel puts the timer's overrun count in the siginfo */
	int over = si->si_overrun;
	uint32_t weight = 1 + (over > 0 ? (uint32_t)over : 0) + t->pending;
	t->sigs++;
	/* Not now: while the thread writes a record (busy), while it is in
	 * the dynamic loader (the unwinder would take the loader's lock this
	 * thread already holds: a deadlock; MPI_Init dlopens dozens of
	 * components), or in a quiet region (MPI_Init itself, a wrapper's
	 * helper calls).  Inside MPI_Init the chain taken at its entry stands
	 * for the stack; elsewhere the periods wait for the thread to return
	 * to the code that called the loader or the wrapper (maybe_flush). */
	if (t->busy) {
		t->pending = weight;
		errno = saved;
		return;
	}
	if (t->in_loader || t->quiet) {
		if (t->anchored && t->nanchor > 0) {
			t->busy = 1;
			FENCE();
			t->pending = 0;
			write_sample(t, t->anchor, t->nanchor, weight, VD_TL_S_DEFERRED);
			FENCE();
			t->busy = 0;
		} else {
			t->pending = weight;
		}
		errno = saved;
		return;
	}
	t->busy = 1;
	FENCE();
	t->pending = 0;
	void *frames[VD_TL_MAXFRAMES];
	uint64_t pcs[VD_TL_MAXFRAMES];
	int n = backtrace_here(frames, VD_TL_MAXFRAMES);
	for (int i = 0; i < n; i++)
		pcs[i] = (uint64_t)(uintptr_t)frames[i];
	write_sample(t, pcs, n, weight, 0);
	FENCE();
	t->busy = 0;
	errno = saved;
}

/*
 * Writes the periods deferred on this thread with the call chain of the
 * caller, once the thread is back where a stack may be taken (not in the
 * loader, not quiet, not writing a record).  Called when the loader, a
 * record or a quiet region ends: the chain is then the one of the code that
 * was running when the periods were due.  Not from the signal handler.
 */
static void maybe_flush(tstate *t)
{
	if (!t->pending || t->busy || t->quiet || t->in_loader || !G.enabled || t->init < 0)
		return;
	int saved = errno;
	t->busy = 1;
	FENCE();
	/* one instruction: a sample arriving meanwhile sees busy and adds to
	 * pending, which this does not clear */
	uint32_t w = __atomic_exchange_n(&t->pending, 0, __ATOMIC_RELAXED);
	if (w) {
		void *frames[VD_TL_MAXFRAMES];
		uint64_t pcs[VD_TL_MAXFRAMES];
		int n = backtrace_here(frames, VD_TL_MAXFRAMES);
		for (int i = 0; i < n; i++)
			pcs[i] = (uint64_t)(uintptr_t)frames[i];
		write_sample(t, pcs, n, w, n > 0 ? VD_TL_S_DEFERRED : VD_TL_S_UNATTRIBUTED);
	}
	FENCE();
	t->busy = 0;
	errno = saved;
}

/*
 * Periods still deferred when the thread or the process ends: charged to
 * the chain taken at entry to MPI_Init (or MPI_Finalize) when the thread
 * is still inside it, else to no stack at all (the thread ended inside the
 * loader): there is no stack that was current when they were due.
 */
static void flush_at_end(tstate *t)
{
	if (!t->pending || t->init < 0)
		return;
	t->busy = 1;
	FENCE();
	uint32_t w = __atomic_exchange_n(&t->pending, 0, __ATOMIC_RELAXED);
	if (w && t->anchored && t->nanchor > 0)
		write_sample(t, t->anchor, t->nanchor, w, VD_TL_S_DEFERRED);
	else if (w)
		write_sample(t, NULL, 0, w, VD_TL_S_UNATTRIBUTED);
	FENCE();
	t->busy = 0;
}

static void start_timer(void)
{
	tstate *t = &T;
	if (!G.enabled || G.hz == 0 || t->timer_ok)
		return;
	if (!t->init) {
		t->tid = gettid_raw();
		t->init = open_log(t) == 0 ? 1 : -1;
	}
	struct sigevent sev;
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = G.sig;
	sev._sigev_un._tid = t->tid;
	if (timer_create(CLOCK_MONOTONIC, &sev, &t->timer) != 0)
		return;
	long ns = 1000000000L / (long)G.hz;
	struct itimerspec its = { { ns / 1000000000L, ns % 1000000000L },
				  { ns / 1000000000L, ns % 1000000000L } };
	t->timer_ok = 1;
	if (timer_settime(t->timer, 0, &its, NULL) != 0) {
		t->timer_ok = 0;
		timer_delete(t->timer);
	}
	/* the key's destructor stops the timer when the thread ends */
	pthread_setspecific(G.key, (void *)1);
}

static void stop_timer(void)
{
	tstate *t = &T;
	if (t->timer_ok) {
		t->timer_ok = 0;
		timer_delete(t->timer);
	}
}

static void thread_end(void *unused)
{
	tstate *t = &T;
	stop_timer();
	flush_at_end(t);
	if (t->init > 0) {
		t->busy = 1;
		syscall(SYS_munmap, t->chunk, (size_t)VD_TL_CHUNK);
		t->chunk = NULL;
		t->batch = NULL;
		t->init = -1;
		t->busy = 0;
	}
}

unsigned vt_samples_taken(void)
{
	return T.sigs;
}

/* ---- the dynamic loader: no unwinding while its lock may be held ---- */

void *dlopen(const char *file, int mode)
{
	VT_REAL(void *, dlopen, (const char *, int));
	T.in_loader++;
	void *h = real_dlopen ? real_dlopen(file, mode) : NULL;
	int e = errno;
	T.in_loader--;
	maybe_flush(&T);
	errno = e;
	return h;
}

int dlclose(void *h)
{
	VT_REAL(int, dlclose, (void *));
	T.in_loader++;
	int r = real_dlclose ? real_dlclose(h) : -1;
	int e = errno;
	T.in_loader--;
	maybe_flush(&T);
	errno = e;
	return r;
}

int dl_iterate_phdr(int (*cb)(struct dl_phdr_info *, size_t, void *), void *data)
{
	VT_REAL(int, dl_iterate_phdr, (int (*)(struct dl_phdr_info *, size_t, void *), void *));
	T.in_loader++;
	int r = real_dl_iterate_phdr ? real_dl_iterate_phdr(cb, data) : 0;
	T.in_loader--;
	/* the unwinder calls this from the handler and from maybe_flush:
	 * busy is set then, so this does not recurse */
	maybe_flush(&T);
	return r;
}

/* ---- descriptors of the unwinder: out of the program's sight ---- */

/* The lowest descriptor ours may take: near the top of the soft limit
 * (kept under 4096 so the kernel's table stays small), where programs do
 * not look, rather than the lowest free ones, which they count on. */
static int high_fd_base(void)
{
	struct rlimit rl;
	if (syscall(SYS_getrlimit, RLIMIT_NOFILE, &rl) != 0)
		return -1;
	rlim_t lim = rl.rlim_cur < 4096 ? rl.rlim_cur : 4096;
	return lim >= 256 ? (int)lim - 16 : -1;
}

static int move_high(int fd)
{
	int base = high_fd_base();
	if (base < 0 || fd >= base)
		return fd;
	int hi = (int)syscall(SYS_fcntl, fd, F_DUPFD_CLOEXEC, base);
	if (hi < 0)
		return fd;
	syscall(SYS_close, fd);
	return hi;
}

int pipe2(int fds[2], int flags)
{
	VT_REAL(int, pipe2, (int *, int));
	int r = real_pipe2 ? real_pipe2(fds, flags) : (int)syscall(SYS_pipe2, fds, flags);
	if (r == 0 && T.unwinding) {
		fds[0] = move_high(fds[0]);
		fds[1] = move_high(fds[1]);
	}
	return r;
}

/* ---- the program's handlers for the sampling signal ---- */

/* A program that sets a handler for the sampling signal gets it called for
 * every such signal that is not a sample; ours stays installed. */
int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	VT_REAL(int, sigaction, (int, const struct sigaction *, struct sigaction *));
	if (!real_sigaction) {
		errno = ENOSYS;
		return -1;
	}
	if (!G.enabled || !G.hz || sig != G.sig)
		return real_sigaction(sig, act, old);
	if (old) {
		if (G.app_has_act) {
			*old = G.app_act;
		} else {
			memset(old, 0, sizeof *old);
			old->sa_handler = SIG_DFL;
		}
	}
	if (act) {
		G.app_act = *act;
		G.app_has_act = 1;
	}
	return 0;
}

sighandler_t signal(int sig, sighandler_t fn)
{
	VT_REAL(sighandler_t, signal, (int, sighandler_t));
	if (!real_signal)
		return SIG_ERR;
	if (!G.enabled || !G.hz || sig != G.sig)
		return real_signal(sig, fn);
	sighandler_t prev = G.app_has_act && !(G.app_act.sa_flags & SA_SIGINFO)
				    ? G.app_act.sa_handler
				    : SIG_DFL;
	memset(&G.app_act, 0, sizeof G.app_act);
	G.app_act.sa_handler = fn;
	G.app_has_act = 1;
	return prev;
}

/* ---- threads: every new thread gets its own timer ---- */

typedef struct start_arg {
	void *(*fn)(void *);
	void *arg;
} start_arg;

static void *thread_start(void *p)
{
	start_arg a = *(start_arg *)p;
	free(p);
	start_timer();
	return a.fn(a.arg);
}

int pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
	VT_REAL(int, pthread_create,
		(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *));
	if (!real_pthread_create)
		return EAGAIN;
	if (!G.enabled || G.hz == 0)
		return real_pthread_create(th, attr, fn, arg);
	start_arg *a = malloc(sizeof *a);
	if (!a)
		return real_pthread_create(th, attr, fn, arg);
	a->fn = fn;
	a->arg = arg;
	int rc = real_pthread_create(th, attr, thread_start, a);
	if (rc != 0)
		free(a);
	return rc;
}

/* ---- start-up, fork, exit ---- */

static int env_rank(void)
{
	static const char *vars[] = { "OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK",
				      "MV2_COMM_WORLD_RANK", "SLURM_PROCID" };
	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
		const char *v = getenv(vars[i]);
		if (v && *v)
			return atoi(v);
	}
	return -1;
}

static void child_after_fork(void)
{
	/* the child must not write into the parent's mapped files */
	tstate *t = &T;
	pos_forget_all();
	/* the child's log names the files of its inherited descriptors anew
	 * (each process is loaded on its own) */
	for (int i = 0; i < FDBITS; i++)
		atomic_store_explicit(&fd_known[i], 0, memory_order_relaxed);
	if (t->init > 0)
		syscall(SYS_munmap, t->chunk, (size_t)VD_TL_CHUNK);
	/* a fork inside MPI_Init: the child is inside it too */
	int quiet = t->quiet, depth = t->depth, anchored = t->anchored, nanchor = t->nanchor;
	uint64_t anchor[VD_TL_MAXFRAMES];
	memcpy(anchor, t->anchor, sizeof anchor);
	memset(t, 0, sizeof *t);
	t->quiet = quiet;
	t->depth = depth;
	t->anchored = anchored;
	t->nanchor = nanchor;
	memcpy(t->anchor, anchor, sizeof anchor);
	G.pid = (pid_t)syscall(SYS_getpid);
	atomic_store(&next_slot, 0); /* the only thread: ids from 1 again */
	G.t0 = vt_now();
	/* another thread may have held it at the fork */
	pthread_mutex_init(&track_lock, NULL);
	write_modules();
	start_timer();
}

static void init_once(void)
{
	const char *dir = getenv(VD_TL_ENV_DIR);
	if (!dir || !*dir || strlen(dir) >= sizeof G.dir)
		return;
	strcpy(G.dir, dir);
	const char *hz = getenv(VD_TL_ENV_HZ);
	G.hz = hz && *hz ? (unsigned)strtoul(hz, NULL, 10) : 1000;
	if (G.hz > 100000)
		G.hz = 100000;
	const char *sg = getenv("VIDYA_TRACE_SIGNAL");
	G.sig = sg && *sg ? atoi(sg) : SIGRTMIN + 9;
	if (G.sig <= 0 || G.sig > SIGRTMAX)
		G.sig = SIGRTMIN + 9;
	const char *fr = getenv(VD_TL_ENV_FRAMES);
	G.stacks = !(fr && !strcmp(fr, "0"));
	G.rank = env_rank();
	G.pid = (pid_t)syscall(SYS_getpid);
	if (ck_usable()) {
		uint64_t tsc0;
		G.ck_ns0 = ck_pair(&tsc0);
		__atomic_store_n(&G.ck_tsc0, tsc0, __ATOMIC_RELEASE);
	}
	G.t0 = vt_now();
	struct timespec rt;
	clock_gettime(CLOCK_REALTIME, &rt);
	G.rt0 = (int64_t)rt.tv_sec * 1000000000 + rt.tv_nsec;
	ssize_t n = readlink("/proc/self/exe", G.exe, sizeof G.exe - 1);
	G.exe[n > 0 ? n : 0] = 0;
	/* the MPI runtime's daemons and launchers (a singleton MPI program
	 * starts orted itself; `vidya trace -- mpirun ...` runs them): not the
	 * program's processes, and their ranks are traced on their own */
	static const char *const runtime[] = { "orted",   "prted",         "prte",
					       "orterun", "prterun",       "mpirun",
					       "mpiexec", "mpiexec.hydra", "hydra_pmi_proxy",
					       NULL };
	const char *bn = strrchr(G.exe, '/');
	bn = bn ? bn + 1 : G.exe;
	for (int i = 0; runtime[i]; i++)
		if (!strcmp(bn, runtime[i]))
			return;
	gethostname(G.host, sizeof G.host - 1);
	/* a per-thread cache needs no lock, so the unwinder does not block and
	 * unblock signals around every stack; and it sets itself up on first
	 * use: do that now, not in a signal */
	T.unwinding++; /* libunwind sets itself up here: its pipe too */
	unw_set_caching_policy(unw_local_addr_space, UNW_CACHE_PER_THREAD);
	T.unwinding--;
	void *warm[4];
	backtrace_here(warm, 4);
	if (pthread_key_create(&G.key, thread_end) != 0)
		return;
	G.enabled = 1;
	pthread_atfork(NULL, pos_forget_all, child_after_fork);
	write_modules();
	if (G.hz) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = on_sample;
		sa.sa_flags = SA_SIGINFO | SA_RESTART;
		sigemptyset(&sa.sa_mask);
		VT_REAL(int, sigaction, (int, const struct sigaction *, struct sigaction *));
		if (real_sigaction)
			real_sigaction(G.sig, &sa, NULL);
		start_timer();
	}
}

static void ensure_init(void)
{
	int expect = 0;
	if (atomic_load(&init_state) == 2 ||
	    !atomic_compare_exchange_strong(&init_state, &expect, 1))
		return;
	T.busy = 1;
	init_once();
	T.busy = 0;
	atomic_store(&init_state, 2);
	/* periods due while starting up: before main, in no block */
	maybe_flush(&T);
}

__attribute__((constructor)) static void vt_init(void)
{
	ensure_init();
}

__attribute__((destructor)) static void vt_fini(void)
{
	if (!G.enabled)
		return;
	stop_timer();
	tstate *t = &T;
	flush_at_end(t);
	/* modules loaded since start-up (dlopen'ed plugins) */
	write_modules();
	t->busy = 1;
	vd_tl_exit *e = (vd_tl_exit *)reserve(t, sizeof *e);
	if (e) {
		e->t_ns = vt_now();
		e->status = 0;
		publish(t, &e->rec, VD_TL_EXIT);
	}
	t->busy = 0;
}

/* ---- the API the wrappers use ---- */

/* Loaded objects other than the main program, for vt_next's fallback. */
#define MAXOBJ 512
typedef struct objlist {
	int n;
	const char *name[MAXOBJ];
} objlist;

static int objs_cb(struct dl_phdr_info *info, size_t sz, void *data)
{
	objlist *o = data;
	/* the main program's scope is the global one RTLD_NEXT searched */
	if (info->dlpi_name && info->dlpi_name[0] && o->n < MAXOBJ)
		o->name[o->n++] = info->dlpi_name;
	return 0;
}

/*
 * RTLD_NEXT, else the first loaded object whose own dependency scope
 * defines `name`, other than this library: a library loaded RTLD_LOCAL (an
 * HDF5 or MPI linked into a Python extension or a plugin) is invisible to
 * RTLD_NEXT, yet its callers' calls bind to our wrappers.
 */
static void *next_symbol(const char *name);

void *vt_next(const char *name)
{
	/* dlsym and dladdr take the loader's lock: no samples meanwhile */
	T.in_loader++;
	void *s = next_symbol(name);
	T.in_loader--;
	maybe_flush(&T);
	return s;
}

static void *next_symbol(const char *name)
{
	void *s = dlsym(RTLD_NEXT, name);
	if (s)
		return s;
	Dl_info self, di;
	if (!dladdr((void *)next_symbol, &self))
		return NULL;
	objlist o = { 0 };
	dl_iterate_phdr(objs_cb, &o); /* names first: no dlopen under the loader's lock */
	for (int i = 0; i < o.n && !s; i++) {
		void *h = dlopen(o.name[i], RTLD_LAZY | RTLD_NOLOAD);
		if (!h)
			continue;
		s = dlsym(h, name);
		if (s && (!dladdr(s, &di) || di.dli_fbase == self.dli_fbase))
			s = NULL;
		dlclose(h);
	}
	return s;
}

void vt_quiet_begin(void)
{
	T.quiet++;
}

void vt_quiet_end(void)
{
	if (T.quiet > 0)
		T.quiet--;
	FENCE();
	maybe_flush(&T);
}

void vt_anchor_begin(void)
{
	tstate *t = &T;
	if (t->anchored++ == 0) {
		t->nanchor = 0;
		/* not inside the loader (MPI_Init from a constructor that dlopen
		 * runs): unwinding there could deadlock; the periods then go to
		 * the loader's caller when it returns */
		if (G.enabled && G.hz && t->timer_ok && !t->busy && !t->in_loader && t->init >= 0) {
			t->busy = 1;
			FENCE();
			void *frames[VD_TL_MAXFRAMES];
			int n = backtrace_here(frames, VD_TL_MAXFRAMES);
			for (int i = 0; i < n; i++)
				t->anchor[i] = (uint64_t)(uintptr_t)frames[i];
			FENCE();
			t->nanchor = n > 0 ? n : 0;
			FENCE();
			t->busy = 0;
		}
	}
	FENCE();
	t->quiet++;
	FENCE();
}

void vt_anchor_end(void)
{
	tstate *t = &T;
	int e = errno;
	if (t->quiet > 0)
		t->quiet--;
	FENCE();
	if (t->anchored > 0 && --t->anchored == 0) {
		/* periods deferred while busy inside: the chain at entry is the
		 * caller's, the same as now */
		FENCE();
		t->nanchor = 0;
	}
	FENCE();
	maybe_flush(t);
	errno = e;
}

int vt_begin(vt_call *c, int call)
{
	tstate *t = &T;
	if (t->quiet || t->busy)
		return 0;
	if (!G.enabled) {
		ensure_init();
		if (!G.enabled)
			return 0;
	}
	if (!t->id_next) {
		t->id_base = (uint64_t)atomic_fetch_add(&next_slot, 1) << VT_ID_SHIFT;
		t->id_next = 1;
	}
	c->id = t->id_base | t->id_next++;
	c->parent = t->depth > 0 ? t->stack[t->depth - 1] : 0;
	c->call = call;
	c->fd = -1;
	if (t->depth < MAXDEPTH) {
		t->stack[t->depth] = c->id;
		t->kids[t->depth] = 0;
	}
	t->depth++;
	c->t0 = now_ns(t);
	return 1;
}

void vt_restart(vt_call *c)
{
	c->t0 = now_ns(&T);
}

/* The path of descriptor `fd` from /proc, for descriptors this process
 * did not open through a wrapper (inherited, or opened inside libc). */
static size_t fd_path(int fd, char *buf, size_t cap)
{
	char link[64];
	size_t n = put_str(link, 0, sizeof link, "/proc/self/fd/");
	put_dec(link, n, sizeof link, (uint64_t)fd);
	long r = syscall(SYS_readlinkat, AT_FDCWD, link, buf, cap);
	return r > 0 ? (size_t)r : 0;
}

size_t vt_fd_path(int fd, char *buf, size_t cap)
{
	if (cap == 0)
		return 0;
	size_t n = fd >= 0 ? fd_path(fd, buf, cap - 1) : 0;
	buf[n] = 0;
	return n;
}

/*
 * `path` made absolute (relative to dirfd, AT_FDCWD: the working directory)
 * and cleaned lexically: no empty or "." components, ".." removes the one
 * before it (as Darshan cleans the paths it records), so that "a.dat",
 * "./a.dat" and "/dir/a.dat" are one file.  A name with a prefix such as
 * MPI-IO's "ufs:" is left as it is.  NUL-terminated in out; its length.
 */
size_t vt_abs_path(int dirfd, const char *path, char *out, size_t cap)
{
	char tmp[PATH_MAX + VD_TL_PATHMAX + 2];
	size_t n = 0;
	if (cap == 0)
		return 0;
	out[0] = 0;
	if (!path || !*path)
		return 0;
	/* ROMIO's file system prefixes ("ufs:a.dat"), not any name with a colon
	 * ("0000:00:02.0" under /sys is relative to its directory) */
	static const char *const romio[] = { "ufs:",  "nfs:",       "lustre:", "pvfs2:",
					     "gpfs:", "panfs:",     "xfs:",    "daos:",
					     "ime:",  "quobytefs:", "testfs:", NULL };
	for (int i = 0; path[0] != '/' && romio[i]; i++)
		if (!strncmp(path, romio[i], strlen(romio[i])))
			return put_str(out, 0, cap, path);
	if (path[0] != '/') {
		long r;
		if (dirfd == AT_FDCWD) {
			r = syscall(SYS_getcwd, tmp, (size_t)PATH_MAX);
			r = r > 0 ? r - 1 : -1; /* the length includes the NUL */
		} else {
			r = (long)fd_path(dirfd, tmp, PATH_MAX);
			r = r > 0 ? r : -1;
		}
		if (r <= 0 || tmp[0] != '/')
			return put_str(out, 0, cap, path);
		n = (size_t)r;
		tmp[n++] = '/';
	}
	n = put_str(tmp, n, sizeof tmp, path);
	/* clean tmp[0, n) into out */
	size_t o = 0;
	for (size_t i = 0; i < n;) {
		while (i < n && tmp[i] == '/')
			i++;
		size_t j = i;
		while (j < n && tmp[j] != '/')
			j++;
		size_t len = j - i;
		if (len == 0 || (len == 1 && tmp[i] == '.')) {
			/* nothing */
		} else if (len == 2 && tmp[i] == '.' && tmp[i + 1] == '.') {
			while (o > 0 && out[o - 1] != '/')
				o--;
			if (o > 0)
				o--;
		} else if (o + 1 + len < cap) {
			out[o++] = '/';
			memcpy(out + o, tmp + i, len);
			o += len;
		}
		i = j;
	}
	if (o == 0 && cap > 1)
		out[o++] = '/';
	out[o] = 0;
	return o;
}

/* A call as a vd_tl_op: with a path (a file's first call), or before the
 * log is open.  `frames` holds nf frames unless they are chain `slot`'s,
 * already in the log. */
static void write_full(tstate *t, const vt_call *c, uint64_t t1, int64_t handle, int64_t offset,
		       int64_t req, int64_t done, int err, void **frames, int nf, int slot,
		       const char *path, size_t plen)
{
	uint64_t *src = NULL;
	if (slot >= 0 && t->chains[slot].logged)
		src = t->chains[slot].ip + t->chains[slot].own;
	uint32_t size = align8(sizeof(vd_tl_op) + (size_t)nf * 8 + plen);
	vd_tl_op *o = (vd_tl_op *)reserve(t, size);
	if (!o)
		return;
	o->id = c->id;
	o->parent = c->parent;
	o->handle = handle;
	o->offset = offset;
	o->req = req;
	o->done = done;
	o->t_start_ns = c->t0;
	o->t_end_ns = t1;
	o->tid = t->tid;
	o->err = err;
	o->fd = c->fd;
	o->call = (uint16_t)c->call;
	o->nframes = (uint16_t)nf;
	o->path_len = (uint16_t)plen;
	uint64_t *f = (uint64_t *)(o + 1);
	for (int i = 0; i < nf; i++)
		f[i] = src ? src[i] : (uint64_t)(uintptr_t)frames[i];
	if (plen)
		memcpy((char *)(f + nf), path, plen);
	vd_tl_prev_update(&t->prev, c->id, t1, handle, c->fd, offset, done);
	publish(t, &o->rec, VD_TL_OPREC);
}

/* Opens a batch of predicted calls (VD_TL_OPB) at the log's end, with room
 * for one entry at least; NULL when the log has no room. */
__attribute__((noinline)) static vd_tl_opb *batch_open(tstate *t)
{
	vd_tl_rec *r = reserve(t, align8(sizeof(vd_tl_opb) + VD_TL_B_MAXENTRY));
	if (!r)
		return NULL;
	vd_tl_opb *b = (vd_tl_opb *)r;
	r->size = sizeof *b;
	b->count = 0;
	__atomic_store_n(&r->type, VD_TL_OPB, __ATOMIC_RELEASE);
	t->batch = b;
	t->bused = 0;
	return b;
}

/* vd_tl_put_u, the one- and two-byte cases inline */
__attribute__((always_inline)) static inline uint8_t *put_u(uint8_t *p, uint64_t v)
{
	if (v < 0x80) {
		*p = (uint8_t)v;
		return p + 1;
	}
	if (v < 0x4000) {
		p[0] = (uint8_t)(v | 0x80);
		p[1] = (uint8_t)(v >> 7);
		return p + 2;
	}
	return vd_tl_put_u(p, v);
}

/* A predicted call (vd_tracelog.h: the conditions of a vd_tl_opf) as an
 * entry of this thread's open batch, opening one when there is none or it
 * has no room left. */
__attribute__((always_inline)) static inline void batch_add(tstate *t, const vt_call *c,
							    uint64_t t1, int64_t done, int slot1)
{
	vd_tl_prev *pv = &t->prev;
	vd_tl_opb *b = t->batch;
	if (__builtin_expect(!b || t->pos + sizeof *b + t->bused + VD_TL_B_MAXENTRY > t->ready,
			     0) &&
	    !(b = batch_open(t)))
		return;
	uint8_t *e = (uint8_t *)(b + 1) + t->bused;
	unsigned same = done == pv->done;
	uint8_t *p = put_u(e, (uint64_t)c->call << 4 | (unsigned)slot1 << 1 | same);
	p = put_u(p, c->t0 - pv->t_end);
	p = put_u(p, t1 - c->t0);
	if (!same)
		p = put_u(p, (uint64_t)done);
	t->bused += (uint32_t)(p - e);
	b->rec.size = align8(sizeof *b + t->bused);
	__atomic_store_n(&b->count, b->count + 1, __ATOMIC_RELEASE);
	pv->id = c->id;
	pv->t_end = t1;
	pv->done = done;
	pv->next = pv->next >= 0 ? (int64_t)((uint64_t)pv->next + (uint64_t)done) : pv->next;
}

/* A call as a VD_TL_OPC record (vd_tracelog.h), about 24 bytes where a
 * vd_tl_op and its chain take 96 and more. */
__attribute__((noinline)) static void write_delta(tstate *t, const vt_call *c, uint64_t t1,
						  int64_t handle, int64_t offset, int64_t req,
						  int64_t done, int err, void **frames, int nf,
						  int slot)
{
	vd_tl_prev *pv = &t->prev;
	unsigned flags = 0;
	if (c->parent)
		flags |= VD_TL_C_PARENT;
	if (offset == pv->next)
		flags |= VD_TL_C_SEQ;
	if (req == done)
		flags |= VD_TL_C_REQ_DONE;
	if (err)
		flags |= VD_TL_C_ERR;
	if (nf > 0)
		flags |= slot < 0                 ? VD_TL_C_INL
			 : t->chains[slot].logged ? VD_TL_C_REF
						  : VD_TL_C_DEF;
	/* coded in place (no copy): room for the longest varints first, the
	 * record's size set to what they took */
	size_t fr = flags & (VD_TL_C_DEF | VD_TL_C_INL) ? (size_t)nf * 8 : 0;
	vd_tl_rec *r = reserve(t, align8(sizeof(vd_tl_rec) + 14 * 10) + (uint32_t)fr);
	if (!r)
		return;
	uint8_t *buf = (uint8_t *)(r + 1);
	uint8_t *p = vd_tl_put_u(buf, flags);
	p = vd_tl_put_u(p, (uint64_t)c->call);
	p = vd_tl_put_s(p, (int64_t)(c->id - pv->id));
	if (c->parent)
		p = vd_tl_put_s(p, (int64_t)(c->id - c->parent));
	p = vd_tl_put_s(p, (int64_t)(c->t0 - pv->t_end));
	p = vd_tl_put_s(p, (int64_t)(t1 - c->t0));
	p = vd_tl_put_s(p, (int64_t)((uint64_t)handle - (uint64_t)pv->handle));
	p = vd_tl_put_s(p, (int64_t)c->fd - pv->fd);
	if (!(flags & VD_TL_C_SEQ))
		p = vd_tl_put_s(p, offset);
	p = vd_tl_put_s(p, done);
	if (!(flags & VD_TL_C_REQ_DONE))
		p = vd_tl_put_s(p, req);
	if (err)
		p = vd_tl_put_s(p, err);
	if (flags & (VD_TL_C_REF | VD_TL_C_DEF))
		p = vd_tl_put_u(p, (uint64_t)slot);
	if (flags & (VD_TL_C_DEF | VD_TL_C_INL))
		p = vd_tl_put_u(p, (uint64_t)nf);
	size_t head = sizeof(vd_tl_rec) + (size_t)(p - buf);
	/* the log's fresh pages are zero: the padding needs no writing */
	r->size = align8(head) + (uint32_t)fr;
	if (fr) {
		uint64_t *f = (uint64_t *)((char *)r + align8(head));
		for (int i = 0; i < nf; i++)
			f[i] = (uint64_t)(uintptr_t)frames[i];
		if (flags & VD_TL_C_DEF)
			t->chains[slot].logged = 1;
	}
	vd_tl_prev_update(pv, c->id, t1, handle, c->fd, offset, done);
	publish(t, r, VD_TL_OPC);
}

/* Writes call c's record (the thread is busy), then takes the samples
 * deferred meanwhile.  A call that the previous one predicts is a batch
 * entry: the next id, an application's call, on the same handle and
 * descriptor at the offset where the previous transfer ended, moving all
 * it asked for without error, with no frames or frames in the log. */
__attribute__((always_inline)) static inline void
end_write(tstate *t, const vt_call *c, uint64_t t1, int64_t handle, int64_t offset, int64_t req,
	  int64_t done, int err, const char *path, size_t plen)
{
	void *frames[VD_TL_MAXFRAMES];
	int nf = 0, slot = -1;
	t->busy = 1;
	FENCE(); /* a sample's handler sees busy before the log moves */
	if (G.stacks && c->parent == 0)
		nf = chain_here(t, frames, &slot);
	const vd_tl_prev *pv = &t->prev;
	if (plen == 0 && t->init > 0 && !c->parent && c->id == pv->id + 1 && handle == pv->handle &&
	    c->fd == pv->fd && offset == pv->next && req == done && !err && c->t0 >= pv->t_end &&
	    done >= 0 && (nf == 0 || (slot >= 0 && t->chains[slot].logged)))
		batch_add(t, c, t1, done, nf ? slot + 1 : 0);
	else if (plen == 0 && t->init > 0)
		write_delta(t, c, t1, handle, offset, req, done, err, frames, nf, slot);
	else
		write_full(t, c, t1, handle, offset, req, done, err, frames, nf, slot, path, plen);
	FENCE();
	t->busy = 0;
	if (__builtin_expect(t->pending != 0, 0))
		maybe_flush(t);
}

/* vt_end of a call that names a path, or on a descriptor whose path the
 * log does not have yet: the path made absolute, or read from /proc. */
__attribute__((noinline)) static void end_named(tstate *t, const vt_call *c, uint64_t t1,
						int64_t handle, int64_t offset, int64_t req,
						int64_t done, int err, const char *path, int ok)
{
	int saved = errno;
	char fdbuf[VD_TL_PATHMAX];
	size_t plen = 0;
	if (path) {
		if (path[0] != '/' || strstr(path, "/.") || strstr(path, "//")) {
			plen = vt_abs_path(AT_FDCWD, path, fdbuf, sizeof fdbuf);
			path = fdbuf;
		} else {
			plen = strnlen(path, VD_TL_PATHMAX);
		}
	} else {
		plen = fd_path(c->fd, fdbuf, sizeof fdbuf);
		path = fdbuf;
	}
	if (c->fd >= 0 && c->fd < FDBITS)
		atomic_store_explicit(&fd_known[c->fd],
				      (unsigned char)(vt_call_class(c->call) != VD_OP_CLOSE && ok),
				      memory_order_relaxed);
	end_write(t, c, t1, handle, offset, req, done, err, path, plen);
	errno = saved;
}

/* errno stays as the wrapped call left it: nothing on the common path
 * here sets it, and the paths that may (the log's next chunk, a full
 * unwind, a path from /proc, deferred samples) keep it themselves */
void vt_end(vt_call *c, int64_t handle, int64_t offset, int64_t req, int64_t done, int err,
	    const char *path)
{
	tstate *t = &T;
	uint64_t t1 = now_ns(t);
	if (t->depth > 0)
		t->depth--;
	if (t->depth > 0 && t->depth - 1 < MAXDEPTH)
		t->kids[t->depth - 1] = 1;
	/* the end of the data is no error of the descriptor */
	int ok = err == 0 || err == VD_TL_ERR_EOF;
	int fd = c->fd, has_fd = fd >= 0 && fd < FDBITS;
	if (path || (has_fd && ok && !atomic_load_explicit(&fd_known[fd], memory_order_relaxed))) {
		end_named(t, c, t1, handle, offset, req, done, err, path, ok);
		return;
	}
	if (has_fd) {
		/* relaxed, and only on a change: a seq_cst store is a locked
		 * xchg on x86, a third of this function's time */
		unsigned char known = (unsigned char)(vt_call_class(c->call) != VD_OP_CLOSE && ok);
		if (atomic_load_explicit(&fd_known[fd], memory_order_relaxed) != known)
			atomic_store_explicit(&fd_known[fd], known, memory_order_relaxed);
	}
	end_write(t, c, t1, handle, offset, req, done, err, NULL, 0);
}

int vt_has_children(void)
{
	tstate *t = &T;
	return t->depth > 0 && t->depth - 1 < MAXDEPTH && t->kids[t->depth - 1];
}

void vt_drop(vt_call *c)
{
	tstate *t = &T;
	if (t->depth > 0)
		t->depth--;
}

void vt_done(uint64_t id, uint64_t by, int64_t done, int err)
{
	tstate *t = &T;
	if (!G.enabled || t->busy || !id)
		return;
	int saved = errno;
	uint64_t now = vt_now();
	t->busy = 1;
	FENCE();
	vd_tl_done *d = (vd_tl_done *)reserve(t, sizeof *d);
	if (d) {
		d->id = id;
		d->by = by;
		d->t_ns = now;
		d->done = done;
		d->err = err;
		d->pad = 0;
		publish(t, &d->rec, VD_TL_DONE);
	}
	FENCE();
	t->busy = 0;
	maybe_flush(t);
	errno = saved;
}

/* ---- transfers that complete after their call returns ---- */

/*
 * key -> vt_pending, open addressing with linear probing and backward-shift
 * deletion, under a lock (wrappers only, never the signal handler).  Full:
 * vt_track fails and the call's record keeps the call's own duration.
 */
#define NTRACK 4096
static struct {
	uintptr_t key;
	vt_pending p;
} track[NTRACK];
static atomic_int ntracked;

static size_t track_home(uintptr_t key)
{
	return (size_t)(((uint64_t)key * 0x9e3779b97f4a7c15ull) >> 52) & (NTRACK - 1);
}

static long track_find(uintptr_t key)
{
	for (size_t i = track_home(key), n = 0; n < NTRACK; i = (i + 1) & (NTRACK - 1), n++) {
		if (track[i].key == key)
			return (long)i;
		if (track[i].key == 0)
			return -1;
	}
	return -1;
}

static void track_remove(size_t i)
{
	size_t j = i;
	for (;;) {
		j = (j + 1) & (NTRACK - 1);
		if (track[j].key == 0)
			break;
		size_t k = track_home(track[j].key);
		/* move j back to i unless its home lies cyclically in (i, j] */
		int stays = i <= j ? (k > i && k <= j) : (k > i || k <= j);
		if (!stays) {
			track[i] = track[j];
			i = j;
		}
	}
	track[i].key = 0;
}

int vt_track(uintptr_t key, const vt_pending *p)
{
	if (!key)
		return -1;
	int rc = -1;
	pthread_mutex_lock(&track_lock);
	long i = track_find(key);
	if (i >= 0) {
		/* a handle reused before its last transfer was seen to end */
		track[i].p = *p;
		rc = 0;
	} else if (atomic_load(&ntracked) < NTRACK * 3 / 4) {
		size_t j = track_home(key);
		while (track[j].key)
			j = (j + 1) & (NTRACK - 1);
		track[j].key = key;
		track[j].p = *p;
		atomic_fetch_add(&ntracked, 1);
		rc = 0;
	}
	pthread_mutex_unlock(&track_lock);
	return rc;
}

int vt_tracking(void)
{
	return atomic_load_explicit(&ntracked, memory_order_relaxed) > 0;
}

int vt_tracked(uintptr_t key, vt_pending *p, int take)
{
	if (!key || !vt_tracking())
		return 0;
	pthread_mutex_lock(&track_lock);
	long i = track_find(key);
	if (i >= 0) {
		if (p)
			*p = track[i].p;
		if (take) {
			track_remove((size_t)i);
			atomic_fetch_sub(&ntracked, 1);
		}
	}
	pthread_mutex_unlock(&track_lock);
	return i >= 0;
}

int vt_call_class(int call)
{
	static const unsigned char cls[] = {
#define VD_TL_X(id, api, name, c) c,
		VD_TL_CALLS(VD_TL_X)
#undef VD_TL_X
	};
	return call >= 0 && call < VD_TL_NCALLS ? cls[call] : VD_OP_META;
}
