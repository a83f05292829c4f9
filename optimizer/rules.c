/*
 * rules.c - the rule registry: each rule's metadata (vd_rule_table, from
 * VD_RULES), thresholds (vd_rule_param_table, from VD_RULE_PARAMS) and its
 * check, which walks the run's I/O sites and blocks, builds the evidence in
 * words and numbers and prices the recommendation with the run's device
 * model (vd_score_io_seconds: the same model that predicted the block's
 * I/O seconds).  Nothing here prints.
 *
 * The checks read only what the database holds for a run (vd_result):
 * the PDG blocks with their P values, executions and predicted seconds,
 * the I/O sites with their flags, and the device profile.  "In a loop"
 * means a loop of the same function encloses the call (the block tree).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings_int.h"
#include "vd_extractor.h"

const vd_rule_info vd_rule_table[VD_NRULES] = {
	[VD_RULE_SMALL_IO_LOOP] = { "small-io-loop", "small reads or writes in a loop",
				    VD_DIAG_WARNING,
				    "A read or write call inside a loop moves fewer bytes per call than the small-I/O "
				    "threshold, many times per run: every call pays a system call and the device's "
				    "per-request cost. Gather the data of a pass in a buffer and move it with one call "
				    "(or writev/readv), or read the whole block at once." },
	[VD_RULE_SYNC_IN_LOOP] = { "sync-in-loop", "flush or sync inside a loop", VD_DIAG_WARNING,
				   "fsync/fdatasync/fflush/MPI_File_sync/H5Fflush runs on every iteration of a loop: "
				   "each waits for the device. Sync once after the loop, or every N iterations. This "
				   "changes what survives a crash, so batch only where the durability of each "
				   "iteration is not required." },
	[VD_RULE_SYNC_HANDLE] = { "sync-handle", "writes on an O_SYNC/O_DSYNC handle",
				  VD_DIAG_WARNING,
				  "Writes on a descriptor opened with O_SYNC or O_DSYNC wait for the device on every "
				  "call. Open without the flag and call fdatasync once per batch of writes (a "
				  "durability change: opt in explicitly)." },
	[VD_RULE_OPEN_CLOSE_LOOP] = { "open-close-loop", "open and close of a file per iteration",
				      VD_DIAG_WARNING,
				      "The same file is opened and closed on every iteration of a loop: each open and "
				      "close is a metadata operation (a server round trip on a parallel file system). "
				      "Open it once before the loop and close it after." },
	[VD_RULE_RANDOM_SMALL_READS] = { "random-small-reads",
					 "small random reads of a file that fits in memory",
					 VD_DIAG_WARNING,
					 "Many small reads at non-sequential offsets of a file small enough to keep in "
					 "memory: each read is a random access on the device. Read the file once, "
					 "sequentially, into memory (or mmap it) and serve the accesses from there." },
	[VD_RULE_REREAD] = { "reread", "the same data read more than once", VD_DIAG_WARNING,
			     "The program reads more bytes from a file than the file holds: the same data is "
			     "read again. Keep what was read (a buffer, a cache of the whole file) instead of "
			     "reading it again." },
	[VD_RULE_META_IN_LOOP] = { "meta-in-loop", "metadata calls in a loop", VD_DIAG_WARNING,
				   "stat/access/mkdir/unlink-class calls run on every iteration of a loop: each is a "
				   "metadata operation. Hoist the call out of the loop, or cache its answer." },
	[VD_RULE_PREFETCH] = { "prefetch", "reads in a loop with computation between them",
			       VD_DIAG_NOTE,
			       "A loop reads, then computes, then reads again: the device idles while the CPU "
			       "works and the other way round. Read the next chunk ahead (a background read, "
			       "aio, posix_fadvise(POSIX_FADV_WILLNEED)) so that I/O and computation overlap." },
	[VD_RULE_STDIO_BUFFER] = { "stdio-buffer",
				   "many small stdio records through the default buffer",
				   VD_DIAG_NOTE,
				   "A stdio stream carries many small records through its default buffer (a few "
				   "KiB): every buffer-full is a system call. Give the stream a large buffer with "
				   "setvbuf(fp, NULL, _IOFBF, 1 << 20) right after fopen." },
	[VD_RULE_MPIIO_INDEPENDENT] = { "mpiio-independent",
					"independent MPI-IO where a collective call fits",
					VD_DIAG_WARNING,
					"Every rank calls an independent MPI-IO data function on a shared file: the file "
					"system sees many small, interleaved requests. Use the collective form (_all, "
					"e.g. MPI_File_write_at_all) so that MPI-IO can aggregate them (two-phase I/O), "
					"or set collective-buffering hints." },
	[VD_RULE_HDF5_SMALL_WRITES] = { "hdf5-small-writes", "small HDF5 dataset writes per step",
					VD_DIAG_WARNING,
					"H5Dwrite of a small selection on every step of a loop: each write goes through "
					"the chunk cache and the file's metadata. Use a chunked dataset whose chunk holds "
					"many steps, enlarge the chunk cache (H5Pset_chunk_cache), or buffer steps in "
					"memory and write them together." },
	[VD_RULE_RANK0_FUNNEL] = { "rank0-funnel", "one rank writes for all", VD_DIAG_WARNING,
				   "Under a branch that only one MPI rank takes (rank == 0), that rank writes most of "
				   "the job's data: the others wait and one client's bandwidth bounds the job. Let "
				   "every rank write its own part of a shared file (collective MPI-IO, parallel "
				   "HDF5)." },
	[VD_RULE_FILE_PER_PROCESS] = { "file-per-process",
				       "a file per process at a large process count",
				       VD_DIAG_WARNING,
				       "Every process creates and writes a file of its own: at large process counts the "
				       "file system's metadata service serialises thousands of creates. Write one shared "
				       "file (MPI-IO, parallel HDF5) or a file per group of ranks." },
	[VD_RULE_UNKNOWN_BOUND] = { "unknown-bound", "an I/O loop whose trip count is assumed",
				    VD_DIAG_NOTE,
				    "vidya could not evaluate the trip count of a loop that does I/O and assumed one "
				    "(--assume-trip): its predicted seconds are a guess. Bind the value that decides "
				    "the bound with --args, --define or --env, so the prediction and the other "
				    "findings rest on facts." },
	[VD_RULE_SEQ_SCAN_NO_ADVICE] = { "seq-scan-no-advice",
					 "a sequential scan of a large file without read-ahead advice",
					 VD_DIAG_NOTE,
					 "A large file is read sequentially and the program never tells the kernel: call "
					 "posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL) after open (and "
					 "POSIX_FADV_DONTNEED behind the scan for data read once) so read-ahead grows "
					 "and the page cache is not flooded." },
	/* the trace rules: read a trace's counters (Drishti's triggers on
	 * Darshan counters); they come last */
	[VD_RULE_TRACE_SMALL_REQUESTS] = { "trace-small-requests",
					   "measured: many small requests to a file",
					   VD_DIAG_WARNING,
					   "The trace measured many reads or writes under 10 KiB to one file: each pays a "
					   "system call and the device's per-request cost. Aggregate them in memory and "
					   "move larger blocks (a buffer, collective I/O)." },
	[VD_RULE_TRACE_MISALIGNED] = { "trace-misaligned",
				       "measured: requests not aligned to 4 KiB", VD_DIAG_NOTE,
				       "The trace measured requests at offsets that are not multiples of the 4 KiB page "
				       "and block size: the kernel and the file system read-modify-write partial blocks. "
				       "Pad records or headers so that transfers start at aligned offsets." },
	[VD_RULE_TRACE_RANDOM] = { "trace-random", "measured: random access to a file",
				   VD_DIAG_WARNING,
				   "The trace measured reads or writes that are neither consecutive nor sequential: "
				   "the device seeks and read-ahead is wasted. Sort the accesses by offset, or read "
				   "the data once into memory." },
	[VD_RULE_TRACE_METADATA] = { "trace-metadata", "measured: metadata calls dominate I/O time",
				     VD_DIAG_WARNING,
				     "The trace measured more time in opens, closes, seeks, syncs and stat-class calls "
				     "than the threshold share of the file's I/O time. Open files once, avoid repeated "
				     "stat/seek calls, and batch syncs." },
	[VD_RULE_TRACE_IMBALANCE] = { "trace-imbalance",
				      "measured: processes move unequal amounts of a shared file",
				      VD_DIAG_WARNING,
				      "Processes that share a file moved very different amounts of it: the busiest one "
				      "bounds the I/O phase. Distribute the data evenly (or use collective I/O, which "
				      "rebalances through aggregators)." },
	[VD_RULE_TRACE_STRAGGLERS] = { "trace-stragglers",
				       "measured: one process's I/O on a shared file takes much longer",
				       VD_DIAG_WARNING,
				       "One process spent much longer in I/O on a shared file than the others: the rest "
				       "wait for it. Check what differs for that process (more data, unaligned or small "
				       "requests, a slower path) and balance it." },
};

