/* A write through a descriptor opened for reading only fails (EBADF): it
 * does not change the file, which stays an input read at analysis time.
 * Here a write under a condition the walk cannot decide (walked with the
 * branch's probability) goes to a descriptor opened O_RDONLY (netCDF's
 * posixio walks its page-out code under such branches); the file is then
 * opened again and read line by line.
 *
 * in.txt holds 3 lines of 3 bytes ("ab\n" "cd\n" "ef\n", 9 bytes), so the
 * loop makes 4 fgets (the 4th finds the end) and 3 fputs: 7 calls, 18 B,
 * known.  (Before: the write marked in.txt as written by the run, so its
 * text was no longer followed and the loop took 100 assumed iterations.)
 */
// VIDYA: --args "in.txt"
// SETUP: printf 'ab\ncd\nef\n' > in.txt
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char line[64];
	FILE *f;
	int fd;
	if (argc < 2 || (fd = open(argv[1], O_RDONLY)) < 0)
		return 1;
	if (rand() % 7 == 3)
		if (write(fd, "x", 1) != 1)
			perror("write");
	close(fd);
	if (!(f = fopen(argv[1], "r")))
		return 1;
	while (fgets(line, sizeof line, f))
		fputs(line, stdout);
	fclose(f);
	return 0;
}

// EXPECT: main/loop#1 p2=7 p3=18
// EXPECT-KNOWN: main/loop#1 p2 p3
