/*
 * flags.c - a string literal in parentheses, as a macro parameter writes
 * it: `#define ISFLAG(s) (strcmp(arg, (s)) == 0)`.  Its text is known like
 * any other literal's (libclang does not evaluate a parenthesized literal,
 * so its spelling is read), escapes and adjacent literals included.
 *
 * --args "-k data": argv[1] is "-k", so ISFLAG("-k") is true and
 * ISFLAG("--") false: one 4-byte write.  The joined literal
 * ("a\t" "\101\x42") is "a\tAB" (4 characters): one 4-byte write.
 * main: open + 2 writes + close = 4 calls, 8 bytes, all known.
 */
// VIDYA: --args "-k data"
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define ISFLAG(s) (strcmp(argv[1], (s)) == 0)

// EXPECT: main p2=4 p3=8
// EXPECT-KNOWN: main p2 p3
int main(int argc, char **argv)
{
	int fd = open("flags.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (argc > 1 && ISFLAG("--"))
		write(fd, "dash", 4);
	if (argc > 1 && ISFLAG("-k"))
		write(fd, "keep", 4);
	const char *s = ("a\t" "\101\x42");
	write(fd, s, strlen(s));
	close(fd);
	return 0;
}
