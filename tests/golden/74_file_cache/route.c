/*
 * route.c - an open-on-first-use cache of FILE pointers in a global array
 * of structs: each "key value" line goes to <key>.out, opened the first
 * time the key is seen (`tab[n].f = fopen(...)`, `strcpy(tab[n].key,
 * key)`) and found again by a linear search with strcmp.  The array is a
 * small zero-initialised global, so its elements keep their fields.
 *
 * events.txt (beside this file) has 5 lines of 4 bytes with keys a, b, a,
 * c, b: 3 distinct keys.
 * - fopen events.txt, 5 fgets + 1 at the end (20 bytes), fclose;
 * - 3 fopens (a.out, b.out, c.out), 5 fprintf of "N\n" (10 bytes), 3
 *   fcloses;
 * main: 1 + 6 + 1 + 3 + 5 + 3 = 19 calls, 30 bytes.
 */
// VIDYA: --args "events.txt"
#include <stdio.h>
#include <string.h>

static struct {
	char key[8];
	FILE *f;
} tab[4];
static int ntab;

static FILE *out_for(const char *key)
{
	for (int i = 0; i < ntab; i++)
		if (strcmp(tab[i].key, key) == 0)
			return tab[i].f;
	if (ntab == 4)
		return NULL;
	char path[32];
	snprintf(path, sizeof path, "%s.out", key);
	FILE *f = fopen(path, "w");
	if (!f)
		return NULL;
	strcpy(tab[ntab].key, key);
	tab[ntab].f = f;
	ntab++;
	return f;
}

// EXPECT: out_for p2=3
// EXPECT: main p2=19 p3=30
// EXPECT-KNOWN: main p2 p3
int main(int argc, char **argv)
{
	char line[64], key[8];
	int v;
	FILE *in = fopen(argv[1], "r");
	if (!in)
		return 1;
	while (fgets(line, sizeof line, in)) {
		if (sscanf(line, "%7s %d", key, &v) != 2)
			continue;
		FILE *o = out_for(key);
		if (o)
			fprintf(o, "%d\n", v);
	}
	fclose(in);
	for (int i = 0; i < ntab; i++)
		fclose(tab[i].f);
	return 0;
}
