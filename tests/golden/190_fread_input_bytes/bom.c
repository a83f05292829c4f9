/* fread on an input read at analysis time: the bytes it reads are the
 * file's, so the program's test of them is decided as in the run.  Here a
 * byte-order-mark check (ncgen's): the first two bytes of in.txt are "ab",
 * the switch takes its default arm (rewind), not the error arms, and the
 * stream stays followed, so the fgets loop runs once per line.
 *
 * in.txt holds 3 lines of 3 bytes ("ab\n" "cd\n" "ef\n", 9 bytes).
 * main: fopen 1, fread 1 (2 B), rewind 1, fgets 4 (3 lines + the NULL at
 * the end: 9 B), fputs 3 (9 B), fclose 1 = 11 calls, 20 bytes, known;
 * the error arm's fprintf and the BOM arm's fread never run.
 */
// SETUP: printf 'ab\ncd\nef\n' > in.txt
#include <stdio.h>

int main(void)
{
	char bom[4];
	char line[64];
	FILE *f = fopen("in.txt", "r");
	if (!f)
		return 1;
	if (fread(bom, 1, 2, f) == 2) {
		switch (bom[0]) {
		case '\x00':
		case '\xFE':
		case '\xFF':
			fprintf(stderr, "not UTF-8\n");
			fclose(f);
			return 1;
		case '\xEF':
			(void)fread(bom, 1, 1, f);
			break;
		default:
			rewind(f);
			break;
		}
	}
	while (fgets(line, sizeof line, f))
		fputs(line, stdout);
	fclose(f);
	return 0;
}

// EXPECT: main p2=11 p3=20
// EXPECT-KNOWN: main p2 p3