const vd_rule_param_info vd_rule_param_table[VD_NRULE_PARAMS] = {
#define VD_X_(rule, name, def, desc) { VD_RULE_##rule, #name, def, desc },
	VD_RULE_PARAMS(VD_X_)
#undef VD_X_
};

/* ---- helpers ------------------------------------------------------------------- */

#define P(rule, name) (k->c->param[VD_RP_##rule##_##name])

static const vd_block *blk(const rule_ctx *k, const char *id)
{
	long i = id ? vd_result_find(k->r, id) : -1;
	return i >= 0 ? &k->r->blocks[i] : NULL;
}

static const vd_block *parent_of(const rule_ctx *k, const vd_block *b)
{
	return b ? blk(k, b->parent_id) : NULL;
}

/* the innermost loop of the same function around block `b`, or NULL */
static const vd_block *loop_in_function(const rule_ctx *k, const vd_block *b)
{
	for (b = parent_of(k, b); b && b->kind != VD_KIND_FUNCTION && b->kind != VD_KIND_PROGRAM;
	     b = parent_of(k, b))
		if (b->kind == VD_KIND_LOOP)
			return b;
	return NULL;
}

/* the call blocks that run (executions > 0) naming a function, in block order */
typedef struct call_list {
	size_t n, cap;
	size_t *v;
} call_list;

/* the call blocks naming `fn` (every name of an indirect call's label):
 * built once per rule run, so that finding the calls of a function is not
 * a scan of every block (quadratic on large programs) */
static const call_list *calls_of(const rule_ctx *kc, const char *fn)
{
	/* a cache beside the run's data: the context itself is never const */
	rule_ctx *k = (rule_ctx *)kc;
	if (!k->calls_of) {
		k->calls_of = vd_map_new();
		for (size_t i = 0; i < k->r->nblocks; i++) {
			const vd_block *c = &k->r->blocks[i];
			if (c->kind != VD_KIND_CALL || c->executions <= 0 || !c->label)
				continue;
			for (const char *p = c->label; *p;) {
				const char *bar = strchr(p, '|');
				size_t len = bar ? (size_t)(bar - p) : strlen(p);
				char *name = vd_xstrndup(p, len);
				call_list *l = vd_map_get(k->calls_of, name);
				if (!l) {
					l = vd_xcalloc(1, sizeof *l);
					vd_map_put(k->calls_of, name, l);
				}
				free(name);
				if (!l->n || l->v[l->n - 1] != i) {
					vd_vec_grow_((void **)&l->v, &l->cap, l->n + 1,
						     sizeof *l->v);
					l->v[l->n++] = i;
				}
				if (!bar)
					break;
				p = bar + 1;
			}
		}
	}
	return vd_map_get(k->calls_of, fn);
}

void vd_rules_ctx_release(rule_ctx *k)
{
	if (!k->calls_of)
		return;
	size_t it = 0;
	const char *key;
	void *v;
	while (vd_map_next(k->calls_of, &it, &key, &v)) {
		call_list *l = v;
		free(l->v);
		free(l);
	}
	vd_map_free(k->calls_of);
	k->calls_of = NULL;
}

/*
 * The loop around block `b`: one of its own function, else one around a
 * call of that function (a helper called once per iteration), up to
 * `depth` calls up, the busiest such loop.  NULL when none.
 */
static const vd_block *loop_around(const rule_ctx *k, const vd_block *b, int depth)
{
	const vd_block *l = loop_in_function(k, b);
	if (l || depth <= 0 || !b)
		return l;
	const vd_block *fn = b;
	while (fn && fn->kind != VD_KIND_FUNCTION)
		fn = parent_of(k, fn);
	if (!fn || !fn->function || fn->executions < 2)
		return NULL;
	const vd_block *best = NULL;
	const call_list *calls = calls_of(k, fn->function);
	for (size_t j = 0; calls && j < calls->n; j++) {
		const vd_block *c = &k->r->blocks[calls->v[j]];
		const vd_block *cl = loop_around(k, c, depth - 1);
		if (cl && (!best || cl->executions > best->executions))
			best = cl;
	}
	return best;
}

static const vd_block *enclosing_loop(const rule_ctx *k, const vd_block *b)
{
	return loop_around(k, b, 3);
}

/* 1 when `anc` encloses `b` (or is it) */
static int encloses(const rule_ctx *k, const vd_block *anc, const vd_block *b)
{
	for (; b; b = parent_of(k, b))
		if (b == anc)
			return 1;
	return 0;
}

/* the call runs on (about) every iteration of loop `l`, not every Nth */
static int every_iteration(const vd_iosite *s, const vd_block *l)
{
	return s->count >= 0.5 * l->executions;
}

/* times a loop is entered in one run: its parent's executions, at least 1 */
static double entries(const rule_ctx *k, const vd_block *loop)
{
	const vd_block *p = parent_of(k, loop);
	return p && p->executions > 1 ? p->executions : 1;
}

static int ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* `name` in `text` as a whole identifier, or NULL */
static const char *find_ident(const char *text, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = text ? strstr(text, name) : NULL; p; p = strstr(p + 1, name))
		if (!(p > text && ident_char(p[-1])) && !ident_char(p[n]))
			return p;
	return NULL;
}

/* the variable MPI_Comm_rank stores the rank in, within function `fn`
 * (`MPI_Comm_rank(comm, &rank)`), or NULL */
static const char *rank_var(const rule_ctx *k, const vd_block *fn)
{
	for (int n = fn->line; n <= fn->end_line; n++) {
		const char *t = vd_source_line(k->f->arena, k->r->project_root, fn->file, n);
		const char *p = t ? strstr(t, "MPI_Comm_rank") : NULL;
		p = p ? strchr(p, '&') : NULL;
		if (!p)
			continue;
		const char *e = ++p;
		while (ident_char(*e))
			e++;
		if (e > p)
			return vd_arena_strndup(k->f->arena, p, (size_t)(e - p));
	}
	return NULL;
}

/* the condition on `branch`'s first line tests rank variable `var`
 * against 0 (`rank == 0`, `0 == rank`, `!rank`) */
static int tests_rank0(const rule_ctx *k, const vd_block *branch, const char *var)
{
	const char *t = vd_source_line(k->f->arena, k->r->project_root, branch->file, branch->line);
	const char *p = find_ident(t, var);
	if (!p)
		return 0;
	const char *q = p + strlen(var);
	while (*q == ' ' || *q == ')')
		q++;
	const char *b = p;
	while (b > t && (b[-1] == ' ' || b[-1] == '('))
		b--;
	return (!strncmp(q, "==", 2) && q[2 + strspn(q + 2, " ")] == '0' &&
		!ident_char(q[3 + strspn(q + 2, " ")])) ||
	       (b > t && b[-1] == '!' && (b - 1 == t || b[-2] != '!')) ||
	       (b - t >= 4 && !strncmp(b - 2, "==", 2) && b[-3 - (b[-3] == ' ')] == '0');
}

