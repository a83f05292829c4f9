/* A call tree too large for the evaluation budget: fib(40) unrolled with a
 * known argument uses up phase()'s share of the steps, so the calls phase()
 * makes after it are cut.  save() is reachable: it is walked once on its
 * own after the entry's walk, as many times as the cut calls ran (the loop's
 * 10), flagged - also in its own block, which the entry's walk entered 0
 * times (a loop of 0 trips).  What it does stays in its blocks, out of the
 * program's totals, which are flagged for the cut.
 *
 * save: 10 executions, one write of 64 B each: p2 = 10, p3 = 640.
 * program: open + close = 2 calls, p3 = 0, flagged.
 */
#include <fcntl.h>
#include <unistd.h>

static long fib(long n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static void save(int fd, const char *b)
{
	(void)!write(fd, b, 64);
}

static void phase(int fd, const char *b)
{
	long r = fib(40);
	for (int i = 0; i < 10; i++)
		save(fd, b);
	(void)r;
}

static void run(int fd, const char *b)
{
	phase(fd, b);
}

int main(void)
{
	char b[64] = { 0 };
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int none = 0;
	for (int i = 0; i < none; i++) /* walked, 0 times */
		save(2, b);
	run(fd, b);
	close(fd);
	return 0;
}

// EXPECT: save executions=10 p2=10 p3=640 reachable=1
// EXPECT-UNKNOWN: save p2
// EXPECT: program p2=2 p3=0
// EXPECT-UNKNOWN: program p2
