/*
 * gz.c - gzip's habits: stacked case labels, a case that falls through
 * into the next, a worker chosen through a function pointer, and a
 * `for (;;)` loop left by a break.
 *
 * --args "-3 -v": the option loop runs twice.  "-3" matches one of the
 * nine labels stacked on `level = ...` (level 3); "-v" counts verbose and
 * falls through into the same statement (level 9).  The default arm (usage,
 * return 1) never runs.
 * `work` still points to zip (decompress is 0, get_method never runs):
 * `(*work)(0, fd)` calls zip only - one write of 512 bytes - and
 * input_eof() returns 1 at once, so the `for (;;)` loop runs once, decided,
 * and unzip never runs (it is analyzed on its own, unreachable).
 * Then 9 one-byte writes (level 9) and one for verbose.
 * Program: open + 1 + 9 + 1 + close = 13 calls, 512 + 9 + 1 = 522 bytes,
 * nothing assumed.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static int decompress;
static int members;

static int zip(int in, int out)
{
	char b[512] = { 0 };
	(void)in;
	return write(out, b, sizeof b) == (ssize_t)sizeof b ? 0 : -1;
}

static int unzip(int in, int out)
{
	char b[512];
	(void)out;
	for (int i = 0; i < 8; i++)
		if (read(in, b, sizeof b) <= 0)
			return -1;
	return 0;
}

static int (*work)(int, int) = zip;

static int input_eof(void)
{
	if (!decompress)
		return 1;
	return members++ > 3;
}

static void get_method(void)
{
	work = unzip;
}

int main(int argc, char **argv)
{
	int level = 6, verbose = 0;
	for (int i = 1; i < argc; i++) {
		switch (argv[i][1]) {
		case 'd':
			decompress = 1;
			break;
		case 'v':
			verbose++;
			/* fall through: -v also means the best level */
		case '1': case '2': case '3': case '4': case '5':
		case '6': case '7': case '8': case '9':
			level = argv[i][1] == 'v' ? 9 : argv[i][1] - '0';
			break;
		default:
			fprintf(stderr, "usage: gz [-d] [-v] [-1..-9]\n");
			return 1;
		}
	}
	int fd = open("out.gz", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 1;
	for (;;) {
		if ((*work)(0, fd) != 0)
			break;
		if (input_eof())
			break;
		get_method();
	}
	for (int l = 0; l < level; l++)
		write(fd, "L", 1);
	if (verbose)
		write(fd, "V", 1);
	close(fd);
	return 0;
}

// VIDYA: --args "-3 -v"
// EXPECT: main/loop#1/branch#1/io#1 p2=0
// EXPECT: main/loop#2 p1=1 p2=1 p3=512
// EXPECT-KNOWN: main/loop#2 p1 p2 p3
// EXPECT: zip p2=1 p3=512
// EXPECT-ROWS: function='unzip' AND kind='function' AND reachable=0 1
// EXPECT: main/loop#3 p1=9 p2=9 p3=9
// EXPECT-KNOWN: main/loop#3 p1 p2 p3
// EXPECT: main p2=13 p3=522
// EXPECT-KNOWN: main p2 p3