/*
 * A branch of the same function around `b` that one rank of nprocs takes
 * (`rank == 0`): the evaluator counts what runs right under it for
 * 1/nprocs of the branch's own executions; through a loop inside the
 * branch that ratio is lost, so the branch's condition is also read from
 * the source.  Returns it, or NULL.
 */
static const vd_block *rank_guard(const rule_ctx *k, const vd_block *b)
{
	double np = k->r->nprocs;
	if (np < 2)
		return NULL;
	const vd_block *fn = b;
	while (fn && fn->kind != VD_KIND_FUNCTION)
		fn = parent_of(k, fn);
	const char *var = NULL;
	int looked = 0;
	for (const vd_block *p = parent_of(k, b);
	     b && p && b->kind != VD_KIND_FUNCTION && b->kind != VD_KIND_PROGRAM;
	     b = p, p = parent_of(k, p)) {
		if (p->kind != VD_KIND_BRANCH)
			continue;
		if (p->executions > 0 && b->executions > 0 &&
		    fabs(b->executions / p->executions * np - 1) < 0.01)
			return p;
		if (!looked && fn) {
			var = rank_var(k, fn);
			looked = 1;
		}
		if (var && tests_rank0(k, p, var))
			return p;
	}
	return NULL;
}

static int api_is(const vd_iosite *s, const char *api)
{
	return s->api && !strcmp(s->api, api);
}

static int op_is(const vd_iosite *s, const char *op)
{
	return s->op && !strcmp(s->op, op);
}

static int data_op(const vd_iosite *s)
{
	return op_is(s, "read") || op_is(s, "write");
}

/* a call that tunes I/O rather than doing it (catalogued as meta) */
static int advice_call(const char *call)
{
	static const char *const names[] = { "setvbuf",    "setbuf",        "setbuffer",
					     "setlinebuf", "posix_fadvise", "posix_fadvise64",
					     "madvise",    "posix_madvise", "readahead",
					     "readdir",    "readdir64",     NULL };
	for (int i = 0; call && names[i]; i++)
		if (!strcmp(call, names[i]))
			return 1;
	return 0;
}

/* one call like site `s` with `bytes` per call, priced on the run's device */
static double price(const rule_ctx *k, const vd_iosite *s, int op, double bytes, int collective,
		    int sync_handle)
{
	vd_io_event e;
	memset(&e, 0, sizeof e);
	e.block = -1;
	e.api = s->api;
	e.call = s->call;
	e.op = op;
	e.count = 1;
	e.bytes = bytes;
	e.is_data = op == VD_OP_READ || op == VD_OP_WRITE;
	e.binary = (s->flags & VD_IO_BINARY) != 0;
	e.text = (s->flags & VD_IO_TEXT) != 0;
	e.collective = collective;
	e.sync_handle = sync_handle;
	e.file = -1;
	e.path = s->path;
	return vd_score_io_seconds(&e, &k->r->device, k->r->nprocs > 0 ? k->r->nprocs : 1);
}

static int site_op(const vd_iosite *s)
{
	return op_is(s, "read") ? VD_OP_READ : op_is(s, "write") ? VD_OP_WRITE : VD_OP_META;
}

static double site_io_s(const rule_ctx *k, const vd_iosite *s)
{
	const vd_block *b = blk(k, s->block_id);
	return b ? b->io_s : 0;
}

/* "2 KiB", "512 KiB", "12 bytes", "1.5 MiB" */
const char *vd_fmt_bytes(vd_arena *a, double n)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB" };
	if (n < 1024)
		return vd_arena_printf(a, "%.0f byte%s", n, n == 1 ? "" : "s");
	int u = 0;
	n /= 1024;
	while (n >= 1024 && u < 3) {
		n /= 1024;
		u++;
	}
	return vd_arena_printf(a, n == floor(n) ? "%.0f %s" : "%.1f %s", n, unit[u]);
}

/* a count as people write it: 2560, 1.2 million */
static const char *fmt_count(vd_arena *a, double n)
{
	if (n >= 1e6)
		return vd_arena_printf(a, "%.3g million", n / 1e6);
	if (n == floor(n))
		return vd_arena_printf(a, "%.0f", n);
	return vd_arena_printf(a, "%.1f", n);
}

static const char *fmt_s(vd_arena *a, double s)
{
	return vd_arena_printf(a, "%.3g s", s);
}

static const char *pct(const rule_ctx *k, double io_s)
{
	double share = k->prog_io > 0 ? io_s / k->prog_io : 0;
	return vd_arena_printf(k->f->arena, "%.0f %% of the program's predicted I/O time (%s)",
			       share * 100, fmt_s(k->f->arena, io_s));
}

#define A (k->f->arena)

/* "the for loop at lines 38-39", or "the for loop at main.c:43-49" when
 * the loop is not around site `s` itself (a caller's loop) */
static const char *where_loop(const rule_ctx *k, const vd_block *l, const vd_iosite *s)
{
	int here = !s || (l->file && s->file && !strcmp(l->file, s->file) && s->line >= l->line &&
			  s->line <= (l->end_line > l->line ? l->end_line : l->line));
	const char *at = here ? vd_arena_printf(A, "line%s ", l->end_line > l->line ? "s" : "")
			      : vd_arena_printf(A, "%s:", l->file ? l->file : "?");
	const char *range = l->end_line > l->line
				    ? vd_arena_printf(A, "%d-%d", l->line, l->end_line)
				    : vd_arena_printf(A, "%d", l->line);
	return vd_arena_printf(A, "the %s%sloop at %s%s%s", l->label ? l->label : "",
			       l->label ? " " : "", at, range, here ? "" : " (through calls)");
}

/* a new finding of `rule`: zero but for its rule and severity */
static vd_finding *new_finding(rule_ctx *k, vd_rule_id rule)
{
	vd_findings *f = k->f;
	vd_vec_grow_((void **)&f->items, &k->cap, f->n + 1, sizeof *f->items);
	vd_finding *x = &f->items[f->n++];
	memset(x, 0, sizeof *x);
	x->rule = rule;
	x->severity = k->c->severity[rule];
	return x;
}

/* x's evidence and recommendation, from a text "evidence\nrecommendation" */
VD_PRINTF(3, 0)
static void finding_text(rule_ctx *k, vd_finding *x, const char *fmt, va_list ap)
{
	vd_buf t = VD_BUF_INIT;
	vd_buf_vprintf(&t, fmt, ap);
	char *nl = strchr(t.ptr ? t.ptr : "", '\n');
	if (nl) {
		x->recommendation = vd_arena_strdup(A, nl + 1);
		*nl = 0;
	}
	x->evidence = vd_arena_strdup(A, vd_buf_cstr(&t));
	vd_buf_release(&t);
}

VD_PRINTF(7, 0)
static void emitv(rule_ctx *k, vd_rule_id rule, const vd_block *b, const vd_iosite *s, double io_s,
		  double gain, const char *fmt, va_list ap)
{
	vd_findings *f = k->f;
	vd_finding *x = new_finding(k, rule);
	/* a caller's loop is not where the call is: the finding is about the call */
	if (s && (!b->file || !s->file || strcmp(b->file, s->file) || s->line < b->line ||
		  s->line > (b->end_line > b->line ? b->end_line : b->line))) {
		const vd_block *io = blk(k, s->block_id);
		if (io)
			b = io;
	}
	x->block_id = vd_arena_strdup(f->arena, b->id);
	x->file = vd_arena_strdup(f->arena, b->file ? b->file : s ? s->file : NULL);
	x->line = b->line;
	x->end_line = b->end_line > b->line ? b->end_line : b->line;
	x->site_line = s ? s->line : b->line;
	x->call = s ? vd_arena_strdup(f->arena, s->call) : NULL;
	finding_text(k, x, fmt, ap);
	x->io_s = io_s;
	x->share = k->prog_io > 0 ? io_s / k->prog_io : 0;
	x->gain_s = gain > 0 ? gain : 0;
}

