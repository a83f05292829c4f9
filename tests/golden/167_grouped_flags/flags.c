/* A hand-written parser of grouped flags, as lz4's: for each word of
 * argv, `while (argument[1] != 0) { argument++; ... }` walks its
 * characters; a digit starts a number read by a helper that advances the
 * caller's pointer through a `const char **` (`(*sp)++`), then
 * `argument--` steps back onto its last digit.  Three loops run one by
 * one, nested (the words, the characters, the digits), and the pointer
 * moves both ways inside an --args word.
 *
 * --args "-fv -12 in.dat": force 1, verbose 1, level 12, file in.dat.
 * main/loop#2/io#1: 12 x 3 = 36 fwrites of 100 B = 3600 B (before: the
 * digits' loop was a third nested loop run one by one, not allowed, and
 * `argument--` lost the pointer: level unknown, the switch on each
 * character unknown).  The puts under `verbose` runs once.
 */
#include <stdio.h>

static unsigned read_number(const char **sp)
{
	unsigned r = 0;
	while (**sp >= '0' && **sp <= '9') {
		r = r * 10 + (unsigned)(**sp - '0');
		(*sp)++;
	}
	return r;
}

int main(int argc, const char **argv)
{
	int i, force = 0, verbose = 0, level = 1;
	const char *name = NULL;
	static char buf[100];
	for (i = 1; i < argc; i++) {
		const char *argument = argv[i];
		if (argument[0] == '-') {
			while (argument[1] != 0) {
				argument++;
				if (*argument >= '0' && *argument <= '9') {
					level = (int)read_number(&argument);
					argument--;
					continue;
				}
				switch (argument[0]) {
				case 'f':
					force = 1;
					break;
				case 'v':
					verbose = 1;
					break;
				default:
					return 1;
				}
			}
			continue;
		}
		if (!name)
			name = argument;
	}
	if (!force)
		return 2;
	FILE *out = fopen(name, "wb");
	if (!out)
		return 1;
	for (i = 0; i < level; i++) {
		fwrite(buf, 1, sizeof buf, out);
		fwrite(buf, 1, sizeof buf, out);
		fwrite(buf, 1, sizeof buf, out);
	}
	if (verbose)
		puts("done");
	fclose(out);
	return 0;
}

// VIDYA: --args "-fv -12 in.dat"
// EXPECT: main/loop#2 p2=36 p3=3600
// EXPECT: main p2=39 p3=3605
// EXPECT-KNOWN: main p2 p3
