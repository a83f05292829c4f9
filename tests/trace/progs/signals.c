/*
 * signals.c - a program that owns signals the recorder could collide with:
 * it catches SIGPROF the way sort(1) does (clean up, then re-raise), and
 * installs its own handler for SIGRTMIN + 9 (the recorder's default
 * sampling signal), raising that signal itself twice.  Then it computes for
 * about 0.3 s, long enough for hundreds of samples.
 *
 * Untraced it prints "own signals: 2" and exits 0; a recorder that lets a
 * sample reach SIGPROF's handler kills it, one that lets samples reach the
 * program's RT handler makes the count larger.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t own;

static void cleanup_and_die(int sig)
{
	signal(sig, SIG_DFL);
	raise(sig);
}

static void on_rt(int sig)
{
	(void)sig;
	own++;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = cleanup_and_die;
	sigaction(SIGPROF, &sa, NULL);
	sa.sa_handler = on_rt;
	sigaction(SIGRTMIN + 9, &sa, NULL);
	raise(SIGRTMIN + 9);
	kill(getpid(), SIGRTMIN + 9);
	double t0 = now(), x = 0;
	while (now() - t0 < 0.3)
		for (int i = 0; i < 1000; i++)
			x += i * 0.5;
	FILE *f = fopen("signals.out", "w");
	if (!f)
		return 1;
	fprintf(f, "%f\n", x);
	fclose(f);
	printf("own signals: %d\n", (int)own);
	return 0;
}
