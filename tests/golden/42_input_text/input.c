/*
 * input.c - inputs named on the command line that exist at analysis time
 * are read as the run will read them: a configuration parsed with fgets +
 * sscanf, numbers read with fscanf, characters classified with <ctype.h>,
 * and a --fields=a,b,c option split with strtok.  The files beside this
 * one stand for the run's inputs:
 *
 * sim.cfg (62 bytes, 6 lines):        nums.txt (26 bytes, 3 lines):
 *   # simulation setup                  1.5 2 3.25
 *   nx = 12                             4 5
 *   ny = 5                              6 7 8 9 10
 *   steps 30
 *   name run_a
 *   every=7
 *
 * parse(): fgets runs 6 times with a line and once more returning NULL: 7
 * calls, 19 + 8 + 7 + 9 + 11 + 8 = 62 bytes (and fopen, fclose: p2 = 9).  "nx = 12", "ny = 5" and "every=7" match "%[^ =] = %d";
 * "steps 30" matches "%s %d"; the comment is skipped; "name run_a" matches
 * neither.  So nx = 12, ny = 5, steps = 30, every = 7.
 *
 * main's step loop: 30 iterations, each ny = 5 fwrites of nx = 12 doubles
 * (96 bytes): 150 fwrites, 14400 bytes; fflush when s % 7 == 0: s = 0, 7,
 * 14, 21, 28: 5 calls.  Loop block: p2 = 155, p3 = 14400.
 *
 * fscanf(nf, "%lf") succeeds 10 times and returns EOF once: 11 calls that
 * consume the 11 + 4 + 11 = 26 bytes; then 10 fputs of "bin\n": 40 bytes.
 *
 * Words (runs of letters) of sim.cfg: simulation, setup, nx, ny, steps,
 * name, run, a, every = 9: getc runs 62 + 1 times (63 calls, 62 bytes), and
 * the word loop writes 9 fputs of "w\n": 18 bytes.
 *
 * --fields=t,p,rho: `*eq++ = '\0'` cuts the word at '=' and leaves eq on
 * "t,p,rho"; strtok gives 3 fields: 3 fputs of "field\n", 18 bytes.
 *
 * slurp(nums.txt): fstat gives its size now, 26 bytes; the loop
 * `while (got < st.st_size)` reads it in one call of 26 bytes: open, fstat,
 * read, close: 4 calls, 26 bytes, known.
 */
// VIDYA: --args "sim.cfg nums.txt --fields=t,p,rho"
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct cfg {
	int nx, ny, steps, every;
	char name[32];
};

static void parse(const char *path, struct cfg *c)
{
	FILE *f = fopen(path, "r");
	char line[128], key[32];
	int v;
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#')
			continue;
		if (sscanf(line, "%31[^ =] = %d", key, &v) == 2 ||
		    sscanf(line, "%31s %d", key, &v) == 2) {
			if (!strcmp(key, "nx"))
				c->nx = v;
			else if (!strcmp(key, "ny"))
				c->ny = v;
			else if (!strcmp(key, "steps"))
				c->steps = v;
			else if (!strcmp(key, "every"))
				c->every = v;
		}
	}
	fclose(f);
}

static long slurp(const char *path)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0) {
		close(fd);
		return -1;
	}
	char *b = malloc((size_t)st.st_size + 1);
	long got = 0;
	while (got < st.st_size) {
		ssize_t r = read(fd, b + got, (size_t)(st.st_size - got));
		if (r <= 0)
			break;
		got += r;
	}
	close(fd);
	free(b);
	return got;
}

// EXPECT: slurp p2=4 p3=26
// EXPECT-KNOWN: slurp p2 p3
// EXPECT: parse p2=9 p3=62
// EXPECT-KNOWN: parse p2 p3
// EXPECT: main/loop#1 p2=155 p3=14400
// EXPECT-KNOWN: main/loop#1 p1 p2 p3
// EXPECT: main/loop#2 p2=11 p3=26
// EXPECT: main/loop#3 p2=10 p3=40
// EXPECT: main/loop#4 p2=63 p3=62
// EXPECT: main/loop#5 p2=9 p3=18
// EXPECT: main/loop#8 p2=3 p3=18
// EXPECT-KNOWN: main/loop#8 p2 p3
int main(int argc, char **argv)
{
	struct cfg c = { 1, 1, 1, 1, "" };
	double row[64] = { 0 };
	parse(argv[1], &c);

	FILE *out = fopen("field.dat", "w");
	for (int s = 0; s < c.steps; s++) {
		for (int j = 0; j < c.ny; j++)
			fwrite(row, sizeof(double), (size_t)c.nx, out);
		if (s % c.every == 0)
			fflush(out);
	}
	fclose(out);

	FILE *nf = fopen(argv[2], "r");
	double x, sum = 0;
	int count = 0;
	while (fscanf(nf, "%lf", &x) == 1) {
		sum += x;
		count++;
	}
	fclose(nf);
	FILE *h = fopen("hist.txt", "w");
	for (int i = 0; i < count; i++)
		fputs("bin\n", h);
	fclose(h);

	FILE *g = fopen(argv[1], "r");
	int ch, inword = 0, words = 0;
	while ((ch = getc(g)) != EOF) {
		if (isalpha(ch)) {
			if (!inword)
				words++;
			inword = 1;
		} else {
			inword = 0;
		}
	}
	fclose(g);
	for (int w = 0; w < words; w++)
		fputs("w\n", stdout);

	char spec[64] = "x";
	for (int i = 3; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		if (!eq)
			continue;
		*eq++ = '\0';
		if (!strcmp(argv[i], "--fields"))
			snprintf(spec, sizeof spec, "%s", eq);
	}
	int nfields = 0;
	for (char *t = strtok(spec, ","); t; t = strtok(NULL, ","))
		nfields++;
	for (int k = 0; k < nfields; k++)
		fputs("field\n", stdout);
	return sum > 0 && slurp(argv[2]) == 26 ? 0 : 1;
}