/* evidence and recommendation, separated by '\n' */
VD_PRINTF(7, 8)
static void emit(rule_ctx *k, vd_rule_id rule, const vd_block *b, const vd_iosite *s, double io_s,
		 double gain, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	emitv(k, rule, b, s, io_s, gain, fmt, ap);
	va_end(ap);
}

/* where a loop's iterations do their work for site `s`: the loop itself
 * when it encloses the site, else the site's function (called from it) */
static const vd_block *scope_of(const rule_ctx *k, const vd_iosite *s, const vd_block *l)
{
	const vd_block *b = blk(k, s->block_id);
	if (encloses(k, l, b))
		return l;
	while (b && b->kind != VD_KIND_FUNCTION)
		b = parent_of(k, b);
	return b;
}

/* the first site of operation `op` (and s's interface) inside `scope`
 * executing at least `min` times */
static const vd_iosite *site_in(const rule_ctx *k, const vd_block *scope, const vd_iosite *s,
				const char *op, double min)
{
	for (size_t i = 0; scope && i < k->r->nsites; i++) {
		const vd_iosite *c = &k->r->sites[i];
		if (op_is(c, op) && c->count >= min && c->api && s->api &&
		    !strcmp(c->api, s->api) && encloses(k, scope, blk(k, c->block_id)))
			return c;
	}
	return NULL;
}

static char *source_line(rule_ctx *k, const char *file, int line)
{
	return vd_source_line(A, k->r->project_root, file, line);
}

/* `name` occurs in `text` as a whole identifier followed (after blanks) by
 * `next` ('\0': anything), or preceded by "printf(", "cpy(", "cat(" */
static int assigns(const char *text, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
		if ((p > text && ident_char(p[-1])) || ident_char(p[n]))
			continue;
		const char *q = p + n;
		while (*q == ' ' || *q == '\t')
			q++;
		if ((q[0] == '=' && q[1] != '=') || (q[0] && strchr("+-*/|&", q[0]) && q[1] == '='))
			return 1;
		const char *b = p;
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b > text && b[-1] == '(') {
			const char *f = b - 1;
			if ((f - text >= 6 && !strncmp(f - 6, "printf", 6)) ||
			    (f - text >= 3 &&
			     (!strncmp(f - 3, "cpy", 3) || !strncmp(f - 3, "cat", 3))))
				return 1;
		}
	}
	return 0;
}

/*
 * An open whose path the analysis could not resolve: the same file on
 * every iteration when its path argument is a string literal, or a
 * variable the loop does not write (sprintf/snprintf/strcpy/strcat into
 * it, or an assignment).  Read from the source; 0 when unsure.
 */
static int same_path_each_iteration(rule_ctx *k, const vd_iosite *s, const vd_block *l)
{
	char *text = source_line(k, s->file, s->line);
	const char *p = text ? strstr(text, s->call) : NULL;
	while (p && (ident_char(p[strlen(s->call)]) || (p > text && ident_char(p[-1]))))
		p = strstr(p + 1, s->call);
	if (!p)
		return 0;
	p = strchr(p, '(');
	if (!p)
		return 0;
	p++;
	while (*p == ' ')
		p++;
	if (*p == '"')
		return 1;
	const char *e = p;
	while (ident_char(*e))
		e++;
	if (e == p)
		return 0;
	char *name = vd_arena_strndup(A, p, (size_t)(e - p));
	int end = l->end_line > l->line ? l->end_line : l->line;
	for (int n = l->line; n <= end; n++) {
		const char *t = source_line(k, l->file, n);
		if (!t || assigns(t, name))
			return 0;
	}
	return 1;
}

/* ---- the checks ---------------------------------------------------------------- */

/* The loop around site `s` that makes its call on every iteration, at least
 * twice per entry on average: `ent` its entries, `per` the calls per entry.
 * NULL when s is in no loop, runs every Nth iteration only (batched
 * already) or less than twice per entry. */
static const vd_block *loop_repeating(const rule_ctx *k, const vd_iosite *s, double *ent,
				      double *per)
{
	const vd_block *l = enclosing_loop(k, blk(k, s->block_id));
	if (!l)
		return NULL;
	*ent = entries(k, l);
	*per = s->count / *ent;
	return every_iteration(s, l) && *per >= 2 ? l : NULL;
}

/* what the reads of one file add up to: all the read sites of its path
 * when the path is known, else the one site */
typedef struct read_group {
	double bytes, io_s;
	double size;          /* the largest P8 (file size) of their blocks */
	unsigned flags;       /* the sites' VD_IO_* flags, or'ed */
	const vd_iosite *top; /* the site reading the most */
} read_group;

/* the group of read site i (not yet `done`); marks its members done */
static void read_group_of(const rule_ctx *k, size_t i, char *done, read_group *g)
{
	const vd_result *r = k->r;
	const vd_iosite *s = &r->sites[i];
	memset(g, 0, sizeof *g);
	g->top = s;
	for (size_t j = i; j < r->nsites; j++) {
		const vd_iosite *t = &r->sites[j];
		if (!op_is(t, "read") ||
		    (j != i && (!s->path || !t->path || strcmp(s->path, t->path))))
			continue;
		done[j] = 1;
		g->bytes += t->bytes_total;
		g->io_s += site_io_s(k, t);
		g->flags |= t->flags;
		const vd_block *b = blk(k, t->block_id);
		if (b && b->p[VD_p8] > g->size)
			g->size = b->p[VD_p8];
		if (t->bytes_total > g->top->bytes_total)
			g->top = t;
	}
}

/* "'PATH'" or, for no path, `none` */
static const char *quoted(rule_ctx *k, const char *path, const char *none)
{
	return path ? vd_arena_printf(A, "'%s'", path) : none;
}

/* A byte count that rests on an estimate of a formatted text's length (a
 * record built with snprintf, an unknown string) rather than on
 * --assume-bytes: its size is known to be of that order - a small record
 * stays small - though not exact. */
static int estimated_bytes(const rule_ctx *k, const vd_iosite *s)
{
	return (s->flags & VD_IO_TEXT || s->bytes_per_call < k->r->assume_bytes) &&
	       s->bytes_per_call != k->r->assume_bytes;
}

static void check_small_io_loop(rule_ctx *k, const vd_iosite *s)
{
	if (!data_op(s) || api_is(s, "stdio") || api_is(s, "mpiio") || api_is(s, "hdf5"))
		return;
	if (op_is(s, "read") && (s->flags & VD_IO_RANDOM))
		return; /* random-small-reads */
	if ((s->flags & VD_IO_BYTES_UNKNOWN && !estimated_bytes(k, s)) || s->bytes_per_call <= 0 ||
	    s->bytes_per_call >= P(SMALL_IO_LOOP, max_bytes) ||
	    s->count < P(SMALL_IO_LOOP, min_calls))
		return;
	double ent, per;
	const vd_block *l = loop_repeating(k, s, &ent, &per);
	if (!l)
		return;
	int op = site_op(s);
	double io = site_io_s(k, s), chunk = s->bytes_per_call * per;
	double gain = io - ent * price(k, s, op, chunk, 0, (s->flags & VD_IO_SYNC_HANDLE) != 0);
	const vd_block *fn = parent_of(k, l);
	while (fn && fn->kind != VD_KIND_FUNCTION && fn->kind != VD_KIND_LOOP)
		fn = parent_of(k, fn);
	const char *per_what =
		fn && fn->kind == VD_KIND_FUNCTION
			? vd_arena_printf(A, "per call of %s",
					  fn->function ? fn->function : "its function")
			: "per pass of the enclosing loop";
	emit(k, VD_RULE_SMALL_IO_LOOP, l, s, io, gain,
	     "%s %s`%s` calls of %s in %s (%s %s), %s\n"
	     "%s the data of each pass in one call: one `%s` of %s %s would do "
	     "(gather into a buffer, or %s)",
	     fmt_count(A, s->count), s->flags & VD_IO_ASYNC ? "" : "synchronous ", s->call,
	     s->flags & VD_IO_BYTES_UNKNOWN
		     ? vd_arena_printf(A, "about %s", vd_fmt_bytes(A, s->bytes_per_call))
		     : vd_fmt_bytes(A, s->bytes_per_call),
	     where_loop(k, l, s), fmt_count(A, per), per_what, pct(k, io),
	     op == VD_OP_READ ? "read" : "write", s->call, vd_fmt_bytes(A, chunk), per_what,
	     op == VD_OP_READ ? "readv" : "writev");
}

