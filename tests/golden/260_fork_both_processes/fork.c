/* fork() returns 0 in the child and the child's pid in the parent: both
 * processes run on, and a trace counts the calls of both.  A test of its
 * result runs the child's arm and the parent's, each in full; the arm
 * only a failed fork takes (`pid < 0`) does not run.  (Before: the
 * child's arm, which ends with _exit, was taken for an error exit and
 * never ran.)
 *
 * Loop of 2: each pass forks a child that writes 8 x 4096 B (worker),
 * and the parent writes 100 B: 16 writes of 4096 = 65536 B in the
 * children, 2 writes of 100 = 200 B in the parent.  `pid < 0` arm: 0.
 * Then one more fork: `if (!p)` child writes 1 B, `else` parent writes
 * 2 B: one call each.  main: 16 + 2 + 1 + 1 = 20 calls, 65536 + 200 + 1
 * + 2 = 65739 B. */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static char buf[4096];

static void worker(int n)
{
	for (int i = 0; i < n; i++)
		write(1, buf, 4096);
}

int main(void)
{
	for (int j = 0; j < 2; j++) {
		pid_t pid = fork();
		if (pid < 0) {
			write(2, buf, 10);
			exit(1);
		}
		if (pid == 0) {
			worker(8);
			_exit(0);
		}
		write(1, buf, 100);
	}
	for (int j = 0; j < 2; j++)
		wait(NULL);
	pid_t p = fork();
	if (!p) {
		write(1, buf, 1);
		_exit(0);
	} else {
		write(1, buf, 2);
	}
	return 0;
}

// EXPECT: fork.c:worker executions=2 p2=16 p3=65536
// EXPECT: main/loop#1/branch#1/io#1 p2=0
// EXPECT: main/loop#1/branch#2 executions=2
// EXPECT: main/loop#1/io#1 p2=2 p3=200
// EXPECT: main/branch#1/io#1 p2=1 p3=1
// EXPECT: main/branch#1/io#2 p2=1 p3=2
// EXPECT: main p2=20 p3=65739
// EXPECT-KNOWN: main p2 p3
