/* After the evaluation budget cuts the entry's walk (fib(40) uses up
 * phase()'s share, as in case 98), a function the walk did not reach
 * whose address is stored - an engine's queue in an ops table - may be
 * what an indirect call in the unwalked code runs: its I/O is not known
 * not to run.  It keeps count 0 but is flagged (count unknown) and
 * reached, not left as code the entry never reaches (which predicts 0
 * silently).  A function nothing stores stays unreachable.
 *
 * psync_queue/io#1 (pwrite): p2 = 0, flagged, reachable.
 * unused (never called, address never taken): reachable = 0.
 */
#include <fcntl.h>
#include <unistd.h>

struct ops {
	int (*queue)(int fd, const char *b);
};

static int psync_queue(int fd, const char *b)
{
	return (int)pwrite(fd, b, 64, 0);
}

const struct ops psync_ops = { .queue = psync_queue };

static long fib(long n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

void unused(int fd, const char *b)
{
	(void)!write(fd, b, 8);
}

static void phase(int fd, const char *b)
{
	long r = fib(40);
	(void)!write(fd, b, 64);
	(void)r;
}

int main(void)
{
	char b[64] = { 0 };
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	phase(fd, b);
	close(fd);
	return 0;
}

// EXPECT: psync_queue/io#1 p2=0 reachable=1
// EXPECT-UNKNOWN: psync_queue/io#1 p2
// EXPECT: psync_queue reachable=1
// EXPECT: unused reachable=0
