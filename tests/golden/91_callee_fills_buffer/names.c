/*
 * names.c - a callee writes text into its caller's buffer through a
 * pointer parameter (bzip2's copyFileName: strncpy, then a terminator at
 * the end).  After the call the caller's array holds the text, so tests
 * on it are known.  A callee that moves its pointer parameter (walks it
 * with p++) writes nothing back.
 *
 * --args "unzipper x": copy_name(prog, argv[1]) makes prog "unzipper";
 * strstr(prog, "unzip") is found: mode 2, so 3 writes of 5 bytes and
 * none of the mode-1 writes.  skip_blanks(prog) leaves prog as it is:
 * prog[0] is 'u', one more 5-byte write.
 * main: open + 4 writes + close = 6 calls, 20 bytes, all known.
 */
// VIDYA: --args "unzipper x"
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define NAME_LEN 64
static char prog[NAME_LEN];

static void copy_name(char *to, const char *from)
{
	strncpy(to, from, NAME_LEN - 1);
	to[NAME_LEN - 1] = '\0';
}

static int skip_blanks(char *p)
{
	int n = 0;
	while (*p == ' ') {
		p++;
		n++;
	}
	return n;
}

// EXPECT: main p2=6 p3=20
// EXPECT-KNOWN: main p2 p3
int main(int argc, char **argv)
{
	int mode = 1;
	int fd = open("names.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (argc < 2)
		return 1;
	copy_name(prog, argv[1]);
	if (strstr(prog, "unzip") != NULL)
		mode = 2;
	for (int i = 0; i < (mode == 2 ? 3 : 7); i++)
		write(fd, "block", 5);
	skip_blanks(prog);
	if (prog[0] == 'u')
		write(fd, "first", 5);
	close(fd);
	return 0;
}
