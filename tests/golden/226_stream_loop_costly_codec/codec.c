/*
 * codec.c - a read-process-write stream loop (as 114) whose codec is part
 * of the program and far too costly to walk (xz's liblzma: lzma_code
 * reaches its coder through a table of every encoder and decoder; here
 * fib(40) unrolled with a known argument).  in.dat (made by SETUP) is
 * 40000 bytes.
 *
 * - a call made by a `for (;;)` loop run iteration by iteration walks at
 *   most 200000 steps, its subtree included: codec_run's fib is cut there
 *   (flagged), and the loop's own calls (the read, the close after it)
 *   still walk - not the whole evaluation budget spent on the first
 *   iteration, the rest of the program cut;
 * - a call whose walk was cut may have stored anything through its
 *   pointer arguments and returns what the walk cannot know: after it
 *   avail_in is unknown (not the 4000 the read left, as if nothing was
 *   consumed) and the status unknown (not the value fib's cut walk made
 *   up), so the exit rests on the status: a stream loop;
 * - it runs until it has read in.dat, 4000 bytes per iteration: 10
 *   iterations, and in its rest the refill `avail_in == 0` is taken on
 *   each: 10 reads, 40000 bytes.
 * The loop sits two calls below main (main's calls get half the budget
 * each, theirs half of that; a third level's calls no share of their own),
 * as xz's coder_normal does.
 * main: 1 open + 10 reads + 1 close = 12 calls, 40000 bytes.
 */
// SETUP: head -c 40000 /dev/zero > in.dat
#include <fcntl.h>
#include <unistd.h>

static long fib(long n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static int codec_run(const char *in, unsigned *avail_in, char *out, unsigned *avail_out)
{
	long work = fib(40);
	(void)in, (void)out, (void)avail_out;
	*avail_in = 0;
	return work == 1;
}

// EXPECT: main p2=12 p3=40000
// EXPECT: pump/loop#1 p2=10 p3=40000
// EXPECT: get executions=10 p2=10 p3=40000
static unsigned get(int in, char *b, unsigned n)
{
	return (unsigned)read(in, b, n);
}

static void pump(int in)
{
	static char ib[4000], ob[4000];
	unsigned avail_in = 0, avail_out = sizeof ob;
	for (;;) {
		if (avail_in == 0)
			avail_in = get(in, ib, sizeof ib);
		int st = codec_run(ib, &avail_in, ob, &avail_out);
		if (st == 1)
			break;
	}
}

static void run(const char *path)
{
	int in = open(path, O_RDONLY);
	pump(in);
	close(in);
}

int main(void)
{
	run("in.dat");
	return 0;
}
