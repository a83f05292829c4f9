/* An I/O pool in the style of zstd's asyncio layer: the pool is a struct
 * embedded in a heap object (`&w->base`), it keeps its jobs in an array
 * member (`ctx->jobs[i] = make_job(ctx)`, `job = ctx->jobs[--ctx->njobs]`),
 * and a job reaches the pool through a `void *` and runs the function
 * pointer the pool was set up with (`ctx->run(job)`).  The array member of
 * the struct the pointer reaches keeps its elements, so the job handed
 * back is the one made, its `ctx` is the pool and `ctx->run` is
 * execute_write.
 *
 * main/loop#1: 10 jobs of 1000 bytes each: execute_write's fwrite runs
 * 10 times, 10 x 1000 = 10000 bytes (before: the job was unknown, the
 * call through ctx->run walked nothing, and execute_write was walked once
 * on its own with 4096 bytes assumed).
 */
#include <stdio.h>
#include <stdlib.h>

typedef void (*job_fn)(void *);

typedef struct {
	job_fn run;
	FILE *file;
	void *jobs[4];
	int njobs;
} pool_t;

typedef struct {
	pool_t base;
	int done;
} wpool_t;

typedef struct {
	void *ctx;
	FILE *file;
	char *buf;
	size_t used;
} job_t;

static void execute_write(void *opaque)
{
	job_t *const job = (job_t *)opaque;
	wpool_t *const ctx = (wpool_t *)job->ctx;
	fwrite(job->buf, 1, job->used, job->file);
	ctx->done++;
}

static job_t *make_job(pool_t *ctx)
{
	job_t *job = malloc(sizeof(job_t));
	job->buf = malloc(4096);
	job->ctx = ctx;
	job->file = NULL;
	job->used = 0;
	return job;
}

static void pool_init(pool_t *ctx, job_fn fn)
{
	ctx->run = fn;
	ctx->njobs = 2;
	for (int i = 0; i < ctx->njobs; i++)
		ctx->jobs[i] = make_job(ctx);
	ctx->file = NULL;
}

static job_t *acquire(pool_t *ctx)
{
	job_t *job = (job_t *)ctx->jobs[--ctx->njobs];
	job->file = ctx->file;
	job->used = 0;
	return job;
}

static void enqueue(job_t *job)
{
	pool_t *const ctx = (pool_t *)job->ctx;
	ctx->run(job);
	ctx->jobs[ctx->njobs++] = job;
}

int main(void)
{
	wpool_t *w = malloc(sizeof(wpool_t));
	pool_init(&w->base, execute_write);
	w->done = 0;
	w->base.file = fopen("out.dat", "wb");
	for (int i = 0; i < 10; i++) {
		job_t *job = acquire(&w->base);
		job->used = 1000;
		enqueue(job);
	}
	fclose(w->base.file);
	return 0;
}

// EXPECT: execute_write/io#1 p2=10 p3=10000 executions=10
// EXPECT: enqueue/call#1 p2=10 p3=10000
// EXPECT-KNOWN: execute_write/io#1 p2 p3
// EXPECT: program p2=12 p3=10000
