/*
 * dump.c - a macro defined unconditionally in the source and an upper-case
 * global variable, both rebound with --define.
 *
 * NSTEPS is `#define NSTEPS 10` with no #ifndef guard: --define NSTEPS=25
 * replaces each use of the macro.  NBLK is a variable whose name looks like
 * a macro; --define NBLK=7 rebinds the variable (and must not be passed to
 * the preprocessor, which would turn `int NBLK = 3` into `int 7 = 3`).
 */
// VIDYA: --define NSTEPS=25 --define NBLK=7
#include <fcntl.h>
#include <unistd.h>

#define NSTEPS 10
#define CHUNK 1024

int NBLK = 3;
static char chunk[CHUNK];

int main(void)
{
	int fd = open("dump.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int s = 0; s < NSTEPS; s++)
		for (int b = 0; b < NBLK; b++)
			write(fd, chunk, CHUNK);
	close(fd);
	return 0;
}

/*
 * 25 steps x 7 blocks = 175 writes of 1024 bytes = 179200 bytes;
 * outer loop P1 = 25 + 175 = 200.
 */
// EXPECT: main/loop#1/loop#1 p1=175 p2=175 p3=179200
// EXPECT: main/loop#1 p1=200 p2=175 p3=179200
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: program p2=177 p3=179200 p9=1 p8=179200
