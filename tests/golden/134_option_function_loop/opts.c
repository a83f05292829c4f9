/*
 * opts.c - a hand-written option parser (a getopt clone in the project, as
 * HDF5's H5_get_option) called in a loop condition with argc runs per
 * option when --args binds argv: the loop ends when it returns EOF, and
 * the index it advanced (a global) stays known.
 *
 * --args "-v -v in.dat": get_option returns 'v', 'v', then EOF at
 * "in.dat" with opt_ind = 3.  The loop body runs twice (verbose = 2), and
 * the file loop `while (opt_ind < argc)` opens argv[3] once: one open, 2
 * reads of 512 bytes (verbose times), one close.
 * P2 = 1 + 2 + 1 = 4, P3 = 1024.  Without the rule the option loop is a
 * loop of unknown count (100), opt_ind unknown and argv[3] never read.
 */
// VIDYA: --args "-v -v in.dat"
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static int opt_ind = 1;

static int get_option(int argc, const char **argv, const char *opts)
{
	(void)opts;
	if (opt_ind >= argc || argv[opt_ind][0] != '-')
		return EOF;
	return argv[opt_ind++][1];
}

static int verbose;

static void parse(int argc, const char **argv)
{
	int opt;
	while ((opt = get_option(argc, argv, "v")) != EOF) {
		if (opt == 'v')
			verbose++;
	}
}

int main(int argc, const char **argv)
{
	char buf[512];
	parse(argc, argv);
	while (opt_ind < argc) {
		int fd = open(argv[opt_ind++], O_RDONLY);
		for (int i = 0; i < verbose; i++)
			read(fd, buf, sizeof buf);
		close(fd);
	}
	return 0;
}

// EXPECT: main/loop#1/loop#1 p2=2 p3=1024
// EXPECT: program p2=4 p3=1024
