/* Loops over the tokens of a text whose content is unknown (a name from
 * argv formatted with a counter): split at a non-printing marker ("\001",
 * which ordinary text holds only where the program embeds one) the
 * expected count is 1 token, the whole text; split at blanks, which
 * ordinary text does hold, the loop keeps the assumed 100.
 *
 * main: fopen, 50 calls of render (1 fputs each, flagged), 100 fputs of
 * the blank-split loop (flagged), fclose = 152 calls.
 */
#include <stdio.h>
#include <string.h>

#define BREAK "\001"

static void render(FILE *out, char *s)
{
	char *sec;
	int n;
	for (n = 0; (sec = strtok(n ? NULL : s, BREAK)); n++)
		fputs(sec, out);
}

// EXPECT: render/loop#1 executions=50 p2=50
// EXPECT-UNKNOWN: render/loop#1 p2
// EXPECT: main/loop#2 executions=100 p2=100
// EXPECT-UNKNOWN: main/loop#2 p2
// EXPECT: main p2=152
int main(int argc, char **argv)
{
	char buf[256];
	FILE *out = fopen("out.txt", "w");
	if (!out || argc < 1)
		return 1;
	for (int i = 0; i < 50; i++) {
		snprintf(buf, sizeof buf, "%s-%d", argv[0], i);
		render(out, buf);
	}
	char *w = strtok(buf, " ");
	while (w != NULL) {
		fputs(w, out);
		w = strtok(NULL, " ");
	}
	fclose(out);
	return 0;
}
