/*
 * csv2bin.c - held-out program: converts a CSV table of measurements to a
 * binary file of fixed records.  Each line is read with fgets, split with
 * strtok and its numbers parsed with strtol/strtod (parsing is compute the
 * I/O calls do not show), the record is written with one fwrite; with TEXT
 * set, every record is also written back as text with fprintf("%.6f").
 *
 *   csv2bin gen DIR ROWS        writes DIR/in.csv (setup, untraced)
 *   csv2bin run DIR TEXT        converts DIR/in.csv to DIR/out.bin
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
	long id;
	double x, y, z;
	int label;
};

static void gen(const char *dir, long rows)
{
	char path[512];
	snprintf(path, sizeof path, "%s/in.csv", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		exit(1);
	unsigned s = 12345;
	fprintf(f, "id,x,y,z,label\n");
	for (long i = 0; i < rows; i++) {
		s = s * 1103515245u + 12345u;
		fprintf(f, "%ld,%.6f,%.6f,%.6f,%u\n", i, (s % 100000) / 7.0, (s % 3331) * 0.125,
			-(double)(s % 977) / 3.0, s % 17);
	}
	fclose(f);
}

__attribute__((noinline)) int parse_line(char *line, struct rec *r)
{
	char *save = NULL, *tok = strtok_r(line, ",", &save);
	if (!tok)
		return -1;
	r->id = strtol(tok, NULL, 10);
	double *v[3] = {&r->x, &r->y, &r->z};
	for (int k = 0; k < 3; k++) {
		tok = strtok_r(NULL, ",", &save);
		if (!tok)
			return -1;
		*v[k] = strtod(tok, NULL);
	}
	tok = strtok_r(NULL, ",\n", &save);
	r->label = tok ? atoi(tok) : 0;
	return 0;
}

__attribute__((noinline)) long convert(const char *dir, int text)
{
	char path[512], line[256];
	snprintf(path, sizeof path, "%s/in.csv", dir);
	FILE *in = fopen(path, "r");
	snprintf(path, sizeof path, "%s/out.bin", dir);
	FILE *out = fopen(path, "wb");
	snprintf(path, sizeof path, "%s/out.txt", dir);
	FILE *txt = text ? fopen(path, "w") : NULL;
	if (!in || !out || (text && !txt))
		exit(1);
	long n = 0;
	struct rec r;
	if (!fgets(line, sizeof line, in)) /* header */
		exit(1);
	while (fgets(line, sizeof line, in)) {
		if (parse_line(line, &r) != 0)
			continue;
		fwrite(&r, sizeof r, 1, out);
		if (txt)
			fprintf(txt, "%ld %.6f %.6f %.6f %d\n", r.id, r.x, r.y, r.z, r.label);
		n++;
	}
	fclose(in);
	fclose(out);
	if (txt)
		fclose(txt);
	return n;
}

__attribute__((noinline)) void write_summary(const char *dir, long n)
{
	char path[512];
	snprintf(path, sizeof path, "%s/out.bin", dir);
	FILE *f = fopen(path, "rb");
	if (!f)
		exit(1);
	struct rec buf[512];
	double sx = 0, sz = 0;
	long cnt[17] = {0};
	size_t got;
	while ((got = fread(buf, sizeof *buf, 512, f)) > 0)
		for (size_t i = 0; i < got; i++) {
			sx += buf[i].x;
			sz += buf[i].z;
			cnt[buf[i].label % 17]++;
		}
	fclose(f);
	snprintf(path, sizeof path, "%s/summary.txt", dir);
	FILE *o = fopen(path, "w");
	if (!o)
		exit(1);
	fprintf(o, "records %ld mean x %g mean z %g\n", n, sx / (double)n, sz / (double)n);
	for (int k = 0; k < 17; k++)
		fprintf(o, "label %d: %ld\n", k, cnt[k]);
	fclose(o);
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	if (strcmp(argv[1], "gen") == 0) {
		gen(argv[2], atol(argv[3]));
		return 0;
	}
	long n = convert(argv[2], atoi(argv[3]));
	write_summary(argv[2], n);
	printf("%ld\n", n);
	return 0;
}