static void check_sync_in_loop(rule_ctx *k, const vd_iosite *s)
{
	if (!op_is(s, "sync") && !op_is(s, "flush"))
		return;
	if (s->count < P(SYNC_IN_LOOP, min_calls))
		return;
	double ent, per;
	const vd_block *l = loop_repeating(k, s, &ent, &per);
	if (!l)
		return;
	/* a new file per iteration, each synced once: that is per-file durability */
	if (site_in(k, scope_of(k, s, l), s, "open", s->count * 0.99))
		return;
	double io = site_io_s(k, s);
	double gain = io - io / per;
	emit(k, VD_RULE_SYNC_IN_LOOP, l, s, io, gain,
	     "%s `%s` calls in %s, %s per entry to the loop, %s\n"
	     "call `%s` once after the loop (or every N iterations) instead of on every "
	     "iteration; this changes what survives a crash, so do it only where each "
	     "iteration need not be durable",
	     fmt_count(A, s->count), s->call, where_loop(k, l, s), fmt_count(A, per), pct(k, io),
	     s->call);
}

static void check_sync_handle(rule_ctx *k, const vd_iosite *s)
{
	if (!op_is(s, "write") || !(s->flags & VD_IO_SYNC_HANDLE) ||
	    s->count < P(SYNC_HANDLE, min_calls))
		return;
	const vd_block *b = blk(k, s->block_id), *l = enclosing_loop(k, b);
	double io = site_io_s(k, s);
	double gain = io - s->count * price(k, s, VD_OP_WRITE, s->bytes_per_call, 0, 0) -
		      k->r->device.fsync_latency_s;
	emit(k, VD_RULE_SYNC_HANDLE, l ? l : b, s, io, gain,
	     "%s `%s` calls of %s on a handle opened with O_SYNC/O_DSYNC (each waits for the "
	     "device), %s\n"
	     "open the file without O_SYNC/O_DSYNC and call fdatasync once per batch of writes "
	     "(a durability change: opt in explicitly)",
	     fmt_count(A, s->count), s->call, vd_fmt_bytes(A, s->bytes_per_call), pct(k, io));
}

static void check_open_close_loop(rule_ctx *k, const vd_iosite *s)
{
	if (!op_is(s, "open") || s->count < P(OPEN_CLOSE_LOOP, min_calls))
		return;
	double ent, per;
	const vd_block *l = loop_repeating(k, s, &ent, &per);
	if (!l)
		return;
	const vd_block *scope = scope_of(k, s, l);
	if (!s->path && (scope != l || !same_path_each_iteration(k, s, l)))
		return; /* maybe another file each time */
	const vd_iosite *close = site_in(k, scope, s, "close", 0);
	if (!close)
		return;
	double io = site_io_s(k, s) + site_io_s(k, close);
	emit(k, VD_RULE_OPEN_CLOSE_LOOP, l, s, io, io - io / per,
	     "%s is opened (`%s`, line %d) and closed (`%s`, line %d) %s times in %s, %s per "
	     "entry to the loop, %s\n"
	     "open the file once before the loop and close it after it",
	     quoted(k, s->path, "the same file"), s->call, s->line, close->call, close->line,
	     fmt_count(A, s->count), where_loop(k, l, s), fmt_count(A, per), pct(k, io));
}

static void check_random_small_reads(rule_ctx *k, const vd_iosite *s)
{
	if (!op_is(s, "read") || !(s->flags & VD_IO_RANDOM) || (s->flags & VD_IO_BYTES_UNKNOWN) ||
	    s->bytes_per_call <= 0 || s->bytes_per_call >= P(RANDOM_SMALL_READS, max_bytes) ||
	    s->count < P(RANDOM_SMALL_READS, min_calls))
		return;
	const vd_block *b = blk(k, s->block_id);
	double size = b ? b->p[VD_p8] : 0;
	double cache = k->r->device.cache_bytes > 0 ? k->r->device.cache_bytes : 8e9;
	if (size <= 0 || size > P(RANDOM_SMALL_READS, max_cache_share) * cache)
		return;
	const vd_block *l = enclosing_loop(k, b);
	double io = site_io_s(k, s);
	double gain = io - price(k, s, VD_OP_READ, size, 0, 0);
	emit(k, VD_RULE_RANDOM_SMALL_READS, l ? l : b, s, io, gain,
	     "%s `%s` calls of %s at random offsets of a %s file%s%s, %s\n"
	     "read the %s file into memory once (one sequential read, or mmap) and serve the "
	     "accesses from memory",
	     fmt_count(A, s->count), s->call, vd_fmt_bytes(A, s->bytes_per_call),
	     vd_fmt_bytes(A, size), s->path ? vd_arena_printf(A, " ('%s')", s->path) : "",
	     l ? vd_arena_printf(A, " in %s", where_loop(k, l, s)) : "", pct(k, io),
	     vd_fmt_bytes(A, size));
}

/* reads grouped by file: path when known, else the site */
static void check_reread(rule_ctx *k)
{
	const vd_result *r = k->r;
	char *done = vd_xcalloc(r->nsites ? r->nsites : 1, 1);
	for (size_t i = 0; i < r->nsites; i++) {
		const vd_iosite *s = &r->sites[i];
		if (done[i] || !op_is(s, "read"))
			continue;
		read_group g;
		read_group_of(k, i, done, &g);
		double bytes = g.bytes, io = g.io_s, size = g.size;
		const vd_iosite *top = g.top;
		/* a total resting on an assumed count or size is no evidence */
		if ((g.flags & (VD_IO_BYTES_UNKNOWN | VD_IO_COUNT_UNKNOWN)) || size <= 0 ||
		    bytes < P(REREAD, min_bytes) || bytes < P(REREAD, min_ratio) * size)
			continue;
		const vd_block *b = blk(k, top->block_id), *l = enclosing_loop(k, b);
		emit(k, VD_RULE_REREAD, l ? l : b, top, io, io * (1 - size / bytes),
		     "%s read from %s of %s: every byte %.1f times on average (largest: `%s` at line "
		     "%d), %s\n"
		     "keep the data read the first time (a buffer or a whole-file cache) instead of "
		     "reading it again",
		     vd_fmt_bytes(A, bytes), quoted(k, top->path, "a file"), vd_fmt_bytes(A, size),
		     bytes / size, top->call, top->line, pct(k, io));
	}
	free(done);
}

static void check_meta_in_loop(rule_ctx *k, const vd_iosite *s)
{
	if (!op_is(s, "meta") || advice_call(s->call) || s->count < P(META_IN_LOOP, min_calls))
		return;
	double ent, per;
	const vd_block *l = loop_repeating(k, s, &ent, &per);
	if (!l)
		return;
	double io = site_io_s(k, s);
	emit(k, VD_RULE_META_IN_LOOP, l, s, io, io - io / per,
	     "%s `%s` calls in %s, %s per entry to the loop, %s\n"
	     "call `%s` once before the loop (or cache its answer) instead of on every iteration",
	     fmt_count(A, s->count), s->call, where_loop(k, l, s), fmt_count(A, per), pct(k, io),
	     s->call);
}

