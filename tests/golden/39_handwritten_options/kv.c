/*
 * kv.c - option parsers written by hand, as small tools do: glued values
 * read through pointer arithmetic on argv (`-j3`: atoi(arg + 2)), and
 * `--key=value` split in place with strchr and a '\0'.
 *
 * --args "-j3 --rows=40 --name=out.dat": the loop over argv runs once per
 * argument.  "-j3": jobs = atoi("3") = 3.  "--rows=40": eq points at '=',
 * the '\0' cuts the word to "--rows", rows = atoi("40") = 40.
 * "--name=out.dat": name = "out.dat".
 * Then 3 job writes of 4 bytes and 40 row writes of 4 bytes into out.dat:
 * open + 43 writes + close = 45 calls, 172 bytes, nothing assumed.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int jobs = 1, rows = 1;
	const char *name = "default.dat";
	for (int i = 1; i < argc; i++) {
		char *arg = argv[i];
		if (arg[0] == '-' && arg[1] == 'j') {
			jobs = atoi(arg + 2);
			continue;
		}
		char *eq = strchr(arg, '=');
		if (!eq)
			continue;
		*eq = '\0';
		if (!strcmp(arg, "--rows"))
			rows = atoi(eq + 1);
		else if (!strcmp(arg, "--name"))
			name = eq + 1;
	}
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 1;
	for (int j = 0; j < jobs; j++)
		write(fd, "job\n", 4);
	for (int r = 0; r < rows; r++)
		write(fd, "row\n", 4);
	close(fd);
	return 0;
}

// VIDYA: --args "-j3 --rows=40 --name=out.dat"
// EXPECT: main/loop#2 p2=3 p3=12
// EXPECT-KNOWN: main/loop#2 p2 p3
// EXPECT: main/loop#3 p2=40 p3=160
// EXPECT-KNOWN: main/loop#3 p2 p3
// EXPECT: main p2=45 p3=172
// EXPECT-KNOWN: main p2 p3
// EXPECT-ROWS: kind='io' AND label='open' AND file='kv.c' 1
