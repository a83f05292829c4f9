/*
 * opts.c - an option parser as real tools write it: getopt_long() with a
 * long-option table (one option sets a flag through its `flag` pointer),
 * a size parsed with strtol() and a suffix read through its end pointer,
 * and the output file taken from argv[optind] after getopt has permuted
 * the non-options to the end.
 *
 * --args "out.dat --bs 64k -c 10 --verbose -s": getopt_long returns 'b'
 * ("64k" -> 64 * 1024 = 65536), 'c' ("10"), 0 (--verbose stores 1 into
 * verbose) and 's', then -1 with optind at "out.dat".  The option loop
 * runs 4 times; the usage arm (default:) never.
 * The write loop: 10 writes of 65536 = 655360 bytes, 10 fsync (o.sync),
 * 10 printf of "block %d\n" (i = 0..9: 8 bytes each, an estimate since i
 * varies: the printf's bytes are not pinned).  Program: open + 10 + 10 +
 * 10 + close = 32 calls.  Nothing about the counts is assumed.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <string.h>

static long parse_size(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (*end == 'k' || *end == 'K')
		v *= 1024;
	else if (*end == 'm' || *end == 'M')
		v *= 1024 * 1024;
	return v;
}

struct opts { long bs; int count; int sync; const char *out; };

int main(int argc, char **argv)
{
	struct opts o = { 4096, 1, 0, "default.dat" };
	static int verbose;
	static struct option lo[] = {
		{ "bs", required_argument, NULL, 'b' },
		{ "count", required_argument, NULL, 'c' },
		{ "sync", no_argument, NULL, 's' },
		{ "verbose", no_argument, &verbose, 1 },
		{ NULL, 0, NULL, 0 },
	};
	int ch;
	while ((ch = getopt_long(argc, argv, "b:c:s", lo, NULL)) != -1) {
		switch (ch) {
		case 'b': o.bs = parse_size(optarg); break;
		case 'c': o.count = atoi(optarg); break;
		case 's': o.sync = 1; break;
		case 0: break;
		default: fprintf(stderr, "usage\n"); exit(2);
		}
	}
	if (optind < argc)
		o.out = argv[optind];
	char *buf = malloc(o.bs);
	int fd = open(o.out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < o.count; i++) {
		write(fd, buf, o.bs);
		if (o.sync)
			fsync(fd);
		if (verbose)
			printf("block %d\n", i);
	}
	close(fd);
	return 0;
}

// VIDYA: --args "out.dat --bs 64k -c 10 --verbose -s"
// EXPECT: main/loop#2/io#1 p2=10 p3=655360
// EXPECT-KNOWN: main/loop#2/io#1 p2 p3
// EXPECT: main/loop#2/branch#1/io#1 p2=10 p7=10
// EXPECT: main/loop#2/branch#2/io#1 p2=10
// EXPECT: main/loop#1 p2=0
// EXPECT: main p2=32
// EXPECT-KNOWN: main p2
