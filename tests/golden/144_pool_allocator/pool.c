/*
 * pool.c - a user-level allocator that hands out aligned pieces of a
 * static pool (as fio's smalloc/scalloc hand out pieces of a shared
 * memory pool): the walk cannot follow the pointer arithmetic, but a
 * function named like an allocator with integer size parameters returns
 * a new object, as malloc or calloc would, so the fields the program
 * stores in it are kept.
 *
 * pool_calloc(1, sizeof *j) (the calloc shape: zeroed): j->nfiles = 3,
 * j->extra reads 0, so the first loop runs 3 times.  pool_malloc(sizeof
 * *k) clears the piece with memset(p, 0, size) of the size asked for: it
 * is zeroed too, k->nfiles reads 0 and the second loop runs 2 times.
 * Each iteration is one puts("x") of 2 bytes: main 5 calls, 10 bytes.
 * Before: j and k were unknown pointers, the store was lost and both
 * loops took the assumed 100 iterations.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct job {
	int nfiles;
	int extra;
	const char *name;
};

static unsigned char pool[1 << 16];
static size_t used;

static void *pool_malloc(size_t size)
{
	size_t bytes = (size + 15) & ~(size_t)15;
	uintptr_t at = ((uintptr_t)pool + used + 15) & ~(uintptr_t)15;
	void *p;

	if (used + bytes + 16 > sizeof pool)
		return NULL;
	used += bytes + 16;
	p = (void *)at;
	memset(p, 0, size);
	return p;
}

static void *pool_calloc(size_t n, size_t size)
{
	return pool_malloc(n * size);
}

// EXPECT: main p2=5 p3=10
// EXPECT: main/loop#1 p1=3
// EXPECT: main/loop#2 p1=2
// EXPECT-KNOWN: main p1 p2 p3
int main(void)
{
	struct job *j = pool_calloc(1, sizeof *j);
	struct job *k = pool_malloc(sizeof *k);

	if (!j || !k)
		return 1;
	j->nfiles = 3;
	for (int i = 0; i < j->nfiles + j->extra; i++)
		puts("x");
	for (int i = 0; i < k->nfiles + 2; i++)
		puts("x");
	return 0;
}