static void check_prefetch(rule_ctx *k, const vd_iosite *s)
{
	if (!op_is(s, "read") || (s->flags & (VD_IO_RANDOM | VD_IO_ASYNC)) || k->has_fadvise ||
	    !(api_is(s, "posix") || api_is(s, "stdio")) || s->count < P(PREFETCH, min_calls))
		return;
	const vd_block *l = enclosing_loop(k, blk(k, s->block_id));
	double io = site_io_s(k, s);
	if (!l || io < P(PREFETCH, min_io_s) || l->compute_s < P(PREFETCH, min_compute_ratio) * io)
		return;
	double gain = io < l->compute_s ? io : l->compute_s;
	emit(k, VD_RULE_PREFETCH, l, s, io, gain,
	     "%s `%s` calls of %s in %s, which also computes for %s between the reads; the "
	     "reads take %s\n"
	     "read the next chunk ahead while the current one is processed (a background read "
	     "or aio, or posix_fadvise(POSIX_FADV_WILLNEED)) so that reading and computing "
	     "overlap",
	     fmt_count(A, s->count), s->call, vd_fmt_bytes(A, s->bytes_per_call),
	     where_loop(k, l, s), fmt_s(A, l->compute_s), pct(k, io));
}

static void check_stdio_buffer(rule_ctx *k, const vd_iosite *s)
{
	if (!api_is(s, "stdio") || !data_op(s) || k->has_setvbuf ||
	    (s->flags & VD_IO_BYTES_UNKNOWN && !estimated_bytes(k, s)) || s->bytes_per_call <= 0 ||
	    s->bytes_per_call >= P(STDIO_BUFFER, max_bytes) ||
	    s->count < P(STDIO_BUFFER, min_calls))
		return;
	const vd_block *b = blk(k, s->block_id), *l = enclosing_loop(k, b);
	double io = site_io_s(k, s);
	double sys4k = ceil(s->bytes_total / 4096), sys1m = ceil(s->bytes_total / 1048576);
	double lat = k->r->device.latency_s > 0 ? k->r->device.latency_s : 2e-6;
	emit(k, VD_RULE_STDIO_BUFFER, l ? l : b, s, io, (sys4k - sys1m) * lat,
	     "%s `%s` records of %s (%s in all) through the stream's default buffer: about %s "
	     "system calls of 4 KiB, %s\n"
	     "give the stream a large buffer right after opening it: static char buf[1 << 20]; "
	     "setvbuf(fp, buf, _IOFBF, sizeof buf) (about %s system calls; glibc ignores the "
	     "size when the buffer is NULL)",
	     fmt_count(A, s->count), s->call,
	     s->flags & VD_IO_BYTES_UNKNOWN
		     ? vd_arena_printf(A, "about %s", vd_fmt_bytes(A, s->bytes_per_call))
		     : vd_fmt_bytes(A, s->bytes_per_call),
	     vd_fmt_bytes(A, s->bytes_total), fmt_count(A, sys4k), pct(k, io), fmt_count(A, sys1m));
}

static void check_mpiio_independent(rule_ctx *k, const vd_iosite *s)
{
	if (!api_is(s, "mpiio") || !data_op(s) || (s->flags & VD_IO_COLLECTIVE) ||
	    k->r->nprocs < P(MPIIO_INDEPENDENT, min_procs) || s->count <= 0)
		return;
	const vd_block *b = blk(k, s->block_id);
	if (rank_guard(k, b))
		return; /* one rank's call: nothing to make collective */
	const vd_block *l = enclosing_loop(k, b);
	double io = site_io_s(k, s);
	double alt = s->count * price(k, s, site_op(s), s->bytes_per_call, 1, 0);
	emit(k, VD_RULE_MPIIO_INDEPENDENT, l ? l : b, s, io, io - alt,
	     "every one of %d ranks calls the independent `%s` %s time%s (%s each)%s, %s\n"
	     "use the collective form (`%s_all`-style, e.g. MPI_File_write_at_all) so that MPI-IO "
	     "aggregates the ranks' requests, or set collective-buffering hints",
	     k->r->nprocs, s->call, fmt_count(A, s->count), s->count == 1 ? "" : "s",
	     vd_fmt_bytes(A, s->bytes_per_call),
	     l ? vd_arena_printf(A, " in %s", where_loop(k, l, s)) : "", pct(k, io), s->call);
}

static void check_hdf5_small_writes(rule_ctx *k, const vd_iosite *s)
{
	if (!api_is(s, "hdf5") || !op_is(s, "write") || (s->flags & VD_IO_BYTES_UNKNOWN) ||
	    k->h5_chunked || s->bytes_per_call <= 0 ||
	    s->bytes_per_call >= P(HDF5_SMALL_WRITES, max_bytes) ||
	    s->count < P(HDF5_SMALL_WRITES, min_calls))
		return;
	const vd_block *l = enclosing_loop(k, blk(k, s->block_id));
	if (!l)
		return;
	double ent = entries(k, l), per = s->count / ent;
	double io = site_io_s(k, s);
	double gain = io - ent * price(k, s, VD_OP_WRITE, s->bytes_per_call * per, 0, 0);
	emit(k, VD_RULE_HDF5_SMALL_WRITES, l, s, io, gain,
	     "%s `%s` calls of %s in %s, one small selection per step, %s\n"
	     "make each write larger: a chunked dataset whose chunks hold many steps and a "
	     "chunk cache that holds a chunk (H5Pset_chunk, H5Pset_chunk_cache), or buffer "
	     "steps in memory and write them together",
	     fmt_count(A, s->count), s->call, vd_fmt_bytes(A, s->bytes_per_call),
	     where_loop(k, l, s), pct(k, io));
}

static void check_rank0_funnel(rule_ctx *k)
{
	const vd_result *r = k->r;
	double np = r->nprocs;
	if (np < P(RANK0_FUNNEL, min_procs))
		return;
	double guarded = 0, all = 0, gio = 0;
	const vd_iosite *top = NULL;
	const vd_block *guard = NULL;
	for (size_t i = 0; i < r->nsites; i++) {
		const vd_iosite *s = &r->sites[i];
		if (!op_is(s, "write") || s->bytes_total <= 0)
			continue;
		all += s->bytes_total;
		const vd_block *g = rank_guard(k, blk(k, s->block_id));
		if (!g)
			continue;
		guarded += s->bytes_total;
		gio += site_io_s(k, s);
		if (!top || s->bytes_total > top->bytes_total) {
			top = s;
			guard = g;
		}
	}
	if (!top || all <= 0)
		return;
	/* per-process averages: the one rank writes guarded x np of the job's all x np */
	double share = (guarded * np + (all - guarded)) / (all * np);
	if (share < P(RANK0_FUNNEL, min_share))
		return;
	double conc = r->device.concurrency >= 1 ? r->device.concurrency : 1;
	double one = gio * np, spread = one / (np < conc ? np : conc);
	emit(k, VD_RULE_RANK0_FUNNEL, guard, top, one, one - spread,
	     "one rank of %d writes %.0f %% of the job's %s (largest: `%s` at line %d, under the "
	     "branch at line %d that one rank takes); its writes take %s while the others wait\n"
	     "let every rank write its own part of one shared file (collective MPI-IO such as "
	     "MPI_File_write_at_all, or parallel HDF5) instead of gathering the data to one rank",
	     r->nprocs, share * 100, vd_fmt_bytes(A, all * np), top->call, top->line, guard->line,
	     fmt_s(A, one));
}

