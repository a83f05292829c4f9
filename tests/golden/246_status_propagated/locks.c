/* A failed library call's status handed back as it is: `ret =
 * pthread_mutexattr_init(&a); if (ret) { fprintf(...); return ret; }`
 * (fio's mutex_init_pshared; `ret != 0` and `ret < 0` too) is an error
 * path, not taken, as `return -1` after a failed call is.
 *
 * 10 locks set up, no error message: the three fprintf 0 calls, known
 * branches; "ready" once (6 B).  main's branch `if (lock_init(...))
 * return 1;` is an error exit already.
 *
 * (Before: the tests were guessed by the branch heuristics, 0.10 for
 * `if (ret)`, 0.37 for `ret != 0`: 4.4 messages, 133 B in all, flagged.) */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int lock_init(pthread_mutex_t *m)
{
	pthread_mutexattr_t a;
	int ret;

	ret = pthread_mutexattr_init(&a);
	if (ret) {
		fprintf(stderr, "pthread_mutexattr_init: %s\n", strerror(ret));
		return ret;
	}
	if ((ret = pthread_mutexattr_settype(&a, PTHREAD_MUTEX_NORMAL)) < 0) {
		fprintf(stderr, "pthread_mutexattr_settype: %s\n", strerror(-ret));
		return ret;
	}
	ret = pthread_mutex_init(m, &a);
	if (ret != 0) {
		fprintf(stderr, "pthread_mutex_init: %s\n", strerror(ret));
		return ret;
	}
	pthread_mutexattr_destroy(&a);
	return 0;
}

int main(void)
{
	static pthread_mutex_t locks[10];

	for (int i = 0; i < 10; i++)
		if (lock_init(&locks[i]))
			return 1;
	puts("ready");
	return 0;
}

// EXPECT: lock_init/branch#1 executions=10
// EXPECT: lock_init/branch#1/io#1 p2=0 p3=0
// EXPECT: lock_init/branch#2/io#1 p2=0 p3=0
// EXPECT: lock_init/branch#3/io#1 p2=0 p3=0
// EXPECT: lock_init p2=0
// EXPECT: main/io#1 p2=1 p3=6
// EXPECT: program p2=1 p3=6
// EXPECT-KNOWN: program p2 p3
