/*
 * stdio_lines.c - stdio line, character, word and formatted calls, each
 * counted by the program itself, for the `vidya trace` stdio_lines check.
 *
 *     stdio_lines NLINES < WORDS
 *
 * Writes lines.txt (fprintf, fputs, fputs_unlocked, putc, fputc) and
 * words.bin (putw), then reads them back with getline, getdelim, fgets,
 * fgetc + ungetc, getc, fscanf, vfscanf and getw, each time to the end of
 * the file.  For every call it makes on those two files it counts the calls
 * that moved data, the bytes they moved (the value the call returned, or
 * the stream position change for the scanf forms) and the calls that found
 * the end of the file; then it reads its standard input (a file of words)
 * with scanf and lines.txt again with fgets_unlocked, moving with fsetpos
 * and fseeko64; then it writes dp.txt through a descriptor with dprintf
 * and one write(2) after them (at offset `dpend`, the dprintf bytes).  It
 * prints one line per function on stdout:
 *
 *     count NAME CALLS BYTES EOFS
 *
 * then `dpend N` and `printed N`: the number of printf calls the program made (the count
 * lines included).  Built at -O2 with _FORTIFY_SOURCE the calls become
 * __fprintf_chk, __printf_chk, __fgets_chk and (getline) __getdelim: the
 * trace must still name them as written here.
 */
#define _GNU_SOURCE /* as many programs: glibc's inline getline calls __getdelim */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

enum { C_FPRINTF, C_FPUTS, C_FPUTS_UNLOCKED, C_PUTC, C_FPUTC, C_PUTW, C_GETLINE, C_GETDELIM,
       C_FGETS, C_FGETC, C_GETC, C_FSCANF, C_VFSCANF, C_GETW, C_UNGETC, C_SCANF,
       C_FGETS_UNLOCKED, C_FSETPOS, C_FSEEKO64, C_DPRINTF, C_N };
static const char *const names[C_N] = { "fprintf", "fputs",  "fputs_unlocked", "putc",
					"fputc",   "putw",   "getline",	       "getdelim",
					"fgets",   "fgetc",  "getc",	       "fscanf",
					"vfscanf", "getw",   "ungetc",
					"scanf",   "fgets_unlocked", "fsetpos",
					"fseeko64", "dprintf" };
static long calls[C_N], bytes[C_N], eofs[C_N];

static void moved(int k, long n)
{
	calls[k]++;
	bytes[k] += n;
}

static int scan_words(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfscanf(f, fmt, ap);
	va_end(ap);
	return r;
}

/* fscanf/vfscanf: the bytes are what the call consumed */
static void scan_file(FILE *f, int k)
{
	char word[64];
	for (;;) {
		long before = ftell(f);
		int r = k == C_FSCANF ? fscanf(f, "%63s", word) : scan_words(f, "%63s", word);
		long after = ftell(f);
		if (r == EOF) {
			eofs[k]++;
			break;
		}
		moved(k, after - before);
	}
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	long n = atol(argv[1]);
	if (n < 1 || n > 100000)
		return 2;
	char text[32];
	snprintf(text, sizeof text, "tail%ld\n", n); /* not a constant: stays fputs */

	FILE *f = fopen("lines.txt", "w");
	if (!f)
		return 3;
	for (long i = 0; i < n; i++) {
		int r = fprintf(f, "line %ld: %s\n", i, i % 2 ? "odd" : "even");
		if (r < 0)
			return 4;
		moved(C_FPRINTF, r);
		if (fputs(text, f) == EOF)
			return 4;
		moved(C_FPUTS, (long)strlen(text));
		if (fputs_unlocked(text, f) == EOF)
			return 4;
		moved(C_FPUTS_UNLOCKED, (long)strlen(text));
		if (putc('x', f) == EOF || fputc('\n', f) == EOF)
			return 4;
		moved(C_PUTC, 1);
		moved(C_FPUTC, 1);
	}
	fclose(f);

	FILE *w = fopen("words.bin", "wb");
	if (!w)
		return 3;
	for (long i = 0; i < n; i++) {
		if (putw((int)i - 1, w) != 0) /* -1 too: getw must tell it from the end */
			return 4;
		moved(C_PUTW, (long)sizeof(int));
	}
	fclose(w);

	f = fopen("lines.txt", "r");
	if (!f)
		return 3;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	while ((len = getline(&line, &cap, f)) != -1)
		moved(C_GETLINE, len);
	eofs[C_GETLINE]++;
	rewind(f);
	while ((len = getdelim(&line, &cap, ':', f)) != -1)
		moved(C_GETDELIM, len);
	eofs[C_GETDELIM]++;
	rewind(f);
	char buf[16]; /* shorter than the lines: fgets returns pieces */
	while (fgets(buf, sizeof buf, f))
		moved(C_FGETS, (long)strlen(buf));
	eofs[C_FGETS]++;
	rewind(f);
	int ch;
	while ((ch = fgetc(f)) != EOF) {
		moved(C_FGETC, 1);
		if (ch == ':') { /* read the colon again, with getc */
			if (ungetc(ch, f) == EOF)
				return 5;
			calls[C_UNGETC]++;
			if (getc(f) != ':')
				return 5;
			moved(C_GETC, 1);
		}
	}
	eofs[C_FGETC]++;
	rewind(f);
	scan_file(f, C_FSCANF);
	rewind(f);
	scan_file(f, C_VFSCANF);
	fclose(f);
	free(line);

	w = fopen("words.bin", "rb");
	if (!w)
		return 3;
	for (;;) {
		int v = getw(w);
		if (v == EOF && (feof(w) || ferror(w))) {
			eofs[C_GETW]++;
			break;
		}
		moved(C_GETW, (long)sizeof(int));
	}
	fclose(w);

	/* standard input: words, up to its end */
	char word[64];
	for (;;) {
		long before = ftell(stdin);
		int r = scanf("%63s", word);
		long after = ftell(stdin);
		if (r == EOF) {
			eofs[C_SCANF]++;
			break;
		}
		moved(C_SCANF, after - before);
	}

	f = fopen("lines.txt", "r");
	if (!f)
		return 3;
	fpos_t start;
	if (fgetpos(f, &start) != 0)
		return 6;
	for (int pass = 0; pass < 2; pass++) {
		while (fgets_unlocked(buf, sizeof buf, f))
			moved(C_FGETS_UNLOCKED, (long)strlen(buf));
		eofs[C_FGETS_UNLOCKED]++;
		if (pass == 0 ? fsetpos(f, &start) : fseeko64(f, 0, SEEK_SET))
			return 6;
		calls[pass == 0 ? C_FSETPOS : C_FSEEKO64]++;
	}
	fclose(f);

	int fd = open("dp.txt", O_CREAT | O_TRUNC | O_WRONLY, 0644);
	if (fd < 0)
		return 3;
	for (long i = 0; i < n; i++) {
		int r = dprintf(fd, "dprintf line %ld\n", i);
		if (r < 0)
			return 7;
		moved(C_DPRINTF, r);
	}
	if (write(fd, "end\n", 4) != 4 || close(fd) != 0)
		return 7;

	long printed = 0;
	for (int k = 0; k < C_N; k++) {
		printf("count %s %ld %ld %ld\n", names[k], calls[k], bytes[k], eofs[k]);
		printed++;
	}
	printf("dpend %ld\n", bytes[C_DPRINTF]);
	printf("printed %ld\n", printed + 2);
	return 0;
}
