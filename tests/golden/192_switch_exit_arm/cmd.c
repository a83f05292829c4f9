/* A switch on a value unknown at analysis time (a byte read at run time)
 * whose arms include one that ends the program: that arm is an error path
 * (as an if's arm that calls exit is), not taken; the value is spread over
 * the other labels.  Here 4 labels: 'a' and 'b' (2 labels, one arm: 1
 * write of 4 B), 'c' (the arm calls die(), which always exits: 0), and
 * default (2 writes of 4 B).  Without the exit arm there are 3 ways in:
 * 'a'/'b' 2/3, default 1/3.
 *
 * run (called 30 times): 30 x (2/3 x 1 + 1/3 x 2) = 40 writes of 4 B =
 * 160 B; die's fprintf never runs.  The split rests on the switch's
 * unknown value (flagged).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void die(const char *why)
{
	fprintf(stderr, "fatal: %s\n", why);
	exit(2);
}

static void run(int fd, int ch)
{
	switch (ch) {
	case 'a':
	case 'b':
		write(fd, "ab\n\n", 4);
		break;
	case 'c':
		die("bad command");
		break;
	default:
		write(fd, "def\n", 4);
		write(fd, "def\n", 4);
		break;
	}
}

int main(void)
{
	for (int i = 0; i < 30; i++)
		run(1, getchar());
	return 0;
}

// EXPECT: run p2=40 p3=160
// EXPECT: die p2=0
// EXPECT-UNKNOWN: run p2
