/* Members of a struct held inside another struct (`job.o.size`,
 * `t->o.size`), and elements of an array member indexed by a constant
 * (`t->o.bs[DDIR_WRITE]`), in a global without initializer, as fio keeps
 * its options in `td->o`: what is stored reads back.
 *
 * setup(&job, 4096): o.bs[WRITE] = 4096, o.bs[READ] = 2048, o.size =
 * 8 * 4096 = 32768.  Write loop: 32768 / 4096 = 8 writes of 4096 B =
 * 32768 B.  Read loop: 32768 / 2048 = 16 reads of 2048 B = 32768 B.
 * o.bs[TRIM] was never stored: 0 (a zero global), so the trim write does
 * not run.  Then o.bs[k] = 512 with k unknown: any element may hold 512,
 * so the last write's byte count is unknown (flagged).
 *
 * (Before: the store to `o.size` through a nested member was lost and the
 * read gave job's initial 0, so both loops ran 0 times, unflagged; an
 * element of an array member read unknown.) */
#include <unistd.h>

enum { DDIR_READ, DDIR_WRITE, DDIR_TRIM };

struct topts {
	unsigned int bs[3];
	unsigned long long size;
};

struct thread {
	int id;
	struct topts o;
};

static struct thread job;
static char buf[65536];

static void setup(struct thread *t, unsigned int bs)
{
	t->o.bs[DDIR_WRITE] = bs;
	t->o.bs[DDIR_READ] = bs / 2;
	t->o.size = 8ULL * bs;
}

int main(void)
{
	setup(&job, 4096);
	for (unsigned long long done = 0; done < job.o.size; done += job.o.bs[DDIR_WRITE])
		write(1, buf, job.o.bs[DDIR_WRITE]);
	for (unsigned long long done = 0; done < job.o.size; done += job.o.bs[DDIR_READ])
		read(0, buf, job.o.bs[DDIR_READ]);
	if (job.o.bs[DDIR_TRIM])
		write(2, buf, 1);
	job.o.bs[getpid() % 3] = 512;
	write(1, buf, job.o.bs[DDIR_WRITE]);
	return 0;
}

// EXPECT: main/loop#1 executions=8 p2=8 p3=32768
// EXPECT: main/loop#1/io#1 p2=8 p3=32768
// EXPECT-KNOWN: main/loop#1/io#1 p2 p3
// EXPECT: main/loop#2/io#1 p2=16 p3=32768
// EXPECT-KNOWN: main/loop#2/io#1 p2 p3
// EXPECT: main/branch#1/io#1 p2=0
// EXPECT: main/io#1 p2=1 p3=4096
// EXPECT-UNKNOWN: main/io#1 p3
// EXPECT: main p2=25
