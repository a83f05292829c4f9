/* A struct embedded as the first member of a heap object (a "base
 * class": zstd's `WritePoolCtx_t { IOPoolCtx_t base; unsigned
 * storedSkips; }`) has the object's address.  The job keeps `&w->base` in
 * a `void *`; the function it runs casts it back to the outer type and
 * reads both the base's members (`ctx->base.prefs->sparse`, stored by
 * pool_init through `pool_t *`) and the outer object's own
 * (`ctx->skips`, stored through `wpool_t *`).
 *
 * sparse = 1 and skips = 0: each of the 10 jobs skips the plain write
 * (branch#1) and the seek (branch#2) and writes 8 bytes: io#1 runs 10
 * times, 80 bytes (before: both tests were unknown: 0.99 plain writes,
 * 1.98 seeks and 9.01 sparse writes, flagged).
 */
#include <stdio.h>
#include <stdlib.h>

typedef void (*job_fn)(void *);
typedef struct {
	int sparse;
	int level;
} prefs_t;

typedef struct {
	const prefs_t *prefs;
	job_fn run;
	FILE *file;
} pool_t;

typedef struct {
	pool_t base;
	unsigned skips;
} wpool_t;

typedef struct {
	void *ctx;
	FILE *file;
	size_t used;
	char buf[64];
} job_t;

static void execute_write(void *opaque)
{
	job_t *const job = (job_t *)opaque;
	wpool_t *const ctx = (wpool_t *)job->ctx;
	if (!ctx->base.prefs->sparse) {
		fwrite(job->buf, 1, job->used, job->file);
		return;
	}
	if (ctx->skips)
		fseek(job->file, ctx->skips, SEEK_CUR);
	fwrite(job->buf, 1, 8, job->file);
}

static void pool_init(pool_t *ctx, const prefs_t *prefs, job_fn fn)
{
	ctx->prefs = prefs;
	ctx->run = fn;
	ctx->file = NULL;
}

static void enqueue(job_t *job)
{
	pool_t *const ctx = (pool_t *)job->ctx;
	ctx->run(job);
}

int main(void)
{
	prefs_t *prefs = malloc(sizeof *prefs);
	prefs->sparse = 1;
	prefs->level = 3;
	wpool_t *w = malloc(sizeof(wpool_t));
	pool_init(&w->base, prefs, execute_write);
	w->skips = 0;
	job_t *job = malloc(sizeof *job);
	job->ctx = &w->base;
	job->file = fopen("out.dat", "wb");
	for (int i = 0; i < 10; i++) {
		job->used = 64;
		enqueue(job);
	}
	fclose(job->file);
	return 0;
}

// EXPECT: execute_write/io#1 p2=10 p3=80 executions=10
// EXPECT-KNOWN: execute_write/io#1 p2 p3
// EXPECT: execute_write/branch#1/io#1 p2=0
// EXPECT: execute_write/branch#2/io#1 p2=0
// EXPECT: enqueue/call#1 p2=10 p3=80
