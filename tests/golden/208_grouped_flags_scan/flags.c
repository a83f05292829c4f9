/*
 * Grouped one-letter flags scanned the classic way (ncompress, many old
 * Unix tools): `for (argc--, argv++; argc > 0; argc--, argv++)`, and
 * inside it `while (*++(*argv)) switch (**argv) { ... }` over the
 * word's characters.  The inner loop's condition steps a pointer, so it
 * was not run character by character: it was walked once with every case
 * merged, the `-b` case's `--argc` made argc unknown, and the outer loop
 * stopped being decided after its first word.  A loop whose condition
 * only steps a pointer through a known text (`*++p`, `*p++`, compared
 * with 0 or not) runs character by character.
 *
 * --args "-vf -b 12 data.txt out.txt": verbose, force, maxbits 12; the
 * files data.txt and out.txt.  For each file name main writes one line
 * "name bits\n" to stdout with printf, verbose: "data.txt 12\n" (12 B),
 * "out.txt 12\n" (11 B); force adds a fputs of "forced\n" (7 B) after
 * each.  main: p2 = 4, p3 = 12 + 11 + 2 x 7 = 37.
 */
#include <stdio.h>
#include <stdlib.h>

#define ARGVAL() (*++(*argv) || (--argc && ++argv))

int main(int argc, char **argv)
{
	int verbose = 0, force = 0, maxbits = 16, nfiles = 0;
	char *files[8];
	for (argc--, argv++; argc > 0; argc--, argv++) {
		if (**argv == '-') {
			while (*++(*argv)) {
				switch (**argv) {
				case 'v':
					verbose = 1;
					break;
				case 'f':
					force = 1;
					break;
				case 'b':
					if (!ARGVAL())
						return 2;
					maxbits = atoi(*argv);
					goto nextarg;
				default:
					return 2;
				}
			}
		} else if (nfiles < 8) {
			files[nfiles++] = *argv;
		}
	nextarg:
		continue;
	}
	for (int i = 0; i < nfiles; i++) {
		if (verbose)
			printf("%s %d\n", files[i], maxbits);
		if (force)
			fputs("forced\n", stdout);
	}
	return 0;
}

// VIDYA: --args "-vf -b 12 data.txt out.txt"
// EXPECT: main p2=4 p3=37
