/*
 * opts.c - a long-option table built at run time, as fio builds its own:
 * a global table of job options (declared with room for 16, three written,
 * the rest zero as C says), copied name by name into getopt_long_only's
 * table (declared with room for 16, two written) by a pointer walking the
 * job options until a NULL name and a helper storing through &lo[i]; the
 * option string is also built at run time (a char array filled by a loop),
 * so only the long table names the options.
 *
 * --args "--bs=4k --size=1m --bs=8k --client=h":
 * - the job-option walk: 3 entries (bs, size, rw), so lo[2..4] get them
 *   with val JOB; the first loop finds 2 entries before them.
 * - getopt_long_only returns JOB, JOB, JOB ("--bs", "--size", "--bs" are
 *   table entries 2, 3, 2) and 'C' ("--client", entry 1): jobs = 3,
 *   nclients = 1.
 * - writes: 3 (one per job option) + 1000 (nclients != 0) = 1003 calls of
 *   3 bytes = 3009 bytes; with open and close the program makes 1005 calls.
 * - settings has no initializer, so settings.debug is 0: its 1000 writes
 *   never run.
 * - the table's tail: lo[5].name is NULL (zero past the initializer and the
 *   copied entries), so the loop at `tail` counts 5 entries: 5 writes of
 *   1 byte.  Program: 1005 + 5 = 1010 calls, 3014 bytes.
 * Nothing is assumed.
 */
#include <getopt.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

struct jobopt {
	const char *name;
	const char *help;
	int type;
};
#define JOB 0x1000
static struct jobopt jobopts[16] = {
	{ .name = "bs", .help = "block size", .type = 1 },
	{ .name = "size", .type = 2 },
	{ .name = "rw", .type = 2 },
};
static struct option lo[16] = {
	{ .name = "output", .has_arg = required_argument, .val = 'o' },
	{ .name = "client", .has_arg = required_argument, .val = 'C' },
};
static char optstr[64];
static int nclients;
static struct settings {
	int debug;
	int level;
} settings; /* no initializer: every field 0 */

static void add_to_lopt(struct option *l, const struct jobopt *o, int val)
{
	l->name = o->name;
	l->val = val;
	l->has_arg = required_argument;
}

static void to_lopts(const struct jobopt *opts, struct option *l, int i)
{
	const struct jobopt *o = &opts[0];
	while (o->name) {
		add_to_lopt(&l[i], o, JOB);
		i++;
		o++;
	}
}

static void fill_optstring(void)
{
	int i = 0, c = 0;
	while (lo[i].name) {
		optstr[c++] = (char)lo[i].val;
		optstr[c++] = ':';
		i++;
	}
	optstr[c] = '\0';
}

int main(int argc, char **argv)
{
	int c, i = 0, lidx, jobs = 0;
	while (lo[i].name)
		i++;
	to_lopts(jobopts, lo, i);
	fill_optstring();
	while ((c = getopt_long_only(argc, argv, optstr, lo, &lidx)) != -1) {
		switch (c) {
		case 'C':
			nclients++;
			break;
		case JOB:
			jobs++;
			break;
		}
	}
	int fd = open("out.dat", O_WRONLY | O_CREAT, 0644);
	for (i = 0; i < jobs; i++)
		write(fd, "abc", 3);
	if (nclients)
		for (i = 0; i < 1000; i++)
			write(fd, "abc", 3);
	if (settings.debug) /* never */
		for (i = 0; i < 1000; i++)
			write(fd, "dbg", 3);
	close(fd);
	int n = 0;
	for (i = 0; lo[i].name; i++) /* tail */
		n++;
	for (i = 0; i < n; i++)
		write(1, "t", 1);
	return 0;
}

// VIDYA: --args "--bs=4k --size=1m --bs=8k --client=h"
// EXPECT: to_lopts/loop#1 p2=0 executions=3
// EXPECT: main/loop#1 executions=2
// EXPECT: main/loop#2 executions=4
// EXPECT: main/loop#3/io#1 p2=3 p3=9
// EXPECT: main/branch#1/loop#1/io#1 p2=1000 p3=3000
// EXPECT-KNOWN: main/loop#3/io#1 p2 p3
// EXPECT-KNOWN: main/branch#1/loop#1/io#1 p2 p3
// EXPECT: main/branch#2/loop#1/io#1 p2=0
// EXPECT-KNOWN: main/branch#2/loop#1/io#1 p2
// EXPECT: main/loop#5/io#1 p2=5 p3=5
// EXPECT: main p2=1010 p3=3014
// EXPECT-KNOWN: main p2 p3
