/*
 * trim.c - a key=value configuration file read with fgets, each line cut
 * in place: trim() skips leading blanks (`while (isspace(*s)) s++`) and
 * writes '\0' over trailing ones walking back from the end (`*--e = 0`),
 * and `*eq = 0` splits the key from the value.  The buffer `line` is the
 * program's own, so the walk sees these writes.
 *
 * run.cfg (beside this file, 34 bytes): "# comment\n" (10), "  n = 6   \n"
 * (11), "mode=  fast\n" (12), "\n" (1).
 * - fgets: 4 lines and a 5th call that finds the end: 5 calls, 34 bytes;
 * - the comment and the empty line are skipped; "n" gives n = 6 and
 *   "mode" the value "fast" (both sides trimmed), so m = 2;
 * - 6 writes of 4 bytes and 2 of 1 byte: 26 bytes;
 * main: fopen + 5 fgets + fclose + open + 8 writes + close = 17 calls,
 * 34 + 26 = 60 bytes.
 */
// VIDYA: --args "run.cfg"
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	char *e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

// EXPECT: main p2=17 p3=60
// EXPECT: main/loop#2 p2=6 p3=24
// EXPECT: main/loop#3 p2=2 p3=2
// EXPECT-KNOWN: main p2 p3
int main(int argc, char **argv)
{
	int n = 1, m = 1;
	char line[128];
	FILE *f = fopen(argv[1], "r");
	if (!f)
		return 1;
	while (fgets(line, sizeof line, f)) {
		char *s = trim(line);
		if (*s == '#' || !*s)
			continue;
		char *eq = strchr(s, '=');
		if (!eq)
			continue;
		*eq = 0;
		char *k = trim(s), *v = trim(eq + 1);
		if (!strcmp(k, "n"))
			n = atoi(v);
		else if (!strcmp(k, "mode"))
			m = strcmp(v, "fast") == 0 ? 2 : 5;
	}
	fclose(f);
	int fd = open("trim.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < n; i++)
		write(fd, "abcd", 4);
	for (int i = 0; i < m; i++)
		write(fd, "z", 1);
	close(fd);
	return 0;
}