static void check_file_per_process(rule_ctx *k, const vd_iosite *s)
{
	const vd_result *r = k->r;
	if (!op_is(s, "open") || !(api_is(s, "posix") || api_is(s, "stdio")) || s->count <= 0 ||
	    r->nprocs < P(FILE_PER_PROCESS, min_procs))
		return;
	const vd_block *b = blk(k, s->block_id);
	if (rank_guard(k, b))
		return;
	/* the function opening it also writes through the same interface */
	const vd_block *fn = b;
	while (fn && fn->kind != VD_KIND_FUNCTION)
		fn = parent_of(k, fn);
	const vd_iosite *w = NULL;
	for (size_t i = 0; i < r->nsites && !w; i++) {
		const vd_iosite *t = &r->sites[i];
		if (op_is(t, "write") && t->bytes_total > 0 && t->api && !strcmp(t->api, s->api) &&
		    encloses(k, fn, blk(k, t->block_id)))
			w = &r->sites[i];
	}
	if (!fn || !w)
		return;
	double conc = r->device.concurrency >= 1 ? r->device.concurrency : 1;
	double create = r->device.create_latency_s > 0 ? r->device.create_latency_s : 30e-6;
	double stake = r->nprocs * s->count * create / conc;
	emit(k, VD_RULE_FILE_PER_PROCESS, b, s, stake, stake - s->count * create,
	     "each of %d processes opens and writes a file of its own (`%s` at line %d, `%s` at "
	     "line %d): %s file creates for the file system's metadata service, about %s\n"
	     "write one shared file (collective MPI-IO or parallel HDF5), or one file per group "
	     "of ranks",
	     r->nprocs, s->call, s->line, w->call, w->line, fmt_count(A, r->nprocs * s->count),
	     fmt_s(A, stake));
}

/* a loop that runs until a read says the input is over (`while (read(...)
 * > 0)`, `while (fgets(...))`, `do ... while (n > 0)` around a read): its
 * bound is the input's size, which no option binds */
static int eof_driven(const rule_ctx *k, const vd_block *l)
{
	for (size_t i = 0; i < k->r->nsites; i++) {
		const vd_iosite *s = &k->r->sites[i];
		if ((op_is(s, "read") || advice_call(s->call)) && s->file && l->file &&
		    !strcmp(s->file, l->file) && (s->line == l->line || s->line == l->end_line) &&
		    encloses(k, l, blk(k, s->block_id)))
			return 1;
	}
	return 0;
}

/* the analysis noted that it assumed this loop's own bound ("loop at
 * FILE:LINE: ... assumed ..."), rather than only an upper bound (a loop
 * that may exit early) or an assumption made outside it */
static int own_bound_assumed(const rule_ctx *k, const vd_block *l)
{
	if (!l->unknowns || !l->file)
		return 0;
	const char *tag = vd_arena_printf(k->f->arena, "loop at %s:%d", l->file, l->line);
	for (const char *p = strstr(l->unknowns, tag); p; p = strstr(p + 1, tag)) {
		const char *end = strstr(p, "; ");
		const char *as = strstr(p, "assumed");
		if (as && (!end || as < end))
			return 1;
	}
	return 0;
}

static void check_unknown_bound(rule_ctx *k)
{
	const vd_result *r = k->r;
	const unsigned bit = 1u << VD_p1;
	for (size_t i = 0; i < r->nblocks; i++) {
		const vd_block *l = &r->blocks[i];
		if (l->kind != VD_KIND_LOOP || !(l->unknown_mask & bit) || l->io_s <= 0 ||
		    l->io_s < P(UNKNOWN_BOUND, min_share) * k->prog_io)
			continue;
		/* the innermost such loop: one whose own bound is the guess */
		int inner = 0;
		for (size_t j = i + 1; j < r->nblocks && !inner; j++) {
			const vd_block *c = &r->blocks[j];
			inner = c->kind == VD_KIND_LOOP && (c->unknown_mask & bit) && c->io_s > 0 &&
				encloses(k, l, c);
		}
		if (inner || eof_driven(k, l) || !own_bound_assumed(k, l))
			continue;
		emit(k, VD_RULE_UNKNOWN_BOUND, l, NULL, l->io_s, 0,
		     "the trip count of %s could not be evaluated and was assumed (%s); the loop "
		     "does I/O: %s rest on the guess\n"
		     "bind the value that decides the bound (--args, --define NAME=V or --env) so "
		     "that the prediction and the findings rest on facts",
		     where_loop(k, l, NULL), l->unknowns ? l->unknowns : "--assume-trip",
		     pct(k, l->io_s));
	}
}

static void check_seq_scan(rule_ctx *k)
{
	const vd_result *r = k->r;
	if (k->has_fadvise)
		return;
	char *done = vd_xcalloc(r->nsites ? r->nsites : 1, 1);
	for (size_t i = 0; i < r->nsites; i++) {
		const vd_iosite *s = &r->sites[i];
		if (done[i] || !op_is(s, "read") || !(api_is(s, "posix") || api_is(s, "stdio")))
			continue;
		read_group g;
		read_group_of(k, i, done, &g);
		double bytes = g.bytes, io = g.io_s;
		const vd_iosite *top = g.top;
		/* random, or a total resting on an assumed count or size */
		if ((g.flags & (VD_IO_RANDOM | VD_IO_BYTES_UNKNOWN | VD_IO_COUNT_UNKNOWN)) ||
		    bytes < P(SEQ_SCAN_NO_ADVICE, min_bytes))
			continue;
		const vd_block *b = blk(k, top->block_id), *l = enclosing_loop(k, b);
		double bw = r->device.seq_read_Bps > 0 ? r->device.seq_read_Bps : 500e6;
		emit(k, VD_RULE_SEQ_SCAN_NO_ADVICE, l ? l : b, top, io, io - bytes / bw,
		     "%s read sequentially from %s (`%s` at line %d) and the program never calls "
		     "posix_fadvise, %s\n"
		     "after opening it, call posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL) (and "
		     "POSIX_FADV_DONTNEED behind the scan for data read once)",
		     vd_fmt_bytes(A, bytes), quoted(k, top->path, "a file"), top->call, top->line,
		     pct(k, io));
	}
	free(done);
}

/* ---- rules on a trace's counters ------------------------------------------------------- */

/* a finding about a file of the trace, at its busiest application call site */
VD_PRINTF(6, 7)
static void emit_trace(rule_ctx *k, vd_rule_id rule, const vd_trace_counters *t, double io_s,
		       double gain, const char *fmt, ...)
{
	vd_finding *x = new_finding(k, rule);
	const vd_block *b = blk(k, t->block_id);
	x->block_id = vd_arena_strdup(A, t->block_id ? t->block_id : "program");
	x->file = vd_arena_strdup(A, t->file);
	x->site_line = t->line;
	x->line = b && b->line <= t->line ? b->line : t->line;
	x->end_line = b && b->end_line >= t->line ? b->end_line : t->line;
	x->call = vd_arena_strdup(A, t->call);
	va_list ap;
	va_start(ap, fmt);
	finding_text(k, x, fmt, ap);
	va_end(ap);
	double tot = 0;
	for (size_t i = 0; i < k->trace->nfiles; i++)
		tot += k->trace->files[i].data_s + k->trace->files[i].meta_s;
	x->io_s = io_s;
	x->share = tot > 0 ? io_s / tot : 0;
	x->gain_s = gain > 0 ? gain : 0;
}

/* "'out.dat' (posix layer, 4 processes; most calls: `write` at ckpt.c:39)" */
static const char *trace_where(rule_ctx *k, const vd_trace_counters *t)
{
	return vd_arena_printf(A, "'%s' (%s layer, %d process%s%s)", t->path ? t->path : "?",
			       t->api ? t->api : "?", t->nprocs, t->nprocs == 1 ? "" : "es",
			       t->file ? vd_arena_printf(A, "; most calls: `%s` at %s:%d",
							 t->call ? t->call : "?", t->file, t->line)
				       : "");
}

static double seq_bw(const rule_ctx *k)
{
	const vd_device *d = &k->r->device;
	double bw = d->seq_write_Bps > 0 ? d->seq_write_Bps : 500e6;
	return d->seq_read_Bps > 0 && d->seq_read_Bps < bw ? d->seq_read_Bps : bw;
}

/* `rule` is enabled and `n` is at least its threshold `min` and its share
 * `share` (VD_RP_* indexes) of `of` > 0 */
