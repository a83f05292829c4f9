/* A configuration loader looks for its files in the working directory,
 * whose path it gets from getcwd() and keeps in a global state made with
 * strdup (netCDF's `.ncrc` search): the analysis runs in the program's
 * working directory, so both paths are known.  `.toolrc` does not exist
 * there: its fopen returns NULL and its parse loop does not run (before:
 * the path unknown, the file taken as present, 100 lines assumed).
 * tool.conf (made by SETUP) holds 3 lines of 4 B: fopen, 4 fgets (3 lines
 * and the end), 3 fputs of 4 B, fclose.
 * Program: 1 + (1 + 4 + 3 + 1) = 10 calls; 12 B read + 12 B written = 24 B.
 * getcwd(NULL, 0) gives the same directory as a fresh string.
 */
// SETUP: printf 'a=1\nb=2\nc=3\n' > tool.conf
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct state {
	char *cwd;
	char *again;
};
static struct state *gs;

static void load(const char *dir, const char *name)
{
	char path[4200], line[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f))
		fputs(line, stdout);
	fclose(f);
}

// EXPECT: rc.c:main p2=10 p3=24
// EXPECT-KNOWN: rc.c:main p2 p3
int main(void)
{
	char buf[4096];
	buf[0] = '\0';
	gs = calloc(1, sizeof *gs);
	(void)getcwd(buf, sizeof buf);
	if (strlen(buf) == 0)
		strcpy(buf, "/tmp");
	gs->cwd = strdup(buf);
	gs->again = getcwd(NULL, 0);
	load(gs->cwd, ".toolrc");
	load(gs->again, "tool.conf");
	return 0;
}
