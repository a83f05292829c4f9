/*
 * logic.c - `&&` and `||` whose left side is unknown but whose right side
 * decides them: fio's `while (!ret && optind < argc)` after its option
 * loop (ret unknown, optind == argc) runs 0 times.
 *
 * - status comes from rand(): unknown.  pending is 0, so
 *   `status != 7 && pending > 0` is false either way: the drain loop never
 *   runs (0 writes).
 * - `status == 3 || i >= 0` is true for every i of the loop: 10 writes of
 *   1 byte.
 * Program: open + 10 + close = 12 calls, 10 bytes, nothing assumed.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int main(void)
{
	int fd = open("out.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int status = rand();
	int pending = 0;
	while (status != 7 && pending > 0) {
		write(fd, "d", 1);
		pending--;
	}
	for (int i = 0; i < 10; i++)
		if (status == 3 || i >= 0)
			write(fd, "a", 1);
	close(fd);
	return 0;
}

// EXPECT: main/loop#1/io#1 p2=0
// EXPECT: main/loop#2/branch#1/io#1 p2=10 p3=10
// EXPECT-KNOWN: main/loop#2/branch#1/io#1 p2 p3
// EXPECT: main p2=12 p3=10
// EXPECT-KNOWN: main p2 p3
