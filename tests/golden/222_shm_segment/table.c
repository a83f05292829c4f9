/* A job table kept in System V shared memory: `shmget(IPC_PRIVATE, size,
 * IPC_CREAT | 0600)` then `shmat(id, NULL, 0)`.  The attached segment is
 * a new allocation of that size whose contents are zero (the kernel
 * clears a new segment), so the struct kept in it reads 0 where nothing
 * was stored (`files` NULL: no "reuse" print) and keeps what is stored in
 * it (`size = 4`: 4 writes of 512 B).  Neither failure test
 * (`id == -1`, `table == (void *)-1`) is taken.
 *
 * main: 4 writes, 2048 B; the puts 0.  (Before: shmat's result unknown,
 * the segment's contents with it: "reuse" 0.22 by the call heuristic.)
 */
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <unistd.h>

struct job {
	long size;
	char **files;
};

static struct job *table;

int main(void)
{
	static char buf[512];
	int id = shmget(IPC_PRIVATE, 8 * sizeof(struct job), IPC_CREAT | 0600);
	if (id == -1)
		return 1;
	table = shmat(id, NULL, 0);
	if (table == (void *)-1)
		return 1;
	struct job *j = &table[0];
	j->size = 4;
	if (j->files)
		puts("reuse");
	for (long k = 0; k < j->size; k++)
		write(1, buf, sizeof(buf));
	shmdt(table);
	return 0;
}

// EXPECT: main/branch#3/io#1 p2=0
// EXPECT: main/loop#1/io#1 p2=4 p3=2048
// EXPECT-KNOWN: main/loop#1/io#1 p2 p3