#define TRACE_OVER(rule, min, share, n, of)                               \
	(c->enabled[VD_RULE_##rule] && (of) > 0 && (n) >= P(rule, min) && \
	 (n) >= P(rule, share) * (of))
/* `rule` is enabled, the largest figure `hi` of the processes is at least
 * its threshold `min` and the spread hi - lo its share `spread` of hi */
#define TRACE_SPREAD(rule, min, lo, hi)                        \
	(c->enabled[VD_RULE_##rule] && (hi) >= P(rule, min) && \
	 ((hi) - (lo)) >= P(rule, min_spread) * (hi))

static void check_trace(rule_ctx *k)
{
	const vd_rules_config *c = k->c;
	for (size_t i = 0; k->trace && i < k->trace->nfiles; i++) {
		const vd_trace_counters *t = &k->trace->files[i];
		double ops = t->reads + t->writes, io = t->data_s + t->meta_s;
		double ideal = t->bytes / seq_bw(k);
		if (TRACE_OVER(TRACE_SMALL_REQUESTS, min_calls, min_share, t->small, ops))
			emit_trace(
				k, VD_RULE_TRACE_SMALL_REQUESTS, t, t->data_s, t->data_s - ideal,
				"%s of %s reads and writes to %s were under 10 KiB (%s moved, %s in "
				"data calls)\n"
				"aggregate the small requests in memory and move larger blocks",
				fmt_count(A, t->small), fmt_count(A, ops), trace_where(k, t),
				vd_fmt_bytes(A, t->bytes), fmt_s(A, t->data_s));
		if (TRACE_OVER(TRACE_MISALIGNED, min_calls, min_share, t->misaligned, ops))
			emit_trace(
				k, VD_RULE_TRACE_MISALIGNED, t, t->data_s, 0,
				"%s of %s reads and writes to %s started at offsets that are not a "
				"multiple of 4 KiB\n"
				"pad records or headers so that transfers start at aligned offsets",
				fmt_count(A, t->misaligned), fmt_count(A, ops), trace_where(k, t));
		if (TRACE_OVER(TRACE_RANDOM, min_calls, min_share, t->random, ops))
			emit_trace(
				k, VD_RULE_TRACE_RANDOM, t, t->data_s, t->data_s - ideal,
				"%s of %s reads and writes to %s were random (neither consecutive "
				"nor sequential), %s in data calls\n"
				"sort the accesses by offset, or read the data once into memory",
				fmt_count(A, t->random), fmt_count(A, ops), trace_where(k, t),
				fmt_s(A, t->data_s));
		if (TRACE_OVER(TRACE_METADATA, min_s, min_share, t->meta_s, io)) {
			double one = t->nprocs * 2 *
				     (k->r->device.meta_latency_s > 0 ? k->r->device.meta_latency_s
								      : 5e-6);
			emit_trace(
				k, VD_RULE_TRACE_METADATA, t, t->meta_s, t->meta_s - one,
				"%s metadata calls (opens, closes, seeks, syncs, stat) on %s took %s, "
				"%.0f %% of its I/O time\n"
				"open the file once, avoid repeated stat/seek calls and batch syncs",
				fmt_count(A, t->meta_calls), trace_where(k, t), fmt_s(A, t->meta_s),
				100 * t->meta_s / io);
		}
		if (t->nprocs < 2)
			continue;
		if (TRACE_SPREAD(TRACE_IMBALANCE, min_bytes, t->proc_bytes_min, t->proc_bytes_max))
			emit_trace(
				k, VD_RULE_TRACE_IMBALANCE, t, t->proc_s_max,
				t->proc_s_max - t->proc_s_mean,
				"the %d processes sharing %s moved between %s and %s each\n"
				"distribute the data evenly over the processes, or use collective I/O",
				t->nprocs, trace_where(k, t), vd_fmt_bytes(A, t->proc_bytes_min),
				vd_fmt_bytes(A, t->proc_bytes_max));
		if (TRACE_SPREAD(TRACE_STRAGGLERS, min_s, t->proc_s_min, t->proc_s_max))
			emit_trace(
				k, VD_RULE_TRACE_STRAGGLERS, t, t->proc_s_max,
				t->proc_s_max - t->proc_s_mean,
				"the slowest of the %d processes sharing %s spent %s in I/O on it, "
				"the fastest %s (mean %s)\n"
				"find what differs for the slow process (more data, small or unaligned "
				"requests) and balance it",
				t->nprocs, trace_where(k, t), fmt_s(A, t->proc_s_max),
				fmt_s(A, t->proc_s_min), fmt_s(A, t->proc_s_mean));
	}
}
#undef TRACE_OVER
#undef TRACE_SPREAD

void vd_rules_run(rule_ctx *k)
{
	const vd_rules_config *c = k->c;
	const vd_result *r = k->r;
	for (size_t i = 0; i < r->nsites; i++) {
		/* only advice and buffers the run sets up count (a
		 * posix_fadvise behind an option not given does not) */
		const char *call = r->sites[i].count > 0 ? r->sites[i].call : NULL;
		if (call && (!strncmp(call, "posix_fadvise", 13) || !strcmp(call, "readahead") ||
			     !strcmp(call, "madvise") || !strcmp(call, "posix_madvise")))
			k->has_fadvise = 1;
		if (call && (!strcmp(call, "setvbuf") || !strcmp(call, "setbuffer") ||
			     !strcmp(call, "setbuf")))
			k->has_setvbuf = 1;
	}
	/* chunked HDF5 datasets: the chunk cache gathers small writes (the
	 * layout call is no I/O, so it is looked for in the sources) */
	for (size_t i = 0;
	     c->enabled[VD_RULE_HDF5_SMALL_WRITES] && i < r->nblocks && !k->h5_chunked; i++) {
		const vd_block *b = &r->blocks[i];
		if (b->kind != VD_KIND_FILE || !b->file)
			continue;
		const char *path =
			b->file[0] == '/' || !r->project_root
				? b->file
				: vd_arena_printf(k->f->arena, "%s/%s", r->project_root, b->file);
		char *text = NULL;
		size_t len = 0;
		if (vd_read_file(&text, &len, path) == 0 && memmem(text, len, "H5Pset_chunk", 12))
			k->h5_chunked = 1;
		free(text);
	}
	static void (*const per_site[VD_NRULES])(rule_ctx *, const vd_iosite *) = {
		[VD_RULE_SMALL_IO_LOOP] = check_small_io_loop,
		[VD_RULE_SYNC_IN_LOOP] = check_sync_in_loop,
		[VD_RULE_SYNC_HANDLE] = check_sync_handle,
		[VD_RULE_OPEN_CLOSE_LOOP] = check_open_close_loop,
		[VD_RULE_RANDOM_SMALL_READS] = check_random_small_reads,
		[VD_RULE_META_IN_LOOP] = check_meta_in_loop,
		[VD_RULE_PREFETCH] = check_prefetch,
		[VD_RULE_STDIO_BUFFER] = check_stdio_buffer,
		[VD_RULE_MPIIO_INDEPENDENT] = check_mpiio_independent,
		[VD_RULE_HDF5_SMALL_WRITES] = check_hdf5_small_writes,
		[VD_RULE_FILE_PER_PROCESS] = check_file_per_process,
	};
	static void (*const whole[VD_NRULES])(rule_ctx *) = {
		[VD_RULE_REREAD] = check_reread,
		[VD_RULE_RANK0_FUNNEL] = check_rank0_funnel,
		[VD_RULE_UNKNOWN_BOUND] = check_unknown_bound,
		[VD_RULE_SEQ_SCAN_NO_ADVICE] = check_seq_scan,
	};
	for (int rule = 0; rule < VD_NRULES; rule++) {
		if (!c->enabled[rule])
			continue;
		if (per_site[rule])
			for (size_t i = 0; i < r->nsites; i++)
				/* a vd_rt_ call is already what the rule advises
				 * (vidya optimize's runtime) */
				if (r->sites[i].count > 0 && !vd_runtime_name(r->sites[i].call))
					per_site[rule](k, &r->sites[i]);
		if (whole[rule])
			whole[rule](k);
	}
	check_trace(k); /* every trace-* rule, each checking its own enabled flag */
}
