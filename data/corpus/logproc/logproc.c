/*
 * logproc.c - log processing: read a text log line by line with fgets,
 * parse its fields, count words in a hash table, write a summary.
 *
 *   logproc gen DIR LINES                      setup: DIR/app.log, LINES lines, fsync'ed
 *   logproc run DIR CACHE BUFSZ WORK TOPN
 *     CACHE  warm | cold (cold: posix_fadvise DONTNEED on app.log first)
 *     BUFSZ  stdio buffer of the input stream (setvbuf): 512 B .. 1 MiB,
 *            i.e. how many bytes each underlying read() moves
 *     WORK   hash rounds per word (compute per byte: a costlier normaliser)
 *     TOPN   summary lines: the TOPN most frequent words, one fprintf each,
 *            plus one line per distinct word when TOPN < 0 (full dump)
 *
 * Phases: gen_log (setup), parse_log (fgets loop: tokenize, count_word),
 * count_word (hashing, WORK rounds), sort_counts (compute), write_summary
 * (fprintf loop). Configs vary the per-word work, the input buffer size,
 * cold cache and the size of the summary.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TABLE (1 << 16)
struct entry { char word[24]; long count; };
static struct entry table[TABLE];
static long levels[4], distinct;

static void die(const char *what)
{
	perror(what);
	exit(1);
}

__attribute__((noinline)) void gen_log(const char *path, long lines)
{
	static const char *lvl[] = { "INFO", "WARN", "ERROR", "DEBUG" };
	static const char *verb[] = { "open", "read", "write", "close", "retry", "flush", "commit", "abort" };
	FILE *f = fopen(path, "w");
	unsigned s = 7u;
	if (!f)
		die(path);
	for (long i = 0; i < lines; i++) {
		s = s * 1103515245u + 12345u;
		unsigned r = s >> 8;
		fprintf(f, "2024-01-%02u %02u:%02u:%02u %s node%03u %s object_%u took %u ms user%u "
			   "bytes=%u path=/vol%u/dir%u/file%u.dat status=%s\n",
			1 + r % 28, r % 24, (r >> 5) % 60, (r >> 11) % 60, lvl[r % 4], (r >> 3) % 500,
			verb[(r >> 7) % 8], (r >> 9) % 20000, (r >> 13) % 1000, (r >> 2) % 3000,
			((r >> 4) % 1024) * 512, r % 4, (r >> 6) % 16, (r >> 10) % 128,
			(r >> 17) % 16 ? "ok" : "failed");
	}
	fflush(f);
	fsync(fileno(f));
	fclose(f);
}

__attribute__((noinline)) void count_word(const char *w, size_t len, int work)
{
	uint64_t h = 1469598103934665603ULL;
	for (int r = 0; r <= work; r++)
		for (size_t i = 0; i < len; i++)
			h = (h ^ (unsigned char)w[i]) * 1099511628211ULL + (uint64_t)r;
	if (len >= sizeof table[0].word)
		len = sizeof table[0].word - 1;
	for (size_t k = h & (TABLE - 1);; k = (k + 1) & (TABLE - 1)) {
		if (table[k].count == 0) {
			memcpy(table[k].word, w, len);
			table[k].word[len] = 0;
			distinct++;
		} else if (strncmp(table[k].word, w, len) || table[k].word[len]) {
			continue;
		}
		table[k].count++;
		return;
	}
}

__attribute__((noinline)) long parse_log(FILE *f, int work)
{
	char line[512];
	long n = 0;
	while (fgets(line, sizeof line, f)) {
		int field = 0;
		char *p = line;
		n++;
		while (*p) {
			while (*p == ' ' || *p == '\n')
				p++;
			char *start = p;
			while (*p && *p != ' ' && *p != '\n')
				p++;
			if (p == start)
				break;
			if (field == 2)
				levels[start[0] == 'I' ? 0 : start[0] == 'W' ? 1 : start[0] == 'E' ? 2 : 3]++;
			if (field >= 2 && distinct < TABLE * 3 / 4)
				count_word(start, (size_t)(p - start), work);
			field++;
		}
	}
	return n;
}

static int by_count(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->word, y->word);
}

__attribute__((noinline)) void sort_counts(void)
{
	qsort(table, TABLE, sizeof table[0], by_count);
}

__attribute__((noinline)) void write_summary(const char *dir, long lines, long topn)
{
	char path[512];
	snprintf(path, sizeof path, "%s/summary.txt", dir);
	FILE *out = fopen(path, "w");
	if (!out)
		die(path);
	fprintf(out, "lines %ld distinct %ld INFO %ld WARN %ld ERROR %ld DEBUG %ld\n", lines, distinct,
		levels[0], levels[1], levels[2], levels[3]);
	long n = topn < 0 ? distinct : (topn < distinct ? topn : distinct);
	for (long i = 0; i < n; i++)
		fprintf(out, "%8ld %s\n", table[i].count, table[i].word);
	fclose(out);
}

int main(int argc, char **argv)
{
	char path[512];
	if (argc >= 4 && argv[1][0] == 'g') {
		snprintf(path, sizeof path, "%s/app.log", argv[2]);
		gen_log(path, atol(argv[3]));
		return 0;
	}
	if (argc < 7) {
		fprintf(stderr, "usage: logproc gen DIR LINES | logproc run DIR warm|cold BUFSZ WORK TOPN\n");
		return 2;
	}
	int cold = argv[3][0] == 'c', work = atoi(argv[5]);
	long bufsz = atol(argv[4]), topn = atol(argv[6]);
	snprintf(path, sizeof path, "%s/app.log", argv[2]);
	FILE *f = fopen(path, "r");
	char *buf = malloc((size_t)bufsz);
	if (!f || !buf)
		die(path);
	if (cold)
		posix_fadvise(fileno(f), 0, 0, POSIX_FADV_DONTNEED);
	setvbuf(f, buf, _IOFBF, (size_t)bufsz);
	long lines = parse_log(f, work);
	fclose(f);
	free(buf);
	sort_counts();
	write_summary(argv[2], lines, topn);
	printf("checksum lines=%ld distinct=%ld top=%s:%ld\n", lines, distinct, table[0].word, table[0].count);
	return 0;
}
