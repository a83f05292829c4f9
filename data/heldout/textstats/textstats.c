/*
 * textstats.c - held-out program (not in data/corpus, never trained on):
 * a CSV-like text log parsed line by line with fgets + sscanf, counts per
 * user kept in an open-addressing table, a report written with fprintf.
 *
 *   textstats gen DIR LINES          setup: DIR/events.txt
 *   textstats run DIR WORK           WORK: extra hashing rounds per line
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 4096
static struct { char user[24]; long n; double bytes; } table[SLOTS];

__attribute__((noinline)) void gen_events(const char *path, long lines)
{
	FILE *f = fopen(path, "w");
	if (!f)
		exit(1);
	unsigned s = 12345u;
	for (long i = 0; i < lines; i++) {
		s = s * 1103515245u + 12345u;
		fprintf(f, "%ld,user%03u,%u,%s\n", 1700000000L + i, (s >> 16) % 500, (s >> 8) % 65536,
			(s & 1) ? "GET" : "PUT");
	}
	fclose(f);
}

static unsigned hash(const char *k, int rounds)
{
	unsigned h = 2166136261u;
	for (int r = 0; r <= rounds; r++)
		for (const char *p = k; *p; p++)
			h = (h ^ (unsigned char)*p) * 16777619u;
	return h;
}

__attribute__((noinline)) long parse_events(const char *path, int work)
{
	char line[256], user[24], op[8];
	long ts, lines = 0;
	unsigned bytes;
	FILE *f = fopen(path, "r");
	if (!f)
		exit(1);
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, "%ld,%23[^,],%u,%7s", &ts, user, &bytes, op) != 4)
			continue;
		unsigned h = hash(user, work) % SLOTS;
		while (table[h].n && strcmp(table[h].user, user))
			h = (h + 1) % SLOTS;
		if (!table[h].n)
			strcpy(table[h].user, user);
		table[h].n++;
		table[h].bytes += bytes;
		lines++;
	}
	fclose(f);
	return lines;
}

__attribute__((noinline)) void write_report(const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f)
		exit(1);
	for (int i = 0; i < SLOTS; i++)
		if (table[i].n)
			fprintf(f, "%s %ld %.0f\n", table[i].user, table[i].n, table[i].bytes);
	fclose(f);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc < 4)
		return 2;
	snprintf(path, sizeof path, "%s/events.txt", argv[2]);
	if (argv[1][0] == 'g') {
		gen_events(path, atol(argv[3]));
		return 0;
	}
	long n = parse_events(path, atoi(argv[3]));
	snprintf(path, sizeof path, "%s/report.txt", argv[2]);
	write_report(path);
	printf("%ld lines\n", n);
	return 0;
}
