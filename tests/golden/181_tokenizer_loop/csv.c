/* A loop whose condition calls a tokenizer on a known text runs token by
 * token: `while ((tok = strsep(&p, ",")) != NULL && nf < 8)` over each
 * line of in.csv (made by SETUP: a header and 200 rows "i,ni,i%10", 1994
 * bytes), and `while ((t = strtok_r(NULL, ",", &sv)) != NULL)` over the
 * header.  The third field is then known on every row: `>= 7` holds for
 * 60 rows (not 0.22 of them by the call heuristic), whose names n7 .. n199
 * are 3 x 2 + 27 x 3 + 30 x 4 = 207 bytes, each followed by '\n'.
 *
 * main: fopen x2, 202 getline (1994 B), 2 fputs "name" "score" (9 B),
 * 60 fputs (207 B), 60 fputc (60 B), fclose x2 = 328 calls, 2270 B.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	FILE *f = fopen("in.csv", "r");
	if (!f)
		return 1;
	FILE *out = fopen("out.txt", "w");
	if (!out)
		return 1;
	char *line = NULL;
	size_t cap = 0;
	long rows = 0;
	while (getline(&line, &cap, f) != -1) {
		line[strcspn(line, "\n")] = '\0';
		if (rows++ == 0) {
			char *sv, *t = strtok_r(line, ",", &sv);
			(void)t;
			while ((t = strtok_r(NULL, ",", &sv)) != NULL)
				fputs(t, out);
			continue;
		}
		char *p = line, *tok, *fields[8];
		int nf = 0;
		while ((tok = strsep(&p, ",")) != NULL && nf < 8)
			fields[nf++] = tok;
		if (nf < 3)
			continue;
		if (atoi(fields[2]) >= 7) {
			fputs(fields[1], out);
			fputc('\n', out);
		}
	}
	free(line);
	fclose(out);
	fclose(f);
	return 0;
}

// SETUP: awk 'BEGIN { print "id,name,score"; for (i = 0; i < 200; i++) printf "%d,n%d,%d\n", i, i, i % 10 }' > in.csv
// EXPECT: main p2=328 p3=2270
